/**
 * Cross checks of spec §5 between a CFDI that was read and the portal's records. Pure functions:
 * every failing message is returned (several at once), verbatim from the spec, in the spec's order; the
 * invoice's messages are followed by the values compared (issue 23).
 */
import { MSG } from "@portal/contracts/messages";
import { metodoPagoPorDiasCredito } from "./catalogos";
import type { InvoiceData, InvoiceVariant } from "./invoice";
import { CFDI_MSG } from "./messages";
import { addAmounts, compareAmounts, formatAmount, parseAmount, roundAmount, subtractAmounts } from "./money";
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
    /**
     * Issue 27: the receipts taken together (joinEntradas), each with its total, when the CFDI covers more than
     * one; the total's message then names the sum.
     */
    Sumandos?: { DocNum: number; DocTotal: string }[];
    /**
     * The receipt's currency (DocCur), when the caller gives it. Issue 39: receipts of several currencies are never
     * added — joinEntradas then gives their currencies here and no total, and the total is not compared (the
     * caller's currency refusal says why).
     */
    Moneda?: string;
    Monedas?: string[];
  };
}

/** One goods receipt as the cross checks need it (joinEntradas takes several). */
export type EntradaCheck = Omit<InvoiceCheckContext["entrada"], "Sumandos" | "Monedas"> & { DocNum: number };

/**
 * Several goods receipts invoiced by one CFDI (issue 27), as the one receipt the §5 checks compare with: totals
 * and withholdings added, credit days the largest (PPD if any receipt has credit), and payment form, main use and
 * postal code the receipts' common value (their distinct values joined by ' / ' when they differ, which no CFDI
 * matches, so the message shows them all). One receipt is returned as it is. Issue 39: receipts in several
 * currencies (Moneda) are not added: their currencies are returned (Monedas) with no total nor withholdings.
 */
export function joinEntradas(entradas: readonly EntradaCheck[]): InvoiceCheckContext["entrada"] {
  const [first] = entradas;
  if (!first) throw new Error("joinEntradas needs at least one receipt");
  const { DocNum: _docNum, ...una } = first;
  if (entradas.length === 1) return una;
  const common = (values: (string | undefined)[]) => {
    const distinct = [...new Set(values.map((v) => String(v ?? "").trim()))];
    return distinct.join(" / ");
  };
  const sum = (values: (string | undefined)[]) => safeAdd(...values) ?? "";
  const retenciones = entradas.map((e) => e.RetencionesTotal);
  const monedas = [
    ...new Set(entradas.flatMap((e) => (e.Moneda === undefined ? [] : [e.Moneda.trim().toUpperCase()]))),
  ];
  const variasMonedas = monedas.length > 1;
  return {
    DocTotal: variasMonedas ? "" : sum(entradas.map((e) => e.DocTotal)),
    ...(!variasMonedas && retenciones.every((r) => typeof r === "string" && r.trim() !== "")
      ? { RetencionesTotal: sum(retenciones) }
      : {}),
    PeyMethod: common(entradas.map((e) => e.PeyMethod)),
    U_B1SYS_MainUsage: common(entradas.map((e) => e.U_B1SYS_MainUsage)),
    ...(entradas.every((e) => e.CP === undefined) ? {} : { CP: common(entradas.map((e) => e.CP)) }),
    GroupNum: Math.max(...entradas.map((e) => e.GroupNum)),
    ...(variasMonedas
      ? { Monedas: monedas }
      : {
          ...(monedas[0] === undefined ? {} : { Moneda: monedas[0] }),
          Sumandos: entradas.map((e) => ({ DocNum: e.DocNum, DocTotal: e.DocTotal })),
        }),
  };
}

/** 'suma de las entradas 101 (1,160.00) + 102 (580.00) = 1,740.00', or '' for one receipt. */
function sumDetail(entrada: InvoiceCheckContext["entrada"] | undefined): string {
  const sumandos = entrada?.Sumandos ?? [];
  if (sumandos.length < 2) return "";
  const parts = sumandos.map((s) => `${s.DocNum} (${shownAmount(s.DocTotal)})`).join(" + ");
  return `suma de las entradas ${parts} = ${shownAmount(entrada?.DocTotal)}`;
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

/** One failed cross check: the spec's sentence and the values compared (issue 23). */
export interface InvoiceMismatch {
  /** The spec's §5 sentence, verbatim. */
  mensaje: string;
  /** What the portal's records expected (the receipt's, the sociedad's or the supplier's value). */
  esperado: string;
  /** What the XML carries. */
  encontrado: string;
  /** How a computed value was reached (the total: the receipt's less the withholdings). */
  detalle?: string;
}

/** An amount as the screens show it (2 decimals, thousands commas); anything else as it came. */
function shownAmount(x: string | undefined): string {
  const parsed = parseAmount(String(x ?? ""));
  return parsed === null ? String(x ?? "").trim() : formatAmount(parsed);
}

const isZero = (x: string | undefined) => {
  const parsed = parseAmount(String(x ?? ""));
  return parsed === null || compareAmounts(parsed, "0") === 0;
};

/**
 * Invoice against the supplier, the chosen sociedad and the chosen goods receipt: every failed check with the
 * values compared, in the spec's order.
 *
 * - alta: all nine checks; the receipt total minus the withheld taxes must equal the XML Total.
 * - actualizacion (spec §5): the régimen, both postal-code and the payment-method checks are
 *   omitted, and the receipt total is compared, without subtracting taxes, with the XML Total plus
 *   withholdings plus discount.
 */
export function invoiceMismatches(
  data: InvoiceData,
  ctx: InvoiceCheckContext,
  variant: InvoiceVariant,
): InvoiceMismatch[] {
  const errors: InvoiceMismatch[] = [];
  const push = (mensaje: string, esperado: unknown, encontrado: unknown, detalle?: string) =>
    errors.push({
      mensaje,
      esperado: String(esperado ?? "").trim(),
      encontrado: String(encontrado ?? "").trim(),
      ...(detalle ? { detalle } : {}),
    });
  const { proveedor, sociedad, entrada } = ctx;
  const isAlta = variant !== "actualizacion";
  const withheld = safeAdd(data.TotalImpuestosRetenidos, data.TotalRetencionesLocales);

  if (!sameName(proveedor?.CardName, data.NombreEmisor)) {
    push(MSG.nombreProveedorEntrada, proveedor?.CardName, data.NombreEmisor);
  }
  if (!sameName(sociedad?.NomSociedad, data.NombreReceptor)) {
    push(MSG.nombreReceptorSociedad, sociedad?.NomSociedad, data.NombreReceptor);
  }
  if (isAlta && !sameCode(sociedad?.Regimen, data.Regimen)) {
    push(MSG.regimenReceptorSociedad, sociedad?.Regimen, data.Regimen);
  }
  if (isAlta && !sameCode(sociedad?.CP, data.CPReceptor)) push(MSG.cpReceptorSociedad, sociedad?.CP, data.CPReceptor);

  // Issue 39: receipts of several currencies have no total to compare (nothing adds two currencies).
  const variasMonedas = (entrada?.Monedas?.length ?? 0) > 1;
  if (variasMonedas) {
    // The caller refuses the currencies instead.
  } else if (isAlta) {
    const given = entrada?.RetencionesTotal;
    const retenciones = typeof given === "string" && given.trim() !== "" ? given : withheld;
    const docTotal = parseAmount(String(entrada?.DocTotal ?? ""));
    const retParsed = parseAmount(String(retenciones ?? ""));
    const expected = docTotal !== null && retParsed !== null ? subtractAmounts(docTotal, retParsed) : undefined;
    if (expected === undefined || !sameTotal(expected, data.Total)) {
      const suma = sumDetail(entrada);
      const menos =
        expected === undefined || isZero(retParsed ?? undefined)
          ? ""
          : `menos retenciones ${shownAmount(retParsed ?? undefined)}`;
      push(
        MSG.totalEntrada,
        shownAmount(expected ?? entrada?.DocTotal),
        shownAmount(data.Total),
        suma !== ""
          ? [suma, menos].filter(Boolean).join(" ")
          : menos === ""
            ? undefined
            : `total de la entrada ${shownAmount(entrada?.DocTotal)} ${menos}`,
      );
    }
  } else {
    const xmlTotal = safeAdd(data.Total, withheld, data.Descuento);
    if (xmlTotal === undefined || !sameTotal(entrada?.DocTotal, xmlTotal)) {
      const suma = sumDetail(entrada);
      const mas =
        xmlTotal === undefined || sameTotal(xmlTotal, data.Total)
          ? ""
          : `Total del XML ${shownAmount(data.Total)} más retenciones y descuento`;
      push(
        MSG.totalEntrada,
        shownAmount(entrada?.DocTotal),
        shownAmount(xmlTotal ?? data.Total),
        [suma, mas].filter(Boolean).join("; ") || undefined,
      );
    }
  }

  if (!sameCode(entrada?.PeyMethod, data.FormaPago)) push(MSG.formaPagoEntrada, entrada?.PeyMethod, data.FormaPago);
  if (!sameCode(entrada?.U_B1SYS_MainUsage, data.UsoPrincipal)) {
    push(MSG.usoPrincipalEntrada, entrada?.U_B1SYS_MainUsage, data.UsoPrincipal);
  }
  if (isAlta && entrada?.CP !== undefined && !sameCode(entrada.CP, data.CPEmisor)) {
    push(MSG.cpEmisorSociedad, entrada.CP, data.CPEmisor);
  }
  const metodo = metodoPagoPorDiasCredito(entrada?.GroupNum);
  if (isAlta && data.MetodoPago !== metodo) push(MSG.metodoPagoEntrada, metodo, data.MetodoPago);
  return errors;
}

/**
 * Invoice against the supplier, the chosen sociedad and the chosen goods receipt (invoiceMismatches): every
 * failing message, the spec's sentence verbatim followed by the values compared (issue 23).
 */
export function checkInvoiceAgainst(data: InvoiceData, ctx: InvoiceCheckContext, variant: InvoiceVariant): string[] {
  return invoiceMismatches(data, ctx, variant).map((m) =>
    CFDI_MSG.conValores(m.mensaje, m.esperado, m.encontrado, m.detalle),
  );
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
