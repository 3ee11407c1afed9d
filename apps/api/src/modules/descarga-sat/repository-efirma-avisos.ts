import { type Database, schema } from "@portal/db";
import { and, asc, eq, gt, isNull, ne, or } from "drizzle-orm";

const { empleados, sociedades } = schema;

/** The e.firma's expiry reminders (issue 43 §1, job efirma-avisos). */
export function efirmaAvisoQueries(db: Database) {
  return {
    /**
     * Takes the expiry reminder at `umbral` days for the e.firma that expires at `vence`: true once, for one caller
     * (a conditional UPDATE), so a second run, another process or a retry mails nothing twice.
     */
    claimEfirmaAviso: async (id: number, vence: Date, umbral: number) =>
      (
        await db
          .update(sociedades)
          .set({ efirmaAvisoUmbral: umbral })
          .where(
            and(
              eq(sociedades.id, id),
              eq(sociedades.efirmaVence, vence),
              or(isNull(sociedades.efirmaAvisoUmbral), gt(sociedades.efirmaAvisoUmbral, umbral)),
            ),
          )
          .returning({ id: sociedades.id })
      ).length === 1,
    /** The active administrators' addresses (the e.firma's expiry reminder). */
    administradores: async () =>
      (
        await db
          .select({ email: empleados.email })
          .from(empleados)
          .where(and(eq(empleados.perfil, "A"), eq(empleados.estatus, "A"), ne(empleados.email, "")))
          .orderBy(asc(empleados.id))
      ).map((e) => e.email),
  };
}
