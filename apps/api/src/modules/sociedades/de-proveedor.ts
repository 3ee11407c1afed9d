import type { HomeSociedadRow } from "@portal/contracts";
import { archivoUrl } from "../archivos/service";
import type { SociedadDeProveedor } from "./repository";

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
