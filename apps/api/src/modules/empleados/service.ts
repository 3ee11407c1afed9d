import { updateEstatusEmpleado } from "./estatus";
import { empleadoAreas, empleadoRows } from "./queries";
import type { EmpleadosDeps } from "./shared";
import { createEmpleado, updateEmpleado } from "./write";

export type { EmpleadosDeps } from "./shared";

/**
 * Employee catalogue (spec §2, §3, §5, §6): administrators write, general employees read, suppliers never.
 *
 * One file per operation (issue 38): queries.ts (areas, rows), write.ts (create, update), estatus.ts (Desactivar /
 * Activar), shared.ts (the last-administrator rule); this composes them over one deps object.
 */
export function createEmpleadosService(deps: EmpleadosDeps) {
  return {
    areas: empleadoAreas(deps),
    rows: empleadoRows(deps),
    create: createEmpleado(deps),
    update: updateEmpleado(deps),
    updateEstatus: updateEstatusEmpleado(deps),
  };
}
export type EmpleadosService = ReturnType<typeof createEmpleadosService>;
