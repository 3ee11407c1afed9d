import { addDays, expectedPaymentDate } from "@portal/contracts";
import type { FacturaPorPagar, FacturasRepository, PorPagarFilter } from "./repository";

/**
 * Issue 27, "The expected payment date" (decision 032): an accepted invoice's `FechaProbablePago`. From the ERP's
 * due date of what remains unpaid (the earliest unpaid installment, mirrored by the ERP sync) or, while the ERP has
 * no A/P invoice for it yet, the invoice date plus its receipt's credit days; moved to the sociedad's next payment
 * day. None once paid in full or cancelled.
 */
export function fechaProbableDe(f: FacturaPorPagar): string | null {
  if (f.erpCancelada) return null;
  if (f.erpFechaVencimiento !== null) return expectedPaymentDate(f.erpFechaVencimiento, f.diasPago);
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  if (f.erpDocEntry !== null && cents(f.erpPagado) >= cents(f.total)) return null;
  return expectedPaymentDate(addDays(f.fechaFactura, f.diasCredito), f.diasPago);
}

/**
 * Recomputes the expected payment date of the accepted invoices `filter` selects and stores those that changed:
 * after the ERP sync read new due dates or payments, after a sociedad changed its payment days, on acceptance.
 */
export async function refreshFechasProbables(
  repo: Pick<FacturasRepository, "porPagar" | "setFechasProbables">,
  filter: PorPagarFilter,
): Promise<number> {
  const facturas = await repo.porPagar(filter);
  const cambios = facturas
    .map((f) => ({ id: f.id, fecha: fechaProbableDe(f), antes: f.fechaProbablePago }))
    .filter((c) => c.fecha !== c.antes)
    .map(({ id, fecha }) => ({ id, fecha }));
  return repo.setFechasProbables(cambios);
}
