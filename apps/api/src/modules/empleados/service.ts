import {
  type Area,
  type CreateEmpleadoRequest,
  type EmpleadoRow,
  MSG,
  type TipoConsulta,
  type UpdateEmpleadoRequest,
} from "@portal/contracts";
import { hashPassword } from "@portal/db";
import type { Clock } from "../../lib/clock";
import { Conflict, Forbidden, Invalid, NotFound } from "../../lib/errors";
import { isAdministrador, isEmpleado, type SessionUser } from "../../lib/session-user";
import type { Data } from "../../repositories";
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

/** Employee catalogue (spec §2, §3, §5, §6): administrators write, general employees read, suppliers never. */
export function createEmpleadosService({ repos, withTransaction }: Data, clock: Clock) {
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

    /** Usuario identifies the employee; Estatus is locked after creation (spec §4); blank password = unchanged. */
    async update(user: SessionUser, input: UpdateEmpleadoRequest): Promise<string> {
      if (!isAdministrador(user)) throw new Forbidden();
      const current = await repo.findByUsuario(input.Usuario);
      if (!current) throw new NotFound(`No existe un empleado con el usuario ${input.Usuario}.`);
      await ensureArea(input.Area);
      if (current.id === Number(user.id) && input.RolEmpleado !== "A") {
        throw new Invalid("Un administrador no puede quitarse a sí mismo el rol de administrador.");
      }
      const passwordHash = input.Contraseña ? await hashPassword(input.Contraseña) : undefined;
      const now = clock();
      await withTransaction(async (tx) => {
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
        // A new password ends the employee's other sessions (an administrator changing its own keeps this one).
        if (passwordHash) {
          await tx.auth.revokeSessionsOf({ operador: "Empleado", usuarioRef: String(current.id) }, now, user.sessionId);
        }
      });
      return MSG.empleadoActualizado;
    },
  };
}
export type EmpleadosService = ReturnType<typeof createEmpleadosService>;
