import { type Database, schema } from "@portal/db";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

const { invitacionesProveedor: inv, sociedades, empleados, proveedores, proveedorSociedades } = schema;

export type Invitacion = typeof inv.$inferSelect;

/** How many invitations the administrators' list shows, newest first. */
const INVITACIONES_LISTA = 500;

/** The invitations' SQL (issue 41 item 3, decision 070). */
export function createInvitacionesRepository(db: Database) {
  const invito = alias(empleados, "invito");
  const decidio = alias(empleados, "decidio");
  return {
    insert: async (values: typeof inv.$inferInsert) =>
      (await db.insert(inv).values(values).returning({ id: inv.id }))[0]?.id ?? 0,
    findByTokenHash: async (tokenHash: string) =>
      (await db.select().from(inv).where(eq(inv.tokenHash, tokenHash)).limit(1))[0],
    findById: async (id: number) => (await db.select().from(inv).where(eq(inv.id, id)).limit(1))[0],
    /** The row, locked until the transaction ends: one decision at a time (approval calls the ERP inside). */
    lockById: async (id: number) => (await db.select().from(inv).where(eq(inv.id, id)).for("update").limit(1))[0],
    /** The live invitations (invitada or registrada) of an RFC. */
    liveOfRfc: (rfc: string) =>
      db
        .select()
        .from(inv)
        .where(and(eq(inv.rfc, rfc), inArray(inv.estatus, ["invitada", "registrada"]))),
    /** A new invitation replaces the unused ones of its RFC: their links stop working. */
    cancelInvitadasOfRfc: async (rfc: string, now: Date) => {
      await db
        .update(inv)
        .set({ estatus: "cancelada", usedAt: now, version: sql`${inv.version} + 1` })
        .where(and(eq(inv.rfc, rfc), eq(inv.estatus, "invitada")));
    },
    /**
     * Spends a link: only while invitada, unused and unexpired, in one statement, so two simultaneous uses cannot
     * both succeed. Whether this call spent it.
     */
    useLink: async (id: number, now: Date): Promise<boolean> =>
      (
        await db
          .update(inv)
          .set({ usedAt: now, estatus: "registrada", version: sql`${inv.version} + 1` })
          .where(and(eq(inv.id, id), eq(inv.estatus, "invitada"), isNull(inv.usedAt), gt(inv.expiresAt, now)))
          .returning({ id: inv.id })
      ).length === 1,
    /** The decision, only on the version read and while registrada. Whether it applied. */
    decide: async (
      id: number,
      version: number,
      values: Pick<Invitacion, "estatus" | "decididoPor" | "decididoAt" | "motivoRechazo" | "socioCreado">,
    ): Promise<boolean> =>
      (
        await db
          .update(inv)
          .set({ ...values, version: sql`${inv.version} + 1` })
          .where(and(eq(inv.id, id), eq(inv.version, version), eq(inv.estatus, "registrada")))
          .returning({ id: inv.id })
      ).length === 1,
    list: () =>
      db
        .select({
          i: inv,
          nomSociedad: sociedades.nombre,
          invito: sql<string>`trim(${invito.nombre} || ' ' || ${invito.apellidos})`,
          decidio: sql<string>`coalesce(trim(${decidio.nombre} || ' ' || ${decidio.apellidos}), '')`,
        })
        .from(inv)
        .innerJoin(sociedades, eq(sociedades.id, inv.sociedadId))
        .innerJoin(invito, eq(invito.id, inv.invitadoPor))
        .leftJoin(decidio, eq(decidio.id, inv.decididoPor))
        .orderBy(desc(inv.createdAt), desc(inv.id))
        .limit(INVITACIONES_LISTA),
    sociedad: async (id: number) =>
      (
        await db
          .select({ id: sociedades.id, nombre: sociedades.nombre, bd: sociedades.bdSap, estatus: sociedades.estatus })
          .from(sociedades)
          .where(eq(sociedades.id, id))
      )[0],
    proveedorByRfc: async (rfc: string) =>
      (await db.select().from(proveedores).where(eq(proveedores.rfc, rfc)).limit(1))[0],
    proveedorByCardCode: async (cardCode: string) =>
      (await db.select().from(proveedores).where(eq(proveedores.cardCode, cardCode)).limit(1))[0],
    /** The supplier's portal account, record status Pendiente, linked to the invitation's sociedad. */
    insertProveedor: async (values: typeof proveedores.$inferInsert, sociedadId: number) => {
      await db.insert(proveedores).values(values);
      await db.insert(proveedorSociedades).values({ cardCode: values.cardCode, sociedadId }).onConflictDoNothing();
    },
    setRegistro: async (cardCode: string, estatusRegistro: "C" | "R", motivoRechazo: string, now: Date) => {
      await db
        .update(proveedores)
        .set({ estatusRegistro, motivoRechazo, updatedAt: now })
        .where(eq(proveedores.cardCode, cardCode));
    },
  };
}
export type InvitacionesRepository = ReturnType<typeof createInvitacionesRepository>;
