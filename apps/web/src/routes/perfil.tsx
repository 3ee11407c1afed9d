import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/** /Perfil — Perfil (spec §2). */
export const perfilRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Perfil",
  beforeLoad: requireAccess(),
}).lazy(() => importWithTimeout(() => import("./perfil.lazy")).then((module) => module.Route));
