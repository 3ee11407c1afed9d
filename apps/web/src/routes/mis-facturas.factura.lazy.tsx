import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";

/** Placeholder until the issue that builds this screen: its title only, no data. */
function Screen() {
  return <ScreenTitle>Registro de la facturación</ScreenTitle>;
}

export const Route = createLazyRoute("/MisFacturas/Factura/$id")({ component: Screen });
