#!/usr/bin/env node
// `npm run cluster [-- --procesos N] [--puerto P]`: installs, builds, then starts N portal processes (default 2) on
// one PostgreSQL behind HAProxy (scripts/lib/cluster.mjs, ops/haproxy/) and stays up until Ctrl-C or SIGTERM,
// when it stops everything it started. HAProxy listens on P (default PORT, else 3000); with --puerto the statistics
// page and the processes take P + 1 … P + 1 + N (clusterPorts), otherwise free ports. DATABASE_URL set: that
// PostgreSQL; unset: a PostgreSQL of its own in a temporary folder, deleted on exit. The embedded database (PGlite)
// cannot be shared by processes.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { isPostgresUrl, maskUrl, PGLITE_MESSAGE, parseClusterArgs, startCluster } from "./lib/cluster.mjs";
import { root } from "./lib/root.mjs";
import { createRestartPolicy } from "./lib/supervisor.mjs";
import { runPnpm } from "./pnpm.mjs";

const step = (text) => console.log(`\n[cluster] ${text}`);
const fail = (message) => {
  console.error(`[cluster] ${message}`);
  process.exit(1);
};

/** @type {ReturnType<typeof parseClusterArgs>} */
let args;
try {
  args = parseClusterArgs(process.argv.slice(2), process.env);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const databaseUrl = process.env.DATABASE_URL || undefined;
if ((databaseUrl && !isPostgresUrl(databaseUrl)) || (!databaseUrl && process.env.DATA_DIR)) fail(PGLITE_MESSAGE);

step("instalando dependencias …");
if (runPnpm(["install", "--frozen-lockfile", "--prefer-offline"]) !== 0) process.exit(1);

step("compilando (API y web) …");
if (runPnpm(["exec", "turbo", "run", "build", "--filter=@portal/api", "--filter=@portal/web"]) !== 0) process.exit(1);

// The encryption key and the demo sign-ins, from @portal/seed as `npm start` reads them (src/cli/arranque.ts): the
// key from APP_ENCRYPTION_KEY or the developer machine's .data/encryption.key, shared by every process.
const arranque = spawnSync(process.execPath, ["--import", "tsx", "src/cli/arranque.ts"], {
  cwd: join(root, "packages/seed"),
  env: { ...process.env, DATA_DIR: join(root, ".data", "pglite") },
  stdio: ["ignore", "pipe", "inherit"],
  encoding: "utf8",
});
if (arranque.status !== 0) process.exit(arranque.status ?? 1);
const { key, demoPassword, demoUsers } = JSON.parse(arranque.stdout);

// What `npm start` lets the environment override; everything else is the cluster's (scripts/lib/cluster.mjs).
const env = { APP_ENCRYPTION_KEY: key };
for (const name of ["LOG_LEVEL", "SAT_TEST_CERTS", "SAT_SIMULADOR", "SAT_ESTADO_CFDI_URL", "DRAIN_MS", "PUBLIC_URL"]) {
  if (process.env[name]) env[name] = process.env[name];
}

step(
  `iniciando ${args.procesos} procesos del portal detrás de HAProxy (${databaseUrl ? "DATABASE_URL" : "PostgreSQL propio"}) …`,
);
const started = Date.now();
/** @type {import("./lib/cluster.d.mts").ClusterHandle | undefined} */
let cluster;
let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  // A signal during start-up: stop once the cluster is up (startCluster cleans up by itself if it fails).
  if (!cluster) return;
  console.log(`\n[cluster] ${signal}: deteniendo …`);
  try {
    await cluster.stop();
    process.exit(0);
  } catch (error) {
    console.error(`[cluster] no se pudo detener limpiamente: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => void stop(signal));
// `npm run cluster` killed with SIGTERM exits without passing the signal on (a Ctrl-C reaches every process of the
// terminal's group; `kill <npm's pid>` only npm): when the parent is gone, stop as for a signal.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop("el proceso padre terminó");
}, 1000).unref();

// A process that dies (a crash, a kill -9) is started again after 2 s, as a supervisor would (docker-compose.yml:
// restart: unless-stopped); HAProxy routes around it meanwhile. One that died three times within a minute is
// left down, with a message, instead of looping. The policy is `npm start`'s (scripts/lib/supervisor.mjs), with the
// cluster's fixed delay: the other processes serve meanwhile.
const policies = new Map();
async function restartCrashed(index) {
  if (stopping || !cluster) return;
  if (!policies.has(index)) {
    policies.set(index, createRestartPolicy({ maxExits: 3, windowMs: 60_000, baseDelayMs: 2000, maxDelayMs: 2000 }));
  }
  const decision = policies.get(index).next();
  if (decision.giveUp) {
    console.error(`[cluster] el proceso ${index} terminó ${decision.count} veces en un minuto; queda detenido.`);
    return;
  }
  await new Promise((r) => setTimeout(r, decision.delayMs));
  if (stopping) return;
  await cluster
    .restart(index)
    .catch((e) => console.error(`[cluster] no se pudo reiniciar el proceso ${index}: ${e.message}`));
}
try {
  cluster = await startCluster({
    procesos: args.procesos,
    port: args.puerto,
    // --puerto given: HAProxy, its statistics and the processes in one known block (docs/operations.md).
    fixedPorts: args.puertoFijo,
    databaseUrl,
    env,
    seedDemo: (process.env.SEED_DEMO ?? "true") === "true",
    processOutput: "prefix",
    onExit: (index) => void restartCrashed(index),
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

if (stopping) {
  stopping = false;
  await stop("señal recibida al iniciar");
}

console.log(`
──────────────────────────────────────────────────────────────
 Portal de Proveedores en clúster: ${cluster.url}  (HAProxy)
 Listo en ${((Date.now() - started) / 1000).toFixed(1)} s. Estadísticas de HAProxy: ${cluster.statsUrl}
 Procesos (cada línea de su registro empieza con [pN]):
${cluster.processes.map((p) => `   p${p.index}  pid ${String(p.pid).padEnd(8)} ${p.url}`).join("\n")}
 Base de datos: ${maskUrl(cluster.databaseUrl)}${databaseUrl ? "" : " (propia; se borra al salir)"}

 Accesos de demostración (contraseña: ${demoPassword})
${demoUsers.map((u) => `   ${u.operador.padEnd(10)} ${u.usuario.padEnd(15)} ${u.descripcion}`).join("\n")}

 Ctrl-C detiene todo (procesos, HAProxy${databaseUrl ? "" : " y PostgreSQL"}).
──────────────────────────────────────────────────────────────
`);
