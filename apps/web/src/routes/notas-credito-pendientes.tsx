import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { parseListSearch } from "../lib/list-search";
import { rootRoute } from "./root";

/** /Notas-Credito-Pendientes — the credit notes to review (issue 27), beside the pending invoices. */
export const notasCreditoPendientesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Notas-Credito-Pendientes",
  validateSearch: parseListSearch,
  beforeLoad: requireAccess("pendientes"),
  loader: async ({ context: { queryClient, session } }) => {
    const { notasCreditoPendientesList } = await import("../features/notas-credito/api");
    return notasCreditoPendientesList.prefetch(queryClient, session);
  },
}).lazy(() => importWithTimeout(() => import("./notas-credito-pendientes.lazy")).then((module) => module.Route));
