import type { Clock } from "./lib/clock";
import { recordatoriosComplementosTarea } from "./modules/complementos-atrasados/recordatorios";
import { enfriamientoTarea } from "./modules/cuentas-bancarias/enfriamiento";
import { efirmaAvisosTarea } from "./modules/descarga-sat/efirma-avisos";
import { descargaSatJob } from "./modules/descarga-sat/jobs";
import type { DescargaSatService } from "./modules/descarga-sat/service";
import { lista69bJob } from "./modules/lista-69b/job";
import type { Lista69bService } from "./modules/lista-69b/service";
import type { PagosService } from "./modules/pagos/service";
import { recordatoriosDocumentosTarea } from "./modules/proveedores/recordatorios";
import { satEstadoJobs } from "./modules/sat-estado/jobs";
import type { SatEstadoService } from "./modules/sat-estado/service";
import type { TareaProgramada } from "./modules/tareas/service";
import type { Data } from "./repositories";

/**
 * Every scheduled job of the portal (decision 016), in one list: each is defined in the module whose work it does;
 * services.ts registers them with the scheduler. A new job is one line here.
 */
export const scheduledJobs = (deps: {
  data: Data;
  clock: Clock;
  publicUrl: string;
  satEstado: SatEstadoService;
  lista69b: Lista69bService;
  pagos: Pick<PagosService, "complementStatus">;
  descargaSat: DescargaSatService;
  /** Wakes the ERP worker after a job queued ERP work. */
  erpQueued: () => void;
}): TareaProgramada[] => [
  recordatoriosDocumentosTarea(deps.data, deps.publicUrl),
  ...satEstadoJobs(deps.satEstado),
  lista69bJob(deps.lista69b),
  recordatoriosComplementosTarea(deps.data, deps.pagos, deps.publicUrl),
  // Issue 41 (decision 069): the end of a bank-account change's cooling-off period.
  enfriamientoTarea(deps.data, deps.clock, deps.erpQueued),
  // Issue 43 (decision 075): the CFDI each sociedad received, from the SAT's Descarga Masiva.
  descargaSatJob(deps.descargaSat),
  efirmaAvisosTarea(deps.data),
];
