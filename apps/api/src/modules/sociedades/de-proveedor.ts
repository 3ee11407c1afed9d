import type { HomeSociedadRow } from "@portal/contracts";
import type { Database } from "@portal/db";
import { schema } from "@portal/db";
import { asc, eq, inArray } from "drizzle-orm";
import { archivoUrl } from "../archivos/service";

const { sociedades, proveedorSociedades } = schema;

/** The sociedades each supplier is registered with (Home for the supplier, the supplier detail for employees). */
export function sociedadesDeProveedores(db: Database, cardCodes: readonly string[]) {
  if (cardCodes.length === 0) return Promise.resolve([]);
  return db
    .select({
      cardCode: proveedorSociedades.cardCode,
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
    .where(inArray(proveedorSociedades.cardCode, [...cardCodes]))
    .orderBy(asc(sociedades.id));
}

type SociedadDeProveedor = Awaited<ReturnType<typeof sociedadesDeProveedores>>[number];

/** The row the spec's Home table shows (no SAP credentials: suppliers see these rows). */
export const toSociedadProveedorRow = (s: SociedadDeProveedor, fila: number): HomeSociedadRow => ({
  Fila: fila,
  IdSociedad: s.id,
  NomSociedad: s.nombre,
  RFC: s.rfc,
  Regimen: s.regimen,
  CP: s.cp,
  Estatus: s.estatus,
  Constancia: archivoUrl(s.constanciaArchivoId),
});
