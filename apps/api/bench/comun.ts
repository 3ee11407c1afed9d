/**
 * What the benchmarks in this folder share: a scratch database on a PostgreSQL server, the API in a child process
 * on a free loopback port, the demo's users and parties, and the way figures are printed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createSimplePdf, DEMO_PASSWORD } from "@portal/seed";
import pg from "pg";

const here = dirname(fileURLToPath(import.meta.url));

// --- PostgreSQL ----------------------------------------------------------------------------------------------

/** The PostgreSQL server the environment names (TEST_DATABASE_URL, else DATABASE_URL), if any. */
export const servidorConfigurado = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
/** Where the scratch databases are created: the configured server, else the local one. */
export const servidorPostgres = servidorConfigurado ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Runs `work` on a connection of its own to `url`, closed afterwards. */
export async function conCliente<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** One statement on the server itself, outside any scratch database (CREATE DATABASE, DROP DATABASE). */
const sqlServidor = async (text: string) => {
  await conCliente(servidorPostgres, (c) => c.query(text));
};

/** A scratch database, created now on the server; `borrar` drops it even with sessions still open. */
export interface BaseTemporal {
  nombre: string;
  url: string;
  drop: () => Promise<void>;
}

/** Creates the scratch database `nombre` on the server. */
export async function createScratchDatabase(nombre: string): Promise<BaseTemporal> {
  await sqlServidor(`CREATE DATABASE "${nombre}"`);
  const url = new URL(servidorPostgres);
  url.pathname = `/${nombre}`;
  return { nombre, url: url.toString(), drop: () => sqlServidor(`DROP DATABASE IF EXISTS "${nombre}" WITH (FORCE)`) };
}

/** Settles freshly loaded tables (visibility map, hint bits, statistics) so autovacuum does not run mid-measure. */
export const vacuumAnalyze = async (url: string) => {
  await conCliente(url, (c) => c.query("vacuum (analyze)"));
};

// --- The API in a child process ------------------------------------------------------------------------------

/** One POST's answer, read whole: the time to its last byte, status, size and text. */
export interface RespuestaMedida {
  ms: number;
  status: number;
  bytes: number;
  text: string;
}

/** The API under measure, started by `startApi`. */
export interface ApiEnPrueba {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** The demo's supplier (Kemper) and employee (admin), signed in. */
  tokensDemo: () => Promise<{ proveedor: string; empleado: string }>;
  /** POSTs `body` as JSON with `token` and reads the whole answer. */
  post: (path: string, token: string, body: unknown) => Promise<RespuestaMedida>;
  /** The child's resident memory (VmRSS) in MB, or null where /proc is not available. */
  rssMb: () => number | null;
  /** CPU time (user + system) the child has used so far, in ms, or null where /proc is not available. */
  cpuMs: () => number | null;
  /** Stops the child (SIGTERM) and waits for it to exit. */
  halt: () => Promise<void>;
}

/**
 * V8 flags of every portal process (scripts/start.mjs, scripts/lib/cluster.mjs, the Dockerfile, the e2e server): a
 * young generation large enough for a list of tens of thousands of documents built at once (decision 028).
 */
export const PORTAL_NODE_FLAGS = ["--max-semi-space-size=32"];

/** A free TCP port on the loopback interface (the OS picks it; it is released before it is used). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("sin puerto")),
      );
    });
  });
}

/** Resident memory of a process (VmRSS), in MB, or null where /proc is not available. */
function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (utime + stime, fields 14 and 15 of /proc/PID/stat, in clock ticks of 10 ms) of a process, in ms. */
function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    const campos = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(campos[11]) + Number(campos[12])) * 10;
  } catch {
    return null;
  }
}

/** How the API under measure is started. */
export interface OpcionesApi {
  databaseUrl: string;
  clave: string;
  certificadosPrueba?: boolean;
  /** More variables for the child (e.g. ERP_ADAPTER and SAP_SL_URL). */
  entorno?: NodeJS.ProcessEnv;
}

/**
 * The environment of the API under measure: production mode on `databaseUrl`, no demo seed, warnings only, no rate
 * limit to speak of, no web build; `certificadosPrueba` trusts the SAT test certificates (SAT_TEST_CERTS=true).
 * The SAT's status service is the simulator in the same process (SAT_SIMULADOR=true, no SAT_ESTADO_CFDI_URL), as
 * in `npm start` and e2e: production mode alone would point every upload and the SAT jobs at the real SAT, so a
 * figure would measure this machine's network instead of the portal — where the SAT's host name does not resolve,
 * each query waits for the resolver, and a lost DNS answer costs its 5 s timeout (issue 22).
 */
export function entornoApi(opciones: OpcionesApi, port: number): NodeJS.ProcessEnv {
  const { SAT_ESTADO_CFDI_URL: _noSat, ...heredado } = process.env;
  return {
    ...heredado,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: opciones.databaseUrl,
    APP_ENCRYPTION_KEY: opciones.clave,
    SEED_DEMO: "false",
    ...(opciones.certificadosPrueba ? { SAT_TEST_CERTS: "true" } : {}),
    SAT_SIMULADOR: "true",
    LOG_LEVEL: "warn",
    RATE_LIMIT_MAX: "100000000",
    WEB_DIST: "/nonexistent",
    ...opciones.entorno,
  };
}

/**
 * Starts the API (`src/server.ts` through tsx) in a child process on a free loopback port, so the load does not
 * share the server's event loop, with {@link entornoApi}. Waits up to 60 s for /api/health; the child is stopped if
 * it does not answer.
 */
export async function startApi(opciones: OpcionesApi): Promise<ApiEnPrueba> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The portal's production flags (docs/operations.md, "Node"), so a bench measures what runs.
  const proceso: ChildProcess = spawn(
    process.execPath,
    [...PORTAL_NODE_FLAGS, "--import", "tsx", join(here, "..", "src", "server.ts")],
    {
      env: entornoApi(opciones, port),
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const halt = async () => {
    if (proceso.exitCode !== null || proceso.signalCode !== null) return;
    proceso.kill("SIGTERM");
    await new Promise((r) => proceso.once("exit", r));
  };
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 120) throw new Error("El servidor no respondió en 60 s.");
      await new Promise((r) => setTimeout(r, 500));
    }
  } catch (error) {
    await halt();
    throw error;
  }

  /** Signs in through /api/login with the demo password; the access token. */
  const login = async (usuario: string, operador: string) => {
    const res = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ usuario, password: DEMO_PASSWORD, operador }),
    });
    if (!res.ok) throw new Error(`login ${usuario}: ${res.status}`);
    return ((await res.json()) as { data: { token: string } }).data.token;
  };
  return {
    base,
    tokensDemo: async () => ({
      proveedor: await login(KEMPER.rfc, "Proveedor"),
      empleado: await login("admin", "Empleado"),
    }),
    post: async (path, token, body) => {
      const t = performance.now();
      const r = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-access-token": token },
        body: JSON.stringify(body),
      });
      const text = await r.text();
      return { ms: performance.now() - t, status: r.status, bytes: Buffer.byteLength(text), text };
    },
    rssMb: () => rssMb(proceso.pid),
    cpuMs: () => cpuMs(proceso.pid),
    halt,
  };
}

// --- The demo's parties ------------------------------------------------------------------------------------

/** The demo supplier (P00001) that issues the benchmarks' CFDI. */
export const KEMPER = { rfc: "EKU9003173C9", nombre: "ESCUELA KEMPER URGATE", regimen: "601" } as const;
/** The demo company (SBO_MCI) that receives them. */
export const MCI = {
  rfc: "MCI7306249Y1",
  nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI",
  cp: "54700",
  regimen: "603",
  uso: "G03",
};

/** A PDF of `titulo` padded with `relleno` random bytes (base64 comment lines) to an upload's size, in base64. */
export const pdfRellenoBase64 = (titulo: string, relleno: number) =>
  Buffer.concat([
    Buffer.from(createSimplePdf(titulo, ["representación impresa"])),
    Buffer.from(
      randomBytes(relleno)
        .toString("base64")
        .match(/.{1,76}/g)!
        .map((l) => `% ${l}\n`)
        .join(""),
    ),
    Buffer.from("%%EOF\n"),
  ]).toString("base64");

// --- Figures -----------------------------------------------------------------------------------------------

/** An ascending copy of `xs`. */
export const sortedAsc = (xs: number[]) => [...xs].sort((a, b) => a - b);
/** The p-th percentile (nearest rank) of an ascending list; `siVacia` for an empty one. */
export const percentil = (ordenados: number[], p: number, siVacia = Number.NaN) =>
  ordenados[Math.min(ordenados.length - 1, Math.ceil((p / 100) * ordenados.length) - 1)] ?? siVacia;
/** Milliseconds with one decimal. */
export const ms = (n: number) => `${n.toFixed(1)} ms`;
/** Milliseconds with one decimal under 10 ms, whole ones above. */
export const msCompacto = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
/** Bytes in MB. */
export const mb = (bytes: number, decimales = 1) => `${(bytes / 1024 / 1024).toFixed(decimales)} MB`;
/** p50, p95, p99 and the slowest of a series of calls (0 ms where there were none), and how many. */
export const stats = (xs: number[]) => {
  const s = sortedAsc(xs);
  return (
    `p50 ${ms(percentil(s, 50, 0))} · p95 ${ms(percentil(s, 95, 0))} · p99 ${ms(percentil(s, 99, 0))} · ` +
    `máx ${ms(s.at(-1) ?? 0)} (${s.length} llamadas)`
  );
};
