import { createRoute } from "@tanstack/react-router";
import { pagosList } from "../features/pagos/api";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/** /Pagos — Complemento de pagos (spec §2). */
export const pagosRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Pagos",
  beforeLoad: requireAccess(),
  loader: ({ context: { queryClient, session } }) => pagosList.prefetch(queryClient, session),
}).lazy(() => importWithTimeout(() => import("./pagos.lazy")).then((module) => module.Route));
