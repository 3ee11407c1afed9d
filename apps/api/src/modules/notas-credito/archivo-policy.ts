import { type ArchivoPolicy, ownedFilePolicy } from "../archivos/service";
import type { NotasCreditoRepository } from "./repository";

/** Credit note files (PDF, XML): every employee; a supplier only its own credit notes' (issue 27). */
export const notaCreditoArchivoPolicy = (repo: NotasCreditoRepository): ArchivoPolicy =>
  ownedFilePolicy((id, cardCode) => repo.archivoNombre(id, cardCode), "nota-de-credito");
