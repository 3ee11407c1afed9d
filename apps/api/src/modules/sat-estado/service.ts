import { SAT_MSG } from "@portal/contracts";
import type { Repositories } from "../../repositories";
import { datosExpresionDelXml, expresionImpresa } from "../../sat/estado-cfdi";
import { recheckWalker } from "./recheck";
import type { NuevoEstadoCfdi, TipoCfdi } from "./repository";
import { instanteTimbrado, type SatEstadoDeps } from "./shared";
import { queryOnUpload } from "./upload";

export { instanteTimbrado, PLAZO_SAT_MS, type SatEstadoDeps, type VeredictoSat } from "./shared";

/**
 * The SAT status of every CFDI (issue 15 §1): queried at upload (outside the transaction: PGlite has one
 * connection and the SAT may take seconds), recorded with the document, and asked again by two jobs the scheduler
 * runs: `verifyPending` (documents accepted without a definite answer) and `checkAceptados` (accepted
 * documents, daily for 30 days after acceptance, then weekly until the invoice is paid).
 *
 * One file per operation (issue 38): shared.ts (constants, messages, deps), upload.ts (queryOnUpload), recheck.ts
 * (the jobs' re-check of one batch); this composes them over one deps object.
 */
export function createSatEstadoService(deps: SatEstadoDeps) {
  const { data, clock } = deps;
  const { repos } = data;
  const walk = recheckWalker(deps);

  return {
    queryOnUpload: queryOnUpload(deps),

    /** Records the upload's status with the document, inside the upload's transaction. */
    save: (
      tx: Pick<Repositories, "satEstado">,
      tipo: TipoCfdi,
      documentoId: number,
      registro: Omit<NuevoEstadoCfdi, "tipo" | "documentoId">,
    ) => tx.satEstado.save({ ...registro, tipo, documentoId }),

    /** Job: asks again for every pending CFDI whose time came (the 72-hour rule with `now`). */
    verifyPending: (now: Date, limite = 200) => walk(() => repos.satEstado.pendientesVencidos(now, limite), now),

    /**
     * Job: the scheduled re-check of accepted invoices and complements (daily for 30 days, then weekly). Accepted
     * documents that have no status yet (accepted before these checks existed, or the demo's) are adopted first:
     * their printed expression is read from the stored XML and they are due at once.
     */
    async checkAceptados(now: Date, limite = 500) {
      for (const d of await repos.satEstado.acceptedWithoutEstado(limite)) {
        const xml = await repos.archivos.findContent(d.xml_archivo_id);
        const datos = xml ? datosExpresionDelXml(new Uint8Array(xml)) : null;
        await repos.satEstado.save({
          tipo: d.tipo,
          documentoId: d.documento_id,
          uuid: datos?.uuid.toUpperCase() ?? "",
          expresion: datos ? expresionImpresa(datos) : "",
          timbradoAt: instanteTimbrado(d.fecha_timbrado),
          pendiente: false,
          ultimoError: datos ? "" : SAT_MSG.sinDatos,
          siguienteConsulta: now,
          createdAt: now,
          updatedAt: now,
        });
      }
      return walk(() => repos.satEstado.acceptedDue(now, limite), now);
    },

    /** Both jobs with the clock's now (the interval worker and the tests). */
    async flush() {
      const now = clock();
      return { pendientes: await this.verifyPending(now), aceptados: await this.checkAceptados(now) };
    },
  };
}
export type SatEstadoService = ReturnType<typeof createSatEstadoService>;
