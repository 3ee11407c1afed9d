import { type Database, schema } from "@portal/db";
import { and, asc, eq, inArray, like, or, sql } from "drizzle-orm";

const { facturas, proveedores, satCfdiRecibidos } = schema;

/** What the SAT reconciliation reads (issue 43 §4): the SAT's rows, the portal's invoices, the suppliers by RFC. */
export function conciliacionQueries(db: Database) {
  return {
    /** The CFDI the SAT holds as received by the sociedad, issued in the month ('YYYY-MM'). */
    satDelPeriodo: (sociedadId: number, periodo: string) =>
      db
        .select()
        .from(satCfdiRecibidos)
        .where(and(eq(satCfdiRecibidos.sociedadId, sociedadId), like(satCfdiRecibidos.fechaEmision, `${periodo}-%`)))
        .orderBy(asc(satCfdiRecibidos.fechaEmision), asc(satCfdiRecibidos.uuid)),
    /** The portal's invoices to the sociedad issued in the month, or with one of these UUIDs. */
    facturasDelPeriodo: (sociedadId: number, periodo: string, uuids: string[]) =>
      db
        .select({
          uuid: sql<string>`upper(${facturas.uuid})`,
          cardCode: facturas.cardCode,
          rfcEmisor: facturas.rfcEmisor,
          nombreEmisor: facturas.nombreEmisor,
          fechaCfdi: facturas.fechaCfdi,
          fechaTimbrado: facturas.fechaTimbrado,
          total: facturas.total,
          moneda: facturas.moneda,
          estatus: facturas.estatus,
          erpDocEntry: facturas.erpDocEntry,
        })
        .from(facturas)
        .where(
          and(
            eq(facturas.sociedadId, sociedadId),
            uuids.length > 0
              ? or(like(facturas.fechaCfdi, `${periodo}-%`), inArray(sql`upper(${facturas.uuid})`, uuids))
              : like(facturas.fechaCfdi, `${periodo}-%`),
          ),
        )
        .orderBy(asc(facturas.id)),
    /** The suppliers of the portal with these RFCs. */
    proveedoresPorRfc: async (rfcs: string[]) =>
      rfcs.length === 0
        ? []
        : db
            .select({ cardCode: proveedores.cardCode, rfc: proveedores.rfc })
            .from(proveedores)
            .where(inArray(proveedores.rfc, rfcs)),
  };
}
