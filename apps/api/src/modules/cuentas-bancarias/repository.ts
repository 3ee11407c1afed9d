import { type Database, schema } from "@portal/db";
import { and, asc, desc, eq, isNull, lte, sql } from "drizzle-orm";
import { type EntradaHistorial, historialDe } from "../auditoria/repository";

const {
  solicitudesCuentaBancaria: solicitudes,
  cuentasBancarias: cuentas,
  bloqueosCuentaBancaria: bloqueos,
  proveedores,
  empleados,
  facturas,
  sociedades,
  proveedorSociedades,
} = schema;

export type SolicitudCuenta = typeof solicitudes.$inferSelect;
export type CuentaBancaria = typeof cuentas.$inferSelect;
export type SolicitudNueva = typeof solicitudes.$inferInsert;
/** A request with the names a list shows: the supplier's, and who entered and decided it. */
export type SolicitudListada = SolicitudCuenta & { proveedor: string; capturadaPor: string; revisor: string };

/** An employee's or the supplier's name as a list shows it, from an (operador, reference) pair. */
const nombreDe = (operador: unknown, ref: unknown) => sql<string>`coalesce(
    case when ${operador} = 'Empleado' then (select nullif(trim(e.nombre || ' ' || e.apellidos), '')
      from ${empleados} e where e.id::text = ${ref}) end,
    case when ${operador} = 'Proveedor' then (select p.card_name from ${proveedores} p where p.card_code = ${ref}) end,
    ${ref}, '')`;

/** An open A/P invoice of the supplier: accepted, not cancelled in the ERP, not paid in full; its sociedad's days. */
export interface FacturaAbierta {
  id: number;
  uuid: string;
  folio: string;
  dias: number;
}

/**
 * The supplier's bank accounts and their change requests (issue 41 items 1 and 2, decision 069), and the cooling-off
 * payment blocks of approved changes. Every decision is conditional on the version read.
 */
export function createCuentasBancariasRepository(db: Database) {
  const listed = () =>
    db
      .select({
        s: solicitudes,
        proveedor: proveedores.cardName,
        capturadaPor: nombreDe(solicitudes.operador, solicitudes.usuarioRef),
        revisor: nombreDe(sql`'Empleado'`, solicitudes.revisorRef),
      })
      .from(solicitudes)
      .innerJoin(proveedores, eq(proveedores.cardCode, solicitudes.cardCode));
  const flat = (rows: { s: SolicitudCuenta; proveedor: string; capturadaPor: string; revisor: string }[]) =>
    rows.map((r) => ({ ...r.s, proveedor: r.proveedor, capturadaPor: r.capturadaPor, revisor: r.revisor ?? "" }));
  return {
    /** A new pending request; undefined when the supplier already has one pending (one at a time). */
    insertSolicitud: async (values: SolicitudNueva): Promise<number | undefined> =>
      (await db.insert(solicitudes).values(values).onConflictDoNothing().returning({ id: solicitudes.id }))[0]?.id,
    findSolicitud: async (id: number): Promise<SolicitudListada | undefined> =>
      flat(await listed().where(eq(solicitudes.id, id)))[0],
    /** Requests of one supplier (newest first), or of every supplier with a status (oldest pending first). */
    listSolicitudes: async (filter: { cardCode?: string; estatus?: string }): Promise<SolicitudListada[]> =>
      flat(
        await listed()
          .where(
            and(
              filter.cardCode ? eq(solicitudes.cardCode, filter.cardCode) : undefined,
              filter.estatus ? eq(solicitudes.estatus, filter.estatus) : undefined,
            ),
          )
          .orderBy(filter.estatus === "pendiente" ? asc(solicitudes.createdAt) : desc(solicitudes.createdAt))
          .limit(500),
      ),
    /**
     * Decides pending request `id` at the version the employee read: exactly one of two concurrent decisions
     * changes it; the other gets undefined.
     */
    decide: async (
      id: number,
      version: number,
      values: { estatus: "aprobada" | "rechazada"; revisorRef: string; motivo: string; decididaAt: Date },
    ): Promise<SolicitudCuenta | undefined> =>
      (
        await db
          .update(solicitudes)
          .set({ ...values, version: sql`${solicitudes.version} + 1` })
          .where(and(eq(solicitudes.id, id), eq(solicitudes.version, version), eq(solicitudes.estatus, "pendiente")))
          .returning()
      )[0],
    /** The supplier's active (approved) accounts, by currency. */
    activeCuentas: (cardCode: string): Promise<CuentaBancaria[]> =>
      db
        .select()
        .from(cuentas)
        .where(and(eq(cuentas.cardCode, cardCode), eq(cuentas.activa, true)))
        .orderBy(asc(cuentas.moneda)),
    /** The account `solicitud` became, if approved. */
    cuentaOf: async (solicitudId: number): Promise<CuentaBancaria | undefined> =>
      (await db.select().from(cuentas).where(eq(cuentas.solicitudId, solicitudId)))[0],
    /** The approved account replaces the supplier's active one of the same currency. */
    replaceCuenta: async (values: typeof cuentas.$inferInsert): Promise<CuentaBancaria | undefined> => {
      await db
        .update(cuentas)
        .set({ activa: false })
        .where(and(eq(cuentas.cardCode, values.cardCode), eq(cuentas.moneda, values.moneda), eq(cuentas.activa, true)));
      return (await db.insert(cuentas).values(values).returning())[0];
    },
    /** Whether employee `id` is active and may approve bank-account changes (ApruebaCuentas). */
    canApprove: async (id: number): Promise<boolean> =>
      (
        await db
          .select({ id: empleados.id })
          .from(empleados)
          .where(and(eq(empleados.id, id), eq(empleados.apruebaCuentas, "Y"), eq(empleados.estatus, "A")))
      ).length > 0,
    /** The company databases of the supplier's sociedades (the business partner has the same CardCode in each). */
    bdsOf: async (cardCode: string): Promise<string[]> =>
      (
        await db
          .select({ bd: sociedades.bdSap })
          .from(proveedorSociedades)
          .innerJoin(sociedades, eq(sociedades.id, proveedorSociedades.sociedadId))
          .where(eq(proveedorSociedades.cardCode, cardCode))
          .orderBy(asc(sociedades.bdSap))
      ).map((r) => r.bd),
    /** The supplier's open A/P invoices (accepted, not cancelled in the ERP, not paid in full) with their days. */
    openFacturas: (cardCode: string): Promise<FacturaAbierta[]> =>
      db
        .select({
          id: facturas.id,
          uuid: facturas.uuid,
          folio: facturas.folio,
          dias: sociedades.diasEnfriamientoCuenta,
        })
        .from(facturas)
        .innerJoin(sociedades, eq(sociedades.id, facturas.sociedadId))
        .where(
          and(
            eq(facturas.cardCode, cardCode),
            eq(facturas.estatus, "A"),
            eq(facturas.erpCancelada, false),
            sql`${facturas.erpPagado} < round(${facturas.total}, 2)`,
          ),
        )
        .orderBy(asc(facturas.id)),
    /** The cooling-off block of invoice `facturaId` for approved request `solicitudId`, until `hasta`. */
    insertBloqueo: async (facturaId: number, solicitudId: number, hasta: Date): Promise<boolean> =>
      (await db.insert(bloqueos).values({ facturaId, solicitudId, hasta }).onConflictDoNothing().returning()).length >
      0,
    /** Cooling-off blocks whose period ended at `now` and not lifted yet. */
    dueBloqueos: (now: Date) =>
      db
        .select()
        .from(bloqueos)
        .where(and(isNull(bloqueos.levantadoAt), lte(bloqueos.hasta, now)))
        .orderBy(asc(bloqueos.hasta))
        .limit(1000),
    /** Lifts one cooling-off block once (of two runs one lifts it). */
    liftBloqueo: async (facturaId: number, solicitudId: number, now: Date): Promise<boolean> =>
      (
        await db
          .update(bloqueos)
          .set({ levantadoAt: now })
          .where(
            and(eq(bloqueos.facturaId, facturaId), eq(bloqueos.solicitudId, solicitudId), isNull(bloqueos.levantadoAt)),
          )
          .returning()
      ).length > 0,
    /** The supporting PDF's download name, when it is a request's (of supplier `cardCode`, or any for null). */
    archivoNombre: async (archivoId: string, cardCode: string | null): Promise<string | undefined> =>
      (
        await db
          .select({ nombre: solicitudes.archivoNombre })
          .from(solicitudes)
          .where(
            and(
              eq(solicitudes.archivoId, archivoId),
              cardCode === null ? undefined : eq(solicitudes.cardCode, cardCode),
            ),
          )
          .limit(1)
      )[0]?.nombre,
    historial: (id: number): Promise<EntradaHistorial[]> => historialDe(db, "solicitud_cuenta_bancaria", id),
  };
}
export type CuentasBancariasRepository = ReturnType<typeof createCuentasBancariasRepository>;
