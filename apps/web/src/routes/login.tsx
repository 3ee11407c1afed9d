import { createRoute, redirect } from "@tanstack/react-router";
import { redirectIfSignedIn } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { session } from "../lib/session";
import { rootRoute } from "./root";

/** /Login — Sign-in (spec §2): to /Home with a session, to / when no operador was chosen. */
export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Login",
  beforeLoad: () => {
    redirectIfSignedIn();
    const operador = session.getOperador();
    if (!operador) throw redirect({ to: "/", replace: true });
    return { operador };
  },
}).lazy(() => importWithTimeout(() => import("./login.lazy")).then((module) => module.Route));
