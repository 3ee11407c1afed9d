import type { ConceptoLeido } from "@portal/cfdi";
import { type EntradaFactura, FACTURA_PARTES_MSG, type LineaFactura, type LineaPorFacturar } from "@portal/contracts";
import { totalCoincide, type XmlParaPropuesta } from "./entrada-opciones";

/**
 * Issue 42 part 3 (decision 074): a goods receipt billed in part in 'Registro de la facturación' — the quantities
 * the supplier bills of each line, proposed from the CFDI's concepts when they name the receipt's lines, the part's
 * total as the server computes it, and the lines postFactura sends. Pure.
 */

/** The quantity to bill of each line, by `claveLinea` ('' or '0': not billed). */
export type Cantidades = Readonly<Record<string, string>>;

export const claveLinea = (docEntry: number, lineNum: number) => `${docEntry}|${lineNum}`;

const cents = (v: string | number) => Math.round(Number(v) * 100);
const money = (c: number) => (c / 100).toFixed(2);
/** Names compared without accents, case or repeated blanks. */
const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .replace(/\s+/g, " ")
    .toUpperCase();

/** A base document's line as a proposal matches it: its key (`claveLinea`) and what is left of it. */
export interface LineaDe {
  clave: string;
  linea: LineaPorFacturar;
}

/** The concept's line: same item code, else same name, else the one line with its unit price. */
function lineaDelConcepto(concepto: ConceptoLeido, libres: readonly LineaDe[]): LineaDe | undefined {
  const codigo = fold(concepto.noIdentificacion);
  const porCodigo = codigo ? libres.find((x) => fold(x.linea.ItemCode) === codigo) : undefined;
  if (porCodigo) return porCodigo;
  const nombre = fold(concepto.descripcion);
  const porNombre = nombre ? libres.find((x) => fold(x.linea.ItemName) === nombre) : undefined;
  if (porNombre) return porNombre;
  const precio = cents(concepto.valorUnitario);
  const porPrecio = libres.filter(
    (x) => Number(x.linea.Quantity) > 0 && cents(Number(x.linea.LineTotal) / Number(x.linea.Quantity)) === precio,
  );
  return porPrecio.length === 1 ? porPrecio[0] : undefined;
}

/**
 * The quantities the CFDI's concepts bill of `lineas` (a receipt's or, issue 42 part 2, an order's service lines),
 * each concept one line (by item code, name, or unit price) at its quantity, never above what is left to bill; null
 * when some concept names no line.
 */
export function proposeEnLineas(conceptos: readonly ConceptoLeido[], lineas: readonly LineaDe[]): Cantidades | null {
  const abiertas = lineas.filter((x) => Number(x.linea.PorFacturar) > 0);
  const usadas = new Set<string>();
  const cantidades: Record<string, string> = {};
  for (const concepto of conceptos) {
    const hallada = lineaDelConcepto(
      concepto,
      abiertas.filter((x) => !usadas.has(x.clave)),
    );
    const cantidad = Number(concepto.cantidad);
    if (!hallada || !(cantidad > 0) || cantidad > Number(hallada.linea.PorFacturar) + 1e-9) return null;
    usadas.add(hallada.clave);
    cantidades[hallada.clave] = String(cantidad);
  }
  return Object.keys(cantidades).length > 0 ? cantidades : null;
}

/** The quantities the CFDI's concepts bill of the chosen receipts' lines (proposeEnLineas). */
export const proposeCantidades = (
  conceptos: readonly ConceptoLeido[],
  elegidas: readonly EntradaFactura[],
): Cantidades | null =>
  proposeEnLineas(
    conceptos,
    elegidas.flatMap((e) => (e.Lineas ?? []).map((linea) => ({ clave: claveLinea(e.DocEntry, linea.LineNum), linea }))),
  );

/** Every line's quantity left to bill (what the form starts from without a proposal). */
export const todoLoQueQueda = (elegidas: readonly EntradaFactura[]): Cantidades =>
  Object.fromEntries(
    elegidas.flatMap((e) => (e.Lineas ?? []).map((l) => [claveLinea(e.DocEntry, l.LineNum), l.PorFacturar])),
  );

const cantidadDe = (cantidades: Cantidades, e: EntradaFactura, l: LineaPorFacturar) =>
  Number(cantidades[claveLinea(e.DocEntry, l.LineNum)] ?? 0) || 0;

/** The receipt as its chosen part: its total in proportion to the chosen lines' amounts (the server's rule). */
export function parteDeEntrada(entrada: EntradaFactura, cantidades: Cantidades): EntradaFactura {
  const lineas = entrada.Lineas ?? [];
  const net = lineas.reduce(
    (s, l) =>
      Number(l.Quantity) > 0
        ? s + Math.round((cents(l.LineTotal) * cantidadDe(cantidades, entrada, l)) / Number(l.Quantity))
        : s,
    0,
  );
  const whole = lineas.reduce((s, l) => s + cents(l.LineTotal), 0);
  const share = whole > 0 ? net / whole : 0;
  return { ...entrada, DocTotal: money(Math.round(cents(entrada.DocTotal) * share)) };
}

/** The chosen parts' total, as one amount. */
export const totalDeLaParte = (elegidas: readonly EntradaFactura[], cantidades: Cantidades): string =>
  money(elegidas.reduce((s, e) => s + cents(parteDeEntrada(e, cantidades).DocTotal), 0));

/** Whether the chosen parts add up to the XML's total (with or without its withholdings). */
export const parteCoincide = (
  elegidas: readonly EntradaFactura[],
  cantidades: Cantidades,
  datos: XmlParaPropuesta["datos"],
): boolean => totalCoincide(totalDeLaParte(elegidas, cantidades), datos);

/** The lines postFactura sends: every line with a quantity above 0. */
export const lineasDelEnvio = (elegidas: readonly EntradaFactura[], cantidades: Cantidades): LineaFactura[] =>
  elegidas.flatMap((e) =>
    (e.Lineas ?? []).flatMap((l) => {
      const cantidad = cantidadDe(cantidades, e, l);
      return cantidad > 0 ? [{ EntradaDocEntry: e.DocEntry, LineNum: l.LineNum, Cantidad: String(cantidad) }] : [];
    }),
  );

/** The browser's refusals of the quantities: none chosen, or one above what is left of its line. */
export function checkCantidades(elegidas: readonly EntradaFactura[], cantidades: Cantidades): string[] {
  const errores: string[] = [];
  for (const e of elegidas) {
    for (const l of e.Lineas ?? []) {
      const texto = (cantidades[claveLinea(e.DocEntry, l.LineNum)] ?? "").trim();
      const cantidad = Number(texto || 0);
      if (Number.isNaN(cantidad) || cantidad < 0) {
        errores.push(FACTURA_PARTES_MSG.cantidadInvalida(e.DocNum, l.LineNum));
      } else if (cantidad > Number(l.PorFacturar) + 1e-9) {
        errores.push(FACTURA_PARTES_MSG.cantidadExcedeAbierta(e.DocNum, l.LineNum, texto, l.PorFacturar));
      }
    }
  }
  if (errores.length === 0 && lineasDelEnvio(elegidas, cantidades).length === 0) {
    errores.push(FACTURA_PARTES_MSG.sinCantidades);
  }
  return errores;
}

/** The lines of a test CFDI for the part (issue 42): the lines to send, or none while a quantity is refused. */
export const lineasDeLaParte = (elegidas: readonly EntradaFactura[], cantidades: Cantidades): LineaFactura[] =>
  checkCantidades(elegidas, cantidades).length > 0 ? [] : lineasDelEnvio(elegidas, cantidades);
