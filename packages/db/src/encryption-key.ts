import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The generated key's file: beside the embedded database's folder (`.data/encryption.key` by default). */
export const encryptionKeyFile = (dataDir: string): string => join(dirname(resolve(dataDir)), "encryption.key");

/**
 * The AES-256-GCM key for stored secrets, as base64 text: APP_ENCRYPTION_KEY when set; otherwise the key file
 * beside the embedded data, generated once when `create` (a developer machine: `npm start` works out of the
 * box and the data stays readable across restarts). Null when there is neither and `create` is false.
 * Production sets APP_ENCRYPTION_KEY (the API's config enforces it). The one place this logic lives: the API,
 * `npm run seed` and `npm start` (through cli/arranque.ts) all call it.
 */
export function encryptionKeyText(options: {
  envKey?: string | undefined;
  dataDir: string;
  create: boolean;
}): string | null {
  if (options.envKey) return options.envKey;
  const keyFile = encryptionKeyFile(options.dataDir);
  if (!existsSync(keyFile)) {
    if (!options.create) return null;
    mkdirSync(dirname(keyFile), { recursive: true });
    writeFileSync(keyFile, randomBytes(32).toString("base64"), { mode: 0o600 });
  }
  return readFileSync(keyFile, "utf8").trim();
}
