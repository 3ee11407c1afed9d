import { z } from "zod";
import { estatusRevisionFacturaSchema } from "./codes";
import {
  actorRequestSchema,
  correosSchema,
  enteroSchema,
  identificadorSchema,
  idSchema,
  listRequestSchema,
  messageAnswerSchema,
  optionalText,
  requiredText,
  successAnswer,
} from "./common";
import { facturaRowSchema } from "./facturas";
import { revisionBatchSchema } from "./revision";

/** POST /api/facturasPendientes/getFacturas: invoices awaiting review, same row as the invoice list. */
export const getFacturasPendientesRequestSchema = listRequestSchema;
export type GetFacturasPendientesRequest = z.infer<typeof getFacturasPendientesRequestSchema>;
/**
 * The review row: the invoice list's row plus, when an employee set it (issue 27), the supplier's "retener pagos
 * por complementos atrasados" flag, a badge for the reviewer.
 */
export const facturaPendienteRowSchema = facturaRowSchema.extend({ RetenerPagos: z.boolean().optional() });
export type FacturaPendienteRow = z.infer<typeof facturaPendienteRowSchema>;
export const getFacturasPendientesAnswerSchema = successAnswer(z.array(facturaPendienteRowSchema));
export type GetFacturasPendientesAnswer = z.infer<typeof getFacturasPendientesAnswerSchema>;

/**
 * One checked row of the review (spec §3 Pending invoice review payload). Factura is the invoice's IdFactura.
 * Correo is the supplier address to notify and BD its company database: the server reads both from the stored
 * invoice and uses these only as hints. Rows already Aceptada are locked (spec §4): the server refuses them.
 */
export const revisionFacturaSchema = actorRequestSchema.extend({
  Factura: idSchema("Factura"),
  Comentarios: optionalText("Comentarios", 1000),
  Estatus: estatusRevisionFacturaSchema,
  BD: identificadorSchema("BD", 100),
  Correo: correosSchema("Correo", true).optional(),
  /**
   * The invoice's Version as the reviewer saw it (issue 13; required since issue 22): a changed invoice refuses the
   * whole review.
   */
  Version: enteroSchema("Version"),
});
export type RevisionFactura = z.infer<typeof revisionFacturaSchema>;

/** PATCH /api/facturasPendientes/patchfactura: the checked rows; answers MSG.revisionExito. */
export const patchFacturasPendientesRequestSchema = /* @__PURE__ */ revisionBatchSchema(
  revisionFacturaSchema,
  "Factura",
  {
    lista: "facturas seleccionadas",
    alMenosUno: "una factura",
    plural: "facturas",
    repetido: (id) => `la factura ${id}`,
  },
);
export type PatchFacturasPendientesRequest = z.infer<typeof patchFacturasPendientesRequestSchema>;
export const patchFacturasPendientesAnswerSchema = messageAnswerSchema;

/**
 * POST /api/facturasPendientes/reintentarErp (issue 13, not in the spec): an employee asks the portal to create
 * the accepted invoice's A/P invoice in the ERP now, instead of waiting for the next automatic retry. Answers
 * with what happened (created, or the ERP's message).
 */
export const reintentarErpRequestSchema = actorRequestSchema.extend({ Factura: idSchema("Factura") });
export type ReintentarErpRequest = z.infer<typeof reintentarErpRequestSchema>;
export const reintentarErpAnswerSchema = messageAnswerSchema;

/**
 * POST /api/facturasPendientes/quitarBloqueoPago (issue 36, decision 038; not in the spec): an employee of accounts
 * payable (the pendientes access) lifts by hand the payment block the SAT's cancellation set on an accepted invoice,
 * with a mandatory reason (audited). Conditional on the Version the employee saw: of two employees lifting at once,
 * one wins and the other is told. Answers MSG.bloqueoPagoQuitado; the ERP job `desbloquear_pago` does the rest.
 */
export const quitarBloqueoPagoRequestSchema = actorRequestSchema.extend({
  Factura: idSchema("Factura"),
  /** The invoice's Version as the employee saw it. */
  Version: enteroSchema("Version"),
  /** Why the block is lifted (audited with the change; shown in the invoice's Historial). */
  Motivo: requiredText("Motivo", 1000),
});
export type QuitarBloqueoPagoRequest = z.infer<typeof quitarBloqueoPagoRequestSchema>;
export const quitarBloqueoPagoAnswerSchema = messageAnswerSchema;

/** What an employee's retry of a payment block's ERP job answers (issue 36, decision 040). */
export const BLOQUEO_ERP_MSG = {
  sinBloqueo: "La factura no tiene un bloqueo de pago que enviar al ERP.",
  registrado: (blocking: boolean) =>
    blocking
      ? "El bloqueo de pago de la factura está registrado en el ERP."
      : "El desbloqueo de pago de la factura está registrado en el ERP.",
  noDisponible: (detalle: string) =>
    `El ERP no registró el bloqueo de pago; se reintentará automáticamente. Detalle: ${detalle}`,
  rechazo: (detalle: string) => `El ERP rechazó el bloqueo de pago: ${detalle}`,
  enCurso: "El bloqueo de pago se está enviando al ERP en este momento; actualice en unos segundos.",
} as const;

/**
 * POST /api/facturasPendientes/reintentarBloqueoErp (issue 36, not in the spec): an employee asks the portal to run
 * the job of the invoice's payment block (or of its lifting) in the ERP now. Answers with what happened.
 */
export const reintentarBloqueoErpRequestSchema = actorRequestSchema.extend({ Factura: idSchema("Factura") });
export type ReintentarBloqueoErpRequest = z.infer<typeof reintentarBloqueoErpRequestSchema>;
export const reintentarBloqueoErpAnswerSchema = messageAnswerSchema;
