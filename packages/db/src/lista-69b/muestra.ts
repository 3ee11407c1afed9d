import iconv from "iconv-lite";
import type { Situacion69b } from "../schema/lista-69b";

/**
 * Test-only: builds a 69-B list file in the SAT's real format (never a copy of the real list) — Windows-1252,
 * two preamble lines, the 20-column header with the SAT's own column names (both office columns of a stage are
 * named alike), CRLF line ends, every field quoted, quotes doubled — so the importer is tested on every quirk.
 */
export const ENCABEZADO_69B = [
  "No",
  "RFC",
  "Nombre del Contribuyente",
  "Situación del contribuyente",
  "Número y fecha de oficio global de presunción",
  "Publicación página SAT presuntos",
  "Número y fecha de oficio global de presunción",
  "Publicación DOF presuntos",
  "Número y fecha de oficio global de contribuyentes que desvirtuaron",
  "Publicación página SAT desvirtuados",
  "Número y fecha de oficio global de contribuyentes que desvirtuaron",
  "Publicación DOF desvirtuados",
  "Número y fecha de oficio global de definitivos",
  "Publicación página SAT definitivos",
  "Número y fecha de oficio global de definitivos",
  "Publicación DOF definitivos",
  "Número y fecha de oficio global de sentencia favorable",
  "Publicación página SAT sentencia favorable",
  "Número y fecha de oficio global de sentencia favorable",
  "Publicación DOF sentencia favorable",
] as const;

export interface FilaMuestra69b {
  rfc: string;
  nombre: string;
  /** As written in the file (the importer also accepts other case and stray spaces). */
  situacion: Situacion69b | string;
  /** Year of the presunción (its office and publications fall in it); the later stages follow a year apart. */
  anio?: number;
}

/** The office text and publication date of a stage in `anio`, the way the SAT writes them. */
const etapa = (anio: number, mes: number, serie: string) => [
  `500-05-${anio}-${serie} de fecha ${mes} de ${["", "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"][mes]} de ${anio}`,
  `${String(mes + 1).padStart(2, "0")}/${String(mes + 1).padStart(2, "0")}/${anio}`,
  `500-05-${anio}-${serie} de fecha ${mes} de ${["", "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"][mes]} de ${anio}`,
  `${String(mes + 2).padStart(2, "0")}/${String(mes + 2).padStart(2, "0")}/${anio}`,
];
const vacia = ["", "", "", ""];

/** The 20 cells of a row: the presunción always, then the stage of its situation a year later. */
export function celdas69b(no: number, fila: FilaMuestra69b): string[] {
  const anio = fila.anio ?? 2024;
  const presuncion = etapa(anio, 3, String(10_000 + no));
  const siguiente = etapa(anio + 1, 6, String(20_000 + no));
  const s = fila.situacion.trim().toLowerCase();
  return [
    String(no),
    fila.rfc,
    fila.nombre,
    fila.situacion,
    ...presuncion,
    ...(s === "desvirtuado" ? siguiente : vacia),
    ...(s === "definitivo" ? siguiente : vacia),
    ...(s === "sentencia favorable" ? [...etapa(anio + 1, 2, String(30_000 + no))] : vacia),
  ];
}

/** Text to Windows-1252 bytes (iconv-lite; characters outside the code page would become "?"). */
export const windows1252 = (texto: string): Uint8Array => new Uint8Array(iconv.encode(texto, "windows-1252"));

const campo = (valor: string) => `"${valor.replaceAll('"', '""')}"`;

/** The CSV text of a list: two preamble lines, the header, `filas` (cells already built), CRLF line ends. */
export function textoLista69b(filas: readonly (readonly string[])[], actualizadaAl = "15 DE OCTUBRE DE 2026"): string {
  const lineas = [
    [`INFORMACIÓN ACTUALIZADA AL ${actualizadaAl}`, ...Array(19).fill("")],
    ["Listado completo de contribuyentes (artículo 69-B del Código Fiscal de la Federación)", ...Array(19).fill("")],
    ENCABEZADO_69B,
    ...filas,
  ];
  return `${lineas.map((l) => l.map(campo).join(",")).join("\r\n")}\r\n\r\n`;
}

/** A list file (Windows-1252 bytes) of these taxpayers, numbered in order. */
export const archivoLista69b = (filas: readonly FilaMuestra69b[]) =>
  windows1252(textoLista69b(filas.map((f, i) => celdas69b(i + 1, f))));

/**
 * The quirky sample: accented names, a name with an embedded newline and doubled quotes, typographic quotes,
 * repeated RFCs with different situations (each resolved by a different part of the rule), suppressed RFCs, the
 * four situations, a situation written in other case with stray spaces.
 * 15 rows: 10 distinct RFCs kept (3 Definitivo, 3 Presunto, 2 Desvirtuado, 2 Sentencia Favorable), 2 suppressed,
 * 3 repeated.
 */
export const MUESTRA_69B: readonly FilaMuestra69b[] = [
  { rfc: "CNA0101019Z1", nombre: "COMERCIALIZADORA ÑANDÚ, S.A. DE C.V.", situacion: "Definitivo" },
  { rfc: "XXXXXXXXXXXX", nombre: "SUPRIMIDO", situacion: "Definitivo" },
  { rfc: "SEA150505AB1", nombre: 'SERVICIOS "EL ÁGUILA"\nY ASOCIADOS, S.C.', situacion: "Presunto" },
  { rfc: "DES160606CD2", nombre: "DISTRIBUIDORA “LA ESPERANZA”, S.A. DE C.V.", situacion: "Desvirtuado" },
  { rfc: "SFA170707EF3", nombre: "CONSTRUCCIONES PEÑÓN, S.A. DE C.V.", situacion: "Sentencia Favorable" },
  // Presunto in 2019, then Desvirtuado a year later: the later word wins (Desvirtuado).
  { rfc: "REP180808GH4", nombre: "TRANSPORTES MÉRIDA, S.A.", situacion: "Presunto", anio: 2019 },
  { rfc: "REP180808GH4", nombre: "TRANSPORTES MÉRIDA, S.A.", situacion: "Desvirtuado", anio: 2019 },
  // Definitivo (2018-2019), then a new presunción in 2023: the definitive publication stands (Definitivo).
  { rfc: "RED190909IJ5", nombre: "ASESORÍA INTEGRAL DEL BAJÍO, S.C.", situacion: "Definitivo", anio: 2018 },
  { rfc: "RED190909IJ5", nombre: "ASESORÍA INTEGRAL DEL BAJÍO, S.C.", situacion: "Presunto", anio: 2023 },
  // Definitivo (2018-2019), then a favourable judgment published later: the judgment wins (Sentencia Favorable).
  { rfc: "RSF200101KL6", nombre: "GRUPO ACUÍCOLA DEL GOLFO, S.A.", situacion: "Definitivo", anio: 2018 },
  { rfc: "RSF200101KL6", nombre: "GRUPO ACUÍCOLA DEL GOLFO, S.A.", situacion: "Sentencia Favorable", anio: 2021 },
  { rfc: "XXXXXXXXXXXX", nombre: "SUPRIMIDO", situacion: "Presunto" },
  { rfc: "MIN210202MN7", nombre: "MINERA SAN JOSÉ", situacion: "  presunto " },
  { rfc: "EKU9003173C9", nombre: "ESCUELA KEMPER URGATE", situacion: "Definitivo" },
  { rfc: "XIQB891116QE4", nombre: "BERENICE XIMO QUEZADA", situacion: "Presunto" },
];
