import { createRoute, isRedirect, redirect } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { isProveedor } from "../lib/permissions";
import { rootRoute } from "./root";

/**
 * /Perfil — the operator's own record in profile mode (spec §2, §6): a supplier's supplier detail, an
 * employee's employee form. Without data (nothing returned, or the load failed) it goes to /Home.
 */
export const perfilRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Perfil",
  beforeLoad: requireAccess(),
  loader: async ({ context: { queryClient, session } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { perfilEmpleadoQueryOptions } = await import("../features/empleados/api");
    const { perfilProveedorQueryOptions } = await import("../features/proveedores/api");
    try {
      const rows = isProveedor(session)
        ? await queryClient.fetchQuery(perfilProveedorQueryOptions(session))
        : await queryClient.fetchQuery(perfilEmpleadoQueryOptions(session));
      if (rows.length === 0) throw redirect({ to: "/Home", replace: true });
    } catch (error) {
      if (isRedirect(error)) throw error;
      console.error("No se pudo cargar el perfil", error);
      throw redirect({ to: "/Home", replace: true });
    }
  },
}).lazy(() => importWithTimeout(() => import("./perfil.lazy")).then((module) => module.Route));
