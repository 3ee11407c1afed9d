import { createRoute, redirect } from "@tanstack/react-router";
import { pendingSignIn } from "../features/auth/pending-sign-in";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/**
 * /SegundoFactor — the second factor after /Login's password (issue 41 item 5, decision 071; not in the spec's route
 * table): only with a sign-in waiting for it, else back to /Login.
 */
export const segundoFactorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/SegundoFactor",
  beforeLoad: () => {
    if (!pendingSignIn.get()) throw redirect({ to: "/Login", replace: true });
  },
}).lazy(() => importWithTimeout(() => import("./segundo-factor.lazy")).then((module) => module.Route));
