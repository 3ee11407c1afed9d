import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { idParam, rowNumberSchema } from "../lib/route-params";
import { rootRoute } from "./root";

/**
 * /Entradas-Mercancia/EntradaMercancia/$id — Entrada de mercancía (spec §2). :id is the row's position in the
 * loaded list: without a loaded list or without that row, the user goes back to /Entradas-Mercancia.
 */
export const entradaMercanciaRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Entradas-Mercancia/EntradaMercancia/$id",
  params: idParam(rowNumberSchema),
  beforeLoad: requireAccess(),
  loader: async ({ context: { queryClient, session }, params: { id } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { entradasList } = await import("../features/entradas/api");
    return entradasList.requireLoadedRow(queryClient, session, id);
  },
}).lazy(() =>
  importWithTimeout(() => import("./entradas-mercancia.entrada-mercancia.lazy")).then((module) => module.Route),
);
