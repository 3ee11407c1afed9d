import { DESCARGA_MSG } from "@portal/contracts";
import type { Data } from "../../repositories";
import {
  DescargaMasivaError,
  type DescargaSesion,
  type Efirma,
  readMetadatos,
  readXmls,
} from "../../sat/descarga-masiva/cliente";
import { decryptEfirma } from "./efirma";
import type { DescargaRow } from "./repository";

/*
 * Following one Descarga Masiva request (decision 075): the service's clock in Mexico's wall time, the daily slot
 * and the backoff, the stored e.firma, and a request followed through verification to its packages, read and kept.
 * Shared by the scheduled metadata download (service.ts) and the XML asked for by an administrator (xml.ts).
 */

const MINUTO = 60_000;
const HORA = 60 * MINUTO;
/** Mexico City keeps UTC−6 all year since 2022: the SAT reads a request's dates as its wall time. */
const MEXICO_UTC_OFFSET_MS = -6 * HORA;
/** A new request at most once a day, from 06:00 Mexico City (12:00 UTC): the SAT limits requests per day. */
const HORA_DIARIA_UTC = 12;

/** The wall time in Mexico City of an instant, as the SAT's requests write it ('YYYY-MM-DD HH:mm:ss'). */
export const wallTime = (d: Date) =>
  new Date(d.getTime() + MEXICO_UTC_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");

/** The rolling window (issue 43 §2): from the first day of the month `meses - 1` before the current one, to now. */
export function rollingWindow(now: Date, meses: number): { desde: string; hasta: string } {
  const hasta = wallTime(now);
  let [y, m] = [Number(hasta.slice(0, 4)), Number(hasta.slice(5, 7)) - (meses - 1)];
  while (m < 1) [y, m] = [y - 1, m + 12];
  return { desde: `${y}-${String(m).padStart(2, "0")}-01 00:00:00`, hasta };
}

/** The next day's slot for a new request: tomorrow 12:00 UTC (or today's, if still ahead). */
export function nextDailySlot(now: Date): Date {
  const hoy = new Date(now);
  hoy.setUTCHours(HORA_DIARIA_UTC, 0, 0, 0);
  return hoy.getTime() > now.getTime() ? hoy : new Date(hoy.getTime() + 24 * HORA);
}

/** After a failure of the service: 5 min, doubling per consecutive failure, at most 6 h. */
export const backoff = (now: Date, fallas: number) =>
  new Date(now.getTime() + Math.min(5 * MINUTO * 2 ** Math.max(0, fallas - 1), 6 * HORA));

const ESTADOS_SOLICITUD: Record<number, string> = { 4: "Error", 5: "Rechazada", 6: "Vencida" };

export interface SociedadConEfirma {
  id: number;
  rfc: string;
  efirmaCifrada: string | null;
}

/** The stored e.firma, or the Spanish reason the job records when it cannot be read (a changed encryption key). */
export function readEfirma(cifrada: string | null, key: Buffer): Efirma {
  try {
    return decryptEfirma(cifrada ?? "", key);
  } catch {
    throw new DescargaMasivaError(DESCARGA_MSG.efirmaFaltante);
  }
}

/** Downloads and reads every package; null when one is gone (expired at the SAT). */
async function readPackages<T>(
  sesion: DescargaSesion,
  paquetes: string[],
  read: (paqueteBase64: string) => Promise<T[]>,
): Promise<T[] | null> {
  const filas: T[] = [];
  for (const id of paquetes) {
    const d = await sesion.download(id);
    if (d.codigo !== 5000 || !d.paquete) return null;
    filas.push(...(await read(d.paquete)));
  }
  return filas;
}

/** Reads a finished request's packages and keeps what they hold (metadata rows, or each CFDI's XML); null if gone. */
async function store(data: Data, sesion: DescargaSesion, fila: DescargaRow, paquetes: string[], now: Date) {
  const terminada = (n: number) => ({
    estado: "terminada",
    motivo: "",
    fallas: 0,
    cfdi: n,
    // A metadata request's row is the job's clock (the next day's slot); an XML request is not asked again.
    siguienteAt: fila.tipo === "xml" ? now : nextDailySlot(now),
    updatedAt: now,
  });
  if (fila.tipo === "xml") {
    const xmls = await readPackages(sesion, paquetes, readXmls);
    if (xmls === null) return null;
    await data.withTransaction(async (tx) => {
      await tx.descargaSat.storeXml(fila.sociedadId, fila.id, xmls, now);
      await tx.descargaSat.updateDescarga(fila.id, terminada(xmls.length));
    });
    return xmls.length;
  }
  const filas = await readPackages(sesion, paquetes, readMetadatos);
  if (filas === null) return null;
  await data.withTransaction(async (tx) => {
    await tx.descargaSat.upsertRecibidos(fila.sociedadId, fila.id, filas, now);
    await tx.descargaSat.updateDescarga(fila.id, terminada(filas.length));
  });
  return filas.length;
}

/** One verification of a request in force and, once the SAT finished it, its packages. Returns CFDI stored. */
export async function follow(data: Data, sesion: DescargaSesion, fila: DescargaRow, now: Date): Promise<number> {
  const repo = data.repos.descargaSat;
  const v = await sesion.verify(fila.idSolicitud ?? "");
  if (v.codigo !== 5000) throw new DescargaMasivaError(DESCARGA_MSG.solicitudRechazada(v.codigo, v.mensaje));
  const done = (values: Partial<DescargaRow>) => repo.updateDescarga(fila.id, { fallas: 0, updatedAt: now, ...values });
  if (v.estado === 1 || v.estado === 2) {
    await done({ motivo: DESCARGA_MSG.enProceso, siguienteAt: now });
    return 0;
  }
  if (v.estado !== 3) {
    const estado = ESTADOS_SOLICITUD[v.estado] ?? String(v.estado);
    await done({ estado: "reintentar", motivo: DESCARGA_MSG.solicitudFallida(estado), siguienteAt: now });
    return 0;
  }
  const n = await store(data, sesion, fila, v.codigoSolicitud === 5004 ? [] : v.paquetes, now);
  if (n === null) {
    await done({ estado: "reintentar", motivo: DESCARGA_MSG.paqueteVencido, siguienteAt: now });
    return 0;
  }
  return n;
}
