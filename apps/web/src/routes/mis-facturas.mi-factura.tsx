import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { idParam, rowNumberSchema } from "../lib/route-params";
import { rootRoute } from "./root";

/**
 * /MisFacturas/MiFactura/$id — Datos generales (spec §2). :id is the row's position in the loaded list: without
 * a loaded list or without that row, the user goes back to /MisFacturas.
 */
export const miFacturaRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/MisFacturas/MiFactura/$id",
  params: idParam(rowNumberSchema),
  beforeLoad: requireAccess(),
  loader: async ({ context: { queryClient, session }, params: { id } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { facturasList } = await import("../features/facturas/api");
    return facturasList.requireLoadedRow(queryClient, session, id);
  },
}).lazy(() => importWithTimeout(() => import("./mis-facturas.mi-factura.lazy")).then((module) => module.Route));
