import { ESTATUS_ACTIVO_LABEL } from "@portal/contracts";

/** Read-only inputs look filled, so what can be changed stands out. */
export const readOnly = (isReadOnly: boolean) =>
  ({ readOnly: isReadOnly, variant: isReadOnly ? "filled" : "default" }) as const;

/** Options of the active-status select (A/I, spec §9). */
export const ESTATUS_ACTIVO_OPCIONES = [
  { value: "A", label: ESTATUS_ACTIVO_LABEL.A },
  { value: "I", label: ESTATUS_ACTIVO_LABEL.I },
];
