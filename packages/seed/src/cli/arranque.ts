import { join } from "node:path";
import { encryptionKeyText } from "@portal/db";
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, DEMO_USERS } from "../index";

// For `npm start` (scripts/start.mjs), which is plain JavaScript: makes sure the encryption key exists beside the
// embedded data and prints, as one JSON line, the key and the demo sign-ins to announce. One source for both.
const dataDir = process.env.DATA_DIR ?? join(process.env.INIT_CWD ?? process.cwd(), ".data", "pglite");
const key = encryptionKeyText({ envKey: process.env.APP_ENCRYPTION_KEY, dataDir, create: true });
process.stdout.write(
  `${JSON.stringify({ key, demoPassword: DEMO_PASSWORD, demoTotpSecret: DEMO_TOTP_SECRET, demoUsers: DEMO_USERS })}\n`,
);
