import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/**
 * /Solicitudes-Cuenta-Bancaria — suppliers' bank-account change requests (issue 41; not in the spec's routes):
 * every employee sees them; only those with ApruebaCuentas decide (the API says which).
 */
export const solicitudesCuentaBancariaRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Solicitudes-Cuenta-Bancaria",
  beforeLoad: requireAccess("catalogos"),
  loader: async ({ context: { queryClient } }) => {
    const { solicitudesQueryOptions } = await import("../features/cuentas-bancarias/api");
    void queryClient.prefetchQuery(solicitudesQueryOptions("pendiente"));
  },
}).lazy(() => importWithTimeout(() => import("./solicitudes-cuenta-bancaria.lazy")).then((module) => module.Route));
