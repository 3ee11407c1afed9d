import { createLazyRoute } from "@tanstack/react-router";
import { AvisoDePrivacidad, AvisoDePrivacidadProveedor } from "../features/legal/components/aviso-de-privacidad";
import { session, useSession } from "../lib/session";

function AvisoDePrivacidadPage() {
  const current = useSession();
  // Spec §6: suppliers (signed in, or having chosen Proveedor on the landing) see only a stub.
  const operador = current?.operador ?? session.getOperador();
  return operador === "Proveedor" ? <AvisoDePrivacidadProveedor /> : <AvisoDePrivacidad />;
}

export const Route = createLazyRoute("/AvisoDePrivacidad")({ component: AvisoDePrivacidadPage });
