import { Readable } from "node:stream";
import { CALLS, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";
import { sendJson } from "../../lib/send-json";

/** Invoices (issue 12): thin routes over services.facturas. */
export const facturasRoutes: FastifyPluginAsyncZod = async (app) => {
  const ok = <T>(data: T) => ({ status: "success" as const, message: MSG.ok, data });
  const facturas = () => app.services.facturas;
  registerCall(app, CALLS.getFacturas, async (request, reply) =>
    sendJson(reply, Readable.from([await facturas().listJson(request.sessionUser())])),
  );
  registerCall(app, CALLS.getHistorialFactura, async (request) =>
    ok(await facturas().historial(request.sessionUser(), request.body.IdFactura)),
  );
  // Issue 39 (decision 058): the invoice's ledger in its detail (a supplier: only its own invoice).
  registerCall(app, CALLS.getSaldoFactura, async (request) =>
    ok(await facturas().saldo(request.sessionUser(), request.body.IdFactura)),
  );
  registerCall(app, CALLS.facturasPendientesGetFacturas, async (request, reply) =>
    sendJson(reply, Readable.from([await facturas().pendientesJson(request.sessionUser())])),
  );
  registerCall(app, CALLS.facturasPendientesReintentarErp, async (request) => ({
    status: "success" as const,
    message: await app.services.erpRetry.factura(request.sessionUser(), request.body.Factura),
  }));
  registerCall(app, CALLS.facturasPendientesQuitarBloqueoPago, async (request) => ({
    status: "success" as const,
    message: await app.services.bloqueoPago.liftBlock(request.sessionUser(), request.body),
  }));
  // Issue 36: the job of the invoice's payment block (or of its lifting) now.
  registerCall(app, CALLS.facturasPendientesReintentarBloqueoErp, async (request) => ({
    status: "success" as const,
    message: await app.services.erpRetry.bloqueoPago(request.sessionUser(), request.body.Factura),
  }));
  registerCall(app, CALLS.facturasPendientesPatchFactura, async (request) => ({
    status: "success" as const,
    message: await facturas().reviewBatch(request.sessionUser(), request.body),
  }));
  registerCall(app, CALLS.facturasGetSociedades, async (request) =>
    ok(await facturas().sociedades(request.sessionUser())),
  );
  registerCall(app, CALLS.getProveedor, async (request) => ok(await facturas().proveedor(request.sessionUser())));
  registerCall(app, CALLS.getEntradas, async (request) =>
    ok(await facturas().entradas(request.sessionUser(), request.body)),
  );
  registerCall(app, CALLS.postFactura, async (request) => ({
    status: "success" as const,
    message: await facturas().register(request.sessionUser(), request.body),
  }));
  registerCall(app, CALLS.postFacturaExtranjera, async (request) => ({
    status: "success" as const,
    message: await facturas().registerExtranjera(request.sessionUser(), request.body),
  }));
  // Issue 42 part 2 (decision 076): services billed against the purchase order.
  registerCall(app, CALLS.getPedidosPorFacturar, async (request) =>
    ok(await facturas().pedidosPorFacturar(request.sessionUser(), request.body.BD)),
  );
  registerCall(app, CALLS.postFacturaPedido, async (request) => ({
    status: "success" as const,
    message: await facturas().registerPedido(request.sessionUser(), request.body),
  }));
  registerCall(app, CALLS.patchFactura, async (request) => ({
    status: "success" as const,
    message: await facturas().modify(request.sessionUser(), request.body),
  }));
};
