/**
 * Issue 27, "Withholdings checked": the taxes a legal entity must withhold from an individual's invoice, checked
 * against the CFDI's federal withholdings (cfdi:Impuestos/cfdi:Retenciones). Pure: every failing message is
 * returned, naming the expected and the found amounts. Decision 031.
 *
 * - RESICO (issuer régimen 626, an individual: 13-character RFC) invoicing a legal entity (12-character RFC):
 *   ISR withheld at 1.25 % of the subtotal net of discounts (Ley del ISR, art. 113-J). On by default.
 * - Rent (régimen 606) and professional fees (régimen 612 with a concept the sociedad lists as fees) of an
 *   individual to a legal entity: ISR withheld at 10 % of the same base and two thirds of the IVA transferred
 *   (Ley del IVA, art. 1-A; its regulation, art. 3). Off by default: a sociedad turns them on.
 *
 * Each concept's withholding is rounded on its own, so the total may differ from the rate × base by half a cent per
 * concept: that much (at least one cent) is accepted.
 */
import type { InvoiceData } from "./invoice";
import { compareAmounts, formatAmount, multiplyAmounts, roundAmount, subtractAmounts } from "./money";

/** Which withholding rules a sociedad applies to the invoices it receives. */
export interface WithholdingRules {
  resico: boolean;
  arrendamiento: boolean;
  honorarios: boolean;
}

/** The rules as the issue sets them by default: RESICO on, rent and fees off. */
export const DEFAULT_WITHHOLDING_RULES: WithholdingRules = { resico: true, arrendamiento: false, honorarios: false };

export const WITHHOLDING_MSG = {
  isr: (regla: string, esperado: string, base: string, tasa: string, encontrado: string) =>
    `${regla}: el CFDI debe retener ISR por ${esperado} (${tasa} de ${base}) y retiene ${encontrado}.`,
  iva: (regla: string, esperado: string, trasladado: string, encontrado: string) =>
    `${regla}: el CFDI debe retener IVA por ${esperado} (dos terceras partes de ${trasladado} trasladado) y retiene ${encontrado}.`,
} as const;

/** The withholding data the rules read; `InvoiceData` has all of it. */
export type WithholdingInvoice = Pick<
  InvoiceData,
  | "RFCEmisor"
  | "RegimenFiscalEmisor"
  | "RFCReceptor"
  | "SubTotal"
  | "Descuento"
  | "RetenidoISR"
  | "RetenidoIVA"
  | "TrasladadoIVA"
  | "Conceptos"
>;

const isIndividual = (rfc: string) => rfc.trim().length === 13;
const isLegalEntity = (rfc: string) => rfc.trim().length === 12;

/** Whether `found` is `expected` within half a cent per concept (at least one cent). */
function withinRounding(expected: string, found: string, conceptos: number): boolean {
  const tolerance = multiplyAmounts("0.005", String(Math.max(2, conceptos)));
  const difference = subtractAmounts(expected, found);
  const absolute = difference.startsWith("-") ? difference.slice(1) : difference;
  return compareAmounts(absolute, tolerance) <= 0;
}

/**
 * The withholdings the rules in force require of this invoice and are missing or wrong. `feeConcept` tells
 * whether the invoice holds a concept the sociedad lists as professional fees (for régimen 612).
 */
export function checkWithholdings(invoice: WithholdingInvoice, rules: WithholdingRules, feeConcept = false): string[] {
  if (!isIndividual(invoice.RFCEmisor) || !isLegalEntity(invoice.RFCReceptor)) return [];
  const base = subtractAmounts(invoice.SubTotal ?? "0", invoice.Descuento || "0");
  const messages: string[] = [];
  const checkIsr = (regla: string, rate: string, label: string) => {
    const expected = roundAmount(multiplyAmounts(base, rate), 2);
    if (!withinRounding(expected, invoice.RetenidoISR, invoice.Conceptos)) {
      messages.push(
        WITHHOLDING_MSG.isr(
          regla,
          formatAmount(expected),
          formatAmount(base),
          label,
          formatAmount(invoice.RetenidoISR),
        ),
      );
    }
  };
  const checkIva = (regla: string) => {
    // Two thirds of the IVA transferred: 10.6667 % of the base at the 16 % rate.
    const expected = roundAmount(multiplyAmounts(invoice.TrasladadoIVA, "0.666666666667"), 2);
    if (!withinRounding(expected, invoice.RetenidoIVA, invoice.Conceptos)) {
      messages.push(
        WITHHOLDING_MSG.iva(
          regla,
          formatAmount(expected),
          formatAmount(invoice.TrasladadoIVA),
          formatAmount(invoice.RetenidoIVA),
        ),
      );
    }
  };
  const regimen = invoice.RegimenFiscalEmisor;
  if (regimen === "626" && rules.resico) checkIsr("Régimen Simplificado de Confianza", "0.0125", "1.25 %");
  const rent = regimen === "606" && rules.arrendamiento;
  const fees = regimen === "612" && rules.honorarios && feeConcept;
  if (rent || fees) {
    const regla = rent ? "Arrendamiento de persona física" : "Honorarios de persona física";
    checkIsr(regla, "0.10", "10 %");
    checkIva(regla);
  }
  return messages;
}
