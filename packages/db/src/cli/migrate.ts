import { createDatabase } from "../client";
import { runMigrations } from "../migrate";

// Operations entry point: `pnpm --filter @portal/db migrate` (DATABASE_URL or the embedded DATA_DIR).
const handle = await createDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
await runMigrations(handle);
await handle.close();
console.log("Migraciones aplicadas.");
