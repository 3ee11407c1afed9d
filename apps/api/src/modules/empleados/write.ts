import { type CreateEmpleadoRequest, MSG, type UpdateEmpleadoRequest } from "@portal/contracts";
import { hashPassword } from "@portal/db";
import { Conflict, Forbidden, Invalid, NotFound } from "../../lib/errors";
import { isAdministrador, type SessionUser } from "../../lib/session-user";
import { type EmpleadosDeps, ensureArea, isActiveAdministrador, refuseWithoutAdministrador } from "./shared";

/** An administrator adds an employee (its user name unique, its area existing). */
export function createEmpleado({ data }: Pick<EmpleadosDeps, "data">) {
  const repo = data.repos.empleados;
  return async (user: SessionUser, input: CreateEmpleadoRequest): Promise<string> => {
    if (!isAdministrador(user)) throw new Forbidden();
    await ensureArea(repo, input.Area);
    if (await repo.findByUsuario(input.Usuario)) {
      throw new Conflict(MSG.empleadoYaExiste(input.Usuario));
    }
    await repo.insert({
      usuario: input.Usuario,
      perfil: input.RolEmpleado,
      nombre: input.Nombre,
      apellidos: input.Apellidos,
      email: input.Correo,
      areaId: input.Area,
      estatus: input.Estatus,
      passwordHash: await hashPassword(input.Contraseña),
      viDocPen: input.ViDocPen ?? "N",
      apruebaCuentas: input.ApruebaCuentas ?? "N",
      conciliaSat: input.ConciliaSat ?? "N",
    });
    return MSG.empleadoCreado;
  };
}

/**
 * Usuario identifies the employee; Estatus is locked after creation (spec §4); blank password = unchanged. An
 * active administrator changed to G is refused when no other active administrator would remain (issue 36).
 */
export function updateEmpleado({ data, clock }: EmpleadosDeps) {
  const { withTransaction } = data;
  const repo = data.repos.empleados;
  return async (user: SessionUser, input: UpdateEmpleadoRequest): Promise<string> => {
    if (!isAdministrador(user)) throw new Forbidden();
    const current = await repo.findByUsuario(input.Usuario);
    if (!current) throw new NotFound(MSG.empleadoNoExiste(input.Usuario));
    await ensureArea(repo, input.Area);
    if (current.id === Number(user.id) && input.RolEmpleado !== "A") {
      throw new Invalid(MSG.administradorNoQuitarseRol);
    }
    // Spec §4: the status is locked after creation; deactivating is its own audited action (issue 22).
    if (input.Estatus !== undefined && input.Estatus !== current.estatus) {
      throw new Invalid(MSG.estatusEmpleadoEnOtraAccion);
    }
    const passwordHash = input.Contraseña ? await hashPassword(input.Contraseña) : undefined;
    const now = clock();
    await withTransaction(async (tx) => {
      // The employee's role as it is now, read under the lock: a change to G may remove the last administrator.
      await tx.empleados.lockAdministradores();
      const antes = await tx.empleados.findById(current.id);
      await tx.empleados.update(current.id, {
        perfil: input.RolEmpleado,
        nombre: input.Nombre,
        apellidos: input.Apellidos,
        email: input.Correo,
        areaId: input.Area,
        viDocPen: input.ViDocPen ?? current.viDocPen,
        apruebaCuentas: input.ApruebaCuentas ?? current.apruebaCuentas,
        conciliaSat: input.ConciliaSat ?? current.conciliaSat,
        ...(passwordHash ? { passwordHash } : {}),
        updatedAt: now,
      });
      // Issue 41 (decision 069): who may approve bank-account changes is audited.
      const aprueba = input.ApruebaCuentas ?? current.apruebaCuentas;
      if (antes && antes.apruebaCuentas !== aprueba) {
        await tx.auditoria.recordChange(
          user,
          { entidad: "empleado", id: current.id, campo: "aprueba_cuentas", from: antes.apruebaCuentas, to: aprueba },
          now,
        );
      }
      if (isActiveAdministrador(antes) && input.RolEmpleado !== "A") {
        await refuseWithoutAdministrador(tx, MSG.ultimoAdministradorPerfil);
      }
      // A new password ends the employee's other sessions (an administrator changing its own keeps this one).
      if (passwordHash) {
        await tx.auth.revokeSessionsOf({ operador: "Empleado", usuarioRef: String(current.id) }, now, user.sessionId);
      }
    });
    return MSG.empleadoActualizado;
  };
}
