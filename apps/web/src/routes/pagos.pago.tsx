import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { idParam, rowNumberSchema } from "../lib/route-params";
import { rootRoute } from "./root";

/**
 * /Pagos/Pago/$id — the payment's documents (spec §2). :id is the row's position in the loaded list: without a
 * loaded list or without that row, the user goes back to /Pagos.
 */
export const pagoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Pagos/Pago/$id",
  params: idParam(rowNumberSchema),
  beforeLoad: requireAccess(),
  loader: async ({ context: { queryClient, session }, params: { id } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { pagosList } = await import("../features/pagos/api");
    return pagosList.requireLoadedRow(queryClient, session, id);
  },
}).lazy(() => importWithTimeout(() => import("./pagos.pago.lazy")).then((module) => module.Route));
