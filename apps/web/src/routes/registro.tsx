import { createRoute } from "@tanstack/react-router";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/**
 * /Registro?token=… — a supplier's registration through the invitation mail's link (issue 41 item 3, decision 070;
 * not in the spec's route table), public like /RestablecerPassword.
 */
export const registroRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Registro",
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === "string" ? { token: search.token } : {},
}).lazy(() => importWithTimeout(() => import("./registro.lazy")).then((module) => module.Route));
