#!/usr/bin/env node
// Backups of the portal's PostgreSQL database (issue 25, docs/operations.md "Respaldos").
//
//   npm run backup -- respaldar [archivo] [--url URL]
//       pg_dump -Fc of DATABASE_URL (or --url) into `archivo`, by default respaldos/portal-<fecha UTC>.dump. The dump
//       is written to `<archivo>.parcial` and renamed when complete: a file with the final name is always whole.
//   npm run backup -- restaurar <archivo> [--url URL] [--reemplazar]
//       pg_restore into the database of --url (or DATABASE_URL): created when it does not exist; refused when it
//       already holds tables, unless --reemplazar (then the dump's objects are dropped and created again). Always
//       --no-owner --single-transaction --exit-on-error: the restore is all or nothing.
//
// pg_dump/pg_restore must be at least the server's major version: the script asks the server and takes
// /usr/lib/postgresql/<v>/bin of the lowest installed v >= it (Debian), else the ones on PATH. The connection's
// password travels in PGPASSWORD, never on a command line, and no message prints it.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { root } from "./lib/root.mjs";

const USO = `Uso:
  npm run backup -- respaldar [archivo] [--url URL]
  npm run backup -- restaurar <archivo> [--url URL] [--reemplazar]
Sin --url se usa DATABASE_URL.`;

class Fallo extends Error {}

/** The URL without its password, for messages. */
function sinContrasena(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = "****";
    return u.toString();
  } catch {
    return "(URL inválida)";
  }
}

/** libpq's environment for a postgres:// URL: host, port, user, password, database, sslmode. */
function entornoDe(url, database) {
  let u;
  try {
    u = new URL(url);
  } catch {
    throw new Fallo("La URL de la base de datos no es válida (se espera postgres://usuario@servidor:puerto/base).");
  }
  if (!/^postgres(ql)?:$/.test(u.protocol)) throw new Fallo("La URL debe empezar con postgres:// o postgresql://.");
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith("PG")) delete env[k];
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname);
  if (u.searchParams.get("host")) env.PGHOST = u.searchParams.get("host");
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  if (u.searchParams.get("sslmode")) env.PGSSLMODE = u.searchParams.get("sslmode");
  const base = database ?? decodeURIComponent(u.pathname.replace(/^\//, ""));
  if (!base) throw new Fallo("La URL no dice qué base de datos (…/nombre_de_la_base).");
  env.PGDATABASE = base;
  return env;
}

/** The PostgreSQL client binaries' folders, lowest version first: Debian's, then PATH (null). */
function carpetasDeBinarios() {
  const base = "/usr/lib/postgresql";
  const versiones = existsSync(base)
    ? readdirSync(base)
        .filter((v) => /^\d+$/.test(v) && existsSync(join(base, v, "bin", "pg_dump")))
        .map(Number)
        .sort((a, b) => a - b)
    : [];
  return versiones.map((v) => ({ version: v, dir: join(base, String(v), "bin") }));
}

function execute(programa, args, env, { entrada } = {}) {
  const r = spawnSync(programa, args, { env, encoding: "utf8", input: entrada, maxBuffer: 64 * 1024 * 1024 });
  if (r.error) {
    if (r.error.code === "ENOENT") {
      throw new Fallo(
        `No se encontró ${programa}: instale el cliente de PostgreSQL (apt-get install postgresql-client).`,
      );
    }
    throw new Fallo(`No se pudo ejecutar ${programa}: ${r.error.message}`);
  }
  return r;
}

/** psql (any version talks to any server): one value. */
function query(env, sql, variables = {}) {
  const binarios = carpetasDeBinarios();
  const psql = binarios.length > 0 ? join(binarios.at(-1).dir, "psql") : "psql";
  const args = ["-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1"];
  for (const [k, v] of Object.entries(variables)) args.push("-v", `${k}=${v}`);
  const r = execute(psql, args, env, { entrada: sql });
  if (r.status !== 0) {
    throw new Fallo(`PostgreSQL no respondió como se esperaba: ${clean(r.stderr)}`);
  }
  return r.stdout.trim();
}

/** A server message without anything that looks like a password (libpq never prints it; belt and braces). */
function clean(texto) {
  return String(texto ?? "")
    .replace(/postgres(ql)?:\/\/[^\s]*/g, (m) => sinContrasena(m))
    .trim();
}

/** pg_dump / pg_restore of at least the server's major version. */
function binario(nombre, env) {
  const servidor = Math.floor(Number(query(env, "show server_version_num")) / 10_000);
  const propia = carpetasDeBinarios().find((b) => b.version >= servidor);
  return propia ? join(propia.dir, nombre) : nombre;
}

const formatoMb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const fechaArchivo = () => new Date().toISOString().slice(0, 19).replace(/:/g, "-");

function backup(args) {
  const url = opcion(args, "--url") ?? process.env.DATABASE_URL;
  if (!url) throw new Fallo("Falta la base de datos: defina DATABASE_URL o pase --url.");
  const destino = resolve(
    args.find((a) => !a.startsWith("--")) ?? join(root, "respaldos", `portal-${fechaArchivo()}Z.dump`),
  );
  const env = entornoDe(url);
  const pgDump = binario("pg_dump", env);
  mkdirSync(dirname(destino), { recursive: true });
  const parcial = `${destino}.parcial`;
  const inicio = performance.now();
  console.log(`[respaldo] respaldando ${sinContrasena(url)} …`);
  const r = execute(pgDump, ["--format=custom", "--compress=6", "--file", parcial], env);
  if (r.status !== 0) {
    rmSync(parcial, { force: true });
    throw new Fallo(`pg_dump falló: ${clean(r.stderr)}`);
  }
  renameSync(parcial, destino);
  const segundos = ((performance.now() - inicio) / 1000).toFixed(1);
  console.log(
    `[respaldo] respaldo escrito: ${relativo(destino)} (${formatoMb(statSync(destino).size)}, ${segundos} s)`,
  );
}

function restore(args) {
  const archivo = args.find((a) => !a.startsWith("--") && a !== opcion(args, "--url"));
  if (!archivo) throw new Fallo(`Falta el archivo del respaldo.\n${USO}`);
  const origen = resolve(archivo);
  if (!existsSync(origen)) throw new Fallo(`No existe el respaldo ${archivo}.`);
  const url = opcion(args, "--url") ?? process.env.DATABASE_URL;
  if (!url) throw new Fallo("Falta la base de datos destino: pase --url o defina DATABASE_URL.");
  const replaceRows = args.includes("--reemplazar");
  const env = entornoDe(url);
  const nombre = env.PGDATABASE;
  // The server's maintenance database tells whether the target exists, and creates it when it does not.
  const mantenimiento = entornoDe(url, "postgres");
  const existe = query(mantenimiento, "select count(*) from pg_database where datname = :'nombre'", { nombre });
  if (existe === "0") {
    query(mantenimiento, 'create database :"nombre"', { nombre });
    console.log(`[respaldo] base de datos ${nombre} creada`);
  } else {
    const tablas = Number(
      query(env, "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')"),
    );
    if (tablas > 0 && !replaceRows) {
      throw new Fallo(
        `La base de datos ${nombre} ya tiene ${tablas} tablas: no se restaura encima. Restaure en una base nueva ` +
          "(--url …/otra_base) o, para sustituir su contenido por el del respaldo, añada --reemplazar.",
      );
    }
  }
  const pgRestore = binario("pg_restore", env);
  const inicio = performance.now();
  console.log(`[respaldo] restaurando ${relativo(origen)} en ${sinContrasena(url)} …`);
  const opciones = ["--no-owner", "--single-transaction", "--exit-on-error", "--dbname", nombre];
  if (replaceRows) opciones.push("--clean", "--if-exists");
  const r = execute(pgRestore, [...opciones, origen], env);
  if (r.status !== 0)
    throw new Fallo(`pg_restore falló (nada quedó a medias: una sola transacción): ${clean(r.stderr)}`);
  const segundos = ((performance.now() - inicio) / 1000).toFixed(1);
  console.log(`[respaldo] restaurado en ${nombre} (${segundos} s)`);
}

function opcion(args, nombre) {
  const i = args.indexOf(nombre);
  if (i === -1) return undefined;
  const valor = args[i + 1];
  if (!valor || valor.startsWith("--")) throw new Fallo(`${nombre} necesita un valor.`);
  return valor;
}

function relativo(path) {
  const r = relative(process.cwd(), path);
  return r.startsWith("..") ? path : r;
}

const [orden, ...resto] = process.argv.slice(2);
try {
  if (orden === "respaldar") backup(resto);
  else if (orden === "restaurar") restore(resto);
  else throw new Fallo(USO);
} catch (error) {
  if (error instanceof Fallo) {
    console.error(`[respaldo] ${error.message}`);
    process.exit(1);
  }
  throw error;
}
