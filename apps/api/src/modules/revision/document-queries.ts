import { type Database, schema } from "@portal/db";
import { and, eq, inArray, ne, or } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

const { complementosPago, facturas, notasCredito } = schema;

/** The tables of the portal's CFDI documents: invoices, payment complements and credit notes (issue 27). */
type DocumentTable = typeof facturas | typeof complementosPago | typeof notasCredito;

/**
 * The queries every kind of CFDI document has the same, modulo its table: by ids, the reviewer's conditional
 * decision, the UUID already taken, and the name of one of its files.
 */
export function documentQueries<T extends DocumentTable, P extends string>(
  db: Database,
  table: T & Record<`${P}ArchivoId` | `${P}Nombre`, PgColumn>,
  /** The document's files by column prefix: `pdf` is pdfArchivoId with the name it was uploaded under, pdfNombre. */
  files: readonly P[],
) {
  const columns = table as Record<`${P}ArchivoId` | `${P}Nombre`, PgColumn>;
  const archivos = files.map((f) => [columns[`${f}ArchivoId`], columns[`${f}Nombre`]] as const);
  // One table type for the query builder; every column read comes from `table` itself.
  const t = table as typeof facturas;
  type Row = T["$inferSelect"];
  return {
    findByIds: (ids: readonly number[]): Promise<Row[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(t)
            .where(inArray(t.id, [...ids])),
    /**
     * Writes `values` only if the document is still at `version` (issue 22): a decision or a correction in between
     * moves the version (trigger) and this writes nothing. False then.
     */
    updateAtVersion: async (id: number, version: number, values: Partial<T["$inferInsert"]>): Promise<boolean> =>
      (
        await db
          .update(t)
          .set(values as Partial<typeof facturas.$inferInsert>)
          .where(and(eq(t.id, id), eq(t.version, version)))
          .returning({ id: t.id })
      ).length === 1,
    /** Whether another document (not `exceptId`) has this UUID. */
    uuidTaken: async (uuid: string, exceptId?: number) =>
      (
        await db
          .select({ id: t.id })
          .from(t)
          .where(and(eq(t.uuid, uuid), exceptId === undefined ? undefined : ne(t.id, exceptId)))
          .limit(1)
      ).length > 0,
    /**
     * The name the document file `archivoId` was uploaded under (for downloads): any document's for employees
     * (cardCode null), only the supplier's own otherwise; undefined when it is no such file.
     */
    archivoNombre: async (archivoId: string, cardCode: string | null): Promise<string | undefined> => {
      const columnas = Object.fromEntries(
        archivos.flatMap(([id, nombre], i) => [
          [`id${i}`, id],
          [`nombre${i}`, nombre],
        ]),
      );
      const [row] = (await db
        .select(columnas as Record<string, PgColumn>)
        .from(t)
        .where(
          and(
            or(...archivos.map(([id]) => eq(id, archivoId))),
            cardCode === null ? undefined : eq(t.cardCode, cardCode),
          ),
        )
        .limit(1)) as Record<string, string | null>[];
      if (!row) return undefined;
      const i = archivos.findIndex((_, n) => row[`id${n}`] === archivoId);
      return row[`nombre${i === -1 ? archivos.length - 1 : i}`] ?? "";
    },
  };
}
