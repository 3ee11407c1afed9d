import type { OpcionEstatus } from "../components/data-table";

/**
 * The review selector's choices every pending list offers (spec §2): Pendiente=P, Aceptada=A, Rechazada=R. The
 * payment complements add Validación.
 */
export const OPCIONES_REVISION: readonly OpcionEstatus<"P" | "A" | "R">[] = [
  { value: "P", label: "Pendiente" },
  { value: "A", label: "Aceptada" },
  { value: "R", label: "Rechazada" },
];
