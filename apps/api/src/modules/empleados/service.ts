import {
  type Area,
  type CreateEmpleadoRequest,
  type EmpleadoRow,
  MSG,
  type TipoConsulta,
  type UpdateEmpleadoRequest,
  type UpdateEstatusEmpleadoRequest,
} from "@portal/contracts";
import { hashPassword } from "@portal/db";
import type { Clock } from "../../lib/clock";
import { Conflict, Forbidden, Invalid, NotFound } from "../../lib/errors";
import { isAdministrador, isEmpleado, type SessionUser } from "../../lib/session-user";
import type { Data, Repositories } from "../../repositories";
import type { EmpleadosRepository } from "./repository";

type EmpleadoRecord = NonNullable<Awaited<ReturnType<EmpleadosRepository["findById"]>>>;

const toRow = (e: EmpleadoRecord, fila: number): EmpleadoRow => ({
  Fila: fila,
  IdEmpleado: e.usuario,
  Perfil: e.perfil === "A" ? "A" : "G",
  Nombre: e.nombre,
  Apellidos: e.apellidos,
  Email: e.email,
  IdArea: e.areaId,
  Area: e.area,
  Estatus: e.estatus === "A" ? "A" : "I",
  Pass: "",
  VisuDocPen: e.viDocPen === "Y" ? "Y" : "N",
});

const isActiveAdministrador = (e: EmpleadoRecord | undefined) => e?.perfil === "A" && e.estatus === "A";

/**
 * Issue 36: the portal always keeps an active administrator (someone must be able to reactivate the others).
 * Called inside the transaction that removed one, after the change and under lockAdministradores: when none is
 * left the whole change rolls back with `message` (400).
 */
async function refuseWithoutAdministrador(tx: Repositories, message: string): Promise<void> {
  if ((await tx.empleados.countAdministradoresActivos()) === 0) throw new Invalid(message);
}

/** Employee catalogue (spec §2, §3, §5, §6): administrators write, general employees read, suppliers never. */
export function createEmpleadosService({ data, clock }: { data: Data; clock: Clock }) {
  const { repos, withTransaction } = data;
  const repo = repos.empleados;
  const ensureArea = async (id: number) => {
    if (!(await repo.areaExists(id))) throw new Invalid("El campo Area no corresponde a un área existente.");
  };
  return {
    async areas(): Promise<Area[]> {
      return (await repo.areas()).map((a) => ({ IdArea: a.id, Nombre: a.nombre }));
    },

    async rows(user: SessionUser, tipo: TipoConsulta): Promise<EmpleadoRow[]> {
      if (!isEmpleado(user)) throw new Forbidden();
      if (tipo === "Perfil") {
        const own = await repo.findById(Number(user.id));
        return own ? [toRow(own, 1)] : [];
      }
      return (await repo.list()).map((e, i) => toRow(e, i + 1));
    },

    async create(user: SessionUser, input: CreateEmpleadoRequest): Promise<string> {
      if (!isAdministrador(user)) throw new Forbidden();
      await ensureArea(input.Area);
      if (await repo.findByUsuario(input.Usuario)) {
        throw new Conflict(`Ya existe un empleado con el usuario ${input.Usuario}.`);
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
      });
      return MSG.empleadoCreado;
    },

    /**
     * Usuario identifies the employee; Estatus is locked after creation (spec §4); blank password = unchanged. An
     * active administrator changed to G is refused when no other active administrator would remain (issue 36).
     */
    async update(user: SessionUser, input: UpdateEmpleadoRequest): Promise<string> {
      if (!isAdministrador(user)) throw new Forbidden();
      const current = await repo.findByUsuario(input.Usuario);
      if (!current) throw new NotFound(`No existe un empleado con el usuario ${input.Usuario}.`);
      await ensureArea(input.Area);
      if (current.id === Number(user.id) && input.RolEmpleado !== "A") {
        throw new Invalid("Un administrador no puede quitarse a sí mismo el rol de administrador.");
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
          ...(passwordHash ? { passwordHash } : {}),
          updatedAt: now,
        });
        if (isActiveAdministrador(antes) && input.RolEmpleado !== "A") {
          await refuseWithoutAdministrador(tx, MSG.ultimoAdministradorPerfil);
        }
        // A new password ends the employee's other sessions (an administrator changing its own keeps this one).
        if (passwordHash) {
          await tx.auth.revokeSessionsOf({ operador: "Empleado", usuarioRef: String(current.id) }, now, user.sessionId);
        }
      });
      return MSG.empleadoActualizado;
    },

    /**
     * Desactivar / Activar (issue 22; not in the spec): an inactive employee cannot sign in, and deactivating
     * ends its sessions in the same transaction as the change and its audit entry. The change applies only to
     * the status read; an administrator cannot deactivate itself (someone must be able to reactivate it), nor the
     * last active administrator be deactivated, also by two administrators deactivating each other at once
     * (issue 36: lockAdministradores, then the count after the change).
     */
    async updateEstatus(user: SessionUser, input: UpdateEstatusEmpleadoRequest): Promise<string> {
      if (!isAdministrador(user)) throw new Forbidden();
      const current = await repo.findByUsuario(input.Usuario);
      if (!current) throw new NotFound(`No existe un empleado con el usuario ${input.Usuario}.`);
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
    },
  };
}
export type EmpleadosService = ReturnType<typeof createEmpleadosService>;
