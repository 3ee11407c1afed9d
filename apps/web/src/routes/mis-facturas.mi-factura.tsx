import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { idParam, rowNumberSchema } from "../lib/route-params";
import { rootRoute } from "./root";

/** /MisFacturas/MiFactura/$id — Datos generales (spec §2). */
export const miFacturaRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/MisFacturas/MiFactura/$id",
  params: idParam(rowNumberSchema),
  beforeLoad: requireAccess(),
}).lazy(() => importWithTimeout(() => import("./mis-facturas.mi-factura.lazy")).then((module) => module.Route));
