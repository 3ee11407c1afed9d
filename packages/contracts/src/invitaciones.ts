import { z } from "zod";
import {
  correoSchema,
  enteroSchema,
  idSchema,
  listRequestSchema,
  messageAnswerSchema,
  optionalText,
  requiredText,
  rfcSchema,
  successAnswer,
} from "./common";
import { INVITACION_MSG } from "./messages-invitaciones";
import { passwordNuevaSchema, RESTABLECER_TOKEN_RE } from "./restablecer-password";

/**
 * Supplier invitations (issue 41 item 3, decision 070). An administrator invites a supplier by RFC, name and e-mail
 * for one sociedad; the link (32 random bytes in base64url, like the password reset's) is valid once and for 72
 * hours; the supplier registers (its own password, contact data) and an administrator approves, which links or
 * creates the business partner in SAP.
 */
export const INVITACION_VIGENCIA_MS = 72 * 3_600_000;

/** Stored statuses; 'vencida' is shown for an 'invitada' whose link expired (computed from its expiry, not stored). */
export const ESTATUS_INVITACION = ["invitada", "cancelada", "registrada", "aprobada", "rechazada"] as const;
export type EstatusInvitacion = (typeof ESTATUS_INVITACION)[number];
export const ESTATUS_INVITACION_MOSTRADO = [...ESTATUS_INVITACION, "vencida"] as const;
export type EstatusInvitacionMostrado = (typeof ESTATUS_INVITACION_MOSTRADO)[number];

/** SAP's OCRD.CardName holds 100 characters. */
export const NOMBRE_PROVEEDOR_MAX = 100;

/** POST /api/invitaciones/createInvitacion (administrators). */
export const createInvitacionRequestSchema = z.object({
  RFC: rfcSchema("RFC"),
  Nombre: requiredText("Nombre", NOMBRE_PROVEEDOR_MAX),
  Correo: correoSchema("Correo"),
  IdSociedad: idSchema("IdSociedad"),
});
export type CreateInvitacionRequest = z.infer<typeof createInvitacionRequestSchema>;
export const createInvitacionAnswerSchema = messageAnswerSchema;

/** One invitation as the administrators' list shows it (never its token nor its hash). */
export const invitacionRowSchema = z.object({
  IdInvitacion: z.number().int(),
  RFC: z.string(),
  Nombre: z.string(),
  Correo: z.string(),
  IdSociedad: z.number().int(),
  NomSociedad: z.string(),
  /** The supplier's CardCode: SAP's when the RFC was already a business partner, else the one the portal proposes. */
  CardCode: z.string(),
  Estatus: z.enum(ESTATUS_INVITACION_MOSTRADO),
  /** Who invited (the employee's name). */
  Invito: z.string(),
  Creada: z.string(),
  Vence: z.string(),
  /** When the supplier registered, '' before. */
  Registrada: z.string(),
  /** Who approved or rejected, and the rejection's reason ('' when none). */
  Decidio: z.string(),
  Motivo: z.string(),
  /** After approval: whether the portal created the business partner in SAP (N: it was already there). */
  SocioCreado: z.enum(["Y", "N", ""]),
  /** Sent back with approveRegistro / rejectRegistro: a decision applies only to the row as it was read. */
  version: z.number().int(),
});
export type InvitacionRow = z.infer<typeof invitacionRowSchema>;
export const getInvitacionesRequestSchema = listRequestSchema;
export const getInvitacionesAnswerSchema = successAnswer(z.array(invitacionRowSchema));

/** POST /api/invitaciones/approveRegistro (administrators). */
export const approveRegistroRequestSchema = z.object({
  IdInvitacion: idSchema("IdInvitacion"),
  version: enteroSchema("version"),
});
export type ApproveRegistroRequest = z.infer<typeof approveRegistroRequestSchema>;
export const approveRegistroAnswerSchema = messageAnswerSchema;

/** POST /api/invitaciones/rejectRegistro (administrators). */
export const rejectRegistroRequestSchema = approveRegistroRequestSchema.extend({
  Motivo: requiredText("Motivo", 1000),
});
export type RejectRegistroRequest = z.infer<typeof rejectRegistroRequestSchema>;
export const rejectRegistroAnswerSchema = messageAnswerSchema;

const tokenSchema = z
  .string({ error: INVITACION_MSG.enlaceNoValido })
  .regex(RESTABLECER_TOKEN_RE, { error: INVITACION_MSG.enlaceNoValido });

/** POST /api/registro/getInvitacion (public): what a link is for — the invited name and the sociedad, nothing else. */
export const getInvitacionRequestSchema = z.object({ token: tokenSchema });
export type GetInvitacionRequest = z.infer<typeof getInvitacionRequestSchema>;
export const getInvitacionAnswerSchema = successAnswer(z.object({ Nombre: z.string(), NomSociedad: z.string() }));

/** POST /api/registro/registrarProveedor (public): the link, the supplier's RFC (must be the invited one) and data. */
export const registrarProveedorRequestSchema = z.object({
  token: tokenSchema,
  RFC: rfcSchema("RFC"),
  password: passwordNuevaSchema,
  Phone1: optionalText("Phone1", 50),
  CntctPrsn: requiredText("CntctPrsn", 254),
});
export type RegistrarProveedorRequest = z.infer<typeof registrarProveedorRequestSchema>;
export const registrarProveedorAnswerSchema = messageAnswerSchema;
