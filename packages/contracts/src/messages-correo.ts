/**
 * The portal's mails (issues 13, 15, 22 and 27; not in the spec), sentence by sentence: the frame every mail to a
 * supplier has, the registration notice an administrator sends, and the review decisions. The API writes them
 * through its outbox; the SAT's mails are in messages-sat.ts, the reminders' in MSG and COMPLEMENTOS_ATRASADOS_MSG.
 */
export const CORREO_MSG = {
  /** Every subject starts with the portal's name. */
  asunto: (asunto: string) => `Portal de Proveedores: ${asunto}`,
  saludoProveedor: (cardName: string) => `Estimado proveedor ${cardName}:`,
  cierre: "Este es un mensaje automático; por favor no lo responda.",
  /** sentCorreo (spec §7): the supplier's registration status. */
  registro: {
    asunto: (estatusRegistro: string) => `su registro está ${estatusRegistro.toLowerCase()}`,
    introduccion: "Le informamos el estatus de su registro en el Portal de Proveedores.",
    estatusRegistro: (estatusRegistro: string) => `Estatus del registro: ${estatusRegistro}`,
    estatus: (estatus: string) => `Estatus: ${estatus}`,
    observaciones: (observaciones: string) => `Observaciones: ${observaciones}`,
    perfil: (url: string) => `Puede revisar su perfil y sus documentos en ${url}`,
  },
  /** A reviewer's decision on a supplier's invoice (issue 13). */
  revisionFactura: {
    asunto: (folio: string, aceptada: boolean) => `su factura ${folio} fue ${aceptada ? "aceptada" : "rechazada"}`,
    parrafo: (folio: string, uuid: string, entradas: readonly (string | number)[], aceptada: boolean) =>
      // Decision 073: a foreign supplier's invoice has no UUID to name.
      `Su factura con folio ${folio}${uuid ? ` (UUID ${uuid})` : ""} de ${
        entradas.length > 1 ? "las entradas de mercancía" : "la entrada de mercancía"
      } ${entradas.join(", ")} fue ${aceptada ? "aceptada" : "rechazada"}.`,
    correccion: "Puede corregirla y cargarla de nuevo en Mis facturas.",
  },
  /** A reviewer's decision on a supplier's payment complement (issue 14). */
  revisionPago: {
    asunto: (docNum: number, aceptado: boolean) =>
      `su complemento del pago ${docNum} fue ${aceptado ? "aceptado" : "rechazado"}`,
    parrafo: (uuid: string, docNum: number, aceptado: boolean) =>
      `Su complemento de pago (UUID ${uuid}) del pago ${docNum} fue ${aceptado ? "aceptado" : "rechazado"}.`,
    correccion: "Puede corregirlo y cargarlo de nuevo en Complemento de pagos.",
  },
  /** A password reset link (issue 41, decision 067): to the account's registered addresses. */
  restablecer: {
    asunto: "restablecer su contraseña",
    saludoEmpleado: (nombre: string) => `Hola, ${nombre}:`,
    parrafo: (cuenta: string) =>
      `Recibimos una solicitud para restablecer la contraseña de la cuenta ${cuenta} en el Portal de Proveedores.`,
    enlace: "Para elegir una nueva contraseña abra este enlace. Vence en 30 minutos y solo puede usarse una vez:",
    noSolicitado:
      "Si usted no lo solicitó, ignore este mensaje: su contraseña no cambia mientras nadie abra el enlace.",
  },
} as const;
