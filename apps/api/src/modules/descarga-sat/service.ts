import { DESCARGA_MSG } from "@portal/contracts";
import type { Clock } from "../../lib/clock";
import type { Data } from "../../repositories";
import {
  type DescargaMasivaClient,
  DescargaMasivaError,
  type DescargaSesion,
  type Efirma,
} from "../../sat/descarga-masiva/cliente";
import { uniqueViolation } from "../archivos/upload-kit";
import { uploadEfirma } from "./efirma";
import type { DescargaRow } from "./repository";
import { backoff, follow, nextDailySlot, readEfirma, rollingWindow, type SociedadConEfirma } from "./seguimiento";
import { createDescargaXml } from "./xml";

/**
 * The SAT's Descarga Masiva of the CFDI each sociedad received (issue 43 §2, decision 075): per sociedad, one request
 * for the metadata of a rolling window at most once a day, followed through verification to its packages on the
 * next runs, the rows kept once per UUID. A refusal (5002 'agotadas', 5003…) waits for the next day; a failure of
 * the service is retried with backoff; both leave their Spanish reason on the request's row.
 */
export function createDescargaSatService(deps: {
  data: Data;
  clock: Clock;
  encryptionKey: Buffer;
  client: DescargaMasivaClient;
  /** Months of the rolling window (2: the current and the previous). */
  meses?: number;
}) {
  const { data, clock, encryptionKey, client } = deps;
  const repo = data.repos.descargaSat;
  const meses = deps.meses ?? 2;
  const xml = createDescargaXml(deps);

  async function recordFailure(s: SociedadConEfirma, fila: DescargaRow | undefined, error: unknown, now: Date) {
    if (!(error instanceof DescargaMasivaError)) throw error;
    const fallas = (fila?.fallas ?? 0) + 1;
    const cambios = { motivo: error.message, fallas, siguienteAt: backoff(now, fallas), updatedAt: now };
    if (fila && fila.estado !== "terminada") return repo.updateDescarga(fila.id, cambios);
    const { desde, hasta } = rollingWindow(now, meses);
    await repo.insertDescarga({ sociedadId: s.id, desde, hasta, estado: "reintentar", createdAt: now, ...cambios });
  }

  /** A new request for the window; follows it at once (the first verification). */
  async function request(sesion: DescargaSesion, s: SociedadConEfirma, now: Date): Promise<number> {
    const { desde, hasta } = rollingWindow(now, meses);
    const r = await sesion.requestMetadata(s.rfc, desde, hasta);
    const base = { sociedadId: s.id, desde, hasta, createdAt: now, updatedAt: now };
    if (r.codigo !== 5000 || !r.idSolicitud) {
      const motivo =
        r.codigo === 5002 ? DESCARGA_MSG.solicitudAgotada : DESCARGA_MSG.solicitudRechazada(r.codigo, r.mensaje);
      await repo.insertDescarga({ ...base, estado: "reintentar", motivo, siguienteAt: nextDailySlot(now) });
      return 0;
    }
    const fila = await repo.insertDescarga({
      ...base,
      estado: "solicitada",
      idSolicitud: r.idSolicitud,
      siguienteAt: now,
    });
    return follow(data, sesion, fila, now);
  }

  async function processSociedad(s: SociedadConEfirma, now: Date, onDemand: boolean): Promise<number> {
    const ultima = await repo.ultimaDescarga(s.id, "metadata");
    const enCurso = ultima?.estado === "solicitada";
    // Waiting: a request in backoff, or (unless an administrator asks) the next day's slot.
    if (ultima && ultima.siguienteAt > now && (enCurso || !onDemand)) return 0;
    try {
      const sesion = client.open(readEfirma(s.efirmaCifrada, encryptionKey));
      return enCurso ? await follow(data, sesion, ultima, now) : await request(sesion, s, now);
    } catch (error) {
      // An administrator's run and the scheduled one at once: the other made the request (one in force at a time).
      if (uniqueViolation(error) === "sat_descargas_una_solicitada_idx") return 0;
      // The row the failure belongs to: the request this run made, or the one it followed.
      await recordFailure(s, await repo.ultimaDescarga(s.id, "metadata"), error, now);
      return 0;
    }
  }

  async function run(now: Date, onDemand: boolean): Promise<string> {
    const sociedades = await repo.conEfirma();
    let cfdi = 0;
    for (const s of sociedades) {
      cfdi += await processSociedad(s, now, onDemand);
      // An administrator's XML request in force is followed too (not counted: the summary is the metadata's).
      await xml.followXml(s, now);
    }
    return DESCARGA_MSG.tareaResumen(sociedades.length, cfdi);
  }

  return {
    /** The scheduled run (jobs.ts). */
    run: (now: Date) => run(now, false),
    /** An administrator's run now: a new request even if today's was made (requests in force are only followed). */
    runNow: () => run(clock(), true),
    /** An administrator asks for (or follows) the XML of a month (decision 075, amendment). */
    solicitarXml: xml.solicitar,
    uploadEfirma: (sociedadId: number, efirma: Efirma) =>
      uploadEfirma({ repo, encryptionKey, now: clock() }, sociedadId, efirma),
    /** Sociedades with a request in force (the job's backlog). */
    backlog: async () => {
      let n = 0;
      for (const s of await repo.conEfirma()) {
        if ((await repo.ultimaDescarga(s.id, "metadata"))?.estado === "solicitada") n += 1;
      }
      return n;
    },
  };
}
export type DescargaSatService = ReturnType<typeof createDescargaSatService>;
