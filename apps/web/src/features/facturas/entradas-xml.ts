import { addAmounts, type InvoiceData, parseAmount, roundAmount } from "@portal/cfdi";
import { distinctCurrencies, type EntradaFactura, FACTURA_NUEVA_MSG } from "@portal/contracts";
import { formatImporte } from "../../components/documento-compra/documento-compra-logic";
import {
  mismaReferencia,
  mismoPedido,
  type Propuesta,
  proposeEntrada,
  retenidosDelXml,
  sortEntradas,
  totalCoincide,
  type XmlParaPropuesta,
} from "./entrada-opciones";

/**
 * Issue 40 item 4 (decision 064), the XML picked in 'Registro de la facturación' against several goods receipts: the
 * files stay while the chosen receipts still match the XML (same currency, their sum its total), and an XML picked
 * before any receipt proposes the set of open receipts whose sum is its total. Pure: the form reads the XML once.
 */

/** What the form reads of the XML picked: the proposal's data, its currency and its receiver. */
export interface XmlLeido extends XmlParaPropuesta {
  datos: XmlParaPropuesta["datos"] & Pick<InvoiceData, "Moneda" | "RFCReceptor">;
}

/** The one currency of the XML, upper case ('' when it has none). */
const monedaDelXml = (datos: XmlLeido["datos"]): string => distinctCurrencies([datos.Moneda])[0] ?? "";

const sumaDe = (entradas: readonly EntradaFactura[]): string =>
  addAmounts(...entradas.map((e) => parseAmount(e.DocTotal) ?? "0"));

/** At most this many receipts are tried together (the newest first): 2^20 sets at worst, and pruned. */
export const MAX_CANDIDATAS = 20;
/** The search stops after this many steps without an answer (never a frozen form). */
export const MAX_PASOS = 200_000;

interface Candidata {
  entrada: EntradaFactura;
  centavos: number;
}

/** An amount in cents, rounded as spec §5 rounds (half-up to 2 decimals); null when it is not an amount. */
export function centavos(importe: string): number | null {
  const parsed = parseAmount(importe);
  return parsed === null ? null : Number(roundAmount(parsed, 2).replace(".", ""));
}

const importeDeCentavos = (c: number): string => (c / 100).toFixed(2);

/**
 * The amounts a set of receipts must add up to for the XML (in cents): its total, or its total plus its withholdings
 * (spec §5 takes them off the receipts' total). Null when the XML's total is not a positive amount.
 */
function objetivosDel(datos: XmlLeido["datos"]): number[] | null {
  const total = centavos(datos.Total);
  const retenidos = centavos(retenidosDelXml(datos)) ?? 0;
  if (total === null || total <= 0) return null;
  return retenidos > 0 ? [total, total + retenidos] : [total];
}

/** The open receipts in `moneda` whose total is positive and at most `tope` cents, the newest first. */
function candidatasDe(entradas: readonly EntradaFactura[], moneda: string, tope: number): Candidata[] {
  return sortEntradas(entradas).flatMap((entrada): Candidata[] => {
    const c = centavos(entrada.DocTotal);
    const abierta = entrada.DocStatus.trim().toUpperCase() === "O";
    const mismaMoneda = distinctCurrencies([entrada.DocCur])[0] === moneda;
    return abierta && mismaMoneda && c !== null && c > 0 && c <= tope ? [{ entrada, centavos: c }] : [];
  });
}

/**
 * The sets of exactly `k` candidates (sorted by amount, largest first) adding up to one of `objetivos`, the first
 * two found (two mean the choice is ambiguous); `pasos` counts down the search's budget.
 */
function conjuntosDeTamano(
  candidatas: readonly Candidata[],
  k: number,
  objetivos: readonly number[],
  pasos: { restantes: number },
): Candidata[][] {
  const n = candidatas.length;
  const acumulado = [0];
  for (const c of candidatas) acumulado.push((acumulado.at(-1) ?? 0) + c.centavos);
  const sumaEntre = (desde: number, hasta: number) => (acumulado[hasta] ?? 0) - (acumulado[desde] ?? 0);
  const [minimo, maximo] = [Math.min(...objetivos), Math.max(...objetivos)];
  const hallados: Candidata[][] = [];
  const elegidas: Candidata[] = [];
  const search = (desde: number, faltan: number, suma: number): void => {
    pasos.restantes -= 1;
    if (pasos.restantes < 0 || hallados.length >= 2) return;
    if (faltan === 0) {
      if (objetivos.includes(suma)) hallados.push([...elegidas]);
      return;
    }
    // The largest and the smallest `faltan` amounts still available bound what this branch can reach.
    if (n - desde < faltan || suma + sumaEntre(desde, desde + faltan) < minimo) return;
    if (suma + sumaEntre(n - faltan, n) > maximo) return;
    for (let i = desde; i <= n - faltan && hallados.length < 2; i++) {
      const c = candidatas[i] as Candidata;
      elegidas.push(c);
      search(i + 1, faltan - 1, suma + c.centavos);
      elegidas.pop();
    }
  };
  search(0, k, 0);
  return hallados;
}

type Busqueda =
  | { tipo: "ninguno" }
  /** The budget ran out: nothing can be said. */
  | { tipo: "agotado" }
  | { tipo: "unico"; entradas: EntradaFactura[] }
  | { tipo: "ambiguo"; tamano: number };

/**
 * The smallest set (of `desde` receipts or more) of `grupo` adding up to one of `objetivos` (cents); ambiguous when
 * two are as small.
 */
function searchConjunto(grupo: readonly Candidata[], objetivos: readonly number[], desde: number): Busqueda {
  const candidatas = [...grupo].sort((a, b) => b.centavos - a.centavos);
  const pasos = { restantes: MAX_PASOS };
  for (let k = desde; k <= candidatas.length; k++) {
    const [unico, otro] = conjuntosDeTamano(candidatas, k, objetivos, pasos);
    if (pasos.restantes < 0) return { tipo: "agotado" };
    if (otro) return { tipo: "ambiguo", tamano: k };
    if (unico) return { tipo: "unico", entradas: sortEntradas(unico.map((c) => c.entrada)) };
  }
  return { tipo: "ninguno" };
}

/**
 * Why the files picked must go now that the receipts chosen are `elegidas` (issue 40), or null while the XML may
 * still be theirs. The receipts must be in the XML's currency; their sum is the XML's total (with the server's
 * tolerance, totalCoincide), or falls short of it by what some other open receipts of `disponibles` add up to (the
 * supplier is still choosing them). A sum above the total, or a difference no other receipts make up, clears them.
 * Nothing is said when nothing can be compared: no receipt chosen, an XML or receipt without an amount, more than
 * MAX_CANDIDATAS receipts to try, or a search that ran out of steps.
 */
export function reasonToClearArchivos(
  datos: XmlLeido["datos"],
  elegidas: readonly EntradaFactura[],
  disponibles: readonly EntradaFactura[],
): string | null {
  if (elegidas.length === 0) return null;
  const monedaXml = monedaDelXml(datos);
  const monedas = distinctCurrencies(elegidas.map((e) => e.DocCur));
  const [moneda = ""] = monedas;
  if (monedas.length !== 1 || moneda !== monedaXml) {
    return FACTURA_NUEVA_MSG.archivosQuitadosMoneda(datos.Moneda.trim() || "—", monedas.join(", "));
  }
  const suma = sumaDe(elegidas);
  const objetivos = objetivosDel(datos);
  const sumaCentavos = centavos(suma);
  if (totalCoincide(suma, datos) || objetivos === null || sumaCentavos === null) return null;
  const totalXml = formatImporte(datos.Total, monedaXml);
  const faltan = objetivos.map((o) => o - sumaCentavos).filter((d) => d > 0);
  const [diferencia] = faltan;
  if (diferencia === undefined) {
    return FACTURA_NUEVA_MSG.archivosQuitadosTotal(totalXml, elegidas.length, formatImporte(suma, moneda));
  }
  const elegidasIds = new Set(elegidas.map((e) => e.DocEntry));
  const otras = candidatasDe(
    disponibles.filter((e) => !elegidasIds.has(e.DocEntry)),
    moneda,
    Math.max(...faltan),
  );
  if (otras.length > MAX_CANDIDATAS || searchConjunto(otras, faltan, 1).tipo !== "ninguno") return null;
  return FACTURA_NUEVA_MSG.archivosQuitadosIncompleto(
    totalXml,
    elegidas.length,
    formatImporte(suma, moneda),
    formatImporte(importeDeCentavos(diferencia), moneda),
  );
}

/**
 * Issue 40: the set of open receipts in the XML's currency whose sum is the XML's total (or that total plus the XML's
 * withholdings), for an XML picked before any receipt. Receipts whose reference or order the XML names are tried
 * first; then the newest MAX_CANDIDATAS receipts not above the total. The smallest set (of 2 or more) wins; two sets
 * as small propose none but say so (`conjuntos`: the supplier chooses); a search that ran out of steps says nothing.
 */
export function proposeConjunto(xml: XmlLeido, entradas: readonly EntradaFactura[]): Propuesta {
  const objetivos = objetivosDel(xml.datos);
  const moneda = monedaDelXml(xml.datos);
  if (objetivos === null || moneda === "") return { tipo: "ninguna" };
  const validas = candidatasDe(entradas, moneda, Math.max(...objetivos));
  const nombradas = validas.filter((c) => mismaReferencia(c.entrada, xml.datos) || mismoPedido(c.entrada, xml.texto));
  const grupos = nombradas.length >= 2 ? [nombradas, validas] : [validas];
  for (const grupo of grupos) {
    const hallado = searchConjunto(grupo.slice(0, MAX_CANDIDATAS), objetivos, 2);
    if (hallado.tipo === "agotado") return { tipo: "ninguna" };
    if (hallado.tipo === "ambiguo")
      return { tipo: "conjuntos", tamano: hallado.tamano, total: xml.datos.Total, moneda };
    // Cents found it; the exact amounts decide (a receipt of more than 2 decimals may round otherwise).
    if (hallado.tipo === "unico" && totalCoincide(sumaDe(hallado.entradas), xml.datos)) {
      return { tipo: "conjunto", entradas: hallado.entradas, suma: sumaDe(hallado.entradas), moneda };
    }
  }
  return { tipo: "ninguna" };
}

/** The receiver's RFC is the sociedad's (case and spaces aside). */
const mismoRfc = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * What the form proposes for an XML picked before any receipt (issues 23 and 40): nothing when the XML is for another
 * sociedad; among the receipts in the XML's currency, the one receipt whose total matches (proposeEntrada, the
 * reference and order weighing in) first, then the set whose sum matches (proposeConjunto), then the receipt the
 * reference or order alone points at, then the news that several sets as small match (the supplier chooses).
 */
export function proposeEntradas(
  xml: XmlLeido,
  entradas: readonly EntradaFactura[],
  sociedad: { RFC: string } | null,
): Propuesta {
  if (sociedad && !mismoRfc(xml.datos.RFCReceptor, sociedad.RFC)) return { tipo: "ninguna" };
  const moneda = monedaDelXml(xml.datos);
  const delXml = entradas.filter((e) => distinctCurrencies([e.DocCur])[0] === moneda);
  const una = proposeEntrada(xml, delXml);
  if ((una.tipo === "una" || una.tipo === "varias") && una.motivos.includes("total")) return una;
  const conjunto = proposeConjunto(xml, delXml);
  // A receipt the reference or order alone points at says more than 'several sets add up' does.
  if (conjunto.tipo === "conjunto") return conjunto;
  return una.tipo === "ninguna" ? conjunto : una;
}
