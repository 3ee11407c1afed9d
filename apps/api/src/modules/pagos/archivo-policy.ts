import { type ArchivoPolicy, ownedFilePolicy } from "../archivos/service";
import type { PagosRepository } from "./repository";

/** Payment files (complement PDF and XML, the employee's proof): every employee; a supplier only its own (issue 14). */
export const pagoArchivoPolicy = (repo: PagosRepository): ArchivoPolicy =>
  ownedFilePolicy((id, cardCode) => repo.archivoNombre(id, cardCode), "pago");
