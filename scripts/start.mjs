#!/usr/bin/env node
// `npm start`: installs, builds, migrates and loads the demo data (an idempotent step of its own, SEED_DEMO=false
// skips it) and serves the portal on one port, restarting the server if it crashes.
// Data live in the embedded database under .data/ (or DATABASE_URL). A second start reuses the data and
// the build cache, so it takes seconds.
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { root } from "./lib/root.mjs";
import { supervise } from "./lib/supervisor.mjs";
import { runPnpm, toolEnv } from "./pnpm.mjs";

const step = (text) => console.log(`\n[portal] ${text}`);

step("instalando dependencias …");
if (runPnpm(["install", "--frozen-lockfile", "--prefer-offline"]) !== 0) process.exit(1);

step("compilando (API y web) …");
if (runPnpm(["exec", "turbo", "run", "build", "--filter=@portal/api", "--filter=@portal/web"]) !== 0) process.exit(1);

// The key that encrypts stored secrets (SAP passwords) and the demo sign-ins come from @portal/db and @portal/seed
// (one place each: packages/db/src/encryption-key.ts, DEMO_USERS in packages/seed/src/index.ts), read through a tiny TypeScript script: the key
// from the environment, or generated once and kept beside the embedded data so restarts can read what was stored.
const dataRoot = join(root, ".data");
const dataDir = resolve(root, process.env.DATA_DIR ?? join(dataRoot, "pglite"));
const arranque = spawnSync(process.execPath, ["--import", "tsx", "src/cli/arranque.ts"], {
  cwd: join(root, "packages/seed"),
  env: { ...process.env, DATA_DIR: dataDir },
  stdio: ["ignore", "pipe", "inherit"],
  encoding: "utf8",
});
if (arranque.status !== 0) process.exit(arranque.status ?? 1);
const { key, demoPassword, demoTotpSecret, demoUsers } = JSON.parse(arranque.stdout);
const port = process.env.PORT ?? "3000";
const seedDemoText = process.env.SEED_DEMO ?? "true";
if (seedDemoText !== "true" && seedDemoText !== "false") {
  console.error(`[portal] SEED_DEMO debe ser true o false (recibido: ${seedDemoText}).`);
  process.exit(1);
}
const seedDemo = seedDemoText === "true";
const env = toolEnv({
  NODE_ENV: "production",
  PORT: port,
  DATA_DIR: dataDir,
  // The demo seed is a step of its own, below, run once before the server (decision 055): a restart after a crash
  // does not walk through it again.
  SEED_DEMO: "false",
  // The demo trusts the SAT's test certificates, so its test suppliers' CFDIs (and a new user's) go through.
  SAT_TEST_CERTS: process.env.SAT_TEST_CERTS ?? "true",
  // The demo asks the local simulator of the SAT's CFDI status service, mounted in this same process (Vigente for
  // any CFDI it has no entry for). A deployment sets neither and asks the SAT (README, "Estado de los CFDI").
  SAT_SIMULADOR: process.env.SAT_SIMULADOR ?? "true",
  SAT_ESTADO_CFDI_URL:
    process.env.SAT_ESTADO_CFDI_URL ?? `http://127.0.0.1:${port}/simulador-sat/ConsultaCFDIService.svc`,
  APP_ENCRYPTION_KEY: key,
  // Without an SMTP server the portal's mails (a password reset's link among them) are written as .eml files in
  // .data/correo/, the demo's mailbox (README); with SMTP_HOST they are sent.
  CORREO_CARPETA: process.env.CORREO_CARPETA ?? join(dataRoot, "correo"),
  // The links in those mails point at this server (its own port unless PUBLIC_URL says otherwise).
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
});

const where = process.env.DATABASE_URL ? "DATABASE_URL" : "base de datos embebida en .data/";
if (seedDemo) {
  // Migrates and loads the idempotent demo data (apps/api/src/seed.ts), under the seed's advisory lock.
  step(`migrando y sembrando datos de demostración (${where}) …`);
  const seeded = spawnSync(process.execPath, [join(root, "apps/api/dist/seed.mjs")], {
    stdio: "inherit",
    env,
    cwd: root,
  });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}
step(`${seedDemo ? "iniciando" : "migrando e iniciando"} (${where}) …`);
// The portal's V8 flags (docs/operations.md, "Node"): a young generation for lists built at once. A server that
// crashes (out of memory, a kill -9) is started again, with a growing delay, and left down after a crash loop
// (scripts/lib/supervisor.mjs, the policy `npm run cluster` uses too); Ctrl-C and SIGTERM stop it as before.
const supervision = supervise({
  command: process.execPath,
  args: ["--max-semi-space-size=32", join(root, "apps/api/dist/server.mjs")],
  spawnOptions: { stdio: "inherit", env, cwd: root },
  name: "el servidor del portal",
});
supervision.done.then((code) => process.exit(code));

// Announce the URL and the demo sign-ins once the portal answers.
const url = `http://localhost:${port}`;
for (let i = 0; i < 240; i++) {
  await new Promise((r) => setTimeout(r, 500));
  const ok = await fetch(`${url}/api/health`)
    .then((r) => r.ok)
    .catch(() => false);
  if (ok) {
    console.log(`
──────────────────────────────────────────────────────────────
 Portal de Proveedores listo en ${url}
 Documentación de la API: ${url}/api/docs

 Accesos de demostración (contraseña: ${demoPassword})
${demoUsers.map((u) => `   ${u.operador.padEnd(10)} ${u.usuario.padEnd(15)} ${u.descripcion}`).join("\n")}
 Verificación en dos pasos de admin y tesoreria (decisión 071): agregue la clave ${demoTotpSecret}
 a una aplicación de autenticación y escriba su código tras la contraseña.
──────────────────────────────────────────────────────────────
`);
    break;
  }
}
