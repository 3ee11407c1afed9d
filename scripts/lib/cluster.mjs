// Several portal processes on one PostgreSQL behind HAProxy (issue 25): `npm run cluster` (scripts/cluster.mjs)
// and the load test (`npm run load`) start it through startCluster(). Types for TypeScript callers: cluster.d.mts.
//
// Layout: HAProxy on 127.0.0.1:<port> (ops/haproxy/haproxy.cfg + backend-cluster.cfg) → portal processes
// `node apps/api/dist/server.mjs`, each on its own loopback port (free ones, or the block after <port> with
// fixedPorts: clusterPorts) → one PostgreSQL: `databaseUrl`, or a server of
// the cluster's own (initdb in a temporary folder, deleted by stop()). PGlite cannot be shared by processes.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { root } from "./root.mjs";
import { freePort, haproxyBin, isRoot, loadPg, postgresBinDir } from "./services.mjs";

export { haproxyBin };

/** HAProxy's check settings (ops/haproxy/haproxy.cfg) take a failing server out within 2.5 s; the drain is longer. */
export const DRAIN_MS = 3000;
const HEALTH_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;
const SERVERS_MARKER = "    # @servers";

/** The cluster needs PostgreSQL: a URL that is not postgres:// (PGlite, a folder) is refused with this message. */
export const PGLITE_MESSAGE =
  "El clúster necesita PostgreSQL: varios procesos no pueden compartir la base embebida (PGlite), que solo abre " +
  "un proceso a la vez. Quite DATA_DIR y defina DATABASE_URL=postgres://… o no defina ninguna de las dos para " +
  "que el clúster inicie su propio PostgreSQL.";

export const isPostgresUrl = (url) => /^postgres(ql)?:\/\//i.test(url);

/** A URL without its password, for logs and banners. */
export const maskUrl = (url) => url.replace(/(\/\/[^:/@]+):[^@/]*@/, "$1:***@");

export const CLUSTER_USAGE = "Uso: npm run cluster [-- --procesos N] [--puerto P]";

/**
 * `npm run cluster`'s arguments (issue 36): `--procesos N` (1–32, default 2) and `--puerto P` (HAProxy's port;
 * default the environment's PORT, else 3000), each also as `--nombre=valor`. `puertoFijo` says whether --puerto was
 * given: then every port of the cluster is P's block (clusterPorts) instead of HAProxy's statistics and the
 * processes taking free ports. Throws an Error with a Spanish message on anything else.
 * @param {readonly string[]} argv
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ procesos: number; puerto: number; puertoFijo: boolean }}
 */
export function parseClusterArgs(argv, env = {}) {
  const fromEnv = env.PORT === undefined || env.PORT === "" ? 3000 : Number(env.PORT);
  const out = { procesos: 2, puerto: fromEnv, puertoFijo: false };
  const isPort = (n) => Number.isInteger(n) && n >= 1 && n <= 65_535;
  if (!isPort(out.puerto)) throw new Error(`PORT debe ser un entero entre 1 y 65535 (es «${env.PORT}»).`);
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split("=", 2);
    if (name !== "--procesos" && name !== "--puerto") {
      throw new Error(`Argumento desconocido «${argv[i]}». ${CLUSTER_USAGE}`);
    }
    const value = inline ?? argv[++i];
    // Digits only: Number("") is 0, Number("0x50") is 80 and Number("8e3") 8000.
    const n = /^[0-9]{1,6}$/.test(value ?? "") ? Number(value) : Number.NaN;
    if (name === "--procesos") {
      if (!Number.isInteger(n) || n < 1 || n > 32) {
        throw new Error(`--procesos debe ser un entero entre 1 y 32 (se recibió «${value ?? ""}»). ${CLUSTER_USAGE}`);
      }
      out.procesos = n;
    } else {
      if (!isPort(n)) {
        throw new Error(`--puerto debe ser un entero entre 1 y 65535 (se recibió «${value ?? ""}»). ${CLUSTER_USAGE}`);
      }
      out.puerto = n;
      out.puertoFijo = true;
    }
  }
  if (out.puertoFijo) clusterPorts(out.puerto, out.procesos);
  return out;
}

/**
 * The ports of a cluster with a fixed port (issue 36), one block an operator can open in a firewall: HAProxy on
 * `port`, its statistics page on port + 1, the portal processes on port + 2 … port + 1 + procesos. Throws (in
 * Spanish) when the block passes 65535.
 * @param {number} port
 * @param {number} procesos
 * @returns {{ front: number; stats: number; processes: number[] }}
 */
export function clusterPorts(port, procesos) {
  const last = port + 1 + procesos;
  if (last > 65_535) {
    throw new Error(
      `Con --puerto ${port} y ${procesos} procesos el clúster ocuparía los puertos ${port}–${last}, más allá de ` +
        `65535: elija un puerto menor o igual a ${65_535 - 1 - procesos}.`,
    );
  }
  return { front: port, stats: port + 1, processes: Array.from({ length: procesos }, (_, i) => port + 2 + i) };
}

/**
 * Starts the cluster and resolves when every portal process answers /api/health with 200 and HAProxy
 * listens. On failure everything started so far is stopped and the promise rejects with a Spanish message.
 * @param {import("./cluster.d.mts").ClusterOptions} [options]
 * @returns {Promise<import("./cluster.d.mts").ClusterHandle>}
 */
export async function startCluster(options = {}) {
  const procesos = options.procesos ?? 2;
  if (!Number.isInteger(procesos) || procesos < 1 || procesos > 32) {
    throw new Error(`Número de procesos inválido (${procesos}): debe ser un entero entre 1 y 32.`);
  }
  if (options.databaseUrl !== undefined && !isPostgresUrl(options.databaseUrl)) throw new Error(PGLITE_MESSAGE);
  const { port, fixed } = await reservePorts(options, procesos);
  const log = options.log ?? ((line) => console.log(line));
  const { server, haproxy } = requiredPrograms();

  // Everything the cluster writes (HAProxy's backend file and socket, its own PostgreSQL) lives here.
  const runDir = mkdtempSync(join(tmpdir(), "portal-cluster-"));
  chmodSync(runDir, 0o711); // the postgres user must reach its data folder inside
  /** @type {ClusterState} */
  const state = { stopped: false, haproxy: null, postgres: null, children: new Map() };
  const emergency = () => emergencyCleanup(state, runDir);
  process.on("exit", emergency);

  try {
    const started = Date.now();
    const databaseUrl = options.databaseUrl || (await ownDatabaseUrl(state, runDir, procesos, options, log));
    const url = `http://127.0.0.1:${port}`;
    const ports = fixed ? [...fixed.processes] : [];
    for (let i = ports.length; i < procesos; i++) ports.push(await freePort());
    const processes = ports.map((p, index) => ({ index, port: p, pid: undefined, url: `http://127.0.0.1:${p}` }));
    const launch = portalLauncher({
      server,
      processes,
      envFor: portalEnv(options, { url, databaseUrl, ports, ownDatabase: Boolean(state.postgres) }),
      output: options.processOutput ?? "inherit",
      log,
      state,
      onExit: options.onExit,
    });

    // Process 0 migrates and seeds alone; the others start together once it answers.
    const seedDemo = options.seedDemo ?? true;
    log(
      `[cluster] iniciando el proceso 0 en el puerto ${ports[0]} (migra${seedDemo ? " y siembra la demostración" : ""}) …`,
    );
    await launch(0, seedDemo);
    if (procesos > 1) {
      log(`[cluster] iniciando los procesos 1–${procesos - 1} …`);
      await Promise.all(processes.slice(1).map((p) => launch(p.index, false)));
    }

    const statsPort = fixed ? fixed.stats : await freePort();
    const h = await startHaproxy({ haproxy, runDir, port, statsPort, ports, state, log });
    const stats = () => haproxyShowStat(h.socket);
    // Ready when HAProxy sees every server UP.
    await waitFor(
      async () => {
        const rows = await stats().catch(() => []);
        return rows.length === procesos && rows.every((r) => r.status === "UP");
      },
      20_000,
      "HAProxy no ve todos los procesos del portal en línea",
    );
    log(`[cluster] listo en ${url} con ${procesos} procesos (${((Date.now() - started) / 1000).toFixed(1)} s).`);
    const where = { url, databaseUrl, processes, runDir, statsUrl: `http://127.0.0.1:${statsPort}/` };
    return clusterHandle(where, { state, haproxy: h, stats, launch, ports, log, emergency });
  } catch (error) {
    state.stopped = true;
    for (const c of state.children.values()) if (c.alive()) c.process.kill("SIGKILL");
    if (state.haproxy && state.haproxy.exitCode === null) state.haproxy.kill("SIGKILL");
    if (state.postgres) await stopOwnPostgres(state.postgres, () => {}).catch(() => {});
    rmSync(runDir, { recursive: true, force: true });
    process.removeListener("exit", emergency);
    throw error;
  }
}

/**
 * @typedef {{ stopped: boolean; haproxy: import("node:child_process").ChildProcess | null;
 *   postgres: null | { bin: string; dataDir: string; logFile: string; port: number; running: boolean };
 *   children: Map<number, PortalChild> }} ClusterState
 */

/**
 * HAProxy's port and, with fixedPorts, the block after it (clusterPorts), each checked free first: a busy one fails
 * now, not after PostgreSQL and every process have started. The public one is fixed unless 0.
 */
async function reservePorts(options, procesos) {
  const port = options.port === 0 ? await freePort() : (options.port ?? 3000);
  const fixed = options.fixedPorts && options.port !== 0 ? clusterPorts(port, procesos) : null;
  for (const p of fixed ? [fixed.front, fixed.stats, ...fixed.processes] : [port]) {
    if (!(await portIsFree(p))) {
      throw new Error(
        p === port
          ? `El puerto ${p} de 127.0.0.1 está ocupado: elija otro (npm run cluster -- --puerto P).`
          : `El puerto ${p} de 127.0.0.1 está ocupado (con --puerto ${port} el clúster usa ${port}–` +
              `${port + 1 + procesos}: HAProxy, sus estadísticas y los procesos): elija otro --puerto.`,
      );
    }
  }
  return { port, fixed };
}

/** The portal's build and HAProxy, or an Error saying how to get them. */
function requiredPrograms() {
  const server = join(root, "apps", "api", "dist", "server.mjs");
  if (!existsSync(server)) {
    throw new Error(
      `Falta la compilación del portal (${server}): ejecute antes ` +
        "`node scripts/pnpm.mjs exec turbo run build --filter=@portal/api --filter=@portal/web` (npm run cluster lo hace).",
    );
  }
  const haproxy = haproxyBin({ install: true });
  if (!haproxy) {
    throw new Error("Falta HAProxy: instale el paquete haproxy de Debian (apt-get install haproxy) o póngalo en PATH.");
  }
  return { server, haproxy };
}

/** Starts the cluster's own PostgreSQL (state.postgres) and returns the URL of its `portal` database. */
async function ownDatabaseUrl(state, runDir, procesos, options, log) {
  // Room for every process's pool (DB_POOL_MAX, the API's default 10) plus one while it migrates, and 100
  // for the load test's checks, psql and pg_dump.
  const poolMax = Number(options.env?.DB_POOL_MAX ?? process.env.DB_POOL_MAX ?? 10) || 10;
  const maxConnections = 100 + procesos * (poolMax + 2);
  state.postgres = await startOwnPostgres(runDir, maxConnections, log);
  return `postgres://postgres@127.0.0.1:${state.postgres.port}/portal`;
}

/** The environment of portal process `index` (`seed`: it loads the demo data), as a function of both. */
function portalEnv(options, { url, databaseUrl, ports, ownDatabase }) {
  const key = options.env?.APP_ENCRYPTION_KEY ?? process.env.APP_ENCRYPTION_KEY ?? clusterKey(ownDatabase);
  const baseEnv = {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    // The demo's CFDIs are sealed with the SAT's test certificates; each process asks the SAT status simulator
    // mounted in itself (its state is a table, so every process answers alike).
    SAT_TEST_CERTS: "true",
    SAT_SIMULADOR: "true",
    // Only HAProxy reaches the processes (they listen on loopback), so its X-Forwarded-For is the client's address.
    TRUST_PROXY: "loopback",
    // The drain on SIGTERM (apps/api/src/lib/shutdown.ts): /api/health answers 503 while the process keeps
    // serving for DRAIN_MS, longer than HAProxy needs to take it out (ops/haproxy/haproxy.cfg).
    DRAIN_MS: String(DRAIN_MS),
    PUBLIC_URL: url,
    APP_ENCRYPTION_KEY: key,
    ...options.env,
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
  };
  delete baseEnv.DATA_DIR;
  return (index, seed) => ({
    ...baseEnv,
    PORT: String(ports[index]),
    SEED_DEMO: seed ? "true" : "false",
    SAT_ESTADO_CFDI_URL:
      options.env?.SAT_ESTADO_CFDI_URL ?? `http://127.0.0.1:${ports[index]}/simulador-sat/ConsultaCFDIService.svc`,
  });
}

/** `launch(index, seed)`: starts portal process `index` and resolves once /api/health answers 200. */
function portalLauncher({ server, processes, envFor, output, log, state, onExit }) {
  return async (index, seed) => {
    const child = spawnPortal(server, index, envFor(index, seed), output, log, state, onExit);
    processes[index].pid = child.process.pid;
    state.children.set(index, child);
    if (state.stopped) {
      // stop() ran while this process was starting (a restart racing a Ctrl-C): it must not outlive the cluster.
      child.expected = true;
      child.process.kill("SIGKILL");
      throw new Error("El clúster se detuvo mientras el proceso iniciaba.");
    }
    await waitHealthy(child, processes[index].url);
    return child;
  };
}

/**
 * HAProxy in the foreground (-db), a child of this process (state.haproxy), over the portal ports; resolves when it
 * listens on `port` and its statistics socket exists.
 */
async function startHaproxy({ haproxy, runDir, port, statsPort, ports, state, log }) {
  const socket = join(runDir, "haproxy.sock");
  const backend = join(runDir, "backend-cluster.cfg");
  writeFileSync(backend, renderClusterBackend(ports));
  const haproxyArgs = ["-f", join(root, "ops", "haproxy", "haproxy.cfg"), "-f", backend];
  const haproxyEnv = {
    ...process.env,
    PORTAL_BIND: `127.0.0.1:${port}`,
    HAPROXY_STATS_SOCKET: socket,
    HAPROXY_STATS_BIND: `127.0.0.1:${statsPort}`,
  };
  const check = spawnSync(haproxy, ["-c", "-q", ...haproxyArgs], { env: haproxyEnv, encoding: "utf8" });
  if (check.status !== 0) {
    throw new Error(`La configuración de HAProxy no es válida:\n${check.stdout}${check.stderr}`);
  }
  const h = spawn(haproxy, ["-db", ...haproxyArgs], {
    env: haproxyEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  state.haproxy = h;
  const haproxyTail = [];
  const onHaproxyLine = (line) => {
    if (!line.trim()) return;
    haproxyTail.push(line);
    if (haproxyTail.length > 20) haproxyTail.shift();
    // Server state changes (DOWN/UP) are what an operator watches for.
    if (/ is (DOWN|UP)|ALERT|backend .* has no server available/i.test(line)) log(`[haproxy] ${line.trim()}`);
  };
  forwardLines(h.stdout, onHaproxyLine);
  forwardLines(h.stderr, onHaproxyLine);
  const exit = new Promise((resolve) => h.once("exit", (code, signal) => resolve({ code, signal })));
  h.once("exit", (code, signal) => {
    if (!state.stopped) log(`[cluster] HAProxy terminó inesperadamente (${signal ?? `código ${code}`}).`);
  });
  await waitFor(
    async () => {
      if (h.exitCode !== null || h.signalCode !== null) {
        throw new Error(`HAProxy no pudo iniciar:\n${haproxyTail.join("\n")}`);
      }
      return (await canConnect(port)) && existsSync(socket);
    },
    20_000,
    `HAProxy no escucha en 127.0.0.1:${port}`,
  );
  return { process: h, exit, socket };
}

/**
 * The started cluster's handle: where it is, and its processes' controls (and its own PostgreSQL's, if any).
 * @returns {import("./cluster.d.mts").ClusterHandle}
 */
function clusterHandle(where, { state, haproxy, stats, launch, ports, log, emergency }) {
  const h = haproxy.process;
  /** @type {import("./cluster.d.mts").ClusterHandle} */
  const handle = {
    ...where,
    haproxyPid: h.pid,
    async kill(index, signal = "SIGKILL") {
      const child = childAt(state, index);
      if (!child.alive()) return;
      child.expected = true;
      child.process.kill(signal);
      await child.exited;
    },
    async terminate(index) {
      const child = childAt(state, index);
      const t0 = Date.now();
      if (!child.alive()) return { code: child.process.exitCode, ms: 0 };
      child.expected = true;
      child.process.kill("SIGTERM");
      const { code } = await child.exited;
      return { code, ms: Date.now() - t0 };
    },
    async restart(index) {
      const child = childAt(state, index);
      if (child.alive()) await handle.terminate(index);
      if (state.stopped) throw new Error("El clúster ya se detuvo.");
      log(`[cluster] reiniciando el proceso ${index} en el puerto ${ports[index]} …`);
      await launch(index, false);
      log(`[cluster] el proceso ${index} responde de nuevo (pid ${where.processes[index].pid}).`);
    },
    haproxyStats: stats,
    async stop() {
      if (state.stopped) return;
      state.stopped = true;
      log("[cluster] deteniendo los procesos del portal (SIGTERM) …");
      await Promise.all([...state.children.values()].map((c) => stopChild(c)));
      if (h.exitCode === null && h.signalCode === null) {
        h.kill("SIGTERM");
        await Promise.race([haproxy.exit, sleep(5000)]);
        if (h.exitCode === null && h.signalCode === null) h.kill("SIGKILL");
      }
      if (state.postgres) await stopOwnPostgres(state.postgres, log);
      rmSync(where.runDir, { recursive: true, force: true });
      process.removeListener("exit", emergency);
      log("[cluster] detenido.");
    },
  };
  if (state.postgres) addPostgresControls(handle, state.postgres, log);
  return handle;
}

/** stopPostgres, startPostgres and restartPostgres on the handle of a cluster with its own PostgreSQL. */
function addPostgresControls(handle, pgState, log) {
  handle.stopPostgres = async () => {
    await pgCtl(pgState, ["-m", "fast", "stop"]);
    pgState.running = false;
    log("[cluster] PostgreSQL detenido.");
  };
  handle.startPostgres = async () => {
    await pgCtl(pgState, ["-l", pgState.logFile, "start"]);
    pgState.running = true;
    log("[cluster] PostgreSQL iniciado de nuevo.");
  };
  handle.restartPostgres = async (downMs = 3000) => {
    await handle.stopPostgres();
    await sleep(downMs);
    await handle.startPostgres();
  };
}

/** backend-cluster.cfg with one server line per portal port (p0, p1, …), as startCluster writes it. */
export function renderClusterBackend(ports) {
  const template = readFileSync(join(root, "ops", "haproxy", "backend-cluster.cfg"), "utf8");
  if (!template.includes(SERVERS_MARKER)) {
    throw new Error(`ops/haproxy/backend-cluster.cfg perdió la línea «${SERVERS_MARKER.trim()}».`);
  }
  const lines = ports.map((p, i) => `    server p${i} 127.0.0.1:${p}`).join("\n");
  return template.replace(SERVERS_MARKER, lines);
}

/** The backend servers as HAProxy's runtime API reports them (`show stat` on its socket). */
export async function haproxyShowStat(socketPath, backend = "portal") {
  const csv = await new Promise((resolve, reject) => {
    let data = "";
    const s = connect(socketPath);
    s.setTimeout(5000, () => s.destroy(new Error("HAProxy no respondió en su socket de estadísticas.")));
    s.on("connect", () => s.write("show stat\n"));
    s.on("data", (d) => {
      data += d;
    });
    s.on("end", () => resolve(data));
    s.on("error", reject);
  });
  const lines = csv.split("\n").filter((l) => l.trim());
  const header = (lines.shift() ?? "").replace(/^# /, "").split(",");
  const col = (row, name) => row[header.indexOf(name)];
  return lines
    .map((l) => l.split(","))
    .filter((row) => col(row, "pxname") === backend && !["FRONTEND", "BACKEND"].includes(col(row, "svname")))
    .map((row) => ({
      server: col(row, "svname"),
      status: col(row, "status"),
      checkStatus: col(row, "check_status"),
      requests: Number(col(row, "stot") || 0),
      active: Number(col(row, "scur") || 0),
      lastChangeS: Number(col(row, "lastchg") || 0),
      downs: Number(col(row, "chkdown") || 0),
      retries: Number(col(row, "wretr") || 0),
      redispatches: Number(col(row, "wredis") || 0),
    }));
}

/**
 * @typedef {{ process: import("node:child_process").ChildProcess; index: number; expected: boolean;
 *   exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>; alive: () => boolean; tail: string[] }} PortalChild
 */

/** @returns {PortalChild} */
function spawnPortal(server, index, env, output, log, state, onExit) {
  // The portal's V8 flags (docs/operations.md, "Node"). PORTAL_CPU_PROF_DIR (a folder): each process writes a CPU
  // profile there when it exits normally — to see where a load test's CPU goes.
  const profile = env.PORTAL_CPU_PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${env.PORTAL_CPU_PROF_DIR}`] : [];
  const proc = spawn(process.execPath, ["--max-semi-space-size=32", ...profile, server], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: a Ctrl-C in the terminal reaches only the cluster script, which stops in order.
    detached: true,
  });
  /** @type {PortalChild} */
  const child = {
    process: proc,
    index,
    expected: false,
    tail: [],
    alive: () => proc.exitCode === null && proc.signalCode === null,
    exited: new Promise((resolve) => proc.once("exit", (code, signal) => resolve({ code, signal }))),
  };
  const keep = (line) => {
    child.tail.push(line);
    if (child.tail.length > 30) child.tail.shift();
  };
  if (output === "ignore" || output === "inherit" || output === "prefix") {
    const sink = (stream) => (line) => {
      keep(line);
      if (output === "inherit") stream.write(`${line}\n`);
      else if (output === "prefix") stream.write(`[p${index}] ${line}\n`);
    };
    forwardLines(proc.stdout, sink(process.stdout));
    forwardLines(proc.stderr, sink(process.stderr));
  } else {
    const file = createWriteStream(`${output}${index}.log`, { flags: "a" });
    for (const stream of [proc.stdout, proc.stderr]) {
      forwardLines(stream, (line) => {
        keep(line);
        file.write(`${line}\n`);
      });
    }
    proc.once("exit", () => setTimeout(() => file.end(), 100));
  }
  proc.once("exit", (code, signal) => {
    if (!child.expected && !state.stopped) {
      log(
        `[cluster] el proceso ${index} (pid ${proc.pid}) terminó sin que se le pidiera (${signal ?? `código ${code}`}).`,
      );
      onExit?.(index, { code, signal });
    }
  });
  return child;
}

async function waitHealthy(child, url) {
  const t0 = Date.now();
  while (Date.now() - t0 < HEALTH_TIMEOUT_MS) {
    if (!child.alive()) {
      const { code, signal } = await child.exited;
      throw new Error(
        `El proceso ${child.index} del portal terminó al iniciar (${signal ?? `código ${code}`}). Últimas líneas:\n` +
          child.tail.slice(-15).join("\n"),
      );
    }
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`El proceso ${child.index} del portal no respondió en ${HEALTH_TIMEOUT_MS / 1000} s (${url}).`);
}

async function stopChild(child) {
  if (!child.alive()) return;
  child.expected = true;
  child.process.kill("SIGTERM");
  const done = await Promise.race([child.exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
  if (!done) {
    child.process.kill("SIGKILL");
    await child.exited;
  }
}

function childAt(state, index) {
  const child = state.children.get(index);
  if (!child) throw new Error(`No hay proceso ${index} en el clúster.`);
  return child;
}

/** Calls `onLine` for every complete line of a readable stream. */
function forwardLines(stream, onLine) {
  let buffer = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    buffer += chunk;
    let nl = buffer.indexOf("\n");
    while (nl >= 0) {
      onLine(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf("\n");
    }
  });
  stream.on("end", () => {
    if (buffer) onLine(buffer);
  });
}

async function waitFor(test, timeoutMs, message) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (await test()) return;
    await sleep(100);
  }
  throw new Error(`${message} (tras ${timeoutMs / 1000} s).`);
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

function canConnect(port) {
  return new Promise((resolve) => {
    const s = connect(port, "127.0.0.1");
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}

/**
 * The key every process shares. With the cluster's own PostgreSQL (deleted by stop()) a fresh one; with a given
 * database the developer machine's key file, .data/encryption.key, as `npm start` uses (packages/db
 * encryption-key.ts), so what one run stored stays readable in the next.
 */
function clusterKey(ownDatabase) {
  if (ownDatabase) return randomBytes(32).toString("base64");
  const file = join(root, ".data", "encryption.key");
  if (!existsSync(file)) {
    mkdirSync(join(root, ".data"), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

// ── The cluster's own PostgreSQL ────────────────────────────────────────────────────────────────────────────────

/** Runs a PostgreSQL binary, as the `postgres` OS user when we are root (PostgreSQL refuses to run as root). */
function pgCommand(bin, args) {
  return isRoot() ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
}

function run(command, args, message) {
  return new Promise((resolve, reject) => {
    const p = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], cwd: tmpdir() });
    let out = "";
    p.stdout.on("data", (d) => {
      out += d;
    });
    p.stderr.on("data", (d) => {
      out += d;
    });
    p.on("error", (e) => reject(new Error(`${message}: ${e.message}`)));
    p.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${message}:\n${out.trim()}`))));
  });
}

async function pgCtl(pgState, args) {
  const [cmd, cmdArgs] = pgCommand(join(pgState.bin, "pg_ctl"), ["-D", pgState.dataDir, "-w", "-t", "60", ...args]);
  await run(cmd, cmdArgs, `pg_ctl ${args.at(-1)} falló`);
}

async function startOwnPostgres(runDir, maxConnections, log) {
  const bin = postgresBinDir({ install: true });
  if (!bin) {
    throw new Error(
      "Falta PostgreSQL: instale el paquete postgresql de Debian o defina DATABASE_URL=postgres://… " +
        "(el clúster no puede usar la base embebida).",
    );
  }
  const home = join(runDir, "pg");
  mkdirSync(home, { mode: 0o700 });
  if (isRoot()) {
    const id = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    if (id.status !== 0) throw new Error("Falta el usuario postgres del sistema (lo crea el paquete postgresql).");
    chownSync(home, Number(id.stdout.trim()), Number(gid.stdout.trim()));
  }
  const dataDir = join(home, "data");
  const port = await freePort();
  const pgState = { bin, dataDir, logFile: join(home, "postgres.log"), port, running: false };
  const t0 = Date.now();
  const [cmd, args] = pgCommand(join(bin, "initdb"), [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    "--locale=C",
    "--no-sync",
  ]);
  await run(cmd, args, "initdb falló");
  // Loopback only, trust auth (initdb above). fsync stays on: the load test checks that nothing accepted is lost.
  const conf = [
    "",
    "# scripts/lib/cluster.mjs",
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    `unix_socket_directories = '${home}'`,
    `max_connections = ${maxConnections}`,
    "shared_buffers = 256MB",
    "fsync = on",
    "synchronous_commit = on",
    "log_min_messages = warning",
    // PORTAL_PG_STATEMENTS=1: statistics per statement (pg_stat_statements), for a load test's diagnosis.
    ...(process.env.PORTAL_PG_STATEMENTS === "1" ? ["shared_preload_libraries = 'pg_stat_statements'"] : []),
    "",
  ].join("\n");
  const confFile = join(dataDir, "postgresql.conf");
  writeFileSync(confFile, readFileSync(confFile, "utf8") + conf);
  await pgCtl(pgState, ["-l", pgState.logFile, "start"]);
  pgState.running = true;
  const pg = loadPg(root);
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await client.connect();
  try {
    await client.query("CREATE DATABASE portal");
  } finally {
    await client.end();
  }
  log(
    `[cluster] PostgreSQL propio (${bin.split("/").at(-2)}) en 127.0.0.1:${port}, datos en ${dataDir} ` +
      `(${((Date.now() - t0) / 1000).toFixed(1)} s; se borra al detener el clúster).`,
  );
  return pgState;
}

async function stopOwnPostgres(pgState, log) {
  if (existsSync(join(pgState.dataDir, "postmaster.pid"))) {
    await pgCtl(pgState, ["-m", "fast", "stop"]).catch((e) => log(`[cluster] ${e.message}`));
  }
  pgState.running = false;
}

/** On an unexpected exit of this process: nothing may stay running (children, PostgreSQL) nor on disk. */
function emergencyCleanup(state, runDir) {
  if (state.stopped) return;
  state.stopped = true;
  for (const c of state.children.values()) if (c.alive()) c.process.kill("SIGKILL");
  if (state.haproxy && state.haproxy.exitCode === null) state.haproxy.kill("SIGKILL");
  if (state.postgres && existsSync(join(state.postgres.dataDir, "postmaster.pid"))) {
    const [cmd, args] = pgCommand(join(state.postgres.bin, "pg_ctl"), [
      "-D",
      state.postgres.dataDir,
      "-m",
      "immediate",
      "-w",
      "stop",
    ]);
    spawnSync(cmd, args, { stdio: "ignore", cwd: tmpdir() });
  }
  rmSync(runDir, { recursive: true, force: true });
}
