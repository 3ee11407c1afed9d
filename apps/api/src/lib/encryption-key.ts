import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseEncryptionKey } from "@portal/db";
import type { AppConfig } from "../config";

/**
 * The AES-256-GCM key for stored secrets. Production must set APP_ENCRYPTION_KEY (config enforces it);
 * a developer machine without it gets a random key kept beside the embedded database, so `npm start`
 * works out of the box and the data stays readable across restarts.
 */
export function resolveEncryptionKey(config: AppConfig): Buffer {
  if (config.APP_ENCRYPTION_KEY) return parseEncryptionKey(config.APP_ENCRYPTION_KEY);
  const keyFile = join(dirname(config.DATA_DIR), "encryption.key");
  if (!existsSync(keyFile)) {
    mkdirSync(dirname(keyFile), { recursive: true });
    writeFileSync(keyFile, randomBytes(32).toString("base64"), { mode: 0o600 });
  }
  return parseEncryptionKey(readFileSync(keyFile, "utf8").trim());
}
