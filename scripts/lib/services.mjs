// Provides the real components the tests and `npm run cluster` need: a PostgreSQL server (or its binaries),
// HAProxy, Debian's Chromium and Debian's xsltproc.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { join } from "node:path";

export const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = () => existsSync("/usr/bin/apt-get");
const sh = (cmd, args, opts = {}) => spawnSync(cmd, args, { stdio: "inherit", ...opts }).status === 0;

let aptUpdated = false;
function aptInstall(pkgs) {
  if (!aptUpdated) {
    sh("apt-get", ["update", "-qq"]);
    aptUpdated = true;
  }
  return sh("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...pkgs], {
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

/** node-postgres from the workspace (installed by pnpm before this runs). */
export function loadPg(root) {
  const require = createRequire(join(root, "packages", "db", "package.json"));
  return require("pg");
}

async function canConnect(pg, url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A PostgreSQL server URL (connected to its maintenance database): DATABASE_URL when given; otherwise a
 * server on 127.0.0.1:5432 if one answers; otherwise, as root on Debian, the `postgresql` package is
 * installed and started. Returns null with a message when none can be provided.
 */
export async function ensurePostgres(root) {
  const pg = loadPg(root);
  if (process.env.DATABASE_URL) {
    if (await canConnect(pg, process.env.DATABASE_URL)) return process.env.DATABASE_URL;
    console.error(`[test] DATABASE_URL no responde: ${process.env.DATABASE_URL.replace(/:[^:@/]*@/, ":***@")}`);
    return null;
  }
  for (const url of [
    "postgres://postgres@127.0.0.1:5432/postgres",
    "postgres://postgres:postgres@127.0.0.1:5432/postgres",
  ]) {
    if (await canConnect(pg, url)) return url;
  }
  if (!isRoot() || !hasApt()) {
    console.error(
      "[test] Falta PostgreSQL: defina DATABASE_URL o inicie un servidor en 127.0.0.1:5432 (usuario postgres).",
    );
    return null;
  }
  console.log("[test] instalando e iniciando PostgreSQL (paquete postgresql de Debian) …");
  if (!postgresBinDir({ install: true })) return null;
  const versions = existsSync("/etc/postgresql") ? readdirSync("/etc/postgresql") : [];
  for (const v of versions) sh("pg_ctlcluster", ["--skip-systemctl-redirect", v, "main", "start"]);
  sh("su", ["postgres", "-c", "psql -q -c \"ALTER USER postgres PASSWORD 'postgres'\""]);
  const url = "postgres://postgres:postgres@127.0.0.1:5432/postgres";
  for (let i = 0; i < 20; i++) {
    if (await canConnect(pg, url)) return url;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.error("[test] PostgreSQL se instaló pero no responde en 127.0.0.1:5432.");
  return null;
}

/** Debian's Chromium for Playwright (never a browser download). */
export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(path)) return path;
  if (!process.env.CHROMIUM_PATH && isRoot() && hasApt()) {
    console.log("[test] instalando Chromium (paquete chromium de Debian) …");
    if (aptInstall(["chromium"]) && existsSync(path)) return path;
  }
  console.error(`[test] Falta Chromium en ${path}: instale el paquete chromium o defina CHROMIUM_PATH.`);
  return null;
}

/**
 * Debian's xsltproc (libxslt): packages/cfdi's differential test compares its cadena original with
 * xsltproc's, byte for byte, and fails without it. Installed as root on Debian when missing.
 */
export function ensureXsltproc() {
  const found = () => spawnSync("xsltproc", ["--version"], { stdio: "ignore" }).status === 0;
  if (found()) return true;
  if (isRoot() && hasApt()) {
    console.log("[test] instalando xsltproc (paquete xsltproc de Debian) …");
    if (aptInstall(["xsltproc"]) && found()) return true;
  }
  console.error("[test] Falta xsltproc: instale el paquete xsltproc (la prueba diferencial de packages/cfdi lo usa).");
  return false;
}

/** Creates a database and returns its URL. */
export async function createDatabase(root, serverUrl, name) {
  const pg = loadPg(root);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops every database whose name starts with `prefix` (the run's own, and any a crashed test left). */
export async function dropDatabases(root, serverUrl, prefix) {
  const pg = loadPg(root);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query("select datname from pg_database where datname like $1", [`${prefix}%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Installs a Debian package when `found()` says the component is missing and we are root on Debian (as
 * `npm test` does for PostgreSQL). Returns whether the component is there afterwards.
 */
export function ensureDebianPackage(pkg, found, label = pkg) {
  if (found()) return true;
  if (!isRoot() || !hasApt()) return false;
  console.log(`[servicios] instalando ${label} (paquete ${pkg} de Debian) …`);
  return aptInstall([pkg]) && found();
}

/**
 * The folder of the newest installed PostgreSQL's server binaries (/usr/lib/postgresql/<version>/bin, with
 * initdb and pg_ctl), or null. With `install`, Debian's `postgresql` package is installed first when none is.
 */
export function postgresBinDir({ install = false } = {}) {
  const find = () => {
    const base = "/usr/lib/postgresql";
    if (!existsSync(base)) return null;
    const versions = readdirSync(base)
      .filter((v) => /^\d+(\.\d+)?$/.test(v) && existsSync(join(base, v, "bin", "initdb")))
      .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
    return versions.length > 0 ? join(base, versions[0], "bin") : null;
  };
  if (install) ensureDebianPackage("postgresql", () => find() !== null, "PostgreSQL");
  return find();
}

/** HAProxy's binary (Debian's /usr/sbin/haproxy, or `haproxy` on PATH), installed when missing; or null. */
export function haproxyBin({ install = false } = {}) {
  const find = () => {
    if (existsSync("/usr/sbin/haproxy")) return "/usr/sbin/haproxy";
    return spawnSync("haproxy", ["-v"], { stdio: "ignore" }).status === 0 ? "haproxy" : null;
  };
  if (install) ensureDebianPackage("haproxy", () => find() !== null, "HAProxy");
  return find();
}

/** A TCP port free on 127.0.0.1 right now (the system picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
