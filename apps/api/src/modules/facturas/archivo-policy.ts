import { type ArchivoPolicy, ownedFilePolicy } from "../archivos/service";
import type { FacturasRepository } from "./repository";

/** Invoice files (PDF, XML, receipt image): every employee; a supplier only its own invoices' (issue 12). */
export const facturaArchivoPolicy = (repo: FacturasRepository): ArchivoPolicy =>
  ownedFilePolicy((id, cardCode) => repo.archivoNombre(id, cardCode), "factura");
