import { z } from "zod";
import {
  archivoRefSchema,
  base64Schema,
  enteroSchema,
  identificadorSchema,
  idSchema,
  messageAnswerSchema,
  monedaSchema,
  nombreArchivoSchema,
  optionalText,
  requiredText,
  successAnswer,
} from "./common";
import { abaSchema, clabeSchema, ibanSchema, swiftSchema } from "./cuentas-bancarias";
import { historialFacturaSchema } from "./facturas";
import { MSG } from "./messages";
import { SOLICITUD_CUENTA_MSG } from "./messages-solicitudes-cuenta";

/**
 * A supplier's bank accounts as data and their changes under four eyes (issue 41 items 1 and 2, decision 069): the
 * calls' schemas. Numbers are checked and normalized by cuentas-bancarias.ts (decision 068).
 */
export const tipoCuentaSchema = z.enum(["clabe", "extranjera"], {
  error: "El campo Tipo debe ser clabe o extranjera.",
});
export type TipoCuenta = z.infer<typeof tipoCuentaSchema>;
export const estatusSolicitudCuentaSchema = z.enum(["pendiente", "aprobada", "rechazada"]);
export type EstatusSolicitudCuenta = z.infer<typeof estatusSolicitudCuentaSchema>;

/** An account as the screens show it (approved, or requested). */
export const cuentaBancariaDatosSchema = z.object({
  Tipo: tipoCuentaSchema,
  CLABE: z.string(),
  IBAN: z.string(),
  NumeroCuenta: z.string(),
  SWIFT: z.string(),
  ABA: z.string(),
  Pais: z.string(),
  BancoCodigo: z.string(),
  Banco: z.string(),
  Titular: z.string(),
  Moneda: z.string(),
  Archivo: archivoRefSchema,
  ArchivoNombre: z.string(),
});
export type CuentaBancariaDatos = z.infer<typeof cuentaBancariaDatosSchema>;

export const cuentaBancariaRowSchema = cuentaBancariaDatosSchema.extend({
  Id: z.number(),
  AprobadaEl: z.string(),
});
export type CuentaBancariaRow = z.infer<typeof cuentaBancariaRowSchema>;

export const solicitudCuentaRowSchema = cuentaBancariaDatosSchema.extend({
  Id: z.number(),
  CardCode: z.string(),
  Proveedor: z.string(),
  Estatus: estatusSolicitudCuentaSchema,
  /** Who entered it: the supplier, or the employee's name. */
  CapturadaPor: z.string(),
  CapturadaEl: z.string(),
  Revisor: z.string(),
  DecididaEl: z.string(),
  Motivo: z.string(),
  Version: z.number(),
  /** The supplier's approved account in the same currency today (what payments go to while this is pending). */
  CuentaActual: cuentaBancariaDatosSchema.nullable(),
  /** Whether the caller may approve or reject it (the permission, four eyes, still pending). */
  PuedeDecidir: z.boolean(),
});
export type SolicitudCuentaRow = z.infer<typeof solicitudCuentaRowSchema>;

/** POST /api/cuentasBancarias/getCuentasBancarias: a supplier's own; an employee names the supplier. */
export const getCuentasBancariasRequestSchema = z.object({
  CardCode: identificadorSchema("CardCode", 50).optional(),
});
export const getCuentasBancariasAnswerSchema = successAnswer(
  z.object({ Cuentas: z.array(cuentaBancariaRowSchema), Solicitudes: z.array(solicitudCuentaRowSchema) }),
);
export type GetCuentasBancariasAnswer = z.infer<typeof getCuentasBancariasAnswerSchema>;

/**
 * POST /api/cuentasBancarias/postSolicitud: 'Solicitud de cambio de cuenta bancaria'. A CLABE (its check digit and
 * bank), or a foreign account (SWIFT and an IBAN or an account number, ABA optional); the currency; the supporting
 * PDF. An employee entering it for a supplier names the supplier (CardCode); a supplier's own is ignored.
 */
export const postSolicitudCuentaRequestSchema = z
  .object({
    CardCode: identificadorSchema("CardCode", 50).optional(),
    Tipo: tipoCuentaSchema,
    CLABE: clabeSchema.optional(),
    IBAN: ibanSchema.optional(),
    NumeroCuenta: optionalText("Número de cuenta", 34),
    SWIFT: swiftSchema.optional(),
    ABA: abaSchema.optional(),
    Titular: optionalText("Titular", 100),
    Moneda: monedaSchema("Moneda"),
    /** The supporting PDF (bank letter or statement): its name and content. */
    PDF: nombreArchivoSchema("PDF", "pdf", MSG.pdfRequerido),
    PDF64: base64Schema("PDF64", MSG.pdfRequerido),
  })
  .superRefine((v, ctx) => {
    if (v.Tipo === "clabe" && !v.CLABE) {
      ctx.addIssue({ code: "custom", path: ["CLABE"], message: "Escriba la CLABE." });
    }
    if (v.Tipo === "extranjera") {
      if (!v.SWIFT) ctx.addIssue({ code: "custom", path: ["SWIFT"], message: "Escriba el código SWIFT (BIC)." });
      if (!v.IBAN && !v.NumeroCuenta) {
        ctx.addIssue({ code: "custom", path: ["IBAN"], message: SOLICITUD_CUENTA_MSG.cuentaObligatoria });
      }
    }
  });
export type PostSolicitudCuentaRequest = z.infer<typeof postSolicitudCuentaRequestSchema>;
export const postSolicitudCuentaAnswerSchema = successAnswer(z.object({ Id: z.number() }));

/** POST /api/cuentasBancarias/getSolicitudes: employees; the pending ones by default. */
export const getSolicitudesCuentaRequestSchema = z.object({
  Estatus: z
    .enum(["pendiente", "aprobada", "rechazada", "todas"], {
      error: "El campo Estatus debe ser pendiente, aprobada, rechazada o todas.",
    })
    .optional(),
});
export const getSolicitudesCuentaAnswerSchema = successAnswer(
  z.object({ PuedeAprobar: z.boolean(), Solicitudes: z.array(solicitudCuentaRowSchema) }),
);
export type GetSolicitudesCuentaAnswer = z.infer<typeof getSolicitudesCuentaAnswerSchema>;

/** POST /api/cuentasBancarias/getSolicitud: one request with its Historial (the supplier's own, or any for employees). */
export const getSolicitudCuentaRequestSchema = z.object({ Solicitud: idSchema("Solicitud") });
export const getSolicitudCuentaAnswerSchema = successAnswer(
  z.object({ Solicitud: solicitudCuentaRowSchema, Historial: z.array(historialFacturaSchema) }),
);
export type GetSolicitudCuentaAnswer = z.infer<typeof getSolicitudCuentaAnswerSchema>;

/**
 * POST /api/cuentasBancarias/aprobarSolicitud and rechazarSolicitud: an employee with ApruebaCuentas, never the one
 * who entered it, at the Version read; the reason is required to reject and recorded on approval when given.
 */
export const aprobarSolicitudCuentaRequestSchema = z.object({
  Solicitud: idSchema("Solicitud"),
  Version: enteroSchema("Version"),
  Motivo: optionalText("Motivo", 1000),
});
export type AprobarSolicitudCuentaRequest = z.infer<typeof aprobarSolicitudCuentaRequestSchema>;
export const rechazarSolicitudCuentaRequestSchema = aprobarSolicitudCuentaRequestSchema.extend({
  /** Required to reject ("El campo Motivo es obligatorio."). */
  Motivo: requiredText("Motivo", 1000),
});
export type RechazarSolicitudCuentaRequest = z.infer<typeof rechazarSolicitudCuentaRequestSchema>;
export const decidirSolicitudCuentaAnswerSchema = messageAnswerSchema;
