import { isEmpleado } from "../../lib/session-user";
import type { FacturasRepository } from "../facturas/repository";
import type { PagosRepository } from "../pagos/repository";
import type { ArchivosRepository } from "./repository";
import type { ArchivoPolicy } from "./service";

/** Tax-status certificates: every employee; a supplier only for the sociedades it is registered with. */
export const constanciaSociedadPolicy =
  (repo: ArchivosRepository): ArchivoPolicy =>
  async (user, archivoId) => {
    const nombre = await repo.constanciaNombre(archivoId, isEmpleado(user) ? null : user.id);
    return nombre === undefined ? null : { nombre: nombre || "constancia.pdf" };
  };

/** Supplier compliance documents: every employee; a supplier only its own. */
export const documentoProveedorPolicy =
  (repo: ArchivosRepository): ArchivoPolicy =>
  async (user, archivoId) => {
    const nombre = await repo.documentoNombre(archivoId, isEmpleado(user) ? null : user.id);
    return nombre === undefined ? null : { nombre: nombre || "documento.pdf" };
  };

/** Invoice files (PDF, XML, receipt image): every employee; a supplier only its own invoices' (issue 12). */
export const facturaArchivoPolicy =
  (repo: FacturasRepository): ArchivoPolicy =>
  async (user, archivoId) => {
    const nombre = await repo.archivoNombre(archivoId, isEmpleado(user) ? null : user.id);
    return nombre === undefined ? null : { nombre: nombre || "factura" };
  };

/** Payment files (complement PDF and XML, the employee's proof): every employee; a supplier only its own (issue 14). */
export const pagoArchivoPolicy =
  (repo: PagosRepository): ArchivoPolicy =>
  async (user, archivoId) => {
    const nombre = await repo.archivoNombre(archivoId, isEmpleado(user) ? null : user.id);
    return nombre === undefined ? null : { nombre: nombre || "pago" };
  };
