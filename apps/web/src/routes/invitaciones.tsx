import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { parseListSearch } from "../lib/list-search";
import { rootRoute } from "./root";

/** /Invitaciones — supplier invitations (issue 41 item 3, decision 070; not in the spec's routes): administrators. */
export const invitacionesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Invitaciones",
  validateSearch: parseListSearch,
  beforeLoad: requireAccess("administrador"),
  loader: async ({ context: { queryClient, session } }) => {
    const { invitacionesQueryOptions } = await import("../features/invitaciones/api");
    void queryClient.prefetchQuery(invitacionesQueryOptions(session));
  },
}).lazy(() => importWithTimeout(() => import("./invitaciones.lazy")).then((module) => module.Route));
