import type { Area, EmpleadoRow, TipoConsulta } from "@portal/contracts";
import { Forbidden } from "../../lib/errors";
import { isEmpleado, type SessionUser } from "../../lib/session-user";
import type { EmpleadoRecord, EmpleadosDeps } from "./shared";

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
  ApruebaCuentas: e.apruebaCuentas === "Y" ? "Y" : "N",
  ConciliaSat: e.conciliaSat === "Y" ? "Y" : "N",
});

/** The areas an employee may belong to. */
export function empleadoAreas({ data }: Pick<EmpleadosDeps, "data">) {
  const repo = data.repos.empleados;
  return async (): Promise<Area[]> => {
    return (await repo.areas()).map((a) => ({ IdArea: a.id, Nombre: a.nombre }));
  };
}

/** Lista: the catalogue; Perfil: the calling employee's own row. Employees only. */
export function empleadoRows({ data }: Pick<EmpleadosDeps, "data">) {
  const repo = data.repos.empleados;
  return async (user: SessionUser, tipo: TipoConsulta): Promise<EmpleadoRow[]> => {
    if (!isEmpleado(user)) throw new Forbidden();
    if (tipo === "Perfil") {
      const own = await repo.findById(Number(user.id));
      return own ? [toRow(own, 1)] : [];
    }
    return (await repo.list()).map((e, i) => toRow(e, i + 1));
  };
}
