/**
 * The SAT's status of a CFDI (issue 15, decision 014) and the payment block of a cancelled one (issue 27, decision
 * 036; issue 36, decision 038), sentence by sentence: what an upload is refused with, the reasons the Historial
 * records, and the mails to reviewers and suppliers. The employees' warning and the manual lift's answers are MSG's.
 */
/** Each document's name and the participles that agree with it (feminine 'factura', masculine 'complemento'). */
const SAT_DOCUMENTO = {
  factura: { nombre: "la factura", aceptado: "aceptada", rechazado: "rechazada" },
  pago: { nombre: "el complemento de pago", aceptado: "aceptado", rechazado: "rechazado" },
} as const;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const SAT_MSG = {
  cancelado: (uuid: string) =>
    `El CFDI con UUID ${uuid} está cancelado en el SAT (servicio de consulta de CFDI); no se puede registrar.`,
  noEncontrado: (uuid: string) =>
    `El SAT no encuentra el CFDI con UUID ${uuid} y ya pasaron más de 72 horas desde su timbrado; verifique que el XML sea el que timbró su proveedor de certificación.`,
  sinDatos: "No se pudo leer del XML la expresión impresa del CFDI (RFC, total, UUID y sello).",
  motivoCancelado: "El SAT informa que el CFDI fue cancelado.",
  motivoNoEncontrado: "El SAT no encontró el CFDI 72 horas después de su timbrado.",
  /** To every reviewer (ViDocPen Y) about an accepted CFDI the SAT no longer backs. */
  revisoresAsunto: (uuid: string) => `Portal de Proveedores: CFDI aceptado con problema en el SAT (${uuid})`,
  revisoresSaludo: (nombre: string) => `Estimado(a) ${nombre}:`,
  revisoresParrafo: (tipo: "factura" | "pago", folio: string, cardCode: string, uuid: string, motivo: string) =>
    `${capitalized(SAT_DOCUMENTO[tipo].nombre)} con folio ${folio} del proveedor ${cardCode} (UUID ${uuid}) ya fue ${SAT_DOCUMENTO[tipo].aceptado} en el portal. ${motivo}`,
  revisoresCierre:
    "Revise el documento antes de pagarlo o deducirlo. Este es un mensaje automático; por favor no lo responda.",
  /**
   * To the supplier whose pending CFDI the SAT cancelled or does not find: it is rejected. Issue 40: the subject
   * starts with a capital and the participle agrees with the document ('la factura … fue rechazada').
   */
  proveedorAsunto: (tipo: "factura" | "pago", folio: string) =>
    `${capitalized(SAT_DOCUMENTO[tipo].nombre)} ${folio} fue ${SAT_DOCUMENTO[tipo].rechazado} por el SAT`,
  proveedorParrafo: (tipo: "factura" | "pago", folio: string, uuid: string, problema: string) =>
    `${capitalized(SAT_DOCUMENTO[tipo].nombre)} con folio ${folio} (UUID ${uuid}) fue ${SAT_DOCUMENTO[tipo].rechazado}. ${problema}`,
  proveedorCorreccion: "Puede cargar el CFDI correcto en el portal.",
} as const;

/** The payment block's sentences: the Historial's comments and the reviewers' mail. */
export const BLOQUEO_PAGO_MSG = {
  bloqueado: "El SAT informa que el CFDI fue cancelado: se bloquea el pago de su factura de proveedor en el ERP.",
  liberado: (uuid: string) =>
    `Se aceptó el CFDI ${uuid}, que toma el lugar de este (TipoRelacion 04, mismas entradas, total y moneda): se quita el bloqueo de pago en el ERP.`,
  yaSustituido: (uuid: string) =>
    `El SAT informa que el CFDI fue cancelado; ya se había aceptado el CFDI ${uuid}, que tomó su lugar y su factura de proveedor, así que no se bloquea el pago.`,
  correo:
    "Se pidió al ERP bloquear el pago de su factura de proveedor hasta que se acepte la factura que tome su lugar " +
    "(mismas entradas, total y moneda) o cuentas por pagar quite el bloqueo con un motivo.",
} as const;
