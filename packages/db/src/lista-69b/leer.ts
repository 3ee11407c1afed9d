import { MESES } from "@portal/contracts";
import { CsvError, parse } from "csv-parse/sync";
import iconv from "iconv-lite";
import type { Publicacion69b, Publicaciones69b, Situacion69b } from "../schema/lista-69b";

/**
 * Reader of the SAT's published list of taxpayers under article 69-B of the CFF (Listado_completo_69-B.csv,
 * issue 15). The file as the SAT publishes it: Windows-1252; one or two preamble lines (title, "información
 * actualizada al …"); a 20-column header — No, RFC, Nombre del Contribuyente, Situación del contribuyente, then
 * for each stage of the procedure (presunción, desvirtuados, definitivos, sentencia favorable) the SAT office's
 * number and date and its publication on the SAT's page, and the same for the DOF; quoted fields that hold
 * newlines and doubled quotes; RFCs the SAT suppressed (XXXXXXXXXXXX); the same RFC on several rows.
 *
 * Pure: bytes in, the list out, or Lista69bInvalida with a Spanish message. Nothing is stored here.
 */

/** Why a file is not a 69-B list we can put in force (Spanish, shown by the CLI and recorded with the import). */
export class Lista69bInvalida extends Error {
  override readonly name = "Lista69bInvalida";
}

export interface Contribuyente69b {
  rfc: string;
  nombre: string;
  situacion: Situacion69b;
  publicaciones: Publicaciones69b;
  /** The latest date found in the row's offices and publications (YYYY-MM-DD), '' when none. */
  fecha: string;
}

export interface Lista69bLeida {
  leyenda: string;
  /** Data rows after the header (blank lines not counted). */
  filas: number;
  /** One entry per RFC, by RFC. */
  contribuyentes: Map<string, Contribuyente69b>;
  /** Rows without a usable RFC (suppressed XXXXXXXXXXXX or malformed): skipped. */
  omitidos: number;
  /** Rows of an RFC read before (only one is kept, see `prevails`). */
  repetidos: number;
}

type Etapa = keyof Publicaciones69b;
type Campo = keyof Publicacion69b;
const ETAPAS: readonly { etapa: Etapa; clave: string }[] = [
  { etapa: "presuncion", clave: "presun" },
  { etapa: "desvirtuado", clave: "desvirtu" },
  { etapa: "definitivo", clave: "definitiv" },
  { etapa: "sentenciaFavorable", clave: "sentencia" },
];
export const COLUMNAS_69B = 20;
const SITUACION: Record<string, Situacion69b> = {
  presunto: "Presunto",
  desvirtuado: "Desvirtuado",
  definitivo: "Definitivo",
  "sentencia favorable": "Sentencia Favorable",
};
/** RFC of a persona moral (3 letters) or física (4), date, homoclave. XXXXXXXXXXXX does not match. */
const RFC = /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/;
/** The largest file accepted (the real list is a few MB). */
export const MAX_BYTES_69B = 64 * 1024 * 1024;

/** Lowercase, without accents, spaces collapsed: how header cells and situations are compared. */
const normal = (texto: string) =>
  texto.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
/** A cell as displayed: embedded newlines and runs of spaces become one space. */
const limpio = (texto: string | undefined) => (texto ?? "").replace(/\s+/g, " ").trim();

/**
 * The bytes as text. The SAT publishes Windows-1252; a list someone re-saved as UTF-8 (valid UTF-8 with
 * non-ASCII characters, or a BOM) is read as UTF-8 rather than garbled. UTF-16 or binary content (NUL and other
 * control characters that no text list holds) is refused.
 */
export function decode69b(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new Lista69bInvalida("El archivo está vacío.");
  if (bytes.length > MAX_BYTES_69B) {
    throw new Lista69bInvalida(`El archivo excede ${MAX_BYTES_69B / 1024 / 1024} MB; no parece la lista 69-B.`);
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new Lista69bInvalida("El archivo está en UTF-16; la lista 69-B del SAT se publica en Windows-1252.");
  }
  let texto: string;
  try {
    texto = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // iconv-lite, not TextDecoder: Node 20's TextDecoder("windows-1252") decodes as ISO-8859-1 (0x93 is not “).
    texto = iconv.decode(bytes, "windows-1252");
  }
  // Tab, LF and CR are the only control characters a CSV list holds; bytes 0x81, 0x8D, 0x8F, 0x90 and 0x9D are
  // undefined in Windows-1252 (decoded as U+FFFD).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  const control = texto.search(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD]/);
  if (control >= 0) {
    const linea = texto.slice(0, control).split("\n").length;
    throw new Lista69bInvalida(
      `El archivo no es texto Windows-1252 (carácter inválido en la línea ${linea}); no parece la lista 69-B.`,
    );
  }
  return texto;
}

/** Dates written as DD/MM/AAAA or "27 de junio de 2019", as YYYY-MM-DD. */
function fechasEn(texto: string): string[] {
  const fechas: string[] = [];
  const iso = (a: string, m: number, d: string) => `${a}-${String(m).padStart(2, "0")}-${d.padStart(2, "0")}`;
  for (const [, d, m, a] of texto.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g)) {
    if (d && m && a) fechas.push(iso(a, Number(m), d));
  }
  for (const [, d, mes, a] of normal(texto).matchAll(/\b(\d{1,2}) de (\w+) de(?:l)? (\d{4})\b/g)) {
    const m = (MESES as readonly string[]).indexOf(mes ?? "") + 1;
    if (d && m > 0 && a) fechas.push(iso(a, m, d));
  }
  return fechas;
}

/** Severity when two rows of one RFC are equally recent: the more restrictive situation is kept. */
const GRAVEDAD: Record<Situacion69b, number> = { Desvirtuado: 0, "Sentencia Favorable": 1, Presunto: 2, Definitivo: 3 };

/**
 * Which of two rows of one RFC is kept (the SAT lists a taxpayer again when a new procedure starts, or keeps the
 * row of an earlier stage). The rule:
 * 1. a Definitivo row is undone only by a Sentencia Favorable published later (a definitive publication stands
 *    until a court rules otherwise; a new presunción does not lighten it);
 * 2. otherwise the row whose latest office/publication date is later wins (the SAT's most recent word);
 * 3. equal dates (or none): the more restrictive situation (Definitivo > Presunto > Sentencia Favorable >
 *    Desvirtuado); then the row further down the file.
 */
export function prevails(anterior: Contribuyente69b, nuevo: Contribuyente69b): Contribuyente69b {
  const despues = nuevo.fecha > anterior.fecha;
  const antes = nuevo.fecha < anterior.fecha;
  if (anterior.situacion === "Definitivo" && nuevo.situacion !== "Definitivo") {
    return nuevo.situacion === "Sentencia Favorable" && despues ? nuevo : anterior;
  }
  if (nuevo.situacion === "Definitivo" && anterior.situacion !== "Definitivo") {
    return anterior.situacion === "Sentencia Favorable" && antes ? anterior : nuevo;
  }
  if (despues) return nuevo;
  if (antes) return anterior;
  return GRAVEDAD[nuevo.situacion] >= GRAVEDAD[anterior.situacion] ? nuevo : anterior;
}

/** Where each stage's four fields are in the header; refuses a header that is not the list's. */
function columnas(encabezado: string[]): Record<Etapa, Record<Campo, number>> {
  const esperado =
    "No, RFC, Nombre del Contribuyente, Situación del contribuyente y 16 columnas de oficios y publicaciones";
  const celdas = encabezado.map(normal);
  while (celdas.length > 0 && celdas.at(-1) === "") celdas.pop();
  if (celdas.length !== COLUMNAS_69B) {
    throw new Lista69bInvalida(
      `El encabezado de la lista tiene ${celdas.length} columnas y se esperaban ${COLUMNAS_69B} (${esperado}).`,
    );
  }
  if (!celdas[2]?.startsWith("nombre") || !celdas[3]?.startsWith("situacion")) {
    throw new Lista69bInvalida(`Las columnas 3 y 4 del encabezado no son las de la lista 69-B (${esperado}).`);
  }
  const mapa = {} as Record<Etapa, Partial<Record<Campo, number>>>;
  for (let i = 4; i < COLUMNAS_69B; i++) {
    const celda = celdas[i] ?? "";
    const etapa = ETAPAS.find((e) => celda.includes(e.clave))?.etapa;
    const tipo = celda.includes("oficio") ? "oficio" : celda.startsWith("publicacion") ? "publicacion" : null;
    if (!etapa || !tipo) {
      throw new Lista69bInvalida(`La columna ${i + 1} del encabezado («${encabezado[i]}») no es de la lista 69-B.`);
    }
    const grupo = mapa[etapa] ?? {};
    mapa[etapa] = grupo;
    // The SAT names both office columns of a stage alike: the first is the SAT page's, the second the DOF's.
    const dof = celda.includes("dof") || (!celda.includes("sat") && grupo[`${tipo}Sat`] !== undefined);
    const campo: Campo = `${tipo}${dof ? "Dof" : "Sat"}`;
    if (grupo[campo] !== undefined) {
      throw new Lista69bInvalida(`La columna ${i + 1} del encabezado («${encabezado[i]}») está repetida.`);
    }
    grupo[campo] = i;
  }
  for (const { etapa } of ETAPAS) {
    const grupo = mapa[etapa] ?? {};
    if (Object.keys(grupo).length !== 4) {
      throw new Lista69bInvalida(`Al encabezado le faltan columnas de la etapa ${etapa} (${esperado}).`);
    }
  }
  return mapa as Record<Etapa, Record<Campo, number>>;
}

/** Reads the list; throws Lista69bInvalida when the file is not one (nothing is kept of a refused file). */
export function readLista69b(bytes: Uint8Array): Lista69bLeida {
  const texto = decode69b(bytes);
  let registros: { record: string[]; info: { lines: number } }[];
  try {
    registros = parse(texto, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const linea = typeof error.lines === "number" ? ` (línea ${error.lines})` : "";
      throw new Lista69bInvalida(`El archivo no es un CSV válido${linea}: ${error.message}`);
    }
    throw error;
  }
  // The header is the first record starting "No, RFC"; what comes before it is the SAT's preamble.
  const inicio = registros
    .slice(0, 10)
    .findIndex((r) => normal(r.record[0] ?? "") === "no" && normal(r.record[1] ?? "") === "rfc");
  if (inicio < 0) {
    throw new Lista69bInvalida(
      "El archivo no tiene el encabezado de la lista 69-B del SAT (No, RFC, Nombre del Contribuyente, " +
        "Situación del contribuyente, …) en sus primeras líneas.",
    );
  }
  const leyenda = registros
    .slice(0, inicio)
    .map((r) => r.record.map(limpio).filter(Boolean).join(" "))
    .filter(Boolean)
    .join(" · ");
  const mapa = columnas(registros[inicio]!.record);

  const contribuyentes = new Map<string, Contribuyente69b>();
  let filas = 0;
  let omitidos = 0;
  let repetidos = 0;
  for (const { record, info } of registros.slice(inicio + 1)) {
    if (record.every((c) => c.trim() === "")) continue;
    filas++;
    const rfc = limpio(record[1]).toUpperCase().replace(/\s/g, "");
    if (!RFC.test(rfc)) {
      omitidos++;
      continue;
    }
    const situacion = SITUACION[normal(record[3] ?? "")];
    if (!situacion) {
      throw new Lista69bInvalida(
        `Situación desconocida «${limpio(record[3])}» del RFC ${rfc} (línea ${info.lines}); se esperaba ` +
          "Presunto, Desvirtuado, Definitivo o Sentencia Favorable.",
      );
    }
    const publicaciones: Publicaciones69b = {};
    const fechas: string[] = [];
    for (const { etapa } of ETAPAS) {
      const grupo: Publicacion69b = {};
      for (const [campo, i] of Object.entries(mapa[etapa]) as [Campo, number][]) {
        const valor = limpio(record[i]);
        if (valor) {
          grupo[campo] = valor;
          fechas.push(...fechasEn(valor));
        }
      }
      if (Object.keys(grupo).length > 0) publicaciones[etapa] = grupo;
    }
    const fila: Contribuyente69b = {
      rfc,
      nombre: limpio(record[2]),
      situacion,
      publicaciones,
      fecha: fechas.sort().at(-1) ?? "",
    };
    const anterior = contribuyentes.get(rfc);
    if (anterior) repetidos++;
    contribuyentes.set(rfc, anterior ? prevails(anterior, fila) : fila);
  }
  if (contribuyentes.size === 0) {
    throw new Lista69bInvalida(
      filas === 0
        ? "El archivo no tiene contribuyentes después del encabezado."
        : `Ninguna de las ${filas} filas tiene un RFC válido.`,
    );
  }
  return { leyenda, filas, contribuyentes, omitidos, repetidos };
}

/** The traffic light of a situation (not on the list: verde). */
export type Semaforo69b = "verde" | "ambar" | "rojo";
export const semaforo69b = (situacion: Situacion69b | null | undefined): Semaforo69b =>
  situacion === "Definitivo" ? "rojo" : situacion === "Presunto" ? "ambar" : "verde";

/** The office and publications of the stage the situation is in (Presunto: presunción; and so on). */
export const etapaDe = (situacion: Situacion69b): Etapa =>
  situacion === "Presunto"
    ? "presuncion"
    : situacion === "Desvirtuado"
      ? "desvirtuado"
      : situacion === "Definitivo"
        ? "definitivo"
        : "sentenciaFavorable";
