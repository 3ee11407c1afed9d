import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { decryptSecret } from "@portal/db";
import { type TestDatabase, testServerUrl } from "@portal/db/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoTestDatabase, createTestClock, testKey } from "./helpers";

/**
 * Issue 25: the restore command of docs/operations.md works on a real dump. `npm run backup -- respaldar` dumps a
 * migrated and seeded database, `restaurar` loads it into a new one, and every table holds the same rows; an
 * encrypted SAP password still decrypts with the key. The password of the URL is never printed.
 */
const repo = resolve(__dirname, "..", "..", "..");
const script = join(repo, "scripts", "backup.mjs");
const time = createTestClock();
let tdb: TestDatabase;
let dir: string;
let origen: string;
let destino: string;
let password: string;
const destinoNombre = `${process.env.TEST_DB_PREFIX ?? "portal_t"}_rsp_${randomBytes(6).toString("hex")}`;

/** The URL with a password: the test server trusts local connections, so a made-up one is ignored by it. */
function conContrasena(url: string, database?: string): string {
  const u = new URL(url);
  if (!u.password) u.password = "secreto-de-prueba-25";
  password = decodeURIComponent(u.password);
  if (database) u.pathname = `/${database}`;
  return u.toString();
}

const backup = (...args: string[]) => {
  const r = spawnSync(process.execPath, [script, ...args], { cwd: repo, encoding: "utf8", env: { ...process.env } });
  const salida = `${r.stdout}${r.stderr}`;
  expect(salida).not.toContain(password);
  return { status: r.status, salida };
};

async function conteos(url: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const tablas = await c.query<{ t: string }>(
      "select format('%I.%I', schemaname, tablename) as t from pg_tables " +
        "where schemaname not in ('pg_catalog', 'information_schema') order by 1",
    );
    const out: Record<string, number> = {};
    for (const { t } of tablas.rows) out[t] = Number((await c.query(`select count(*) as n from ${t}`)).rows[0].n);
    return out;
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  tdb = await createDemoTestDatabase(time);
  origen = conContrasena(tdb.url);
  destino = conContrasena(testServerUrl(), destinoNombre);
  dir = mkdtempSync(join(tmpdir(), "portal-respaldo-"));
}, 60_000);
afterAll(async () => {
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${destinoNombre}" WITH (FORCE)`);
  await admin.end();
  await tdb?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("npm run backup", () => {
  it("dumps a seeded database and restores it into a new one with every row, secrets still readable", async () => {
    const archivo = join(dir, "portal.dump");
    const respaldo = backup("respaldar", archivo, "--url", origen);
    expect(respaldo.status, respaldo.salida).toBe(0);
    expect(respaldo.salida).toContain("respaldo escrito:");
    expect(statSync(archivo).size).toBeGreaterThan(10_000);
    // Only the finished file: no partial one left behind.
    expect(readdirSync(dir)).toEqual(["portal.dump"]);

    const restauracion = backup("restaurar", archivo, "--url", destino);
    expect(restauracion.status, restauracion.salida).toBe(0);
    expect(restauracion.salida).toContain(`base de datos ${destinoNombre} creada`);

    const antes = await conteos(tdb.url);
    expect(antes["public.facturas"]).toBeGreaterThan(0);
    expect(antes["erp_mock.pedidos"]).toBeGreaterThan(0);
    expect(antes["public.archivos"]).toBeGreaterThan(0);
    expect(await conteos(destino)).toEqual(antes);

    // The sociedades' SAP passwords, encrypted with APP_ENCRYPTION_KEY, decrypt from the restored copy.
    const c = new pg.Client({ connectionString: destino });
    await c.connect();
    const { rows } = await c.query<{ pass: string }>("select pass_sap_cifrada as pass from sociedades order by id");
    await c.end();
    expect(rows.length).toBe(antes["public.sociedades"]);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(decryptSecret(r.pass, testKey)).toBe("B1Admin!");
  }, 60_000);

  it("refuses to restore over a database that has tables, unless told to replace its content", async () => {
    const archivo = join(dir, "portal.dump");
    const encima = backup("restaurar", archivo, "--url", destino);
    expect(encima.status).toBe(1);
    expect(encima.salida).toContain(`La base de datos ${destinoNombre} ya tiene`);
    expect(encima.salida).toContain("--reemplazar");

    const c = new pg.Client({ connectionString: destino });
    await c.connect();
    await c.query("delete from auditoria");
    await c.end();
    const reemplazo = backup("restaurar", archivo, "--url", destino, "--reemplazar");
    expect(reemplazo.status, reemplazo.salida).toBe(0);
    expect(await conteos(destino)).toEqual(await conteos(tdb.url));
  }, 60_000);

  it("says in Spanish what is missing", () => {
    const sinArchivo = backup("restaurar");
    expect(sinArchivo.status).toBe(1);
    expect(sinArchivo.salida).toContain("Falta el archivo del respaldo.");
    const inexistente = backup("restaurar", join(dir, "no-existe.dump"), "--url", destino);
    expect(inexistente.salida).toContain("No existe el respaldo");
    const orden = backup("copiar");
    expect(orden.status).toBe(1);
    expect(orden.salida).toContain("npm run backup -- respaldar");
  });
});
