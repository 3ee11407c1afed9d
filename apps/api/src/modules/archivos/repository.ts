import type { Database } from "@portal/db";
import { schema } from "@portal/db";
import { and, eq } from "drizzle-orm";
import { isEmpleado } from "../../lib/session-user";
import type { ArchivoPolicy } from "./service";

const { archivos, sociedades, proveedorSociedades, proveedorDocumentos } = schema;

export function createArchivosRepository(db: Database) {
  return {
    findMeta: async (id: string) =>
      (await db.select({ mime: archivos.mime, size: archivos.size }).from(archivos).where(eq(archivos.id, id)))[0],
    findContent: async (id: string) =>
      (await db.select({ contenido: archivos.contenido }).from(archivos).where(eq(archivos.id, id)))[0]?.contenido,
  };
}
export type ArchivosRepository = ReturnType<typeof createArchivosRepository>;

/** Tax-status certificates: every employee; a supplier only for the sociedades it is registered with. */
export const constanciaSociedadPolicy =
  (db: Database): ArchivoPolicy =>
  async (user, archivoId) => {
    if (isEmpleado(user)) {
      const [row] = await db
        .select({ nombre: sociedades.constanciaNombre })
        .from(sociedades)
        .where(eq(sociedades.constanciaArchivoId, archivoId))
        .limit(1);
      return row ? { nombre: row.nombre || "constancia.pdf" } : null;
    }
    const [row] = await db
      .select({ nombre: sociedades.constanciaNombre })
      .from(sociedades)
      .innerJoin(proveedorSociedades, eq(proveedorSociedades.sociedadId, sociedades.id))
      .where(and(eq(sociedades.constanciaArchivoId, archivoId), eq(proveedorSociedades.cardCode, user.id)))
      .limit(1);
    return row ? { nombre: row.nombre || "constancia.pdf" } : null;
  };

/** Supplier compliance documents: every employee; a supplier only its own. */
export const documentoProveedorPolicy =
  (db: Database): ArchivoPolicy =>
  async (user, archivoId) => {
    const [row] = await db
      .select({ nombre: proveedorDocumentos.nombre })
      .from(proveedorDocumentos)
      .where(
        isEmpleado(user)
          ? eq(proveedorDocumentos.archivoId, archivoId)
          : and(eq(proveedorDocumentos.archivoId, archivoId), eq(proveedorDocumentos.cardCode, user.id)),
      )
      .limit(1);
    return row ? { nombre: row.nombre || "documento.pdf" } : null;
  };
