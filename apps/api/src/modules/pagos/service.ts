import type { PagosDeps } from "./deps";
import { expectedComplement } from "./expected-complement";
import { paymentQueries } from "./queries";
import { registerPago } from "./register";
import { paymentReview } from "./review";
import { paymentRows } from "./rows";
import { reachablePago } from "./shared";

export type { PagosDeps } from "./deps";

/**
 * Payments and their complements (issue 14; spec §2 /Pagos, /Pagos/Pago/:id, /Pagos-Pendientes, §3, §4, §5, §7
 * pagos/* and pagosPendientes/*). The payments are the ERP's (vendor payments with the A/P invoices they
 * settle); the portal keeps one record per payment with the supplier's complement and the employee's proof.
 * The server decides everything again: the complement's XML is read and both seals verified, every §5 rule and
 * the portal's own refusals run, and every failing message answers together.
 *
 * One file per operation (issue 38): rows.ts (the payment rows), queries.ts (the list, its tile, the history, the
 * complement deadlines), expected-complement.ts, register.ts (postPago), review.ts (pagosPendientes/*); this
 * composes them over one deps object.
 */
export function createPagosService(deps: PagosDeps) {
  const filas = paymentRows(deps);
  const pagoDe = reachablePago(deps);
  const queries = paymentQueries({ ...deps, filas });
  const revision = paymentReview({ ...deps, filas });
  return {
    listJson: queries.listJson,
    esperado: expectedComplement({ ...deps, pagoDe }),
    historial: queries.historial,
    complementStatus: queries.complementStatus,
    count: queries.count,
    pendientes: revision.pendientes,
    countPendientes: revision.countPendientes,
    register: registerPago({ ...deps, pagoDe }),
    reviewBatch: revision.reviewBatch,
  };
}
export type PagosService = ReturnType<typeof createPagosService>;
