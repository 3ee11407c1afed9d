import { MSG } from "@portal/contracts";
import type { Clock } from "../../lib/clock";
import { Invalid } from "../../lib/errors";
import type { Data, Repositories } from "../../repositories";
import type { EmpleadosRepository } from "./repository";

/** What the employees service is built from (service.ts); each operation takes its part. */
export interface EmpleadosDeps {
  data: Data;
  clock: Clock;
}

export type EmpleadoRecord = NonNullable<Awaited<ReturnType<EmpleadosRepository["findById"]>>>;

export const isActiveAdministrador = (e: EmpleadoRecord | undefined) => e?.perfil === "A" && e.estatus === "A";

/**
 * Issue 36: the portal always keeps an active administrator (someone must be able to reactivate the others).
 * Called inside the transaction that removed one, after the change and under lockAdministradores: when none is
 * left the whole change rolls back with `message` (400).
 */
export async function refuseWithoutAdministrador(tx: Repositories, message: string): Promise<void> {
  if ((await tx.empleados.countAdministradoresActivos()) === 0) throw new Invalid(message);
}

/** The area named must exist (400 otherwise). */
export async function ensureArea(repo: Data["repos"]["empleados"], id: number): Promise<void> {
  if (!(await repo.areaExists(id))) throw new Invalid(MSG.areaNoExiste);
}
