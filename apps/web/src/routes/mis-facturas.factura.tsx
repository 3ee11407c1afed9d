import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { idParam, nuevoSchema } from "../lib/route-params";
import { rootRoute } from "./root";

/** /MisFacturas/Factura/$id — Registro de la facturación (spec §2). */
export const nuevaFacturaRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/MisFacturas/Factura/$id",
  params: idParam(nuevoSchema),
  beforeLoad: requireAccess("proveedor"),
}).lazy(() => importWithTimeout(() => import("./mis-facturas.factura.lazy")).then((module) => module.Route));
