import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createDatabase } from "../client";
import { parseEncryptionKey } from "../crypto";
import { runMigrations } from "../migrate";
import { seedDemo } from "../seed/index";

// Operations entry point: `npm run seed` applies migrations and the idempotent demo seed.
const dataDir = process.env.DATA_DIR ?? join(process.env.INIT_CWD ?? process.cwd(), ".data", "pglite");
const keyFile = join(dataDir, "..", "encryption.key");
const rawKey = process.env.APP_ENCRYPTION_KEY ?? (existsSync(keyFile) ? readFileSync(keyFile, "utf8").trim() : "");
if (!rawKey) {
  console.error("Defina APP_ENCRYPTION_KEY (32 bytes en base64) o ejecute `npm start` una vez para generarla.");
  process.exit(1);
}
const handle = await createDatabase({ url: process.env.DATABASE_URL, dataDir });
await runMigrations(handle);
await seedDemo(handle.db, parseEncryptionKey(rawKey));
await handle.close();
console.log("Datos de demostración listos.");
