import { MSG, type UpdateEstatusEmpleadoRequest } from "@portal/contracts";
import { Conflict, Forbidden, Invalid, NotFound } from "../../lib/errors";
import { isAdministrador, type SessionUser } from "../../lib/session-user";
import { type EmpleadosDeps, isActiveAdministrador, refuseWithoutAdministrador } from "./shared";

/**
 * Desactivar / Activar (issue 22; not in the spec): an inactive employee cannot sign in, and deactivating
 * ends its sessions in the same transaction as the change and its audit entry. The change applies only to
 * the status read; an administrator cannot deactivate itself (someone must be able to reactivate it), nor the
 * last active administrator be deactivated, also by two administrators deactivating each other at once
 * (issue 36: lockAdministradores, then the count after the change).
 */
export function updateEstatusEmpleado({ data, clock }: EmpleadosDeps) {
  const { withTransaction } = data;
  const repo = data.repos.empleados;
  return async (user: SessionUser, input: UpdateEstatusEmpleadoRequest): Promise<string> => {
    if (!isAdministrador(user)) throw new Forbidden();
    const current = await repo.findByUsuario(input.Usuario);
    if (!current) throw new NotFound(MSG.empleadoNoExiste(input.Usuario));
    if (input.Estatus === "I" && current.id === Number(user.id)) {
      throw new Invalid(MSG.empleadoNoDesactivarseASiMismo);
    }
    if (current.estatus === input.Estatus) {
      throw new Conflict(input.Estatus === "I" ? MSG.empleadoYaInactivo : MSG.empleadoYaActivo);
    }
    const now = clock();
    await withTransaction(async (tx) => {
      // As in update: the employee as it is now, read under the administrators' lock.
      await tx.empleados.lockAdministradores();
      const antes = await tx.empleados.findById(current.id);
      if (!(await tx.empleados.updateEstatus(current.id, current.estatus, input.Estatus, now))) {
        throw new Conflict(MSG.estatusEmpleadoCambio);
      }
      if (isActiveAdministrador(antes) && input.Estatus === "I") {
        await refuseWithoutAdministrador(tx, MSG.ultimoAdministradorDesactivar);
      }
      if (input.Estatus === "I") {
        await tx.auth.revokeSessionsOf({ operador: "Empleado", usuarioRef: String(current.id) }, now);
      }
      await tx.auditoria.recordChange(
        user,
        { entidad: "empleado", id: current.id, campo: "estatus", from: current.estatus, to: input.Estatus },
        now,
      );
    });
    return input.Estatus === "I" ? MSG.empleadoDesactivado : MSG.empleadoActivado;
  };
}
