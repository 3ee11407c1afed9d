import { addAmounts, formatAmount, metodoPagoPorDiasCredito, parseAmount, subtractAmounts } from "@portal/cfdi";
import type { documentoCompraBaseSchema } from "@portal/contracts";
import type { z } from "zod";

/**
 * Pure rules shared by purchase orders and goods receipts (spec §2 Orders / Goods receipts, §3 Order):
 * both are the same ERP "documento de compra" header with lines. Amounts and quantities are decimal
 * strings end to end; every figure shown here is computed with @portal/cfdi's exact decimal helpers.
 */

export type DocumentoCompra = z.infer<typeof documentoCompraBaseSchema>;

/** What both line shapes (DetallePedido, DetalleEntradaMercancia) have in common. */
export interface PartidaBase {
  Fila: number;
  ItemCode: string;
  ItemName: string;
  FrgnName: string;
  LineStatus: string;
  UomCode: string;
  Quantity: string;
  PriceBefDi: string;
  DiscPrcnt: string;
  LineTotal: string;
}

/** SAP DocStatus / LineStatus 'O' = open (spec §9 "open receipt flag O"); anything else reads closed. */
export const ESTATUS_ABIERTO = "O";

/** Header status as the portal writes it (spec §2 'Datos de la entrada': Abierto if O, else Cerrado). */
export const estatusDocumentoLabel = (docStatus: string): "Abierto" | "Cerrado" =>
  docStatus === ESTATUS_ABIERTO ? "Abierto" : "Cerrado";

/** Line status (a 'partida' is feminine in Spanish). */
export const estatusPartidaLabel = (lineStatus: string): "Abierta" | "Cerrada" =>
  lineStatus === ESTATUS_ABIERTO ? "Abierta" : "Cerrada";

/** Spec §3, §9: the payment method is PPD when the credit days (GroupNum) are above 0, otherwise PUE. */
export const metodoPagoDe = (documento: Pick<DocumentoCompra, "GroupNum">): "PPD" | "PUE" =>
  metodoPagoPorDiasCredito(documento.GroupNum);

/** Spec §9: 2 decimals and thousands commas, followed by the document's currency ("47,820.76 MXN"). */
export function formatImporte(amount: string, currency: string): string {
  const formatted = formatAmount(amount);
  return currency ? `${formatted} ${currency}` : formatted;
}

/**
 * A quantity or percentage as written, with thousands commas and without meaningless trailing zeros:
 * "1200" → "1,200", "7.50" → "7.5", "3.000" → "3". Not rounded: a quantity of 0.125 kg is 0.125 kg.
 * Text that is not a decimal is shown as it came.
 */
export function formatCantidad(value: string): string {
  const canonical = parseAmount(value);
  if (canonical === null) return value;
  const negative = canonical.startsWith("-");
  const [intPart = "0", fracPart = ""] = (negative ? canonical.slice(1) : canonical).split(".");
  const fraction = fracPart.replace(/0+$/, "");
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}${fraction ? `.${fraction}` : ""}`;
}

/**
 * An amount with as many decimals as it carries, at least 2, with thousands commas and its currency: the complement's
 * BaseP and ImporteP may hold 6 decimals that the issuer must copy exactly ("4310.340000" → "4,310.34 MXN",
 * "4310.345678" → "4,310.345678 MXN"; issue 40: they were shown raw). Text that is not a decimal is shown as it came.
 */
export function formatImporteExacto(amount: string, currency: string): string {
  const canonical = parseAmount(amount);
  if (canonical === null) return amount;
  const [whole = "0", fraction = ""] = canonical.split(".");
  const kept = fraction.replace(/0+$/, "").padEnd(2, "0");
  const formatted = `${formatCantidad(whole)}.${kept}`;
  return currency ? `${formatted} ${currency}` : formatted;
}

/** "10" → "10 %", "12.50" → "12.5 %". */
export const formatPorcentaje = (value: string): string => `${formatCantidad(value)} %`;

export interface TotalesDocumento {
  /** Before the header discount and taxes. */
  subtotal: string;
  descuentoPorcentaje: string;
  descuento: string;
  impuestos: string;
  total: string;
}

/**
 * The footer of a document (spec §2: Subtotal, Descuento %, Impuestos and Total), exact. SAP's DocTotal is
 * subtotal − discount + taxes, so the subtotal is derived from the header (DocTotal − VatSum + DiscSum):
 * the four figures always add up to the ERP's own total, even if the lines were cut.
 */
export function totalesDocumento(
  documento: Pick<DocumentoCompra, "DocTotal" | "VatSum" | "DiscSum" | "DiscPrcnt">,
): TotalesDocumento {
  return {
    subtotal: addAmounts(subtractAmounts(documento.DocTotal, documento.VatSum), documento.DiscSum),
    descuentoPorcentaje: documento.DiscPrcnt,
    descuento: documento.DiscSum,
    impuestos: documento.VatSum,
    total: documento.DocTotal,
  };
}

/**
 * Sort key of an amount. Converting a decimal string to a double is monotonic, so the order is exact for
 * any realistic amount; the number is only compared, never shown or added (those use the decimal helpers).
 */
export const amountSortKey = (amount: string): number => Number(amount);

/** One-based row lookup of a loaded list (the list kit owns it; re-exported for the document screens). */
export { findByFila } from "../../lib/list-query";

/** Name a downloaded PDF gets when the server does not announce one ("Pedido-1100.pdf"). */
export const pdfName = (title: string, docNum: number): string => `${title}-${docNum}.pdf`;
