/**
 * Every user-facing message of the spec lives here once, verbatim (including its spelling), so API, web and
 * @portal/cfdi say exactly the same thing: @portal/cfdi imports this module (`@portal/contracts/messages`, no zod)
 * and keeps in CFDI_MSG only the messages it adds about reading XML and seals. The few the web app's first
 * screen needs live in messages-sesion.ts (decision 017) and are part of MSG too.
 */
import { MSG_SESION } from "./messages-sesion";
import { REVISION_MSG } from "./revision-messages";

export const MSG = {
  // The first screen's own (messages-sesion.ts): login failure prefix, session required/expired, internal
  // error, unknown route, software update.
  ...MSG_SESION,
  // Auth (ours, in the register of the spec's messages)
  credencialesInvalidas: "Usuario o contraseña incorrectos.",
  contraseñaActualRequerida: "Para cambiar la contraseña escriba también su contraseña actual.",
  contraseñaActualIncorrecta: "La contraseña actual no es correcta.",
  demasiadosIntentos: "Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.",
  sesionCerrada: "Sesión cerrada.",
  sesionRenovada: "Su sesión se renovó por 10 minutos más.",
  bienvenida: "Bienvenido al Portal de Proveedores.",
  sinPermiso: "No tiene permiso para realizar esta operación.",
  noEncontrado: "No se encontró el recurso solicitado.",
  rutaNoEncontrada: "La ruta solicitada no existe.",
  datosInvalidos: "Los datos enviados no son válidos.",
  demasiadasSolicitudes: "Demasiadas solicitudes. Intente de nuevo en un momento.",
  cuerpoDemasiadoGrande: "La solicitud excede el tamaño máximo permitido.",
  /** The health check's 503 (GET /api/health): the database does not answer. */
  baseDeDatosNoResponde: "La base de datos no responde.",
  /** 503 with Retry-After: the database cannot be reached, or this process is shutting down (issue 22). */
  servicioNoDisponible: "El servicio no está disponible temporalmente. Intente de nuevo en unos momentos.",
  /**
   * 409: PostgreSQL rolled the request's transaction back for a simultaneous one (deadlock or serialization
   * failure, decision 041) and no retry of the service settled it: nothing was saved, the call may be repeated.
   */
  operacionSimultanea:
    "Otra operación modificó los mismos datos al mismo tiempo y no se guardó nada. Intente de nuevo.",
  ok: "OK",
  // Employee status (issue 22; not in the spec): the administrators' Desactivar / Activar action
  empleadoDesactivado: "Se desactivó con éxito el empleado.",
  empleadoActivado: "Se activó con éxito el empleado.",
  empleadoYaInactivo: "El empleado ya está inactivo.",
  empleadoYaActivo: "El empleado ya está activo.",
  empleadoNoDesactivarseASiMismo: "Un administrador no puede desactivarse a sí mismo.",
  estatusEmpleadoEnOtraAccion:
    "El estatus del empleado no se cambia al actualizarlo: use la acción «Desactivar» o «Activar» del empleado.",
  estatusEmpleadoCambio: "El estatus del empleado cambió mientras se procesaba la solicitud. Intente de nuevo.",
  // Issue 36: someone must always be able to administer the portal (decision 041).
  ultimoAdministradorDesactivar: "No se puede desactivar al último administrador activo.",
  ultimoAdministradorPerfil: "No se puede quitar el perfil de administrador al último administrador activo.",
  // Employees, companies and suppliers kept by administrators (not in the spec)
  empleadoNoExiste: (usuario: string) => `No existe un empleado con el usuario ${usuario}.`,
  empleadoYaExiste: (usuario: string) => `Ya existe un empleado con el usuario ${usuario}.`,
  administradorNoQuitarseRol: "Un administrador no puede quitarse a sí mismo el rol de administrador.",
  areaNoExiste: "El campo Area no corresponde a un área existente.",
  sociedadNoExiste: "La sociedad no existe.",
  sociedadBdSapOcupada: (bdSap: string) => `Ya existe una sociedad con la base de datos ${bdSap}.`,
  proveedorNoExiste: "El proveedor no existe.",
  proveedorRazonSocialNoExiste: (razonSocial: string) => `No existe un proveedor con la razón social ${razonSocial}.`,
  proveedorRfcOcupado: (rfc: string) => `Ya existe un proveedor con el RFC ${rfc}.`,
  proveedorSinCorreo: "El proveedor no tiene un correo registrado.",
  proveedorSociedadYaAsignada: "La sociedad ya está asignada a este proveedor.",
  proveedorMotivoRechazo: "Indique el motivo de rechazo del registro.",
  proveedorNotificado: "Se envió la notificación al proveedor.",
  // Files (issue 9): a file no policy grants answers exactly like a missing one.
  archivoIdInvalido: "El identificador del archivo no es válido.",
  archivoNoExiste: "El archivo no existe.",
  archivoVacio: (etiqueta: string) => `El archivo de ${etiqueta} está vacío.`,
  archivoExcedeTamaño: (etiqueta: string, maximo: string) =>
    `El archivo de ${etiqueta} excede el tamaño máximo de ${maximo}.`,
  // Review screens (spec §8)
  revisionExito: "Se proceso con exito el ó los registro(s)",
  revisionError: "No se procesaron los registro(s)",
  // A rejection needs its reason (issues 13 and 14; not in the spec): the browser warns, the server refuses.
  rechazoSinComentarioFactura: REVISION_MSG.factura.sinComentario,
  rechazoSinComentarioPago: REVISION_MSG.pago.sinComentario,
  // The accepted invoice's A/P invoice in the ERP (issue 13; not in the spec)
  erpFacturaCreada: (docNum: number) => `La factura de proveedor ${docNum} está registrada en el ERP.`,
  erpNoAceptada: "Solo las facturas aceptadas se registran en el ERP.",
  erpNoDisponible: (detalle: string) =>
    `El ERP no registró la factura; se reintentará automáticamente. Detalle: ${detalle}`,
  erpRechazo: (detalle: string) => `El ERP rechazó la factura: ${detalle}`,
  erpFacturaEnCurso: "La factura se está registrando en el ERP en este momento; actualice en unos segundos.",
  /** A replacement's takeover waits for the replaced invoice's A/P invoice (issue 36, decision 040). */
  erpSustituidaSinFactura:
    "La factura sustituida aún no tiene factura de proveedor en el ERP; la sustituta la tomará en cuanto se haya creado.",
  erpSustituidaCancelada: (docNum: number) =>
    `La factura de proveedor ${docNum} de la factura sustituida está cancelada en el ERP; la sustituta no puede tomarla.`,
  /** An ERP job's message when its error says nothing, or when no handler knows its kind (decision 054). */
  erpErrorDesconocido: "Error desconocido del ERP",
  erpTrabajoDesconocido: (tipo: string) => `Trabajo del ERP de tipo desconocido: ${tipo}`,
  facturaNoExiste: "La factura no existe.",
  /** Issue 39 (decision 058): the detail's ledger when the ERP's payments could not be read. */
  saldoSinPagosErp:
    "No se pudieron leer los pagos del ERP; los movimientos del saldo se mostrarán cuando el ERP responda.",
  /** The detail's ledger of an invoice nothing has paid or credited yet. */
  saldoSinMovimientos: "Sin pagos ni notas de crédito aceptadas.",
  /** The Historial's comment on the fields a supplier's correction changed (issue 23). */
  correccionDelProveedor: "Corrección del proveedor",
  pagoSinDocumentos: "El pago no tiene documentos registrados.",
  pagoCargaSimultanea: "Otro usuario cargó documentos de este pago al mismo tiempo; recargue e intente de nuevo.",
  // The payment block of a CFDI the SAT cancelled (issue 36, decision 038; not in the spec). `factura` is how a
  // reviewer knows the invoice: its folio, or its UUID when the CFDI has no folio (facturaNombrada below).
  /**
   * Employees' warning on a CFDI that names with TipoRelacion 04 an invoice whose payment is blocked, other than the
   * replacement that takes its place: accepting it lifts nothing.
   */
  sustituyeFacturaBloqueada: (factura: string) =>
    `Este CFDI dice sustituir a la factura ${factura}, cuyo pago está bloqueado.`,
  bloqueoPagoQuitado: (factura: string) =>
    `Se quitó el bloqueo de pago de la factura ${factura}; se pide al ERP quitarlo de su factura de proveedor.`,
  bloqueoPagoSinBloqueo: (factura: string) => `La factura ${factura} no tiene el pago bloqueado.`,
  bloqueoPagoYaQuitado: (factura: string) =>
    `El bloqueo de pago de la factura ${factura} ya se quitó; vea quién lo quitó en su Historial.`,
  bloqueoPagoDesactualizado: (factura: string) =>
    `La factura ${factura} cambió mientras se quitaba su bloqueo de pago; actualice la lista e intente de nuevo.`,
  // Success messages (spec §8)
  proveedorActualizado: "Se actualizó con éxito el proveedor",
  empleadoActualizado: "Se actualizó con éxito el empleado!",
  empleadoCreado: "Se creó con éxito el empleado!",
  sociedadActualizada: "Se actualizó con éxito la sociedad!",
  sociedadCreada: "Se creó con éxito la sociedad!",
  sociedadVinculada: "Se creo con exito el empleado!",
  facturaActualizada: (folio: string) => `Se actualizo con exito la factura con folio ${folio}!`,
  facturaRegistrada: "Se registro con exito la factura!",
  documentosAgregados: "Se agrego con exito los documentos!",
  errorPostFactura: "Error al consumir el servicio postFactura",
  // Ours (issue 23): a correction must change a file.
  correccionSinArchivo:
    "Para actualizar la factura seleccione al menos un archivo nuevo (PDF, XML o recepción): sin un archivo nuevo no hay nada que corregir.",
  // Validation (spec §5)
  passwordEmpleado: "La contraseña debe tener entre 4 y 30 caracteres alfanumericos.",
  cartaSituacionFiscal: "Debe cargar la carta de situación fiscal",
  registroIncompletoFacturas:
    "Revisar el estatus de su registro ya que debe de cargar o actualizar los archivos en tu perfil para poder cargar facturas",
  registroIncompletoPagos:
    "Revisar el estatus de su registro ya que debe de cargar o actualizar los archivos en tu perfil para poder cargar pagos",
  // Supplier documents (spec §5 supplier profile update); the bank cover sheet has no required message
  documentoActaConstitutiva: "Debe cargarse la acta constitutiva",
  documentoEstadoCuenta: "Debe cargarse el estado de cuenta",
  documentoIdentificacionOficial: "Debe cargarse la identificación oficial del representante",
  documentoComprobanteDomicilio: "Debe cargarse el comprobante de domicilio",
  documentoCedulaFiscal: "Debe cargarse la cedula de identificación fiscal",
  documentoOpinionCumplimiento: "Debe cargarse la opinión de cumplimiento de obligación fiscal",
  // Invoice and payment uploads (spec §5), verbatim including the spec's casing
  pdfRequerido: "Debe cargar el pdf",
  facturaXmlRequerido: "Debe cargar el XML",
  facturaRecepcionRequerida: "Debe cargar el recepción",
  pagoXmlRequerido: "Debe cargar el xml",
  pagoComplementoRequerido: "Debe cargar el complemento",
  archivoNoImagen: "El archivo seleccionado no es una imagen",
  archivoNoPdf: "El archivo seleccionado no es un pdf",
  archivoNoXml: "El archivo seleccionado no es un xml",
  xmlSinTimbre: "No cuenta con la estructura de un XML valida de un timbre del SAT",
  // Invoice cross checks (spec §5); the trailing space of metodoPagoEntrada is the spec's
  nombreProveedorEntrada: "El nombre de proveedor de la entrada no es el mismo del XML",
  nombreReceptorSociedad: "El nombre del receptor no es mismo de la sociedad seleccionada en el XML",
  regimenReceptorSociedad: "El régimen fiscal del receptor no es mismo de la sociedad seleccionada en el XML",
  cpReceptorSociedad: "El código postal del receptor no es mismo de la sociedad seleccionada en el XML",
  totalEntrada: "El total de la entrada no es el mismo del XML",
  formaPagoEntrada: "La forma de pago de la entrada no es el mismo del XML",
  usoPrincipalEntrada: "El uso principal del emisor de la entrada no es el mismo del XML",
  cpEmisorSociedad: "El código postal del emisor no es mismo de la sociedad seleccionada en el XML",
  metodoPagoEntrada: "El método de pago del XML debe ser igual al de la entrada de mercancia ",
  // Payment cross checks (spec §5)
  nombreProveedorPago: "El nombre de proveedor del pago no es el mismo del XML",
  nombreSociedadPago: "El nombre de la sociedad del pago no es el mismo del XML",
  totalPago: "El total del pago no es el mismo del XML",
  uuidRelacionadoInexistente: (uuid: string) =>
    `El UUID del documento relacionado del XML: ${uuid} No existe en las facturas registradas`,
  // Scheduled jobs and document expiry reminders (issue 15; not in the spec)
  tareaInterrumpida: "La ejecución no terminó: el proceso se detuvo o excedió su tiempo.",
  recordatorioAsunto: "documentos por vencer",
  recordatorioDocumento: (etiqueta: string, dias: number, vence: string) =>
    dias === 0
      ? `Su documento «${etiqueta}» vence hoy (${vence}).`
      : `Su documento «${etiqueta}» vence en ${dias} ${dias === 1 ? "día" : "días"}, el ${vence}.`,
  recordatorioInstrucciones: (url: string) =>
    "Cargue la versión actualizada en su perfil del Portal de Proveedores antes de esa fecha: con un documento " +
    `requerido vencido no podrá registrar facturas ni complementos de pago. ${url}`,
} as const;

/**
 * How the payment block's messages name an invoice (issue 36, decision 038): its folio, which the reviewer's lists
 * show and search; the full UUID when the CFDI has no folio ('' or the spec's 'S/F'). The API's SQL applies the
 * same rule (modules/facturas/repository.ts).
 */
export function facturaNombrada(folio: string, uuid: string): string {
  const f = folio.trim();
  return f === "" || f.toUpperCase() === "S/F" ? uuid : f;
}
