import { Badge } from "@mantine/core";
import { ESTATUS_REGISTRO_LABEL, estatusActivoLabel } from "@portal/contracts";

const REGISTRO_COLOR = { C: "teal", P: "yellow", R: "red" } as const;

/** Supplier record status C/P/R (spec §3) as a badge: Completo, Pendiente, Rechazado. */
export function EstatusRegistroBadge({ estatus }: { estatus: keyof typeof ESTATUS_REGISTRO_LABEL }) {
  return (
    <Badge variant="light" color={REGISTRO_COLOR[estatus]} radius="sm" tt="none">
      {ESTATUS_REGISTRO_LABEL[estatus]}
    </Badge>
  );
}

/** Active status A/I (spec §4: A means Activo, any other value Inactivo). */
export function EstatusActivoBadge({ estatus }: { estatus: string }) {
  return (
    <Badge variant="light" color={estatus === "A" ? "teal" : "gray"} radius="sm" tt="none">
      {estatusActivoLabel(estatus)}
    </Badge>
  );
}
