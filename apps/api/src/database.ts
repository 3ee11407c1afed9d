import { createDatabase, type DatabaseHandle, encryptionKeyText, parseEncryptionKey } from "@portal/db";
import type { AppConfig } from "./config";

/** The database the config names (DATABASE_URL, or the embedded one in DATA_DIR) with the pool's settings. */
export function openDatabase(config: AppConfig): Promise<DatabaseHandle> {
  return createDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    maxConnections: config.DB_POOL_MAX,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    idleTimeoutMs: config.DB_IDLE_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
}

/**
 * The key of stored secrets: production must set APP_ENCRYPTION_KEY (config enforces it); a developer machine gets
 * a generated key file beside the embedded data.
 */
export function encryptionKeyOf(config: AppConfig): Buffer {
  return parseEncryptionKey(
    encryptionKeyText({ envKey: config.APP_ENCRYPTION_KEY, dataDir: config.DATA_DIR, create: true }) ?? "",
  );
}
