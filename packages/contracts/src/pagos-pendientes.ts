import { z } from "zod";
import { estatusRevisionPagoSchema } from "./codes";
import {
  actorRequestSchema,
  correosSchema,
  enteroSchema,
  identificadorSchema,
  idSchema,
  listRequestSchema,
  messageAnswerSchema,
  optionalText,
  successAnswer,
} from "./common";
import { pagoRowSchema } from "./pagos";
import { revisionBatchSchema } from "./revision";

/** POST /api/pagosPendientes/getPagos: complements awaiting review; U_SYS_PMMERR is the reviewer's comment. */
export const getPagosPendientesRequestSchema = listRequestSchema;
export type GetPagosPendientesRequest = z.infer<typeof getPagosPendientesRequestSchema>;
/** RetenerPagos (issue 27): the supplier's "retener pagos por complementos atrasados" flag, a badge for the reviewer. */
export const pagoPendienteRowSchema = pagoRowSchema.extend({
  U_SYS_PMMERR: z.string(),
  RetenerPagos: z.boolean().optional(),
});
export type PagoPendienteRow = z.infer<typeof pagoPendienteRowSchema>;
export const getPagosPendientesAnswerSchema = successAnswer(z.array(pagoPendienteRowSchema));
export type GetPagosPendientesAnswer = z.infer<typeof getPagosPendientesAnswerSchema>;

/**
 * One checked row (spec §3 Payment review payload). Pago is the complement's IdPago and PagoSAP the SAP payment
 * number; Correo and BD are hints, the server reads them from the stored record. Rows already A are refused.
 */
export const revisionPagoSchema = actorRequestSchema.extend({
  Pago: idSchema("Pago"),
  Comentarios: optionalText("Comentarios", 1000),
  Estatus: estatusRevisionPagoSchema,
  BD: identificadorSchema("BD", 100),
  Correo: correosSchema("Correo", true).optional(),
  PagoSAP: idSchema("PagoSAP"),
  /**
   * The record's Version as the reviewer saw it (issue 14; required since issue 22): a changed record refuses the
   * whole review.
   */
  Version: enteroSchema("Version"),
});
export type RevisionPago = z.infer<typeof revisionPagoSchema>;

/** PATCH /api/pagosPendientes/patchPagos: the checked rows; answers MSG.revisionExito. */
export const patchPagosRequestSchema = /* @__PURE__ */ revisionBatchSchema(revisionPagoSchema, "Pago", {
  lista: "pagos seleccionados",
  alMenosUno: "un pago",
  plural: "pagos",
  repetido: (id) => `el pago ${id}`,
});
export type PatchPagosRequest = z.infer<typeof patchPagosRequestSchema>;
export const patchPagosAnswerSchema = messageAnswerSchema;
