import type { Clock } from "../../lib/clock";
import type { Data, Repositories } from "../../repositories";
import {
  type ConsultaSat,
  datosExpresionDelXml,
  type EstadoCfdiClient,
  expresionImpresa,
  type RespuestaSat,
} from "../../sat/estado-cfdi";
import { BLOQUEO_PAGO_MSG, blockCancelledAtSat } from "../bloqueo-pago/service";
import { notifyProveedor } from "../correo/al-proveedor";
import type { EstadoPorRevisar, NuevoEstadoCfdi, TipoCfdi } from "./repository";

const HORA = 3_600_000;
const DIA = 24 * HORA;
/** The SAT may take this long to list a newly stamped CFDI (issue 15 §1). */
export const PLAZO_SAT_MS = 72 * HORA;
/** Accepted CFDIs: re-checked daily this long after acceptance, then weekly. */
const DIARIO_MS = 30 * DIA;
/** Payment complements: re-checked weekly until this long after acceptance (see decision 014). */
const COMPLEMENTO_HASTA_MS = 365 * DIA;

const nombreTipo = (tipo: TipoCfdi) => (tipo === "factura" ? "la factura" : "el complemento de pago");

/** Spanish messages of the SAT status rules (issue 15 §1). */
export const SAT_MSG = {
  cancelado: (uuid: string) =>
    `El CFDI con UUID ${uuid} está cancelado en el SAT (servicio de consulta de CFDI); no se puede registrar.`,
  noEncontrado: (uuid: string) =>
    `El SAT no encuentra el CFDI con UUID ${uuid} y ya pasaron más de 72 horas desde su timbrado; verifique que el XML sea el que timbró su proveedor de certificación.`,
  sinDatos: "No se pudo leer del XML la expresión impresa del CFDI (RFC, total, UUID y sello).",
  motivoCancelado: "El SAT informa que el CFDI fue cancelado.",
  motivoNoEncontrado: "El SAT no encontró el CFDI 72 horas después de su timbrado.",
} as const;

/** What the upload does with the SAT's answer: refuse with a message, or record this status. */
export type VeredictoSat = { rechazo: string } | { registro: Omit<NuevoEstadoCfdi, "tipo" | "documentoId"> };

/** FechaTimbrado is written in central Mexico time without offset (the SAT stamps in UTC−6). */
export const instanteTimbrado = (fechaTimbrado: string) => new Date(`${fechaTimbrado.slice(0, 19)}-06:00`);

const camposRespuesta = (r: RespuestaSat) => ({
  estado: r.Estado,
  codigoEstatus: r.CodigoEstatus,
  cancelability: r.EsCancelable,
  estatusCancelacion: r.EstatusCancelacion,
  validacionEfos: r.ValidacionEFOS,
});

/** Next attempt after `intentos` failures in a row: 5 minutes doubling, at most 6 hours. */
const backoffMs = (intentos: number) => Math.min(5 * 60_000 * 2 ** Math.max(0, intentos - 1), 6 * HORA);

/**
 * The SAT status of every CFDI (issue 15 §1): queried at upload (outside the transaction: PGlite has one
 * connection and the SAT may take seconds), recorded with the document, and asked again by two jobs the scheduler
 * runs: `verifyPending` (documents accepted without a definite answer) and `checkAceptados` (accepted
 * documents, daily for 30 days after acceptance, then weekly until the invoice is paid).
 */
export function createSatEstadoService({
  data,
  clock,
  cliente,
  warn,
  erpQueued = () => {},
}: {
  data: Data;
  clock: Clock;
  cliente: EstadoCfdiClient;
  warn: (error: unknown, message: string) => void;
  /** After a transaction that queued an ERP job (a payment block) committed: wakes the ERP worker. */
  erpQueued?: () => void;
}) {
  const { repos, withTransaction } = data;

  /** When an accepted document is asked again; null = no more re-checks. */
  function siguienteRevision(tipo: TipoCfdi, aceptado: Date, liquidado: boolean, now: Date): Date | null {
    const desde = now.getTime() - aceptado.getTime();
    if (desde < DIARIO_MS) return new Date(now.getTime() + DIA);
    if (tipo === "factura" ? liquidado : desde >= COMPLEMENTO_HASTA_MS) return null;
    return new Date(now.getTime() + 7 * DIA);
  }

  /** Mails every reviewer (ViDocPen Y, their stored address) about an accepted CFDI the SAT no longer backs. */
  async function notifyReviewers(
    tx: Pick<Repositories, "satEstado" | "correo">,
    r: EstadoPorRevisar,
    motivo: string,
    now: Date,
  ) {
    for (const revisor of await tx.satEstado.revisores()) {
      await tx.correo.enqueue(
        {
          para: revisor.email,
          asunto: `Portal de Proveedores: CFDI aceptado con problema en el SAT (${r.uuid})`,
          texto: [
            `Estimado(a) ${revisor.nombre}:`,
            "",
            `${nombreTipo(r.tipo as TipoCfdi)} con folio ${r.folio} del proveedor ${r.cardCode} (UUID ${r.uuid}) ya fue aceptada en el portal. ${motivo}`,
            "",
            "Revise el documento antes de pagarlo o deducirlo. Este es un mensaje automático; por favor no lo responda.",
          ].join("\n"),
        },
        now,
      );
    }
  }

  /** Records one re-check's result, with the consequences of a cancelled or missing CFDI, in one transaction. */
  async function apply(r: EstadoPorRevisar, consulta: ConsultaSat, now: Date) {
    const tipo = r.tipo as TipoCfdi;
    const aceptado = r.docEstatus === "A";
    if (!consulta.ok) {
      const intentos = r.intentos + 1;
      await repos.satEstado.modify(
        r.id,
        {
          intentos,
          ultimoError: consulta.error,
          siguienteConsulta: new Date(now.getTime() + backoffMs(intentos)),
          updatedAt: now,
        },
        false,
      );
      return;
    }
    const resp = consulta.respuesta;
    const dentroDelPlazo = now.getTime() < r.timbradoAt.getTime() + PLAZO_SAT_MS;
    let pendiente = false;
    let siguiente: Date | null = null;
    let problema: string | null = null;
    if (resp.Estado === "Vigente") {
      siguiente = aceptado ? siguienteRevision(tipo, r.docActualizado, r.liquidado, now) : null;
    } else if (resp.Estado === "Cancelado") {
      problema = SAT_MSG.motivoCancelado;
    } else if (dentroDelPlazo) {
      pendiente = true;
      siguiente = new Date(Math.min(now.getTime() + HORA, r.timbradoAt.getTime() + PLAZO_SAT_MS));
    } else {
      problema = SAT_MSG.motivoNoEncontrado;
      // An accepted one stays on the schedule: the SAT may list it after all.
      siguiente = aceptado ? siguienteRevision(tipo, r.docActualizado, r.liquidado, now) : null;
    }
    const visible = resp.Estado !== r.estado || pendiente !== r.pendiente || resp.ValidacionEFOS !== r.validacionEfos;
    let bloqueada = false;
    await withTransaction(async (tx) => {
      let avisadoAt = r.avisadoAt;
      // Issue 27 (decision 036): an accepted invoice whose CFDI the SAT cancelled has its payment blocked in the ERP.
      if (resp.Estado === "Cancelado" && aceptado && tipo === "factura") {
        bloqueada = await blockCancelledAtSat(tx, r.documentoId, now);
      }
      if (problema && aceptado && !r.avisadoAt) {
        await notifyReviewers(tx, r, bloqueada ? `${problema} ${BLOQUEO_PAGO_MSG.correo}` : problema, now);
        avisadoAt = now;
      }
      if (
        problema &&
        r.docEstatus === "P" &&
        (await tx.satEstado.rejectDocumento(tipo, r.documentoId, problema, now))
      ) {
        await tx.auditoria.recordChange(
          { operador: "Sistema", id: "SAT" },
          { entidad: tipo, id: r.documentoId, campo: "estatus", from: "P", to: "R", comment: problema },
          now,
        );
        await notifyProveedor(
          tx,
          r.cardCode,
          `${nombreTipo(tipo)} ${r.folio} fue rechazado por el SAT`,
          [
            `${nombreTipo(tipo)} con folio ${r.folio} (UUID ${r.uuid}) fue rechazado. ${problema}`,
            "Puede cargar el CFDI correcto en el portal.",
          ],
          now,
        );
      }
      await tx.satEstado.modify(
        r.id,
        {
          ...camposRespuesta(resp),
          consultadoAt: now,
          pendiente,
          siguienteConsulta: siguiente,
          intentos: 0,
          ultimoError: "",
          avisadoAt,
          updatedAt: now,
        },
        visible || problema !== null,
      );
    });
    if (bloqueada) erpQueued();
  }

  async function walk(lote: () => Promise<EstadoPorRevisar[]>, now: Date) {
    let revisados = 0;
    for (const r of await lote()) {
      try {
        await apply(r, await cliente.query(r.expresion), now);
        revisados++;
      } catch (error) {
        warn(error, "no se pudo registrar el estado SAT de un CFDI");
      }
    }
    return revisados;
  }

  return {
    /**
     * At upload, after every other check passed: asks the SAT (outside any transaction) and decides. Cancelado is
     * refused; No Encontrado is accepted as pending within 72 hours of FechaTimbrado and refused after; no answer
     * (outage, timeout, malformed answer) is accepted as pending, so an outage blocks nobody.
     */
    async queryOnUpload(xml: Uint8Array, fechaTimbrado: string): Promise<VeredictoSat> {
      const datos = datosExpresionDelXml(xml);
      if (!datos) return { rechazo: SAT_MSG.sinDatos };
      const expresion = expresionImpresa(datos);
      const now = clock();
      const timbradoAt = instanteTimbrado(fechaTimbrado);
      const base = { uuid: datos.uuid.toUpperCase(), expresion, timbradoAt, createdAt: now, updatedAt: now };
      const consulta = await cliente.query(expresion);
      if (!consulta.ok) {
        return {
          registro: {
            ...base,
            pendiente: true,
            intentos: 1,
            ultimoError: consulta.error,
            siguienteConsulta: new Date(now.getTime() + backoffMs(1)),
          },
        };
      }
      const resp = consulta.respuesta;
      if (resp.Estado === "Cancelado") return { rechazo: SAT_MSG.cancelado(base.uuid) };
      const registro = { ...base, ...camposRespuesta(resp), consultadoAt: now };
      if (resp.Estado === "Vigente") return { registro: { ...registro, pendiente: false, siguienteConsulta: null } };
      if (now.getTime() >= timbradoAt.getTime() + PLAZO_SAT_MS) return { rechazo: SAT_MSG.noEncontrado(base.uuid) };
      return {
        registro: {
          ...registro,
          pendiente: true,
          siguienteConsulta: new Date(Math.min(now.getTime() + HORA, timbradoAt.getTime() + PLAZO_SAT_MS)),
        },
      };
    },

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
