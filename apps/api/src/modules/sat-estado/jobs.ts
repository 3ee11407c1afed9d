import type { TareaProgramada } from "../tareas/service";
import type { SatEstadoService } from "./service";

/** The SAT's status of the CFDIs (decision 014): pending answers, and the re-checks of accepted ones. */
export const satEstadoJobs = (satEstado: SatEstadoService): TareaProgramada[] => [
  {
    name: "sat-pendientes",
    description:
      "Vuelve a consultar en el SAT los CFDI aceptados como «pendiente de verificar» (sin respuesta del SAT, o no " +
      "encontrados dentro de las 72 horas siguientes al timbrado).",
    schedule: { cadaMinutos: 5 },
    execute: async (now) => `${await satEstado.verifyPending(now)} CFDI consultados.`,
  },
  {
    name: "sat-aceptados",
    description:
      "Vuelve a consultar en el SAT las facturas y complementos aceptados (a diario durante 30 días, luego cada " +
      "semana hasta que se pagan) y avisa a los revisores de los que el SAT canceló.",
    schedule: { cadaMinutos: 60 },
    execute: async (now) => `${await satEstado.checkAceptados(now)} CFDI consultados.`,
  },
];
