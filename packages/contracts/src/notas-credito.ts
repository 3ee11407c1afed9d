import { z } from "zod";
import { estatusRevisionFacturaSchema } from "./codes";
import {
  actorRequestSchema,
  base64Schema,
  enteroSchema,
  identificadorSchema,
  idSchema,
  listRequestSchema,
  messageAnswerSchema,
  nombreArchivoSchema,
  optionalText,
  successAnswer,
} from "./common";
import { historialFacturaSchema } from "./facturas";
import { MSG } from "./messages";
import { revisionBatchSchema } from "./revision";

/**
 * Credit notes (CFDI de Egreso, issue 27, decision 034): a supplier registers one against its accepted invoices
 * (the XML's CfdiRelacionados, TipoRelacion 01, 03 or — issue 39, decision 060 — 07); employees review them like
 * invoices; an accepted one becomes an A/P credit memo in the ERP and takes its amount off the invoices' balance.
 */

/** What the supplier reads: the sentences the server refuses with (and the browser shows). */
export const NOTA_CREDITO_MSG = {
  /** The supplier's mail about the reviewer's decision (the subject follows the portal's name). */
  correoAceptadaAsunto: (folio: string) => `su nota de crédito ${folio} fue aceptada por el revisor`,
  correoAceptadaParrafo: (folio: string, uuid: string) =>
    `Su nota de crédito con folio ${folio} (UUID ${uuid}) fue aceptada por el revisor. Su registro en el ERP (la nota de crédito de proveedor que reduce el saldo de la factura) está pendiente; puede seguir su estado en Notas de crédito.`,
  correoRechazadaAsunto: (folio: string) => `su nota de crédito ${folio} fue rechazada`,
  correoRechazadaParrafo: (folio: string, uuid: string) =>
    `Su nota de crédito con folio ${folio} (UUID ${uuid}) fue rechazada.`,
  correoRechazadaCorreccion: "Puede registrar una nueva nota de crédito en Notas de crédito.",
  registrada: "Se registró con éxito la nota de crédito.",
  sinRelacion:
    "La nota de crédito no relaciona ninguna factura: el XML debe traer CfdiRelacionados con TipoRelacion 01 (nota de crédito), 03 (devolución de mercancía) o 07 (aplicación de anticipo).",
  facturaNoExiste: (uuid: string) =>
    `La factura con UUID ${uuid} que relaciona la nota de crédito no está registrada en el portal como suya.`,
  facturaNoAceptada: (folio: string) =>
    `La factura con folio ${folio} no está aceptada; solo se registran notas de crédito de facturas aceptadas.`,
  otraSociedad: (folio: string) =>
    `La factura con folio ${folio} es de otra sociedad; una nota de crédito relaciona facturas de la sociedad seleccionada.`,
  monedaDistinta: (folio: string, moneda: string, monedaNota: string) =>
    `La factura con folio ${folio} está en ${moneda} y la nota de crédito en ${monedaNota}; deben estar en la misma moneda.`,
  excedeSaldo: (total: string, saldo: string) =>
    `El total de la nota de crédito (${total}) es mayor que lo que queda de las facturas relacionadas (${saldo}: su saldo a la fecha de la nota y hoy, descontados los pagos del ERP, las notas de crédito pendientes y las aceptadas).`,
  // Issue 36: what the ERP knows of the invoice refuses the note, one sentence per reason.
  facturaSustituida: (folio: string, folioSustituta: string, uuidSustituta: string) =>
    `La factura con folio ${folio} fue sustituida por la factura ${folioSustituta} (UUID ${uuidSustituta}), que tomó su factura de proveedor en el ERP; relacione la nota de crédito con la factura sustituta.`,
  facturaCanceladaSat: (folio: string) =>
    `La factura con folio ${folio} está cancelada ante el SAT; no admite notas de crédito.`,
  facturaCanceladaErp: (folio: string, docNum: number | null) =>
    `La factura con folio ${folio} está cancelada en el ERP${docNum === null ? "" : ` (factura de proveedor ${docNum})`}; no admite notas de crédito.`,
  facturaPagada: (folio: string, pagado: string, total: string) =>
    `La factura con folio ${folio} ya está pagada en su totalidad en el ERP (pagado y acreditado: ${pagado} de ${total}); no tiene saldo para una nota de crédito.`,
  /** Issue 39: paid in full by the ERP's payments, each named by number, date and amount. */
  facturaPagadaConPagos: (
    folio: string,
    total: string,
    pagos: readonly { docNum: number; fecha: string; importe: string }[],
    moneda: string,
  ) =>
    `La factura con folio ${folio} ya está pagada en su totalidad (${total}) con ${pagos.length === 1 ? "el pago" : "los pagos"} ${pagos
      .map((p) => `${p.docNum} del ${p.fecha.slice(0, 10)} (${p.importe} ${moneda})`)
      .join(", ")}; no tiene saldo para una nota de crédito.`,
  /** The review: what the note takes off one invoice no longer fits what is left of it. */
  excedeSaldoFactura: (folio: string, importe: string, saldo: string) =>
    `Lo que la nota de crédito toma de la factura con folio ${folio} (${importe}) es mayor que lo que queda de ella (${saldo}: su saldo a la fecha de la nota y hoy, descontados los pagos del ERP y las otras notas de crédito pendientes y aceptadas).`,
  /** The review's refusal of one row: the note and the reason (one of the sentences above). */
  noSePuedeAceptar: (folioNota: string, motivo: string) =>
    `La nota de crédito con folio ${folioNota} no se puede aceptar. ${motivo}`,
  /** The review could not ask the ERP for the balance: an acceptance waits for it. */
  erpSinRespuesta: (folio: string) =>
    `No se pudo consultar en el ERP el saldo de la factura con folio ${folio}; intente aceptar la nota de crédito más tarde.`,
  uuidRegistrado: (uuid: string) =>
    `El UUID ${uuid} ya está registrado en el portal; un CFDI se registra una sola vez.`,
  noExiste: "La nota de crédito no existe.",
  /** Issue 40: its detail screen could not read it (no answer from the server, or an unexpected one). */
  detalleNoDisponible: "No se pudo leer la nota de crédito; regrese a la lista e inténtelo de nuevo.",
  /** The invoice detail's 'Notas de crédito' section could not read them: never shown as 'no notes'. */
  deFacturaNoDisponibles: "No se pudieron leer las notas de crédito de la factura; vuelva a abrirla en un momento.",
  /** Issue 39: the memo job found the A/P invoice's open balance smaller than what the note takes; nothing was sent. */
  erpExcedeSaldo: (folio: string, importe: string, saldo: string) =>
    `No se envió la nota de crédito al ERP: lo que toma de la factura con folio ${folio} (${importe}) es mayor que su saldo abierto en el ERP (${saldo}); un pago posterior a la aceptación lo redujo.`,
  erpCreada: (docNum: number) => `La nota de crédito de proveedor ${docNum} está registrada en el ERP.`,
  erpFacturaPendiente: (folio: string) =>
    `La factura con folio ${folio} aún no está registrada en el ERP; la nota de crédito se registrará cuando lo esté.`,
  // An employee's 'Reintentar' (issue 36, decision 040), as the invoices' (MSG.erp…).
  erpNoAceptada: "Solo las notas de crédito aceptadas se registran en el ERP.",
  erpNoDisponible: (detalle: string) =>
    `El ERP no registró la nota de crédito; se reintentará automáticamente. Detalle: ${detalle}`,
  erpRechazo: (detalle: string) => `El ERP rechazó la nota de crédito: ${detalle}`,
  erpEnCurso: "La nota de crédito se está registrando en el ERP en este momento; actualice en unos segundos.",
} as const;

/** One invoice a credit note credits, with the amount taken off it. */
export const notaCreditoFacturaSchema = z.object({
  IdFactura: z.number().int(),
  FolioFactura: z.string(),
  UUID: z.string(),
  /** The amount taken off the invoice, in its currency ("116.00"). */
  Importe: z.string(),
});

/**
 * Issue 39 (decision 060): one cfdi:CfdiRelacionados group of a credit note, as its CFDI has it: the TipoRelacion
 * (c_TipoRelacion: 01 nota de crédito, 03 devolución, 07 aplicación de anticipo; any other, such as 04, relates a
 * CFDI it credits nothing of) and the related UUIDs, upper case, in order.
 */
export const relacionNotaCreditoSchema = z.object({
  TipoRelacion: z.string(),
  UUIDs: z.array(z.string()),
});
export type RelacionNotaCredito = z.infer<typeof relacionNotaCreditoSchema>;

/** A row of getNotasCredito and of the review list. */
export const notaCreditoRowSchema = z.object({
  Fila: z.number().int(),
  IdNotaCredito: z.number().int(),
  NomSociedad: z.string(),
  CardCode: z.string(),
  CardName: z.string(),
  BD: z.string(),
  FolioNotaCredito: z.string(),
  UUID: z.string(),
  /** Its first crediting group's type: 01 nota de crédito, 03 devolución de mercancía, 07 aplicación de anticipo. */
  TipoRelacion: z.string(),
  /**
   * Issue 39: every relation group of its CFDI, each with its type (a note with 01 and 03 groups has two). Absent
   * from servers before it: TipoRelacion then stands for every invoice of Facturas.
   */
  Relaciones: z.array(relacionNotaCreditoSchema).optional(),
  FechaNotaCredito: z.string(),
  Total: z.string(),
  Moneda: z.string(),
  Estatus: estatusRevisionFacturaSchema,
  Comentarios: z.string(),
  Version: z.number().int(),
  PDF: z.string(),
  XML: z.string(),
  /** The ERP's A/P credit memo number once created; null before. */
  DocNumERP: z.number().int().nullable(),
  /**
   * Where an accepted credit note stands with the ERP (issue 36), as the invoices' EstadoERP: '' not accepted,
   * 'pendiente' waiting for (or retrying) its A/P credit memo, 'creada' in the ERP, 'fallido' the ERP refused it or
   * retries stopped.
   */
  EstadoERP: z.enum(["", "pendiente", "creada", "fallido"]).optional(),
  /**
   * The ERP's last message for it, or why it waits (an invoice it credits not in the ERP yet): employees only, ''
   * for suppliers and when there is none.
   */
  ErrorERP: z.string().optional(),
  Facturas: z.array(notaCreditoFacturaSchema),
});
export type NotaCreditoRow = z.infer<typeof notaCreditoRowSchema>;

/** POST /api/notasCredito/getNotasCredito: a supplier's own credit notes; employees see every one. */
/**
 * The spec's list shape; `IdFactura` (not in the spec) narrows it to the notes that credit one invoice, as the
 * invoice detail's 'Notas de crédito' section asks, instead of reading every note to keep a few.
 */
export const getNotasCreditoRequestSchema = listRequestSchema.extend({ IdFactura: idSchema("IdFactura").optional() });
export const getNotasCreditoAnswerSchema = successAnswer(z.array(notaCreditoRowSchema));
export type GetNotasCreditoAnswer = z.infer<typeof getNotasCreditoAnswerSchema>;

/**
 * POST /api/notasCredito/getNotaCredito (issue 40, decision 065; not in the spec): one credit note for its detail
 * screen, as its list row, with its Historial (registration and decisions). A supplier gets only its own; any other
 * id is answered as one that does not exist.
 */
export const getNotaCreditoRequestSchema = listRequestSchema.extend({ IdNotaCredito: idSchema("IdNotaCredito") });
export type GetNotaCreditoRequest = z.infer<typeof getNotaCreditoRequestSchema>;
export const notaCreditoDetalleSchema = z.object({
  NotaCredito: notaCreditoRowSchema,
  Historial: z.array(historialFacturaSchema),
});
export type NotaCreditoDetalle = z.infer<typeof notaCreditoDetalleSchema>;
export const getNotaCreditoAnswerSchema = successAnswer(notaCreditoDetalleSchema);
export type GetNotaCreditoAnswer = z.infer<typeof getNotaCreditoAnswerSchema>;

/** POST /api/notasCredito/postNotaCredito: the sociedad (company database) and the two files; the XML says the rest. */
export const postNotaCreditoRequestSchema = actorRequestSchema.extend({
  RazonSocial: identificadorSchema("RazonSocial", 100),
  PDF: nombreArchivoSchema("PDF", "pdf", MSG.pdfRequerido),
  XML: nombreArchivoSchema("XML", "xml", MSG.facturaXmlRequerido),
  PDF64: base64Schema("PDF64", MSG.pdfRequerido),
  XML64: base64Schema("XML64", MSG.facturaXmlRequerido),
});
export type PostNotaCreditoRequest = z.infer<typeof postNotaCreditoRequestSchema>;
export const postNotaCreditoAnswerSchema = messageAnswerSchema;

/** POST /api/notasCreditoPendientes/getNotasCredito: Pendiente and Rechazada, and those accepted in the last 30 days. */
export const getNotasCreditoPendientesRequestSchema = listRequestSchema;
export const getNotasCreditoPendientesAnswerSchema = getNotasCreditoAnswerSchema;

/** One checked row of the credit notes' review: the reviewer's status, reason and the version seen. */
export const revisionNotaCreditoSchema = actorRequestSchema.extend({
  NotaCredito: idSchema("NotaCredito"),
  Comentarios: optionalText("Comentarios", 1000),
  Estatus: estatusRevisionFacturaSchema,
  Version: enteroSchema("Version"),
});
export type RevisionNotaCredito = z.infer<typeof revisionNotaCreditoSchema>;

/** PATCH /api/notasCreditoPendientes/patchNotaCredito: the checked rows; answers MSG.revisionExito. */
export const patchNotasCreditoPendientesRequestSchema = /* @__PURE__ */ revisionBatchSchema(
  revisionNotaCreditoSchema,
  "NotaCredito",
  {
    lista: "notas de crédito seleccionadas",
    alMenosUno: "una nota de crédito",
    plural: "notas de crédito",
    repetido: (id) => `la nota de crédito ${id}`,
  },
);
export type PatchNotasCreditoPendientesRequest = z.infer<typeof patchNotasCreditoPendientesRequestSchema>;
export const patchNotasCreditoPendientesAnswerSchema = messageAnswerSchema;

/**
 * POST /api/notasCreditoPendientes/reintentarErp (issue 36, not in the spec): an employee asks the portal to create
 * the accepted credit note's A/P credit memo in the ERP now, as facturasPendientes/reintentarErp does for invoices.
 * Answers with what happened (created, or the ERP's message).
 */
export const reintentarErpNotaCreditoRequestSchema = actorRequestSchema.extend({
  NotaCredito: idSchema("NotaCredito"),
});
export type ReintentarErpNotaCreditoRequest = z.infer<typeof reintentarErpNotaCreditoRequestSchema>;
export const reintentarErpNotaCreditoAnswerSchema = messageAnswerSchema;
