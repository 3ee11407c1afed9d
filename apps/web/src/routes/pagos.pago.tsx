import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { idParam, rowNumberSchema } from "../lib/route-params";
import { rootRoute } from "./root";

/** /Pagos/Pago/$id — Pago (spec §2). */
export const pagoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Pagos/Pago/$id",
  params: idParam(rowNumberSchema),
  beforeLoad: requireAccess(),
}).lazy(() => importWithTimeout(() => import("./pagos.pago.lazy")).then((module) => module.Route));
