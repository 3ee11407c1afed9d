import { type Database, schema } from "@portal/db";
import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Cuenta } from "./repository-restablecer";

const { codigosRecuperacion, segundosFactores, sesiones } = schema;

const ofCuenta = (c: Cuenta) =>
  and(eq(segundosFactores.operador, c.operador), eq(segundosFactores.usuarioRef, c.usuarioRef));
const codesOf = (c: Cuenta) =>
  and(eq(codigosRecuperacion.operador, c.operador), eq(codigosRecuperacion.usuarioRef, c.usuarioRef));

/** The second factor's queries (decision 071). Every change is conditional on what was read. */
export function secondFactorQueries(db: Database) {
  return {
    findSecondFactor: async (c: Cuenta) => (await db.select().from(segundosFactores).where(ofCuenta(c)).limit(1))[0],
    /** Whether the account has a confirmed secret (the login's and authenticate's question). */
    hasSecondFactor: async (c: Cuenta) =>
      (
        await db
          .select({ id: segundosFactores.id })
          .from(segundosFactores)
          .where(and(ofCuenta(c), isNotNull(segundosFactores.inscritoAt)))
          .limit(1)
      ).length > 0,
    /** Keeps a new secret waiting for its first code; the confirmed one (if any) stays in force meanwhile. */
    savePendingSecret: async (c: Cuenta, secretoPendiente: string, at: Date) => {
      await db
        .insert(segundosFactores)
        .values({ ...c, secretoPendiente, pendienteAt: at })
        .onConflictDoUpdate({
          target: [segundosFactores.operador, segundosFactores.usuarioRef],
          set: { secretoPendiente, pendienteAt: at },
        });
    },
    /**
     * The pending secret becomes the account's, with `step` as its last accepted step; only if the pending secret is
     * still the one read (of two confirmations at once, one wins). Answers whether it did.
     */
    confirmPendingSecret: async (c: Cuenta, secretoPendiente: string, step: number, at: Date) =>
      (
        await db
          .update(segundosFactores)
          .set({
            secreto: secretoPendiente,
            inscritoAt: at,
            ultimoPaso: step,
            secretoPendiente: null,
            pendienteAt: null,
          })
          .where(and(ofCuenta(c), eq(segundosFactores.secretoPendiente, secretoPendiente)))
          .returning({ id: segundosFactores.id })
      ).length === 1,
    /** Records `step` as used, only if it is later than the last one used (RFC 6238 §5.2: a code serves once). */
    useStep: async (c: Cuenta, step: number) =>
      (
        await db
          .update(segundosFactores)
          .set({ ultimoPaso: step })
          .where(
            and(
              ofCuenta(c),
              isNotNull(segundosFactores.inscritoAt),
              or(isNull(segundosFactores.ultimoPaso), lt(segundosFactores.ultimoPaso, step)),
            ),
          )
          .returning({ id: segundosFactores.id })
      ).length === 1,
    /** The account's recovery codes are replaced by `hashes` (the old ones stop serving). */
    replaceRecoveryCodes: async (c: Cuenta, hashes: string[], at: Date) => {
      await db.delete(codigosRecuperacion).where(codesOf(c));
      await db.insert(codigosRecuperacion).values(hashes.map((codigoHash) => ({ ...c, codigoHash, createdAt: at })));
    },
    /** Uses one recovery code: only if unused (of two uses at once, one wins). Answers whether it did. */
    useRecoveryCode: async (c: Cuenta, codigoHash: string, at: Date) =>
      (
        await db
          .update(codigosRecuperacion)
          .set({ usedAt: at })
          .where(and(codesOf(c), eq(codigosRecuperacion.codigoHash, codigoHash), isNull(codigosRecuperacion.usedAt)))
          .returning({ id: codigosRecuperacion.id })
      ).length === 1,
    countRecoveryCodes: async (c: Cuenta) =>
      (
        await db
          .select({ n: count() })
          .from(codigosRecuperacion)
          .where(and(codesOf(c), isNull(codigosRecuperacion.usedAt)))
      )[0]?.n ?? 0,
    /** Removes the account's second factor and recovery codes (an administrator's reset). Answers whether it had one. */
    deleteSecondFactor: async (c: Cuenta) => {
      await db.delete(codigosRecuperacion).where(codesOf(c));
      return (await db.delete(segundosFactores).where(ofCuenta(c)).returning({ id: segundosFactores.id })).length > 0;
    },
    /** The session completed its second factor (decision 071). */
    completeSessionSecondFactor: async (sessionId: number, at: Date) => {
      await db.update(sesiones).set({ segundoFactorAt: at }).where(eq(sesiones.id, sessionId));
    },
  };
}
