import type { ArchivosRepository } from "../archivos/repository";
import { type ArchivoPolicy, ownedFilePolicy } from "../archivos/service";

/** Supplier compliance documents: every employee; a supplier only its own. */
export const documentoProveedorPolicy = (repo: ArchivosRepository): ArchivoPolicy =>
  ownedFilePolicy((id, cardCode) => repo.documentoNombre(id, cardCode), "documento.pdf");
