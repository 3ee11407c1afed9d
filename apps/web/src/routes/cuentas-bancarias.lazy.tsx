import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { CuentasBancariasScreen } from "../features/cuentas-bancarias/components/cuentas-bancarias-screen";

function Screen() {
  return (
    <>
      <ScreenTitle>Cuentas bancarias</ScreenTitle>
      <CuentasBancariasScreen />
    </>
  );
}

export const Route = createLazyRoute("/Cuentas-Bancarias")({ component: Screen });
