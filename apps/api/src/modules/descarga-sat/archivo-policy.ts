import { canConciliarSat, isAdministrador } from "../../lib/session-user";
import type { ArchivoPolicy } from "../archivos/service";
import type { DescargaSatRepository } from "./repository";

/**
 * The XML the SAT handed for a received CFDI (decision 075, amendment): readable by whoever reads the SAT
 * reconciliation (administrators, employees with ConciliaSat), named after its UUID. Anyone else gets the answer of a
 * missing file (the other policies may still grant the same bytes: a supplier's own invoice XML is one file).
 */
export const xmlSatPolicy =
  (repo: Pick<DescargaSatRepository, "uuidDelXml">): ArchivoPolicy =>
  async (user, archivoId) => {
    if (!isAdministrador(user) && !canConciliarSat(user)) return null;
    const uuid = await repo.uuidDelXml(archivoId);
    return uuid ? { nombre: `${uuid}.xml` } : null;
  };
