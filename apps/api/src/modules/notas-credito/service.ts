import { listQueries } from "./queries";
import { registerOperation } from "./register";
import { reviewOperation } from "./review";
import type { NotasCreditoContext, NotasCreditoDeps } from "./shared";

export type { NotasCreditoDeps } from "./shared";

/**
 * Credit notes (CFDI de Egreso; issue 27, decision 034). A supplier registers one against its accepted invoices of
 * one sociedad: the XML is read and both seals verified (readCreditNoteVerified, the invoice reader with tipo E),
 * the parties and the 69-B list checked as for invoices (upload kit), the related invoices (TipoRelacion 01, 03 or 07)
 * must be the supplier's, accepted, of the sociedad and in the note's currency, and the total no larger than what
 * is left of them; the SAT is asked last. Employees review them with the review kit; an accepted one owes the ERP
 * an A/P credit memo (outbox job 'crear_nota_credito').
 *
 * One file per operation (issue 38 step 3): queries.ts (the lists and their tiles), review.ts (the reviewers'
 * decisions), register.ts (postNotaCredito); shared.ts holds the dependencies; this composes them.
 */
export function createNotasCreditoService(deps: NotasCreditoDeps) {
  const context: NotasCreditoContext = {
    ...deps,
    warn: deps.warn ?? (() => {}),
    repo: deps.data.repos.notasCredito,
  };
  return {
    ...listQueries(context),
    reviewBatch: reviewOperation(context),
    register: registerOperation(context),
  };
}
export type NotasCreditoService = ReturnType<typeof createNotasCreditoService>;
