import { createRoute } from "@tanstack/react-router";
import { facturasList } from "../features/facturas/api";
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
  loader: ({ context: { queryClient, session }, params: { id } }) =>
    facturasList.requireLoadedRow(queryClient, session, id),
}).lazy(() => importWithTimeout(() => import("./mis-facturas.mi-factura.lazy")).then((module) => module.Route));
