import { type Database, schema } from "@portal/db";
import { and, eq, inArray } from "drizzle-orm";

const { facturas } = schema;

/** Issue 42 part 1 (decision 073): what the invoices of foreign suppliers (without CFDI) ask of the database. */
export function facturaExtranjeraQueries(db: Database) {
  return {
    /** Whether the supplier has a pending or accepted invoice without CFDI numbered `numero` (the unique index's rule). */
    numeroExtranjeraTaken: async (cardCode: string, numero: string) =>
      (
        await db
          .select({ id: facturas.id })
          .from(facturas)
          .where(
            and(
              eq(facturas.cardCode, cardCode),
              eq(facturas.folio, numero),
              eq(facturas.tipo, "extranjera"),
              inArray(facturas.estatus, ["P", "A"]),
            ),
          )
          .limit(1)
      ).length > 0,
  };
}
