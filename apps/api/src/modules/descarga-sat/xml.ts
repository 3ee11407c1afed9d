import { DESCARGA_MSG, type DescargarXmlSatRequest } from "@portal/contracts";
import { Invalid, NotFound } from "../../lib/errors";
import type { Data } from "../../repositories";
import { type DescargaMasivaClient, DescargaMasivaError } from "../../sat/descarga-masiva/cliente";
import { uniqueViolation } from "../archivos/upload-kit";
import type { DescargaRow } from "./repository";
import { backoff, follow, readEfirma, wallTime } from "./seguimiento";

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The window of a month's XML request (Mexico City wall time, as the SAT reads it): its first second to its last, or
 * to now for the current month; null for a month that has not begun.
 */
export function monthWindow(periodo: string, now: Date): { desde: string; hasta: string } | null {
  const [y, m] = [Number(periodo.slice(0, 4)), Number(periodo.slice(5, 7))];
  const ultimoDia = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const desde = `${periodo}-01 00:00:00`;
  const ahora = wallTime(now);
  if (desde >= ahora) return null;
  const fin = `${periodo}-${pad(ultimoDia)} 23:59:59`;
  return { desde, hasta: fin < ahora ? fin : ahora };
}

/**
 * The XML of a month, only when an administrator asks (decision 075, amendment): a request of type CFDI for the CFDI
 * in force the sociedad received, followed like the metadata's (one verification per call or per run of the job),
 * its packages read and each XML stored in `archivos` and linked to its row of `sat_cfdi_recibidos`. One XML request
 * in force per sociedad; the scheduled job follows it too (`followXml`).
 */
export function createDescargaXml(deps: {
  data: Data;
  clock: () => Date;
  encryptionKey: Buffer;
  client: DescargaMasivaClient;
}) {
  const { data, clock, encryptionKey, client } = deps;
  const repo = data.repos.descargaSat;

  /** A failure of the service on an XML request: kept on its row with backoff, as the metadata's. */
  async function recordFailure(fila: DescargaRow, error: DescargaMasivaError, now: Date) {
    const fallas = fila.fallas + 1;
    await repo.updateDescarga(fila.id, {
      motivo: error.message,
      fallas,
      siguienteAt: backoff(now, fallas),
      updatedAt: now,
    });
  }

  /** The message for the row after this call's work. */
  async function outcome(fila: DescargaRow, nueva: boolean): Promise<string> {
    const d = (await repo.descarga(fila.id)) ?? fila;
    if (d.estado === "terminada") return DESCARGA_MSG.xmlGuardado(d.cfdi, d.desde, d.hasta);
    if (d.estado === "reintentar") throw new Invalid(DESCARGA_MSG.xmlRechazado(d.motivo));
    return nueva ? DESCARGA_MSG.xmlSolicitado(d.desde, d.hasta) : DESCARGA_MSG.xmlPendiente(d.desde, d.hasta, d.motivo);
  }

  async function solicitar({ Sociedad, Periodo }: DescargarXmlSatRequest): Promise<string> {
    const now = clock();
    const s = (await repo.conEfirma()).find((x) => x.id === Sociedad);
    if (!s) {
      if (!(await repo.sociedad(Sociedad))) throw new NotFound();
      throw new Invalid(DESCARGA_MSG.efirmaFaltante);
    }
    const enCurso = await repo.ultimaDescarga(s.id, "xml");
    const ventana = monthWindow(Periodo, now);
    if (!ventana && enCurso?.estado !== "solicitada") throw new Invalid(DESCARGA_MSG.xmlPeriodoFuturo);
    let fila = enCurso?.estado === "solicitada" ? enCurso : undefined;
    const nueva = !fila;
    try {
      const sesion = client.open(readEfirma(s.efirmaCifrada, encryptionKey));
      if (!fila && ventana) {
        const r = await sesion.requestXml(s.rfc, ventana.desde, ventana.hasta);
        const base = { sociedadId: s.id, tipo: "xml", ...ventana, createdAt: now, updatedAt: now };
        if (r.codigo !== 5000 || !r.idSolicitud) {
          const motivo = DESCARGA_MSG.xmlSolicitudRechazada(r.codigo, r.mensaje);
          await repo.insertDescarga({ ...base, estado: "reintentar", motivo, siguienteAt: now });
          throw new Invalid(DESCARGA_MSG.xmlRechazado(motivo));
        }
        fila = await repo.insertDescarga({
          ...base,
          estado: "solicitada",
          idSolicitud: r.idSolicitud,
          siguienteAt: now,
        });
      }
      if (fila) await follow(data, sesion, fila, now);
    } catch (error) {
      if (error instanceof Invalid) throw error;
      // Two administrators at once: the other one's request is the one in force.
      if (uniqueViolation(error) === "sat_descargas_una_solicitada_idx") {
        throw new Invalid(DESCARGA_MSG.xmlRechazado(DESCARGA_MSG.xmlOtraEnCurso));
      }
      if (!(error instanceof DescargaMasivaError)) throw error;
      if (fila) await recordFailure(fila, error, now);
      throw new Invalid(DESCARGA_MSG.xmlRechazado(error.message));
    }
    if (!fila) throw new Invalid(DESCARGA_MSG.xmlPeriodoFuturo);
    return outcome(fila, nueva);
  }

  /** The job's turn (jobs.ts, through the service's run): one verification of the sociedad's XML request in force. */
  async function followXml(s: { id: number; efirmaCifrada: string | null }, now: Date): Promise<void> {
    const fila = await repo.ultimaDescarga(s.id, "xml");
    if (fila?.estado !== "solicitada" || fila.siguienteAt > now) return;
    try {
      await follow(data, client.open(readEfirma(s.efirmaCifrada, encryptionKey)), fila, now);
    } catch (error) {
      if (!(error instanceof DescargaMasivaError)) throw error;
      await recordFailure(fila, error, now);
    }
  }

  return { solicitar, followXml };
}
