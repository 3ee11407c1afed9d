import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { parseListSearch } from "../lib/list-search";
import { rootRoute } from "./root";

/** /Notas-Credito — the credit notes (issue 27): a supplier's own, with its upload form; every one for employees. */
export const notasCreditoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Notas-Credito",
  validateSearch: parseListSearch,
  beforeLoad: requireAccess(),
  loader: async ({ context: { queryClient, session } }) => {
    const { notasCreditoList } = await import("../features/notas-credito/api");
    return notasCreditoList.prefetch(queryClient, session);
  },
}).lazy(() => importWithTimeout(() => import("./notas-credito.lazy")).then((module) => module.Route));
