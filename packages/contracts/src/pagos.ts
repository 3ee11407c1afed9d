import { z } from "zod";
import { boundedArray } from "./bounded";
import {
  actorRequestSchema,
  archivoRefSchema,
  base64Schema,
  correosSchema,
  enteroSchema,
  fechaCfdiSchema,
  fechaSchema,
  folioSchema,
  identificadorSchema,
  idSchema,
  importeSchema,
  listRequestSchema,
  messageAnswerSchema,
  nombreArchivoSchema,
  requiredText,
  rfcSchema,
  successAnswer,
  uuidCfdiSchema,
} from "./common";
import { historialFacturaSchema } from "./facturas";
import { lista69bSchema } from "./lista-69b";
import { MSG } from "./messages";

/** An invoice paid by a payment (the 'Factura(s)' expansion: Folio SAP, UUID, Código Factura, Fecha, Monto Aplicado). */
export const pagoDetalleSchema = z.object({
  FolioSAP: enteroSchema("FolioSAP"),
  FolioFactura: z.string(),
  UUID: z.string(),
  FechaFactura: fechaSchema("FechaFactura"),
  /** Amount applied to this invoice. */
  Total: importeSchema("Total"),
  /**
   * The invoice's payment method (issue 23): the portal invoice's XML when there is one, else PPD when the
   * payment is in a later month than the invoice. A payment applying only to PUE invoices needs no complement.
   * 'Sin CFDI' (issue 42, decision 073): a foreign supplier's invoice, which no complement follows.
   */
  MetodoPago: z.enum(["PUE", "PPD", "Sin CFDI"]).optional(),
});
export type PagoDetalle = z.infer<typeof pagoDetalleSchema>;

/**
 * Payment row (spec §3 Payment row). The comprobante, PDF and XML of the complement are download URLs
 * ('' when absent). IdPago is the portal's record of the complement: null until something was uploaded.
 */
export const pagoRowSchema = z.object({
  Fila: enteroSchema("Fila"),
  IdPago: enteroSchema("IdPago").nullable(),
  NomSociedad: z.string(),
  CardName: z.string(),
  /** Complement stamp UUID, '' until uploaded. */
  U_SYS_PMUUID: z.string(),
  DocEntry: enteroSchema("DocEntry"),
  /** SAP payment number (PagoSAP). */
  DocNum: enteroSchema("DocNum"),
  /** Stamp date of the complement. */
  U_SYS_PMFECC: fechaSchema("U_SYS_PMFECC").nullable(),
  /** Payment date. */
  DocDate: fechaSchema("DocDate"),
  /** Payment form / method as the ERP names it. */
  PymntGroup: z.string(),
  DocTotal: importeSchema("DocTotal"),
  /** Date the complement was registered. */
  U_SYS_PMFECA: fechaSchema("U_SYS_PMFECA").nullable(),
  /** Complement status: A Aceptada, R Rechazada, V Validación, anything else Pendiente (spec §4). */
  U_SYS_PMESPA: z.string(),
  /** Y = cancelled. */
  CANCELED: z.string(),
  /** Payment proof (comprobante) uploaded by an employee. */
  U_SYS_PMCOMC: archivoRefSchema,
  U_SYS_PMPDFC: archivoRefSchema,
  U_SYS_PMXMLC: archivoRefSchema,
  U_SYS_PMSNBD: z.string(),
  DocCur: z.string(),
  U_SYS_PMPARE: z.string(),
  RFCEmisor: z.string(),
  RFCReceptor: z.string(),
  CPEmisor: z.string(),
  CPReceptor: z.string(),
  Uso: z.string(),
  Regimen: z.string(),
  E_Mail: z.string(),
  Detalle: z.array(pagoDetalleSchema),
  /**
   * The payment settles a PPD invoice, it has no accepted complement yet and the legal deadline (the fifth day
   * of the month after the payment) has passed (issue 14; not in the spec).
   */
  ComplementoVencido: z.boolean().optional(),
  /**
   * The reviewer's comment on a rejected or 'Validación' complement (issue 23; '' otherwise), so the supplier reads
   * in the portal what the mail said.
   */
  Comentarios: z.string().optional(),
  /** The complement record's version (issue 14): a reviewer's decision carries the version it saw. */
  Version: enteroSchema("Version").optional(),
  /**
   * The SAT's status of the CFDI (issue 15; employees only): '' not known yet, else what ConsultaCFDIService last
   * answered (Vigente, Cancelado, No Encontrado).
   */
  EstadoSAT: z.enum(["", "Vigente", "Cancelado", "No Encontrado"]).optional(),
  /** Accepted without a definite answer from the SAT ('pendiente de verificar'): a job asks again (issue 15). */
  PendienteSAT: z.boolean().optional(),
  /** ValidacionEFOS as the SAT answered it: '200' the issuer is not on the EFOS list, '100' it is (issue 15). */
  EfosSAT: z.string().optional(),
  /**
   * The issuer on the SAT's 69-B list in force (issue 15), in the review list only: its situation and
   * publication data; null when the issuer is not listed.
   */
  Lista69B: lista69bSchema.nullable().optional(),
});
export type PagoRow = z.infer<typeof pagoRowSchema>;

/** POST /api/pagos/getPagos (spec §7). */
export const getPagosRequestSchema = listRequestSchema;
export type GetPagosRequest = z.infer<typeof getPagosRequestSchema>;
export const getPagosAnswerSchema = successAnswer(z.array(pagoRowSchema));
export type GetPagosAnswer = z.infer<typeof getPagosAnswerSchema>;

/** A related document as the complement form sends it (the same fields as the row's Detalle). */
export const pagoDetalleUploadSchema = z.object({
  FolioSAP: enteroSchema("FolioSAP"),
  FolioFactura: folioSchema("FolioFactura"),
  UUID: uuidCfdiSchema("UUID"),
  FechaFactura: fechaCfdiSchema("FechaFactura"),
  Total: importeSchema("Total"),
});

const postPagoBase = actorRequestSchema.extend({
  Correo: correosSchema("Correo", true).optional(),
  /** SAP payment number (the row's DocNum). */
  PagoSAP: idSchema("PagoSAP"),
  BD: identificadorSchema("BD", 100),
});

/**
 * Supplier variant of POST /api/pagos/postPago: the complement's PDF and XML (both required, spec §5) plus the
 * data read from the XML. Total is the sum of the payment nodes to 2 decimals, as a decimal string.
 */
export const postPagoProveedorRequestSchema = postPagoBase.extend({
  operador: z.literal("Proveedor"),
  PDF: nombreArchivoSchema("PDF", "pdf", MSG.pdfRequerido),
  PDF64: base64Schema("PDF64", MSG.pdfRequerido),
  XML: nombreArchivoSchema("XML", "xml", MSG.pagoXmlRequerido),
  XML64: base64Schema("XML64", MSG.pagoXmlRequerido),
  FechaPago: fechaCfdiSchema("FechaPago"),
  Folio: folioSchema("Folio"),
  Total: importeSchema("Total"),
  RFCEmisor: rfcSchema("RFCEmisor"),
  RFCReceptor: rfcSchema("RFCReceptor"),
  NombreEmisor: requiredText("NombreEmisor", 254),
  NombreReceptor: requiredText("NombreReceptor", 254),
  UUID: uuidCfdiSchema("UUID"),
  Detalle: boundedArray(pagoDetalleUploadSchema, {
    campo: "Detalle",
    max: 500,
    mensajes: { max: "El campo Detalle admite como máximo 500 documentos." },
  }),
});
export type PostPagoProveedorRequest = z.infer<typeof postPagoProveedorRequestSchema>;

/**
 * Employee variant: only the payment proof (comprobante PDF) in Complemento/Complemento64 (spec §5: 'Debe cargar
 * el complemento'). The legacy form sends PDF, XML, UUID and FechaPago as 'No'; they are accepted as such and
 * every other field is dropped.
 */
const no = (campo: string) => z.literal("No", { error: `El campo ${campo} debe ser 'No' o no enviarse.` }).optional();
export const postPagoEmpleadoRequestSchema = postPagoBase.extend({
  operador: z.literal("Empleado"),
  Complemento: nombreArchivoSchema("Complemento", "pdf", MSG.pagoComplementoRequerido),
  Complemento64: base64Schema("Complemento64", MSG.pagoComplementoRequerido),
  PDF: no("PDF"),
  XML: no("XML"),
  UUID: no("UUID"),
  FechaPago: no("FechaPago"),
});
export type PostPagoEmpleadoRequest = z.infer<typeof postPagoEmpleadoRequestSchema>;

/**
 * POST /api/pagos/postPago. The form differs by operator, so `operador` (Proveedor or Empleado) selects the
 * variant and is required here. It is still not trusted: the server refuses a variant that does not match
 * the session's operador (suppliers upload PDF + XML, employees the comprobante; spec §6).
 */
export const postPagoRequestSchema = z.discriminatedUnion(
  "operador",
  [postPagoProveedorRequestSchema, postPagoEmpleadoRequestSchema],
  { error: "El campo operador es obligatorio y debe ser Proveedor o Empleado." },
);
export type PostPagoRequest = z.infer<typeof postPagoRequestSchema>;
export const postPagoAnswerSchema = messageAnswerSchema;

/**
 * One DoctoRelacionado of the complement a supplier must issue for a payment (issue 14, not in the spec),
 * computed from the ERP: the invoice total, what earlier payments applied and this payment's applied amount.
 * Amounts are in the invoice's currency (MonedaDR); EquivalenciaDR converts the payment's currency into it.
 */
/**
 * One tax transferred (IVA) of a related document, the payment's share of the invoice's own tax (issue 23): BaseDR
 * is the invoice's taxable base × ImpPagado ÷ its total, ImporteDR = BaseDR × TasaOCuotaDR (pago20:TrasladoDR).
 */
export const trasladoDrSchema = z.object({
  BaseDR: importeSchema("BaseDR"),
  ImpuestoDR: z.string(),
  TipoFactorDR: z.string(),
  TasaOCuotaDR: z.string(),
  ImporteDR: importeSchema("ImporteDR"),
});
export type TrasladoDr = z.infer<typeof trasladoDrSchema>;

/** pago20:TrasladoP: the related documents' TrasladoDR of one rate, in the payment's currency (6 decimals). */
export const trasladoPSchema = z.object({
  BaseP: importeSchema("BaseP"),
  ImpuestoP: z.string(),
  TipoFactorP: z.string(),
  TasaOCuotaP: z.string(),
  ImporteP: importeSchema("ImporteP"),
});
export type TrasladoP = z.infer<typeof trasladoPSchema>;

/** pago20:Totales, in MXN with 2 decimals: the IVA figures only for the rates present. */
export const totalesEsperadosSchema = z.object({
  TotalTrasladosBaseIVA16: importeSchema("TotalTrasladosBaseIVA16").optional(),
  TotalTrasladosImpuestoIVA16: importeSchema("TotalTrasladosImpuestoIVA16").optional(),
  TotalTrasladosBaseIVA8: importeSchema("TotalTrasladosBaseIVA8").optional(),
  TotalTrasladosImpuestoIVA8: importeSchema("TotalTrasladosImpuestoIVA8").optional(),
  TotalTrasladosBaseIVA0: importeSchema("TotalTrasladosBaseIVA0").optional(),
  TotalTrasladosImpuestoIVA0: importeSchema("TotalTrasladosImpuestoIVA0").optional(),
  MontoTotalPagos: importeSchema("MontoTotalPagos"),
});
export type TotalesEsperados = z.infer<typeof totalesEsperadosSchema>;

export const documentoEsperadoSchema = z.object({
  IdDocumento: z.string(),
  Serie: z.string(),
  Folio: z.string(),
  MonedaDR: z.string(),
  EquivalenciaDR: z.string(),
  NumParcialidad: enteroSchema("NumParcialidad"),
  ImpSaldoAnt: importeSchema("ImpSaldoAnt"),
  ImpPagado: importeSchema("ImpPagado"),
  ImpSaldoInsoluto: importeSchema("ImpSaldoInsoluto"),
  /**
   * 02 (sí objeto de impuesto) with its TrasladosDR when the invoice carries IVA, 01 when it carries none; null
   * when the portal does not hold the invoice's amounts (its taxes are then read on the invoice itself).
   */
  ObjetoImpDR: z.enum(["01", "02"]).nullable(),
  TrasladosDR: z.array(trasladoDrSchema),
});
export type DocumentoEsperado = z.infer<typeof documentoEsperadoSchema>;

/** The pago20:Pago node the supplier's complement must carry for one ERP payment, and its legal deadline. */
export const complementoEsperadoSchema = z.object({
  /** YYYY-MM-DDT12:00:00, the payment date. */
  FechaPago: z.string(),
  FormaDePagoP: z.string(),
  MonedaP: z.string(),
  TipoCambioP: z.string(),
  Monto: importeSchema("Monto"),
  /** The fifth day of the month after the payment. */
  FechaLimite: fechaSchema("FechaLimite"),
  Documentos: z.array(documentoEsperadoSchema),
  TrasladosP: z.array(trasladoPSchema),
  Totales: totalesEsperadosSchema,
});
export type ComplementoEsperado = z.infer<typeof complementoEsperadoSchema>;

/**
 * POST /api/pagos/getComplementoEsperado (issue 14, not in the spec): the complement a supplier must issue for
 * one of its payments (employees: any), or null when none is owed (no PPD invoice, or a complement accepted).
 */
export const getComplementoEsperadoRequestSchema = actorRequestSchema.extend({
  BD: identificadorSchema("BD", 100),
  PagoSAP: idSchema("PagoSAP"),
});
export type GetComplementoEsperadoRequest = z.infer<typeof getComplementoEsperadoRequestSchema>;
export const getComplementoEsperadoAnswerSchema = successAnswer(complementoEsperadoSchema.nullable());

/** POST /api/pagos/getHistorial (not in the spec; issue 23): what happened to one payment's complement, oldest first. */
export const getHistorialPagoRequestSchema = listRequestSchema.extend({ IdPago: idSchema("IdPago") });
export type GetHistorialPagoRequest = z.infer<typeof getHistorialPagoRequestSchema>;
export const getHistorialPagoAnswerSchema = successAnswer(z.array(historialFacturaSchema));
export type GetHistorialPagoAnswer = z.infer<typeof getHistorialPagoAnswerSchema>;
