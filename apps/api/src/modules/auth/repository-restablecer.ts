import { type Database, schema } from "@portal/db";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";

const { empleados, proveedores, restablecimientosPassword } = schema;

/** Whose password: an employee (its id as text) or a supplier (its CardCode), as sessions name them. */
export interface Cuenta {
  operador: "Empleado" | "Proveedor";
  usuarioRef: string;
}

/** At most this many accounts answer one request (an address shared by several accounts). */
const CUENTAS_POR_SOLICITUD = 5;

/** The password reset's queries (decision 067): the accounts a request names, the links and the new password. */
export function passwordResetQueries(db: Database) {
  return {
    /** Active employees whose user name or e-mail is `dato`, whatever its case. */
    empleadosParaRestablecer: (dato: string) =>
      db
        .select({
          id: empleados.id,
          usuario: empleados.usuario,
          nombre: empleados.nombre,
          apellidos: empleados.apellidos,
          email: empleados.email,
        })
        .from(empleados)
        .where(
          and(
            eq(empleados.estatus, "A"),
            or(sql`lower(${empleados.usuario}) = lower(${dato})`, sql`lower(${empleados.email}) = lower(${dato})`),
          ),
        )
        .orderBy(empleados.id)
        .limit(CUENTAS_POR_SOLICITUD),
    /** Active suppliers whose RFC is `dato` (upper case) or one of whose comma-separated addresses is `dato`. */
    proveedoresParaRestablecer: (dato: string) =>
      db
        .select({
          cardCode: proveedores.cardCode,
          rfc: proveedores.rfc,
          cardName: proveedores.cardName,
          email: proveedores.email,
        })
        .from(proveedores)
        .where(
          and(
            eq(proveedores.estatus, "A"),
            or(
              // Decision 073: the generic RFC of foreign suppliers names none of them; their CardCode does.
              and(eq(proveedores.tipo, "nacional"), eq(proveedores.rfc, dato.toUpperCase())),
              and(eq(proveedores.tipo, "extranjero"), eq(proveedores.cardCode, dato.toUpperCase())),
              sql`lower(${dato}) in (select trim(c) from unnest(string_to_array(lower(${proveedores.email}), ',')) as c)`,
            ),
          ),
        )
        .orderBy(proveedores.cardCode)
        .limit(CUENTAS_POR_SOLICITUD),
    insertRestablecimiento: async (values: typeof restablecimientosPassword.$inferInsert) => {
      await db.insert(restablecimientosPassword).values(values);
    },
    findRestablecimiento: async (tokenHash: string) =>
      (
        await db
          .select()
          .from(restablecimientosPassword)
          .where(eq(restablecimientosPassword.tokenHash, tokenHash))
          .limit(1)
      )[0],
    /**
     * Spends a link: only while unused and unexpired, in one statement, so two simultaneous uses cannot both
     * succeed. Whether this call spent it.
     */
    useRestablecimiento: async (id: number, now: Date): Promise<boolean> =>
      (
        await db
          .update(restablecimientosPassword)
          .set({ usedAt: now })
          .where(
            and(
              eq(restablecimientosPassword.id, id),
              isNull(restablecimientosPassword.usedAt),
              gt(restablecimientosPassword.expiresAt, now),
            ),
          )
          .returning({ id: restablecimientosPassword.id })
      ).length === 1,
    /** Every other unused link of the account stops working (a new password was chosen). */
    voidRestablecimientosOf: async (cuenta: Cuenta, now: Date) => {
      await db
        .update(restablecimientosPassword)
        .set({ usedAt: now })
        .where(
          and(
            eq(restablecimientosPassword.operador, cuenta.operador),
            eq(restablecimientosPassword.usuarioRef, cuenta.usuarioRef),
            isNull(restablecimientosPassword.usedAt),
          ),
        );
    },
    setPasswordHash: async (cuenta: Cuenta, passwordHash: string, now: Date) => {
      if (cuenta.operador === "Empleado") {
        await db
          .update(empleados)
          .set({ passwordHash, updatedAt: now })
          .where(eq(empleados.id, Number(cuenta.usuarioRef)));
      } else {
        await db
          .update(proveedores)
          .set({ passwordHash, updatedAt: now })
          .where(eq(proveedores.cardCode, cuenta.usuarioRef));
      }
    },
  };
}
