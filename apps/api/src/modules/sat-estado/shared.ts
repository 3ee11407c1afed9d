import type { Clock } from "../../lib/clock";
import type { Data } from "../../repositories";
import type { EstadoCfdiClient, RespuestaSat } from "../../sat/estado-cfdi";
import type { NuevoEstadoCfdi } from "./repository";

/** What the SAT status service is built from (service.ts); each operation (upload, re-check) takes its part. */
export interface SatEstadoDeps {
  data: Data;
  clock: Clock;
  cliente: EstadoCfdiClient;
  warn: (error: unknown, message: string) => void;
  /** After a transaction that queued an ERP job (a payment block) committed: wakes the ERP worker. */
  erpQueued?: () => void;
}

export const HORA = 3_600_000;
export const DIA = 24 * HORA;
/** The SAT may take this long to list a newly stamped CFDI (issue 15 §1). */
export const PLAZO_SAT_MS = 72 * HORA;
/** Accepted CFDIs: re-checked daily this long after acceptance, then weekly. */
export const DIARIO_MS = 30 * DIA;
/** Payment complements: re-checked weekly until this long after acceptance (see decision 014). */
export const COMPLEMENTO_HASTA_MS = 365 * DIA;

/** What the upload does with the SAT's answer: refuse with a message, or record this status. */
export type VeredictoSat = { rechazo: string } | { registro: Omit<NuevoEstadoCfdi, "tipo" | "documentoId"> };

/** FechaTimbrado is written in central Mexico time without offset (the SAT stamps in UTC−6). */
export const instanteTimbrado = (fechaTimbrado: string) => new Date(`${fechaTimbrado.slice(0, 19)}-06:00`);

export const camposRespuesta = (r: RespuestaSat) => ({
  estado: r.Estado,
  codigoEstatus: r.CodigoEstatus,
  cancelability: r.EsCancelable,
  estatusCancelacion: r.EstatusCancelacion,
  validacionEfos: r.ValidacionEFOS,
});

/** Next attempt after `intentos` failures in a row: 5 minutes doubling, at most 6 hours. */
export const backoffMs = (intentos: number) => Math.min(5 * 60_000 * 2 ** Math.max(0, intentos - 1), 6 * HORA);
