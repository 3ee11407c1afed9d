import { createRoute } from "@tanstack/react-router";
import { redirectIfSignedIn } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/** / — Landing (spec §2): signed-in operators go to /Home. */
export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  beforeLoad: redirectIfSignedIn,
}).lazy(() => importWithTimeout(() => import("./landing.lazy")).then((module) => module.Route));
