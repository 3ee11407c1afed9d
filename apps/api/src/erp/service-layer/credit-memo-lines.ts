// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { ErpRechazoError } from "../types";
import { type ServiceLayerClient, ServiceLayerError } from "./client";
import { type CompanyCurrency, inDocumentCurrency } from "./currency";

/**
 * The lines of an A/P credit memo (decision 049, fidelity finding F5). What the portal credits an invoice (`importe`,
 * the credit note's amount, VAT included) becomes lines copied from the invoice's open lines (BaseType 18, BaseEntry,
 * BaseLine) with a NET `LineTotal` — SDK `Document_Lines~LineTotal`: "the total amount (not including tax) per row";
 * SAP adds the VAT of the copied tax code on top — and the share of the line's open quantity the amount stands for,
 * so that a second credit note finds the rest of the line still open. "Without Qty Posting"
 * (`WithoutInventoryMovement`): a credit note is a price credit; goods going back are the warehouse's A/P return.
 */

export interface SlInvoiceLine {
  LineNum: number;
  LineStatus?: string | null;
  Quantity?: number | null;
  RemainingOpenQuantity?: number | null;
  LineTotal?: number | null;
  TaxTotal?: number | null;
}

export interface SlInvoiceForCredit {
  DocEntry: number;
  DocNum: number;
  DocumentStatus?: string | null;
  Cancelled?: string | null;
  DocCurrency?: string | null;
  DocumentLines?: SlInvoiceLine[] | null;
}

export interface CreditMemoLine {
  BaseType: 18;
  BaseEntry: number;
  BaseLine: number;
  Quantity: number;
  LineTotal: number;
  WithoutInventoryMovement: "tYES";
}

const cents = (v: number | null | undefined) => Math.round(Number(v ?? 0) * 100);
const money = (c: number) => (c / 100).toFixed(2);
/** SAP's VAT of a net amount at the line's rate (its TaxTotal over its LineTotal), rounded per row. */
const vatOf = (net: number, tax: number, lineNet: number) => (lineNet === 0 ? 0 : Math.round((net * tax) / lineNet));

/** The net amount whose net + VAT comes closest to `gross` (exact when the cents allow it), at most `max`. */
function netFor(gross: number, tax: number, lineNet: number, max: number): number {
  const guess = lineNet + tax === 0 ? gross : Math.round((gross * lineNet) / (lineNet + tax));
  let best = Math.min(guess, max);
  for (let n = Math.max(0, guess - 2); n <= Math.min(guess + 2, max); n++) {
    const off = Math.abs(n + vatOf(n, tax, lineNet) - gross);
    if (off < Math.abs(best + vatOf(best, tax, lineNet) - gross)) best = n;
  }
  return best;
}

/**
 * Splits `importe` (cents, VAT included) over the invoice's open lines in LineNum order. Throws ErpRechazoError
 * when the invoice is cancelled, closed, or its open lines cannot take the whole amount.
 */
export function splitCredit(invoice: SlInvoiceForCredit, importe: number): CreditMemoLine[] {
  if (invoice.Cancelled === "tYES") {
    throw new ErpRechazoError(`La factura de proveedor ${invoice.DocNum} está cancelada en el ERP.`);
  }
  if (invoice.DocumentStatus === "bost_Close") {
    throw new ErpRechazoError(
      `La factura de proveedor ${invoice.DocNum} está cerrada (pagada o acreditada) en el ERP.`,
    );
  }
  const lines: CreditMemoLine[] = [];
  let left = importe;
  for (const l of [...(invoice.DocumentLines ?? [])].sort((a, b) => a.LineNum - b.LineNum)) {
    const quantity = Number(l.Quantity ?? 0);
    const open = Number(l.RemainingOpenQuantity ?? 0);
    if (left <= 0) break;
    if (l.LineStatus === "bost_Close" || !(open > 0) || !(quantity > 0)) continue;
    const lineNet = cents(l.LineTotal);
    const tax = cents(l.TaxTotal);
    const openNet = Math.round((lineNet * open) / quantity);
    const openGross = openNet + vatOf(openNet, tax, lineNet);
    if (openNet <= 0) continue;
    const whole = left >= openGross;
    const net = whole ? openNet : netFor(left, tax, lineNet, openNet);
    if (net <= 0) continue;
    const share = whole ? open : Math.min(open, Math.round(((open * net) / openNet) * 1e6) / 1e6);
    lines.push({
      BaseType: 18,
      BaseEntry: invoice.DocEntry,
      BaseLine: l.LineNum,
      Quantity: share,
      LineTotal: net / 100,
      WithoutInventoryMovement: "tYES",
    });
    left -= net + vatOf(net, tax, lineNet);
  }
  // One cent per line either way is SAP's per-row VAT rounding; more is an amount the invoice no longer has open.
  if (left > lines.length) {
    throw new ErpRechazoError(
      `La factura de proveedor ${invoice.DocNum} no tiene abierto en el ERP lo que la nota acredita: faltan ${money(left)}.`,
    );
  }
  return lines;
}

/**
 * Reads each credited A/P invoice and builds the memo's lines (one or more per invoice), in the invoice's currency:
 * a foreign-currency invoice's lines are read from their FC twins (`RowTotalFC`, `NetTaxAmountFC`; F1).
 */
export async function creditMemoLines(
  client: ServiceLayerClient,
  bd: string,
  facturas: readonly { docEntry: number; importe: string }[],
  cc: CompanyCurrency,
): Promise<CreditMemoLine[]> {
  const out: CreditMemoLine[] = [];
  for (const f of facturas) {
    let invoice: SlInvoiceForCredit;
    try {
      invoice = await client.get<SlInvoiceForCredit>(
        bd,
        `PurchaseInvoices(${f.docEntry})?$select=DocEntry,DocNum,DocumentStatus,Cancelled,DocCurrency,DocumentLines`,
      );
    } catch (error) {
      if (error instanceof ServiceLayerError && error.status === 404) {
        throw new ErpRechazoError(`La factura de proveedor ${f.docEntry} no existe en la base de datos ${bd} del ERP.`);
      }
      throw error;
    }
    const inOwnCurrency = inDocumentCurrency(invoice as Parameters<typeof inDocumentCurrency>[0], cc);
    out.push(...splitCredit(inOwnCurrency as SlInvoiceForCredit, cents(Number(f.importe))));
  }
  return out;
}

/** What a memo took off each invoice, from its lines: net LineTotal plus TaxTotal, per base A/P invoice. */
export function creditedPerInvoice(
  lines: readonly {
    BaseType?: number | null;
    BaseEntry?: number | null;
    LineTotal?: number | null;
    TaxTotal?: number | null;
  }[],
): { docEntry: number; cents: number }[] {
  const per = new Map<number, number>();
  for (const l of lines) {
    if (l.BaseType !== 18 || typeof l.BaseEntry !== "number") continue;
    per.set(l.BaseEntry, (per.get(l.BaseEntry) ?? 0) + cents(l.LineTotal) + cents(l.TaxTotal));
  }
  return [...per].map(([docEntry, c]) => ({ docEntry, cents: c }));
}
