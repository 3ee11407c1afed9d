import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { idParam, NUEVO, rowOrNuevoSchema } from "../lib/route-params";
import { rootRoute } from "./root";

/**
 * /Catalogo-Sociedades/Sociedad/$id — Sociedad (spec §2). $id is Nuevo or the one-based row of the loaded
 * catalogue; when the catalogue is not loaded (or has no such row) the screen goes back to it.
 */
export const sociedadRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Catalogo-Sociedades/Sociedad/$id",
  params: idParam(rowOrNuevoSchema),
  beforeLoad: requireAccess("catalogos"),
  loader: async ({ context: { queryClient, session }, params: { id } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { sociedadesList } = await import("../features/sociedades/api");
    if (id === NUEVO) return;
    sociedadesList.requireLoadedRow(queryClient, session, id);
  },
}).lazy(() => importWithTimeout(() => import("./catalogo-sociedades.sociedad.lazy")).then((module) => module.Route));
