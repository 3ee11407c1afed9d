import {
  addAmounts,
  compareAmounts,
  type MovimientoSaldo,
  roundAmount,
  type SaldoFactura,
  saldoFactura,
  saldoParaNota,
  subtractAmounts,
} from "@portal/cfdi";
import { NOTA_CREDITO_MSG } from "@portal/contracts";
import type { ErpAdapter, ErpFacturaProveedor } from "../../erp/types";
import type { CompromisoNota, FacturaAcreditable } from "./repository";

/**
 * What is left of an invoice for credit notes, as the ERP knows it (issue 36, decision 039): the A/P invoice's
 * DocTotal less its PaidToDate — SAP's PaidToDate counts the vendor payments AND the credit memos based on it
 * (decision 034) — less the portal's credit notes the ERP has not applied yet: the Pendiente ones (they reserve
 * their amount) and the Aceptada ones whose memo the ERP does not have. A note whose memo the ERP applied is in
 * PaidToDate already and is not counted twice.
 *
 * The ERP is read once, outside any transaction (the Service Layer is a network away); the caller then locks the
 * invoices and re-reads the portal's notes inside its transaction and decides with `checkFactura`/`saldoDe` over
 * that one reading. A note whose memo the ERP applied after the reading counts as not applied: the figure can only
 * be lower than the truth, never higher.
 *
 * Issue 39 (decision 058): the invoice's ledger in date order (@portal/cfdi saldoFactura) — the ERP's payments to it
 * by their dates, the portal's notes by their CFDI dates — gives the balance at a note's date; a note must fit the
 * balance at its date AND today (the smaller of the ledger's and the ERP's open balance).
 */

const money = (v: string) => roundAmount(v, 2);
const sum = (values: readonly string[]) => money(addAmounts("0", ...values));

/** One reading of the ERP for a set of invoices. */
export interface LecturaErp {
  /** By portal invoice id: its A/P invoice as the ERP has it now; absent when the ERP has none yet (or unread). */
  facturas: Map<number, ErpFacturaProveedor>;
  /** The accepted credit notes whose A/P credit memo the ERP has (applied to its invoices' PaidToDate). */
  aplicadas: Set<number>;
  /** False when the ERP could not be reached: the portal's last-known figures stood in (registration only). */
  disponible: boolean;
  /** By portal invoice id: the ERP's non-cancelled payments applied to it (issue 39), oldest first. */
  pagos: Map<number, PagoDeFactura[]>;
}

/** One ERP payment applied to an invoice: its number, date and what it applied (the invoice's currency). */
export interface PagoDeFactura {
  docNum: number;
  fecha: string;
  importe: string;
}

/** The ERP's payments to the A/P invoices read, by portal invoice id (one call per company database). */
async function readPagos(
  erp: ErpAdapter,
  leidas: readonly (readonly [number, ErpFacturaProveedor | null])[],
): Promise<Map<number, PagoDeFactura[]>> {
  const porBd = new Map<string, { id: number; docEntry: number }[]>();
  for (const [id, ap] of leidas) if (ap) porBd.set(ap.bd, [...(porBd.get(ap.bd) ?? []), { id, docEntry: ap.docEntry }]);
  const out = new Map<number, PagoDeFactura[]>();
  for (const [bd, aps] of porBd) {
    const aplicaciones = await erp.listAplicaciones(
      bd,
      aps.map((a) => a.docEntry),
    );
    for (const { id, docEntry } of aps) {
      out.set(
        id,
        aplicaciones
          .filter((a) => a.facturaDocEntry === docEntry && a.canceled === "N")
          .map((a) => ({ docNum: a.pagoDocNum, fecha: a.docDate, importe: money(a.sumApplied) })),
      );
    }
  }
  return out;
}

/** The notes the portal recorded a memo for: the ERP answered that it created them. */
const registradas = (compromisos: readonly CompromisoNota[]) =>
  new Set(compromisos.filter((c) => c.estatus === "A" && c.erpDocEntry !== null).map((c) => c.notaCreditoId));

/**
 * Reads, through the adapter, each invoice's A/P invoice (when the portal knows it has one, or it takes one over)
 * and the memos of the accepted notes the portal has not recorded yet (a memo job whose answer was lost). The memos
 * are read before the invoices, so an invoice read after a memo was found already counts it. Throws what the ERP
 * throws.
 */
export async function readErp(
  erp: ErpAdapter,
  facturas: readonly FacturaAcreditable[],
  compromisos: readonly CompromisoNota[],
): Promise<LecturaErp> {
  const aplicadas = registradas(compromisos);
  const bdDe = new Map(facturas.map((f) => [f.id, f.bd]));
  const sinRegistrar = [
    ...new Map(
      compromisos
        .filter((c) => c.estatus === "A" && c.erpDocEntry === null)
        .map((c) => [c.notaCreditoId, bdDe.get(c.facturaId) ?? ""]),
    ),
  ];
  const memos = await Promise.all(
    sinRegistrar.map(async ([id, bd]) => ({ id, memo: await erp.findNotaCreditoProveedor(bd, id) })),
  );
  for (const { id, memo } of memos) if (memo && memo.canceled !== "Y") aplicadas.add(id);
  const leidas = await Promise.all(
    facturas
      // Without a recorded A/P invoice its creation job is pending: nothing was paid or credited in the ERP yet. A
      // replacement's A/P invoice carries the replaced invoice's portal id until its takeover job re-points it.
      .filter((f) => f.erpDocEntry !== null || f.sustituyeAId !== null)
      .map(async (f) => {
        const propia = await erp.findFacturaProveedor(f.bd, f.id);
        const ap = propia ?? (f.sustituyeAId === null ? null : await erp.findFacturaProveedor(f.bd, f.sustituyeAId));
        return [f.id, ap] as const;
      }),
  );
  const porFactura = new Map<number, ErpFacturaProveedor>();
  for (const [id, ap] of leidas) if (ap) porFactura.set(id, ap);
  return { facturas: porFactura, aplicadas, disponible: true, pagos: await readPagos(erp, leidas) };
}

/** The reading when the ERP could not be reached: the portal's last-known figures (registration only). */
export const withoutErp = (compromisos: readonly CompromisoNota[]): LecturaErp => ({
  facturas: new Map(),
  aplicadas: registradas(compromisos),
  disponible: false,
  pagos: new Map(),
});

/** An invoice's figures: its total, what the ERP counts paid (payments and applied memos), and whether cancelled. */
function cifras(f: FacturaAcreditable, lectura: LecturaErp, compromisos: readonly CompromisoNota[]) {
  const ap = lectura.facturas.get(f.id);
  if (ap) return { total: money(ap.docTotal), pagado: money(ap.paidToDate), cancelada: ap.canceled === "Y" };
  // No A/P invoice read (none yet, or the ERP unreachable): the portal's total, and the larger of what the last
  // sync read as paid and the memos the portal knows were applied (each a lower bound of what the ERP counts).
  const aplicado = sum(
    compromisos
      .filter((c) => c.facturaId === f.id && c.estatus === "A" && lectura.aplicadas.has(c.notaCreditoId))
      .map((c) => c.importe),
  );
  const pagado = compareAmounts(f.erpPagado, aplicado) >= 0 ? money(f.erpPagado) : aplicado;
  return { total: money(f.total), pagado, cancelada: f.erpCancelada };
}

/**
 * Why no credit note may credit this invoice, or null: taken over by its replacement (decision 036), cancelled at
 * the SAT, cancelled in the ERP, or paid in full in the ERP (one sentence each, NOTA_CREDITO_MSG).
 */
export function checkFactura(
  f: FacturaAcreditable,
  lectura: LecturaErp,
  compromisos: readonly CompromisoNota[],
): string | null {
  if (f.sustituidaPor) return NOTA_CREDITO_MSG.facturaSustituida(f.folio, f.sustituidaPor.folio, f.sustituidaPor.uuid);
  if (f.canceladaSat) return NOTA_CREDITO_MSG.facturaCanceladaSat(f.folio);
  const { total, pagado, cancelada } = cifras(f, lectura, compromisos);
  if (cancelada)
    return NOTA_CREDITO_MSG.facturaCanceladaErp(f.folio, lectura.facturas.get(f.id)?.docNum ?? f.erpDocNum);
  if (compareAmounts(pagado, total) >= 0) {
    // Issue 39: the payments that paid it, by number, date and amount, when the ERP told them.
    const pagos = lectura.pagos.get(f.id) ?? [];
    return pagos.length > 0
      ? NOTA_CREDITO_MSG.facturaPagadaConPagos(f.folio, `${total} ${f.moneda}`, pagos, f.moneda)
      : NOTA_CREDITO_MSG.facturaPagada(f.folio, `${pagado} ${f.moneda}`, `${total} ${f.moneda}`);
  }
  return null;
}

/**
 * The invoice's ledger (decision 058): its total, the ERP's payments by date and the portal's credit notes Pendiente
 * and Aceptada by their CFDI date, leaving out note `except`.
 */
export function ledgerDe(
  f: FacturaAcreditable,
  lectura: LecturaErp,
  compromisos: readonly CompromisoNota[],
  except?: number,
): SaldoFactura {
  const { total } = cifras(f, lectura, compromisos);
  const movimientos: MovimientoSaldo[] = [
    ...(lectura.pagos.get(f.id) ?? []).map(
      (p): MovimientoSaldo => ({
        tipo: "pago",
        fecha: p.fecha,
        importe: p.importe,
        moneda: f.moneda,
        referencia: String(p.docNum),
        orden: p.docNum,
      }),
    ),
    ...compromisos
      .filter((c) => c.facturaId === f.id && c.notaCreditoId !== except)
      .map(
        (c): MovimientoSaldo => ({
          tipo: "nota",
          fecha: c.fecha,
          importe: c.importe,
          moneda: f.moneda,
          referencia: String(c.notaCreditoId),
          orden: c.fecha,
        }),
      ),
  ];
  return saldoFactura({ total, moneda: f.moneda, movimientos });
}

/**
 * What is left of the invoice for a credit note dated `fecha` (issue 39): the smallest of the balance at its date
 * and today's, both by the ledger (ledgerDe), and today's by the ERP (saldoErp), leaving out note `except`.
 */
export function saldoDe(
  f: FacturaAcreditable,
  lectura: LecturaErp,
  compromisos: readonly CompromisoNota[],
  fecha: string,
  except?: number,
): string {
  const ledger = ledgerDe(f, lectura, compromisos, except);
  return [saldoErp(f, lectura, compromisos, except), ledger.saldo, saldoParaNota(ledger, fecha)].reduce((a, b) =>
    compareAmounts(a, b) <= 0 ? a : b,
  );
}

/**
 * Today's open balance as the ERP counts it: its DocTotal less PaidToDate, less the notes the ERP has not applied
 * (Pendiente, and Aceptada without a memo in the ERP), leaving out note `except` (the one being decided).
 */
function saldoErp(
  f: FacturaAcreditable,
  lectura: LecturaErp,
  compromisos: readonly CompromisoNota[],
  except?: number,
): string {
  const { total, pagado } = cifras(f, lectura, compromisos);
  const reservado = sum(
    compromisos
      .filter(
        (c) =>
          c.facturaId === f.id &&
          c.notaCreditoId !== except &&
          (c.estatus === "P" || !lectura.aplicadas.has(c.notaCreditoId)),
      )
      .map((c) => c.importe),
  );
  return money(subtractAmounts(subtractAmounts(total, pagado), reservado));
}
