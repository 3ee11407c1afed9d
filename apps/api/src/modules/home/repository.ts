import type { Database } from "@portal/db";
import { schema } from "@portal/db";
import { asc, eq } from "drizzle-orm";

const { sociedades, proveedorSociedades } = schema;

export function createHomeRepository(db: Database) {
  return {
    sociedadesDeProveedor: (cardCode: string) =>
      db
        .select({
          id: sociedades.id,
          nombre: sociedades.nombre,
          rfc: sociedades.rfc,
          regimen: sociedades.regimen,
          cp: sociedades.cp,
          estatus: sociedades.estatus,
          constanciaArchivoId: sociedades.constanciaArchivoId,
        })
        .from(proveedorSociedades)
        .innerJoin(sociedades, eq(sociedades.id, proveedorSociedades.sociedadId))
        .where(eq(proveedorSociedades.cardCode, cardCode))
        .orderBy(asc(sociedades.id)),
  };
}
export type HomeRepository = ReturnType<typeof createHomeRepository>;
