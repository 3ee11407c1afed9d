import type { Database } from "@portal/db";
import { schema } from "@portal/db";
import { and, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { loginAttemptQueries } from "./repository-attempts";
import { passwordResetQueries } from "./repository-restablecer";
import { secondFactorQueries } from "./repository-segundo-factor";

const { empleados, proveedores, sesiones } = schema;

export function createAuthRepository(db: Database) {
  return {
    findEmpleadoByUsuario: async (usuario: string) =>
      (await db.select().from(empleados).where(sql`lower(${empleados.usuario}) = lower(${usuario})`).limit(1))[0],
    findEmpleadoById: async (id: number) => (await db.select().from(empleados).where(eq(empleados.id, id)).limit(1))[0],
    /**
     * The supplier who signs in with `usuario`: a national one by its RFC (upper case); a foreign one (decision 073:
     * they all share the generic RFC) by its CardCode.
     */
    findProveedorByUsuario: async (usuario: string) =>
      (
        await db
          .select()
          .from(proveedores)
          .where(
            or(
              and(eq(proveedores.tipo, "nacional"), eq(proveedores.rfc, usuario.toUpperCase())),
              and(eq(proveedores.tipo, "extranjero"), eq(proveedores.cardCode, usuario.toUpperCase())),
            ),
          )
          .limit(1)
      )[0],
    findProveedorByCardCode: async (cardCode: string) =>
      (await db.select().from(proveedores).where(eq(proveedores.cardCode, cardCode)).limit(1))[0],

    insertSession: async (values: typeof sesiones.$inferInsert) =>
      (await db.insert(sesiones).values(values).returning({ id: sesiones.id }))[0]!,
    /**
     * Slides the expiry of a live session in one statement; returns it, or nothing if unknown, expired, revoked or
     * signed in before `createdAfter` (the absolute limit).
     */
    touchSession: async (tokenHash: string, now: Date, expiresAt: Date, createdAfter: Date) =>
      (
        await db
          .update(sesiones)
          .set({ expiresAt })
          .where(
            and(
              eq(sesiones.tokenHash, tokenHash),
              isNull(sesiones.revokedAt),
              gt(sesiones.expiresAt, now),
              gt(sesiones.createdAt, createdAfter),
            ),
          )
          .returning({
            id: sesiones.id,
            operador: sesiones.operador,
            usuarioRef: sesiones.usuarioRef,
            segundoFactorAt: sesiones.segundoFactorAt,
          })
      )[0],
    revokeSession: async (id: number, now: Date) => {
      await db.update(sesiones).set({ revokedAt: now }).where(eq(sesiones.id, id));
    },

    /** PostgreSQL's lower() of a user name: the key the employee look-up compares with (lower = lower). */
    lowerUsuario: async (usuario: string) =>
      ((await db.execute(sql`select lower(${usuario}) as clave`)) as unknown as { rows: { clave: string }[] }).rows[0]!
        .clave,

    /**
     * Ends every live session of one user but `exceptSessionId` (the caller's own, when it changes its own
     * password). Called on a transaction's repository, a password change and the end of the old sessions
     * commit together.
     */
    revokeSessionsOf: async (
      user: { operador: string; usuarioRef: string },
      now: Date,
      exceptSessionId?: number,
    ): Promise<void> => {
      await db
        .update(sesiones)
        .set({ revokedAt: now })
        .where(
          and(
            eq(sesiones.operador, user.operador),
            eq(sesiones.usuarioRef, user.usuarioRef),
            isNull(sesiones.revokedAt),
            ...(exceptSessionId === undefined ? [] : [ne(sesiones.id, exceptSessionId)]),
          ),
        );
    },
    ...loginAttemptQueries(db),
    ...passwordResetQueries(db),
    ...secondFactorQueries(db),
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
