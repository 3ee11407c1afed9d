import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { idParam, rowNumberSchema } from "../lib/route-params";
import { rootRoute } from "./root";

/** Which list opened the note, so 'Regresar' goes back to it: the review list, or /Notas-Credito (the default). */
export interface NotaCreditoSearch {
  desde?: "pendientes";
}

/**
 * /Notas-Credito/Nota/$id — one credit note with its Historial (issue 40, decision 065; not in the spec). Unlike the
 * spec's details, :id is the note's id (IdNotaCredito), not a row of the loaded list: the URL stands on its own, and
 * the server decides whether this user may read it.
 */
export const notaCreditoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Notas-Credito/Nota/$id",
  params: idParam(rowNumberSchema),
  validateSearch: (raw: Record<string, unknown>): NotaCreditoSearch =>
    raw.desde === "pendientes" ? { desde: "pendientes" } : {},
  beforeLoad: requireAccess(),
  loader: async ({ context: { queryClient, session }, params: { id } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017); the request starts
    // while the screen's chunk loads, and the screen shows its own spinner or refusal.
    const { notaCreditoDetalleOptions } = await import("../features/notas-credito/api");
    void queryClient.prefetchQuery(notaCreditoDetalleOptions(session, id));
  },
}).lazy(() => importWithTimeout(() => import("./notas-credito.nota.lazy")).then((module) => module.Route));
