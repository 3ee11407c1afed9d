import { TAREAS_MSG } from "@portal/contracts";
import type { TareaProgramada } from "../tareas/service";
import type { SatEstadoService } from "./service";

/** The SAT's status of the CFDIs (decision 014): pending answers, and the re-checks of accepted ones. */
export const satEstadoJobs = (satEstado: SatEstadoService): TareaProgramada[] => [
  {
    name: "sat-pendientes",
    description: TAREAS_MSG.satPendientes,
    schedule: { everyMinutes: 5 },
    execute: async (now) => TAREAS_MSG.cfdiConsultados(await satEstado.verifyPending(now)),
  },
  {
    name: "sat-aceptados",
    description: TAREAS_MSG.satAceptados,
    schedule: { everyMinutes: 60 },
    execute: async (now) => TAREAS_MSG.cfdiConsultados(await satEstado.checkAceptados(now)),
  },
];
