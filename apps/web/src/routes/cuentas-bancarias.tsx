import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/** /Cuentas-Bancarias — the supplier's bank accounts and its change requests (issue 41; not in the spec's routes). */
export const cuentasBancariasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Cuentas-Bancarias",
  beforeLoad: requireAccess("proveedor"),
  loader: async ({ context: { queryClient } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { cuentasQueryOptions } = await import("../features/cuentas-bancarias/api");
    void queryClient.prefetchQuery(cuentasQueryOptions());
  },
}).lazy(() => importWithTimeout(() => import("./cuentas-bancarias.lazy")).then((module) => module.Route));
