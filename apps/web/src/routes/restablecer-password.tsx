import { createRoute } from "@tanstack/react-router";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/**
 * /RestablecerPassword?token=… — the new password through the reset mail's link (issue 41, decision 067; not in the
 * spec's route table), public like /RecuperarPassword.
 */
export const restablecerPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/RestablecerPassword",
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === "string" ? { token: search.token } : {},
}).lazy(() => importWithTimeout(() => import("./restablecer-password.lazy")).then((module) => module.Route));
