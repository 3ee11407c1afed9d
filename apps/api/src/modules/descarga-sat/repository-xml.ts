import { type Database, schema, storeArchivo } from "@portal/db";
import { eq } from "drizzle-orm";
import type { XmlRecibido } from "../../sat/descarga-masiva/cliente";
import { datosDelXml } from "../../sat/descarga-masiva/datos-xml";

const { satCfdiRecibidos } = schema;

/** The XML of the CFDI received, downloaded when an administrator asks (decision 075, amendment 2). */
export function xmlRecibidosQueries(db: Database) {
  return {
    /**
     * Each CFDI's XML from an XML package: stored once in `archivos` (by its content) and linked to the sociedad's row
     * of the CFDI with the currency it states; a CFDI the metadata has not brought yet gets its row from the XML.
     * Running it again links the same file: idempotent.
     */
    storeXml: async (sociedadId: number, descargaId: number, xmls: XmlRecibido[], now: Date) => {
      for (const x of xmls) {
        const xmlArchivoId = await storeArchivo(db, Buffer.from(x.xml, "utf8"), "application/xml");
        const d = datosDelXml(x.xml);
        await db
          .insert(satCfdiRecibidos)
          .values({
            sociedadId,
            uuid: x.uuid,
            ...d,
            estatus: "vigente",
            fechaCancelacion: null,
            descargaId,
            xmlArchivoId,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [satCfdiRecibidos.sociedadId, satCfdiRecibidos.uuid],
            set: { xmlArchivoId, moneda: d.moneda, updatedAt: now },
          });
      }
    },
    /** The UUID of the received CFDI whose XML is this file (the download's name), or undefined. */
    uuidDelXml: async (archivoId: string) =>
      (
        await db
          .select({ uuid: satCfdiRecibidos.uuid })
          .from(satCfdiRecibidos)
          .where(eq(satCfdiRecibidos.xmlArchivoId, archivoId))
          .limit(1)
      )[0]?.uuid,
  };
}
