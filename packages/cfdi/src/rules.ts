/**
 * Cross checks of spec §5 between a CFDI that was read and the portal's records. Pure functions:
 * every failing message is returned (several at once), verbatim from the spec, in the spec's order.
 */
import { MSG } from "@portal/contracts/messages";
import { metodoPagoPorDiasCredito } from "./catalogos";
import type { InvoiceData, InvoiceVariant } from "./invoice";
import { addAmounts, parseAmount, roundAmount, subtractAmounts } from "./money";
import { normalizeUuid, type PaymentData } from "./payment";

export interface InvoiceCheckContext {
  proveedor: { CardName: string };
  sociedad: { NomSociedad: string; Regimen: string; CP: string };
  entrada: {
    DocTotal: string;
    /**
     * Taxes withheld on this invoice, when the caller knows them. When absent the invoice's own
     * withholdings are used (federal cfdi:Impuestos plus local implocal): the goods receipt total
     * in SAP does not deduct withholdings, the CFDI Total does.
     */
    RetencionesTotal?: string;
    /** Forma de pago (c_FormaPago) of the receipt. */
    PeyMethod: string;
    U_B1SYS_MainUsage: string;
    /** Issuer postal code expected (the receipt's CP); the check is skipped when absent. */
    CP?: string;
    /** Credit days: PPD when above 0, otherwise PUE. */
    GroupNum: number;
  };
}

export interface PaymentCheckContext {
  CardName: string;
  NomSociedad: string;
  DocTotal: string;
  /** UUIDs of the invoices registered in the payment's detail. */
  facturasUUID: string[];
}

/**
 * Names are compared ignoring case and runs of white space (SAP and the CFDI disagree on both);
 * accents and punctuation still count.
 */
function sameName(a: unknown, b: unknown): boolean {
  const norm = (x: unknown) =>
    String(x ?? "")
      .trim()
      .replace(/\s+/g, " ")
      .toUpperCase();
  return norm(a) !== "" && norm(a) === norm(b);
}

/** Codes (forma de pago, uso, régimen, CP) are compared exactly once trimmed. */
function sameCode(a: unknown, b: unknown): boolean {
  const x = String(a ?? "").trim();
  return x !== "" && x === String(b ?? "").trim();
}

/** Spec §5: "Totals are compared after number formatting" — equal once rounded to 2 decimals. */
function sameTotal(a: string | undefined, b: string | undefined): boolean {
  const x = parseAmount(String(a ?? ""));
  const y = parseAmount(String(b ?? ""));
  return x !== null && y !== null && roundAmount(x, 2) === roundAmount(y, 2);
}

/** Sum of amounts, or undefined when one of them is not a decimal (the check then fails, it never throws). */
function safeAdd(...xs: (string | undefined)[]): string | undefined {
  const parsed = xs.map((x) => parseAmount(String(x ?? "0")));
  return parsed.every((x) => x !== null) ? addAmounts(...(parsed as string[])) : undefined;
}

/**
 * Invoice against the supplier, the chosen sociedad and the chosen goods receipt.
 *
 * - alta: all nine checks; the receipt total minus the withheld taxes must equal the XML Total.
 * - actualizacion (spec §5): the régimen, both postal-code and the payment-method checks are
 *   omitted, and the receipt total is compared, without subtracting taxes, with the XML Total plus
 *   withholdings plus discount.
 */
export function checkInvoiceAgainst(data: InvoiceData, ctx: InvoiceCheckContext, variant: InvoiceVariant): string[] {
  const errors: string[] = [];
  const { proveedor, sociedad, entrada } = ctx;
  const isAlta = variant !== "actualizacion";
  const withheld = safeAdd(data.TotalImpuestosRetenidos, data.TotalRetencionesLocales);

  if (!sameName(proveedor?.CardName, data.NombreEmisor)) errors.push(MSG.nombreProveedorEntrada);
  if (!sameName(sociedad?.NomSociedad, data.NombreReceptor)) errors.push(MSG.nombreReceptorSociedad);
  if (isAlta && !sameCode(sociedad?.Regimen, data.Regimen)) errors.push(MSG.regimenReceptorSociedad);
  if (isAlta && !sameCode(sociedad?.CP, data.CPReceptor)) errors.push(MSG.cpReceptorSociedad);

  let totalOk: boolean;
  if (isAlta) {
    const given = entrada?.RetencionesTotal;
    const retenciones = typeof given === "string" && given.trim() !== "" ? given : withheld;
    const docTotal = parseAmount(String(entrada?.DocTotal ?? ""));
    const retParsed = parseAmount(String(retenciones ?? ""));
    totalOk = docTotal !== null && retParsed !== null && sameTotal(subtractAmounts(docTotal, retParsed), data.Total);
  } else {
    const xmlTotal = safeAdd(data.Total, withheld, data.Descuento);
    totalOk = xmlTotal !== undefined && sameTotal(entrada?.DocTotal, xmlTotal);
  }
  if (!totalOk) errors.push(MSG.totalEntrada);

  if (!sameCode(entrada?.PeyMethod, data.FormaPago)) errors.push(MSG.formaPagoEntrada);
  if (!sameCode(entrada?.U_B1SYS_MainUsage, data.UsoPrincipal)) errors.push(MSG.usoPrincipalEntrada);
  if (isAlta && entrada?.CP !== undefined && !sameCode(entrada.CP, data.CPEmisor)) errors.push(MSG.cpEmisorSociedad);
  if (isAlta && data.MetodoPago !== metodoPagoPorDiasCredito(entrada?.GroupNum)) errors.push(MSG.metodoPagoEntrada);
  return errors;
}

/**
 * Payment complement against the payment record: supplier name, sociedad name, total (sum of
 * Monto to 2 decimals), and every related document among the invoices registered in the payment
 * (one message per distinct UUID).
 */
export function checkPaymentAgainst(data: PaymentData, ctx: PaymentCheckContext): string[] {
  const errors: string[] = [];
  if (!sameName(ctx?.CardName, data.NombreEmisor)) errors.push(MSG.nombreProveedorPago);
  if (!sameName(ctx?.NomSociedad, data.NombreReceptor)) errors.push(MSG.nombreSociedadPago);
  if (!sameTotal(ctx?.DocTotal, data.Total)) errors.push(MSG.totalPago);
  const registered = new Set((ctx?.facturasUUID ?? []).map(normalizeUuid));
  const reported = new Set<string>();
  for (const doc of data.Detalle) {
    const uuid = normalizeUuid(doc.UUID);
    if (!registered.has(uuid) && !reported.has(uuid)) {
      reported.add(uuid);
      errors.push(MSG.uuidRelacionadoInexistente(uuid));
    }
  }
  return errors;
}
