import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importLista69b } from "../lista-69b/guardar";
import { lista69b, lista69bImportaciones } from "../schema/index";
import { createProveedor } from "../seed/factories";
import { archivoLista69b, createTestDatabase, MUESTRA_69B, type TestDatabase, windows1252 } from "../testing";
import { execute, readArguments } from "./sat";

let tdb: TestDatabase;
let carpeta: string;
beforeAll(async () => {
  tdb = await createTestDatabase();
  carpeta = mkdtempSync(join(tmpdir(), "lista-69b-"));
  // The two demo suppliers' RFCs are on the sample list (Definitivo and Presunto); a third supplier is not.
  await createProveedor(tdb.db, { cardCode: "P00001", rfc: "EKU9003173C9", cardName: "ESCUELA KEMPER URGATE" });
  await createProveedor(tdb.db, { cardCode: "P00002", rfc: "XIQB891116QE4", cardName: "BERENICE XIMO QUEZADA" });
  await createProveedor(tdb.db, { cardCode: "P00003", rfc: "LIM0101019A1", cardName: "LIMPIO, S.A." });
}, 60_000);
afterAll(async () => {
  await tdb?.drop();
  rmSync(carpeta, { recursive: true, force: true });
});

const relojA = () => new Date("2026-10-16T06:00:00Z");
const relojB = () => new Date("2026-10-17T06:00:00Z");
const lista = async () =>
  (await tdb.db.select().from(lista69b).orderBy(asc(lista69b.rfc))).map((f) => `${f.rfc} ${f.situacion}`);

describe("importing the 69-B list", () => {
  it("puts the sample in force with its counts and screens the suppliers", async () => {
    const r = await importLista69b(tdb.db, archivoLista69b(MUESTRA_69B), {
      origen: "Listado_completo_69-B.csv",
      clock: relojA,
    });
    expect(r.ok).toBe(true);
    expect(r.importacion).toMatchObject({
      at: relojA(),
      origen: "Listado_completo_69-B.csv",
      ok: true,
      error: "",
      filas: 15,
      rfcs: 10,
      definitivos: 3,
      presuntos: 3,
      desvirtuados: 2,
      sentenciasFavorables: 2,
      omitidos: 2,
      repetidos: 3,
      proveedoresRojo: 1,
      proveedoresAmbar: 1,
    });
    expect(r.importacion.leyenda).toMatch(/^INFORMACIÓN ACTUALIZADA AL 15 DE OCTUBRE DE 2026 · /);
    expect(await lista()).toHaveLength(10);
    expect(await lista()).toContain("EKU9003173C9 Definitivo");
    const [cna] = await tdb.db.select().from(lista69b).where(eq(lista69b.rfc, "CNA0101019Z1"));
    expect(cna?.nombre).toBe("COMERCIALIZADORA ÑANDÚ, S.A. DE C.V.");
  });

  it("leaves the previous list in force when an import fails, and records the failure", async () => {
    const antes = await lista();
    const malos: [Uint8Array, RegExp][] = [
      [new Uint8Array(), /vacío/],
      [windows1252("No,RFC\r\n1,AAA010101AA1\r\n"), /no tiene el encabezado|columnas/],
      [Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00]), /no es texto Windows-1252/],
      [windows1252('"No","RFC",\r\n"1","SIN CIERRE'), /no es un CSV válido/],
    ];
    for (const [bytes, mensaje] of malos) {
      const r = await importLista69b(tdb.db, bytes, { origen: "malo.csv", clock: relojB });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(mensaje);
      expect(r.importacion).toMatchObject({ ok: false, origen: "malo.csv", rfcs: 0, at: relojB() });
      expect(await lista()).toEqual(antes);
    }
    // A shorter list replaces the whole list (no leftovers of the previous one).
    const r = await importLista69b(
      tdb.db,
      archivoLista69b([{ rfc: "XIQB891116QE4", nombre: "BERENICE XIMO QUEZADA", situacion: "Desvirtuado" }]),
      { origen: "corta.csv", clock: relojB },
    );
    expect(r.ok && r.importacion).toMatchObject({ rfcs: 1, desvirtuados: 1, proveedoresRojo: 0, proveedoresAmbar: 0 });
    expect(await lista()).toEqual(["XIQB891116QE4 Desvirtuado"]);
  });
});

describe("npm run sat", () => {
  it("reads its command line and refuses mistakes in Spanish", () => {
    expect(readArguments([])).toEqual({ comando: "ayuda" });
    expect(readArguments(["importar-69b", "x.csv"])).toEqual({ comando: "importar-69b", archivo: "x.csv" });
    expect(() => readArguments(["importar-69b"])).toThrow(/Falta el archivo/);
    expect(() => readArguments(["borrar"])).toThrow("Comando desconocido: borrar.");
    expect(() => readArguments(["importar-69b", "a", "b"])).toThrow("Argumento de más: b.");
  });

  it("lists the imports, newest first", async () => {
    const lineas: string[] = [];
    await execute(tdb.db, { comando: "importaciones-69b" }, { log: (l) => lineas.push(l) }, relojB);
    expect(lineas[0]).toMatch(/^2026-10-17 06:00:00 UTC {2}corta.csv: 1 RFC/);
    expect(lineas.some((l) => /malo.csv: RECHAZADA\. El archivo está vacío\./.test(l))).toBe(true);
    const [ultima] = await tdb.db.select().from(lista69bImportaciones).orderBy(desc(lista69bImportaciones.id)).limit(1);
    expect(ultima?.origen).toBe("corta.csv");
  });

  /** `npm run sat -- ARGS` from the repository root, as a child process on the test database. */
  const raiz = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
  const sat = (...args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((ok, mal) => {
      const hijo = spawn("npm", ["run", "--silent", "sat", "--", ...args], {
        cwd: raiz,
        env: { ...process.env, DATABASE_URL: tdb.url },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      hijo.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
      hijo.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      hijo.on("error", mal);
      hijo.on("exit", (code) => ok({ code, stdout, stderr }));
    });

  it("imports a file and reports the counts and the suppliers on the list", async () => {
    const archivo = join(carpeta, "Listado_completo_69-B.csv");
    writeFileSync(archivo, archivoLista69b(MUESTRA_69B));
    const r = await sat("importar-69b", archivo);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Lista 69-B importada de Listado_completo_69-B.csv");
    expect(r.stdout).toContain(
      "15 filas, 10 RFC distintos: 3 definitivos, 3 presuntos, 2 desvirtuados, 2 con sentencia favorable.",
    );
    expect(r.stdout).toContain("3 filas de RFC repetidos");
    expect(r.stdout).toContain("2 filas sin RFC válido omitidas");
    expect(r.stdout).toMatch(/ROJO +P00001 +EKU9003173C9 +ESCUELA KEMPER URGATE: Definitivo/);
    expect(r.stdout).toMatch(/ÁMBAR +P00002 +XIQB891116QE4 +BERENICE XIMO QUEZADA: Presunto/);
    expect(r.stdout).not.toContain("P00003");
    expect(await lista()).toHaveLength(10);
  }, 60_000);

  it("refuses a bad file with exit code 1 and a Spanish message, no stack trace, and keeps the list", async () => {
    const archivo = join(carpeta, "otra-cosa.csv");
    writeFileSync(archivo, "Nombre,Correo\r\nJuan,juan@x.mx\r\n");
    const r = await sat("importar-69b", archivo);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^No se importó la lista 69-B: El archivo no tiene el encabezado de la lista 69-B/);
    expect(r.stderr).toContain("La lista anterior sigue vigente.");
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(await lista()).toHaveLength(10);
    const faltante = await sat("importar-69b", join(carpeta, "no-existe.csv"));
    expect(faltante.code).toBe(1);
    expect(faltante.stderr).toMatch(/^No existe el archivo .*no-existe\.csv\./);
  }, 60_000);
});
