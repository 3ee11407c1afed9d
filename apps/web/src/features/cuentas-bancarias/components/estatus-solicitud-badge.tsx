import { Badge } from "@mantine/core";
import { ESTATUS_ETIQUETA } from "../cuenta-logic";

const COLOR: Record<string, string> = { pendiente: "gray", aprobada: "teal", rechazada: "red" };

/** A bank-account change request's status, as the supplier's screen and the employees' list both show it. */
export function EstatusSolicitudBadge({ estatus }: { estatus: string }) {
  return (
    <Badge color={COLOR[estatus]} variant="light" radius="sm" tt="none">
      {ESTATUS_ETIQUETA[estatus]}
    </Badge>
  );
}
