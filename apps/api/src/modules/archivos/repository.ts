import type { Database } from "@portal/db";
import { schema, storeArchivo } from "@portal/db";
import { and, eq } from "drizzle-orm";

const { archivos, sociedades, proveedorSociedades, proveedorDocumentos } = schema;

export function createArchivosRepository(db: Database) {
  return {
    findMeta: async (id: string) =>
      (await db.select({ mime: archivos.mime, size: archivos.size }).from(archivos).where(eq(archivos.id, id)))[0],
    findContent: async (id: string) =>
      (await db.select({ contenido: archivos.contenido }).from(archivos).where(eq(archivos.id, id)))[0]?.contenido,
    /** Stores a file once per content (sha256); returns the id of the new or existing row. */
    store: (contenido: Uint8Array, mime: string) => storeArchivo(db, contenido, mime),
    /**
     * The stored name of a sociedad's tax-status certificate; with `cardCode`, only among the sociedades that
     * supplier is registered with. Undefined when no such certificate.
     */
    constanciaNombre: async (archivoId: string, cardCode: string | null) => {
      const [row] =
        cardCode === null
          ? await db
              .select({ nombre: sociedades.constanciaNombre })
              .from(sociedades)
              .where(eq(sociedades.constanciaArchivoId, archivoId))
              .limit(1)
          : await db
              .select({ nombre: sociedades.constanciaNombre })
              .from(sociedades)
              .innerJoin(proveedorSociedades, eq(proveedorSociedades.sociedadId, sociedades.id))
              .where(and(eq(sociedades.constanciaArchivoId, archivoId), eq(proveedorSociedades.cardCode, cardCode)))
              .limit(1);
      return row?.nombre;
    },
    /** The stored name of a supplier compliance document; with `cardCode`, only that supplier's. */
    documentoNombre: async (archivoId: string, cardCode: string | null) => {
      const [row] = await db
        .select({ nombre: proveedorDocumentos.nombre })
        .from(proveedorDocumentos)
        .where(
          cardCode === null
            ? eq(proveedorDocumentos.archivoId, archivoId)
            : and(eq(proveedorDocumentos.archivoId, archivoId), eq(proveedorDocumentos.cardCode, cardCode)),
        )
        .limit(1);
      return row?.nombre;
    },
  };
}
export type ArchivosRepository = ReturnType<typeof createArchivosRepository>;
