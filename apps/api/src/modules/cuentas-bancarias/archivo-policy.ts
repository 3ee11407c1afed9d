import { type ArchivoPolicy, ownedFilePolicy } from "../archivos/service";
import type { CuentasBancariasRepository } from "./repository";

/** A bank-account request's supporting PDF (decision 069): every employee; a supplier only its own. */
export const solicitudCuentaPolicy = (repo: CuentasBancariasRepository): ArchivoPolicy =>
  ownedFilePolicy((id, cardCode) => repo.archivoNombre(id, cardCode), "cuenta-bancaria.pdf");
