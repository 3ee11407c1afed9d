import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";

/** Placeholder until the issue that builds this screen: its title only, no data. */
function Screen() {
  return <ScreenTitle>Sociedad del proveedor</ScreenTitle>;
}

export const Route = createLazyRoute("/Catalogo-Proveedores/Proveedor/$id/Sociedad/$userId")({ component: Screen });
