import { createRoute } from "@tanstack/react-router";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/** /RecuperarPassword — Password recovery instructions (spec §2), public. */
export const recuperarPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/RecuperarPassword",
}).lazy(() => importWithTimeout(() => import("./recuperar-password.lazy")).then((module) => module.Route));
