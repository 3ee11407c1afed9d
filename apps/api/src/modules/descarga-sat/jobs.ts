import { DESCARGA_MSG } from "@portal/contracts";
import type { TareaProgramada } from "../tareas/service";
import type { DescargaSatService } from "./service";

/**
 * The SAT's Descarga Masiva (issue 43, decision 075): every 15 minutes it follows the requests in force; a new
 * request per sociedad is made at most once a day (service.ts), so the SAT's daily limits are respected.
 */
export const descargaSatJob = (descargaSat: DescargaSatService): TareaProgramada => ({
  name: "sat-descarga-masiva",
  description: DESCARGA_MSG.tareaDescripcion,
  schedule: { everyMinutes: 15 },
  execute: (now) => descargaSat.run(now),
  backlog: () => descargaSat.backlog(),
});
