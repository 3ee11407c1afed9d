import type { SessionUser } from "../../lib/session-user";
import { createEntradasPedidas } from "./entradas-pedidas";
import { modifyOperation } from "./modify";
import { pedidosPorFacturar } from "./pedidos-servicio";
import { detailQueries, listQueries } from "./queries";
import { registerOperation } from "./register";
import { registerExtranjeraOperation } from "./register-extranjera";
import { registerPedidoOperation } from "./register-pedido";
import { reviewOperation } from "./review";
import { saldoQuery } from "./saldo";
import { type FacturasContext, type FacturasDeps, sociedadDe } from "./shared";

export type { FacturasDeps } from "./shared";

/**
 * Invoices (issue 12; spec §2 /MisFacturas, §3, §4, §5, §7 facturas/*). The server decides everything again:
 * the XML is read and both seals verified, every §5 rule and the portal's own refusals run, every field the
 * client sends that also comes from the XML must be the XML's, and every failing message answers together.
 *
 * One file per operation (issue 38 step 3): queries.ts (lists, history, what the form reads), register.ts
 * (postFactura), modify.ts (patchfactura), saldo.ts (the invoice's ledger, issue 39), review.ts (the reviewers'
 * decisions), takeover.ts (a replacement CFDI, decision 036); shared.ts holds the dependencies and the checks the
 * registration and the correction share.
 */
export function createFacturasService(deps: FacturasDeps) {
  const context: FacturasContext = {
    ...deps,
    repo: deps.data.repos.facturas,
    // Issue 37 (decision 051): receipts by DocEntry where known, by number for a client that sends only numbers.
    pedidasErp: createEntradasPedidas(deps.erp),
  };
  return {
    ...listQueries(context),
    reviewBatch: reviewOperation(context),
    ...detailQueries(context),
    /** facturas/getSaldo (issue 39, decision 058): the invoice's ledger for its detail. */
    saldo: saldoQuery(context),
    register: registerOperation(context),
    /** postFacturaExtranjera (issue 42 part 1, decision 073): a foreign supplier's invoice without CFDI. */
    registerExtranjera: registerExtranjeraOperation(context),
    modify: modifyOperation(context),
    /** Issue 42 part 2 (decision 076): services billed against the purchase order. */
    registerPedido: registerPedidoOperation(context),
    pedidosPorFacturar: async (user: SessionUser, bd: string) => {
      const sociedad = await sociedadDe(context.repo, user, bd);
      const proveedor = sociedad ? await deps.proveedores.conRegistroCompleto(user.id) : null;
      return proveedor ? pedidosPorFacturar(deps.erp, context.repo, bd, proveedor.cardCode) : [];
    },
  };
}
export type FacturasService = ReturnType<typeof createFacturasService>;
