import { BLOQUEO_PAGO_MSG, SAT_MSG } from "@portal/contracts";
import type { Repositories } from "../../repositories";
import type { ConsultaSat, RespuestaSat } from "../../sat/estado-cfdi";
import { blockCancelledAtSat } from "../bloqueo-pago/service";
import { notifyProveedor } from "../correo/al-proveedor";
import type { EstadoPorRevisar, TipoCfdi } from "./repository";
import {
  backoffMs,
  COMPLEMENTO_HASTA_MS,
  camposRespuesta,
  DIA,
  DIARIO_MS,
  HORA,
  PLAZO_SAT_MS,
  type SatEstadoDeps,
} from "./shared";

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
        asunto: SAT_MSG.revisoresAsunto(r.uuid),
        texto: [
          SAT_MSG.revisoresSaludo(revisor.nombre),
          "",
          SAT_MSG.revisoresParrafo(r.tipo as TipoCfdi, r.folio, r.cardCode, r.uuid, motivo),
          "",
          SAT_MSG.revisoresCierre,
        ].join("\n"),
      },
      now,
    );
  }
}

/** What one SAT answer means for the document: still pending, its next re-check, its problem. */
interface Outcome {
  pendiente: boolean;
  siguiente: Date | null;
  problema: string | null;
}

function outcome(r: EstadoPorRevisar, resp: RespuestaSat, now: Date): Outcome {
  const tipo = r.tipo as TipoCfdi;
  const aceptado = r.docEstatus === "A";
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
  return { pendiente, siguiente, problema };
}

/** A pending document the SAT cancelled or cannot find is rejected, audited, and its supplier told. */
async function rejectPending(tx: Repositories, r: EstadoPorRevisar, problema: string, now: Date) {
  const tipo = r.tipo as TipoCfdi;
  if (!(await tx.satEstado.rejectDocumento(tipo, r.documentoId, problema, now))) return;
  await tx.auditoria.recordChange(
    { operador: "Sistema", id: "SAT" },
    { entidad: tipo, id: r.documentoId, campo: "estatus", from: "P", to: "R", comment: problema },
    now,
  );
  await notifyProveedor(
    tx,
    r.cardCode,
    SAT_MSG.proveedorAsunto(tipo, r.folio),
    [SAT_MSG.proveedorParrafo(tipo, r.folio, r.uuid, problema), SAT_MSG.proveedorCorreccion],
    now,
  );
}

/**
 * Records one SAT answer with the consequences of a cancelled or missing CFDI, in one transaction; true when an
 * invoice's payment was blocked (an ERP job was queued).
 */
async function recordAnswer(
  { data }: Pick<SatEstadoDeps, "data">,
  r: EstadoPorRevisar,
  resp: RespuestaSat,
  now: Date,
): Promise<boolean> {
  const tipo = r.tipo as TipoCfdi;
  const aceptado = r.docEstatus === "A";
  const { pendiente, siguiente, problema } = outcome(r, resp, now);
  const visible = resp.Estado !== r.estado || pendiente !== r.pendiente || resp.ValidacionEFOS !== r.validacionEfos;
  let bloqueada = false;
  await data.withTransaction(async (tx) => {
    let avisadoAt = r.avisadoAt;
    // Issue 27 (decision 036): an accepted invoice whose CFDI the SAT cancelled has its payment blocked in the ERP.
    if (resp.Estado === "Cancelado" && aceptado && tipo === "factura") {
      bloqueada = await blockCancelledAtSat(tx, r.documentoId, now);
    }
    if (problema && aceptado && !r.avisadoAt) {
      await notifyReviewers(tx, r, bloqueada ? `${problema} ${BLOQUEO_PAGO_MSG.correo}` : problema, now);
      avisadoAt = now;
    }
    if (problema && r.docEstatus === "P") await rejectPending(tx, r, problema, now);
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
  return bloqueada;
}

/** Records one re-check's result, with the consequences of a cancelled or missing CFDI, in one transaction. */
async function apply(deps: SatEstadoDeps, r: EstadoPorRevisar, consulta: ConsultaSat, now: Date) {
  if (!consulta.ok) {
    const intentos = r.intentos + 1;
    await deps.data.repos.satEstado.modify(
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
  const bloqueada = await recordAnswer(deps, r, consulta.respuesta, now);
  if (bloqueada) deps.erpQueued?.();
}

/** Asks the SAT again for each document of the batch and records the answers; returns how many were recorded. */
export function recheckWalker(deps: SatEstadoDeps) {
  return async (lote: () => Promise<EstadoPorRevisar[]>, now: Date) => {
    let revisados = 0;
    for (const r of await lote()) {
      try {
        await apply(deps, r, await deps.cliente.query(r.expresion), now);
        revisados++;
      } catch (error) {
        deps.warn(error, "no se pudo registrar el estado SAT de un CFDI");
      }
    }
    return revisados;
  };
}
