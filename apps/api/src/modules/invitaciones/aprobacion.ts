import { type ApproveRegistroRequest, CORREO_MSG, INVITACION_MSG, type RejectRegistroRequest } from "@portal/contracts";
import { ErpRechazoError, isErpNoDisponible } from "../../erp/types";
import { Conflict, ErpNoDisponible, Forbidden, NotFound } from "../../lib/errors";
import { isAdministrador, type SessionUser } from "../../lib/session-user";
import type { Repositories } from "../../repositories";
import type { InvitacionesDeps } from "./deps";
import type { Invitacion } from "./repository";

/** The invitation locked for a decision, on the version the employee read and while its registration waits. */
async function lockForDecision(tx: Repositories, input: ApproveRegistroRequest): Promise<Invitacion> {
  const row = await tx.invitaciones.lockById(input.IdInvitacion);
  if (!row) throw new NotFound(INVITACION_MSG.invitacionNoExiste);
  if (row.version !== input.version) throw new Conflict(INVITACION_MSG.cambioConcurrente);
  if (row.estatus !== "registrada") throw new Conflict(INVITACION_MSG.noRegistrado);
  return row;
}

async function enqueueDecisionMail(tx: Repositories, row: Invitacion, asunto: string, parrafo: string, now: Date) {
  const texto = [CORREO_MSG.saludoProveedor(row.nombre), "", parrafo, "", CORREO_MSG.cierre].join("\n");
  await tx.correo.enqueue({ para: row.email, asunto: CORREO_MSG.asunto(asunto), texto }, now);
}

/** The ERP's answer as the portal's: SAP's refusal a 409 with its words, an outage a 502 that says to try later. */
function erpFailure(error: unknown): unknown {
  if (error instanceof ErpRechazoError) return new Conflict(error.message);
  if (isErpNoDisponible(error)) return new ErpNoDisponible(INVITACION_MSG.erpNoDisponible);
  return error;
}

/**
 * invitaciones/approveRegistro (administrators): links or creates the supplier business partner in SAP
 * (ErpAdapter.ensureSupplierBusinessPartner: the one with the RFC as FederalTaxID, else a new cSupplier with the
 * invitation's CardCode), then the invitation is aprobada and the supplier's record Completo, and the supplier is
 * told by mail. Synchronous, under the invitation's row lock: two approvals at once call the ERP one after the
 * other, and the second finds the decision taken (409). The ERP call is idempotent, so a transaction that fails
 * after it (or a retry after SAP's lost answer) finds the partner instead of creating another.
 */
export function approveRegistro({ data, clock, erp }: InvitacionesDeps) {
  return async (user: SessionUser, input: ApproveRegistroRequest): Promise<string> => {
    if (!isAdministrador(user)) throw new Forbidden();
    return data.withTransaction(async (tx) => {
      const row = await lockForDecision(tx, input);
      const sociedad = await tx.invitaciones.sociedad(row.sociedadId);
      const proveedor = await tx.invitaciones.proveedorByCardCode(row.cardCode);
      if (!sociedad || !proveedor) throw new NotFound(INVITACION_MSG.invitacionNoExiste);
      const socio = { cardCode: row.cardCode, rfc: row.rfc, cardName: proveedor.cardName, email: row.email };
      const result = await erp.ensureSupplierBusinessPartner(sociedad.bd, socio).catch((error: unknown) => {
        throw erpFailure(error);
      });
      if (result.cardCode !== row.cardCode) {
        throw new Conflict(INVITACION_MSG.socioOtroCodigo(row.rfc, row.cardCode, result.cardCode));
      }
      const now = clock();
      const decision = {
        estatus: "aprobada",
        decididoPor: Number(user.id),
        decididoAt: now,
        motivoRechazo: "",
        socioCreado: result.created ? "Y" : "N",
      };
      if (!(await tx.invitaciones.decide(row.id, row.version, decision))) {
        throw new Conflict(INVITACION_MSG.cambioConcurrente);
      }
      await tx.invitaciones.setRegistro(row.cardCode, "C", "", now);
      const socioTexto = `${sociedad.bd} ${result.cardCode} ${result.created ? "creado" : "vinculado"}`;
      const cambio = { entidad: "invitacion", id: row.id, campo: "estatus", from: "registrada", to: "aprobada" };
      await tx.auditoria.recordChange(user, { ...cambio, comment: socioTexto }, now);
      const registro = { entidad: "proveedor", id: row.cardCode, campo: "estatus_registro", from: "P", to: "C" };
      await tx.auditoria.recordChange(user, { ...registro, comment: "invitación aprobada" }, now);
      const m = INVITACION_MSG.correo;
      await enqueueDecisionMail(tx, row, m.asuntoAprobado, m.aprobado(row.cardCode), now);
      return INVITACION_MSG.registroAprobado(result.cardCode, result.created);
    });
  };
}

/** invitaciones/rejectRegistro (administrators): the registration rejected with its reason; the supplier is told. */
export function rejectRegistro({ data, clock }: InvitacionesDeps) {
  return async (user: SessionUser, input: RejectRegistroRequest): Promise<string> => {
    if (!isAdministrador(user)) throw new Forbidden();
    return data.withTransaction(async (tx) => {
      const row = await lockForDecision(tx, input);
      const now = clock();
      const decision = {
        estatus: "rechazada",
        decididoPor: Number(user.id),
        decididoAt: now,
        motivoRechazo: input.Motivo,
        socioCreado: "",
      };
      if (!(await tx.invitaciones.decide(row.id, row.version, decision))) {
        throw new Conflict(INVITACION_MSG.cambioConcurrente);
      }
      await tx.invitaciones.setRegistro(row.cardCode, "R", input.Motivo, now);
      const cambio = { entidad: "invitacion", id: row.id, campo: "estatus", from: "registrada", to: "rechazada" };
      await tx.auditoria.recordChange(user, { ...cambio, comment: input.Motivo }, now);
      const registro = { entidad: "proveedor", id: row.cardCode, campo: "estatus_registro", from: "P", to: "R" };
      await tx.auditoria.recordChange(user, { ...registro, comment: input.Motivo }, now);
      const m = INVITACION_MSG.correo;
      await enqueueDecisionMail(tx, row, m.asuntoRechazado, m.rechazado(input.Motivo), now);
      return INVITACION_MSG.registroRechazado;
    });
  };
}
