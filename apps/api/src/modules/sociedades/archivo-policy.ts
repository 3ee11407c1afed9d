import type { ArchivosRepository } from "../archivos/repository";
import { type ArchivoPolicy, ownedFilePolicy } from "../archivos/service";

/** Tax-status certificates: every employee; a supplier only for the sociedades it is registered with. */
export const constanciaSociedadPolicy = (repo: ArchivosRepository): ArchivoPolicy =>
  ownedFilePolicy((id, cardCode) => repo.constanciaNombre(id, cardCode), "constancia.pdf");
