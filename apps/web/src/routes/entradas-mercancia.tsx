import { createRoute } from "@tanstack/react-router";
import { entradasQueryOptions } from "../features/entradas/api";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/** /Entradas-Mercancia — Entradas de mercancía (spec §2). */
export const entradasMercanciaRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Entradas-Mercancia",
  beforeLoad: requireAccess(),
  // As /Pedidos: start the request without holding the screen back; the table shows its own spinner.
  loader: ({ context: { queryClient, session } }) => {
    void queryClient.ensureQueryData(entradasQueryOptions(session)).catch(() => undefined);
  },
}).lazy(() => importWithTimeout(() => import("./entradas-mercancia.lazy")).then((module) => module.Route));
