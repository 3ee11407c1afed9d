import { existsSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { desc } from "drizzle-orm";
import type { Database } from "../client";
import { BaseDeDatosEnUso, createDatabase } from "../client";
import { type Clock, systemClock } from "../clock";
import { importLista69b, proveedoresEnLista69b } from "../lista-69b/guardar";
import { runMigrations } from "../migrate";
import { lista69bImportaciones } from "../schema/index";

/**
 * `npm run sat -- COMANDO …`: the SAT's published lists the portal screens suppliers against (issue 15). Every
 * refusal is a Spanish message and exit code 1, never a stack trace.
 */
export const AYUDA = `Uso: npm run sat -- COMANDO [opciones]

Listas publicadas por el SAT contra las que el portal revisa a los proveedores.

Comandos:
  importar-69b ARCHIVO
      Importa la lista de contribuyentes del artículo 69-B del CFF (Listado_completo_69-B.csv, tal como la
      publica el SAT en http://omawww.sat.gob.mx/cifras_sat/Paginas/DatosAbiertos/contribuyentes_publicados.html).
      La lista nueva reemplaza a la anterior en una sola transacción; si el archivo no es válido, la lista
      anterior sigue vigente. Después revisa a todos los proveedores contra la lista nueva.
  importaciones-69b
      Muestra las últimas importaciones de la lista 69-B (fecha, origen, conteos o el motivo del rechazo).
  ayuda
      Muestra esta ayuda.

Base de datos: DATABASE_URL si está definida; si no, la base embebida de .data/pglite (detenga antes
el portal: una base embebida solo la puede abrir un proceso a la vez).

Ejemplo:
  npm run sat -- importar-69b ~/Descargas/Listado_completo_69-B.csv`;

export class ErrorDeUso extends Error {
  override readonly name = "ErrorDeUso";
}
/** The import was refused: the message is the reason, already recorded with the failed import. */
export class ImportacionRechazada extends Error {
  override readonly name = "ImportacionRechazada";
}

export interface Salida {
  log(linea: string): void;
}

export function readArguments(argv: readonly string[]): { comando: string; archivo?: string } {
  let parsed: ReturnType<
    typeof parseArgs<{ options: { ayuda: { type: "boolean"; short: "h" } }; allowPositionals: true; strict: true }>
  >;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { ayuda: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const opcion = (error as Error).message.match(/'(-[^' ]+)/)?.[1];
    throw new ErrorDeUso(`Opción desconocida: ${opcion ?? (error as Error).message}.`);
  }
  const [comando = "ayuda", ...resto] = parsed.positionals;
  if (parsed.values.ayuda || comando === "ayuda") return { comando: "ayuda" };
  if (comando === "importar-69b") {
    const [archivo, ...sobrantes] = resto;
    if (!archivo) throw new ErrorDeUso("Falta el archivo: npm run sat -- importar-69b Listado_completo_69-B.csv");
    if (sobrantes.length > 0) throw new ErrorDeUso(`Argumento de más: ${sobrantes.join(" ")}.`);
    return { comando, archivo };
  }
  if (comando === "importaciones-69b") {
    if (resto.length > 0) throw new ErrorDeUso(`Argumento de más: ${resto.join(" ")}.`);
    return { comando };
  }
  throw new ErrorDeUso(`Comando desconocido: ${comando}.`);
}

const fechaHora = (d: Date) => d.toISOString().replace("T", " ").slice(0, 19);
const miles = (n: number) => n.toLocaleString("es-MX");

/** Runs one command against an open database (exported for the tests). */
export async function execute(
  db: Database,
  { comando, archivo }: { comando: string; archivo?: string },
  salida: Salida,
  clock: Clock,
): Promise<void> {
  if (comando === "ayuda") {
    salida.log(AYUDA);
    return;
  }
  if (comando === "importaciones-69b") {
    const filas = await db.select().from(lista69bImportaciones).orderBy(desc(lista69bImportaciones.id)).limit(20);
    if (filas.length === 0) {
      salida.log("Aún no se ha importado la lista 69-B.");
      return;
    }
    for (const f of filas) {
      salida.log(
        f.ok
          ? `${fechaHora(f.at)} UTC  ${f.origen}: ${miles(f.rfcs)} RFC (${miles(f.definitivos)} definitivos, ` +
              `${miles(f.presuntos)} presuntos); proveedores en rojo ${f.proveedoresRojo}, en ámbar ${f.proveedoresAmbar}.`
          : `${fechaHora(f.at)} UTC  ${f.origen}: RECHAZADA. ${f.error}`,
      );
    }
    return;
  }
  // importar-69b
  const ruta = resolve(process.env.INIT_CWD ?? process.cwd(), archivo ?? "");
  if (!existsSync(ruta)) throw new ErrorDeUso(`No existe el archivo ${ruta}.`);
  const bytes = new Uint8Array(readFileSync(ruta));
  const resultado = await importLista69b(db, bytes, { origen: basename(ruta), clock });
  if (!resultado.ok) {
    throw new ImportacionRechazada(`No se importó la lista 69-B: ${resultado.error}\nLa lista anterior sigue vigente.`);
  }
  const i = resultado.importacion;
  salida.log(`Lista 69-B importada de ${i.origen} el ${fechaHora(i.at)} UTC${i.leyenda ? ` (${i.leyenda})` : ""}.`);
  salida.log(
    `  ${miles(i.filas)} filas, ${miles(i.rfcs)} RFC distintos: ${miles(i.definitivos)} definitivos, ` +
      `${miles(i.presuntos)} presuntos, ${miles(i.desvirtuados)} desvirtuados, ` +
      `${miles(i.sentenciasFavorables)} con sentencia favorable.`,
  );
  salida.log(
    `  ${miles(i.repetidos)} filas de RFC repetidos (se conservó la situación vigente de cada uno), ` +
      `${miles(i.omitidos)} filas sin RFC válido omitidas (RFC suprimidos por el SAT).`,
  );
  const cribados = (await proveedoresEnLista69b(db)).filter(
    (p) => p.situacion === "Definitivo" || p.situacion === "Presunto",
  );
  if (cribados.length === 0) {
    salida.log("Ningún proveedor del portal está en la lista como presunto o definitivo.");
    return;
  }
  salida.log(
    `Proveedores en la lista: ${i.proveedoresRojo} en rojo (definitivos), ${i.proveedoresAmbar} en ámbar (presuntos).`,
  );
  for (const p of cribados) {
    salida.log(
      `  ${p.situacion === "Definitivo" ? "ROJO " : "ÁMBAR"}  ${p.cardCode}  ${p.rfc}  ${p.cardName}: ${p.situacion}`,
    );
  }
}

/** The command line: parse, open the database (migrated), run, close; exit code 1 on any error. */
export async function principal(argv: readonly string[], salida: Salida = console): Promise<number> {
  let args: ReturnType<typeof readArguments>;
  try {
    args = readArguments(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\nVea \`npm run sat -- ayuda\`.`);
    return 1;
  }
  if (args.comando === "ayuda") {
    salida.log(AYUDA);
    return 0;
  }
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR ?? join(process.env.INIT_CWD ?? process.cwd(), ".data", "pglite");
  if (!url && !existsSync(dataDir)) {
    console.error(
      `No hay base de datos embebida en ${dataDir}: ejecute \`npm start\` una vez (crea y siembra los datos) ` +
        "o defina DATABASE_URL.",
    );
    return 1;
  }
  let handle: Awaited<ReturnType<typeof createDatabase>> | undefined;
  try {
    handle = await createDatabase({ url, dataDir });
    await runMigrations(handle);
    await execute(handle.db, args, salida, systemClock);
    return 0;
  } catch (error) {
    if (error instanceof ErrorDeUso) console.error(`${error.message}\nVea \`npm run sat -- ayuda\`.`);
    else if (error instanceof ImportacionRechazada || error instanceof BaseDeDatosEnUso) console.error(error.message);
    else console.error(`Error: ${(error as Error).message ?? String(error)}`);
    return 1;
  } finally {
    await handle?.close().catch(() => {});
  }
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  process.exitCode = await principal(process.argv.slice(2));
}
