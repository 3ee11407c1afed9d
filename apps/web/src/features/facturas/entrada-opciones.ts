import { addAmounts, compareAmounts, type InvoiceData, parseAmount, roundAmount, subtractAmounts } from "@portal/cfdi";
import { distinctCurrencies, ENTRADAS_MONEDA_MSG, type EntradaFactura } from "@portal/contracts";
import { formatImporte } from "../../components/documento-compra/documento-compra-logic";

/**
 * The receipt picker of 'Registro de la facturación' (issue 23): each receipt as 'number · reference · date ·
 * total', newest first, found by any of them (without accents or case, amounts with or without thousands
 * commas); and, when the XML is picked before a receipt, the receipt it matches proposed to the user.
 */

/** What the picker shows for a receipt without a supplier reference (NumAtCard). */
export const SIN_REFERENCIA = "Sin referencia";

/** 'number · reference · date · total': '5120 · SAT-PRUEBA-2025 · 2025-02-18 · 3,327.01 MXN'. */
export function etiquetaEntrada(entrada: EntradaFactura): string {
  const referencia = entrada.NumAtCard.trim() || SIN_REFERENCIA;
  return [entrada.DocNum, referencia, entrada.DocDate, formatImporte(entrada.DocTotal, entrada.DocCur)].join(" · ");
}

/** Newest first (the receipt's date), then the higher number first; the list given is not changed. */
export function sortEntradas(entradas: readonly EntradaFactura[]): EntradaFactura[] {
  return [...entradas].sort(
    (a, b) => b.DocDate.localeCompare(a.DocDate) || b.DocNum - a.DocNum || b.DocEntry - a.DocEntry,
  );
}

/** The value that identifies a receipt in the picker: its DocEntry (issue 37: DocNum repeats across series). */
export const valorEntrada = (entrada: Pick<EntradaFactura, "DocEntry">): string => String(entrada.DocEntry);

/**
 * Issue 39: why a receipt cannot join the ones chosen — another currency than theirs (one CFDI is in one
 * currency) — or null when it can (nothing chosen yet, the same currency, or one of the chosen).
 */
export function blockedReason(entrada: EntradaFactura, elegidas: readonly EntradaFactura[]): string | null {
  if (elegidas.some((e) => e.DocEntry === entrada.DocEntry)) return null;
  const monedas = distinctCurrencies(elegidas.map((e) => e.DocCur));
  const [moneda] = distinctCurrencies([entrada.DocCur]);
  if (monedas.length === 0 || moneda === undefined || monedas.includes(moneda)) return null;
  return ENTRADAS_MONEDA_MSG.entradaEnOtraMoneda(moneda, monedas.join(", "));
}

/** One option of the picker: `motivo` says why it is disabled (issue 39). */
export interface OpcionEntrada {
  value: string;
  label: string;
  disabled?: true;
  motivo?: string;
}

/**
 * The picker's options, in the order shown: the number is shown, the DocEntry identifies (issue 37); issue 39: a
 * receipt in another currency than the chosen ones is disabled, with why.
 */
export const opcionesEntrada = (
  entradas: readonly EntradaFactura[],
  elegidas: readonly EntradaFactura[] = [],
): OpcionEntrada[] =>
  sortEntradas(entradas).map((entrada) => {
    const motivo = blockedReason(entrada, elegidas);
    const opcion = { value: valorEntrada(entrada), label: etiquetaEntrada(entrada) };
    return motivo === null ? opcion : { ...opcion, disabled: true, motivo };
  });

/** Text compared without accents, case or thousands commas between digits ('Válvula 3,327.01' ~ 'valvula 3327.01'). */
export function textoComparable(texto: string): string {
  return texto
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** True when every word of `busqueda` is in `etiqueta` (see textoComparable); an empty search finds everything. */
export function matchesSearch(etiqueta: string, busqueda: string): boolean {
  const texto = textoComparable(etiqueta);
  return textoComparable(busqueda)
    .split(" ")
    .filter((palabra) => palabra !== "")
    .every((palabra) => texto.includes(palabra));
}

/** Why a receipt matches the XML picked: its total, its reference (NumAtCard) or its order. */
export type MotivoPropuesta = "total" | "referencia" | "pedido";

export type Propuesta =
  | { tipo: "ninguna" }
  | { tipo: "una"; entrada: EntradaFactura; motivos: MotivoPropuesta[] }
  /** Several receipts match equally well: none is proposed (the user chooses), these are named. */
  | { tipo: "varias"; entradas: EntradaFactura[]; motivos: MotivoPropuesta[] }
  /** Issue 40: no receipt alone, but these together add up to the XML's total (entradas-xml proposeConjunto). */
  | { tipo: "conjunto"; entradas: EntradaFactura[]; suma: string; moneda: string }
  /** No receipt alone, and two or more sets of `tamano` receipts as small add up to the total: the user chooses. */
  | { tipo: "conjuntos"; tamano: number; total: string; moneda: string };

/** What the proposal reads of the XML: its data and the XML's text (the order may be in an addenda). */
export interface XmlParaPropuesta {
  datos: Pick<InvoiceData, "Total" | "Folio" | "Serie" | "TotalImpuestosRetenidos" | "TotalRetencionesLocales">;
  texto: string;
}

const sinEspacios = (texto: string) => textoComparable(texto).replace(/[\s\-_/.]/g, "");

/** The XML's withholdings, federal and local (what spec §5 takes off the receipts' total). */
export const retenidosDelXml = (datos: XmlParaPropuesta["datos"]): string =>
  addAmounts(...[datos.TotalImpuestosRetenidos, datos.TotalRetencionesLocales].map((x) => parseAmount(x) ?? "0"));

/**
 * The XML's total against a receipts' total (one receipt's, or issue 40 the sum of several), with the server's
 * tolerance (spec §5: equal once both are rounded to 2 decimals): the total less the XML's withholdings (what spec
 * §5 checks; the server takes the receipts' own withholdings when the ERP gives them), or the total as it is.
 */
export function totalCoincide(docTotal: string, datos: XmlParaPropuesta["datos"]): boolean {
  const total = parseAmount(datos.Total);
  const entradas = parseAmount(docTotal);
  if (total === null || entradas === null) return false;
  const igual = (a: string) => compareAmounts(roundAmount(a, 2), roundAmount(total, 2)) === 0;
  return igual(entradas) || igual(subtractAmounts(entradas, retenidosDelXml(datos)));
}

/** The supplier's reference of the receipt is the CFDI's Folio, or its Serie and Folio together. */
export function mismaReferencia(entrada: EntradaFactura, datos: XmlParaPropuesta["datos"]): boolean {
  const referencia = sinEspacios(entrada.NumAtCard);
  if (referencia === "") return false;
  const folio = datos.Folio === "S/F" ? "" : datos.Folio;
  const candidatos = [folio, `${datos.Serie ?? ""}${folio}`].map(sinEspacios).filter((x) => x !== "");
  return candidatos.includes(referencia);
}

/** Attributes where a CFDI (or its addenda) carries the buyer's order number. */
const ATRIBUTO_PEDIDO = /pedido|orden|compra|^oc$|noidentificacion|^folio$/i;

/** The receipt's order number is written in one of the XML's order-like attributes (or is its Folio). */
export function mismoPedido(entrada: EntradaFactura, texto: string): boolean {
  if (entrada.Pedido === null) return false;
  const pedido = String(entrada.Pedido);
  for (const [, nombre = "", valor = ""] of texto.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)) {
    const local = nombre.includes(":") ? nombre.slice(nombre.indexOf(":") + 1) : nombre;
    if (ATRIBUTO_PEDIDO.test(local) && valor.trim().replace(/^0+/, "") === pedido) return true;
  }
  return false;
}

/** Reference weighs most, then total, then order: total and reference together beat any other match. */
const PESO: Record<MotivoPropuesta, number> = { referencia: 4, total: 2, pedido: 1 };

/**
 * The receipt to propose for an XML picked before a receipt (issue 23): the one whose total, reference or order
 * matches, the best match winning (total and reference together first). When the best match is shared by several
 * receipts, none is proposed: they are named and the user chooses.
 */
export function proposeEntrada(xml: XmlParaPropuesta, entradas: readonly EntradaFactura[]): Propuesta {
  const evaluadas = sortEntradas(entradas)
    .map((entrada) => {
      const motivos: MotivoPropuesta[] = [];
      if (totalCoincide(entrada.DocTotal, xml.datos)) motivos.push("total");
      if (mismaReferencia(entrada, xml.datos)) motivos.push("referencia");
      if (mismoPedido(entrada, xml.texto)) motivos.push("pedido");
      return { entrada, motivos, peso: motivos.reduce((suma, motivo) => suma + PESO[motivo], 0) };
    })
    .filter((e) => e.peso > 0);
  const mejor = Math.max(0, ...evaluadas.map((e) => e.peso));
  const empatadas = evaluadas.filter((e) => e.peso === mejor);
  const [primera] = empatadas;
  if (!primera) return { tipo: "ninguna" };
  if (empatadas.length === 1) return { tipo: "una", entrada: primera.entrada, motivos: primera.motivos };
  return { tipo: "varias", entradas: empatadas.map((e) => e.entrada), motivos: primera.motivos };
}

const NOMBRE_MOTIVO: Record<MotivoPropuesta, string> = {
  total: "el total",
  referencia: "la referencia",
  pedido: "el pedido",
};

/** 'el total y la referencia' */
export function motivosEnTexto(motivos: readonly MotivoPropuesta[]): string {
  const nombres = motivos.map((m) => NOMBRE_MOTIVO[m]);
  if (nombres.length <= 1) return nombres.join("");
  return `${nombres.slice(0, -1).join(", ")} y ${nombres.at(-1)}`;
}
