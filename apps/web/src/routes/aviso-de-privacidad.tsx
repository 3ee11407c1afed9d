import { createRoute } from "@tanstack/react-router";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/** /AvisoDePrivacidad — Privacy notice (spec §2), public. */
export const avisoDePrivacidadRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/AvisoDePrivacidad",
}).lazy(() => importWithTimeout(() => import("./aviso-de-privacidad.lazy")).then((module) => module.Route));
