/**
 * Every user-facing message lives here once, verbatim from the spec where the spec gives it
 * (including its spelling), so API and web say exactly the same thing.
 */
export const MSG = {
  // Auth (spec §8 login failure prefix; the rest are ours, in the same register)
  loginFallidoPrefijo: "Error al iniciar la sesión,",
  credencialesInvalidas: "Usuario o contraseña incorrectos.",
  demasiadosIntentos: "Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.",
  sesionRequerida: "Su sesión no es válida o ha expirado. Inicie sesión de nuevo.",
  sesionCerrada: "Sesión cerrada.",
  bienvenida: "Bienvenido al Portal de Proveedores.",
  sinPermiso: "No tiene permiso para realizar esta operación.",
  noEncontrado: "No se encontró el recurso solicitado.",
  rutaNoEncontrada: "La ruta solicitada no existe.",
  errorInterno: "Ocurrió un error inesperado. Intente de nuevo más tarde.",
  datosInvalidos: "Los datos enviados no son válidos.",
  demasiadasSolicitudes: "Demasiadas solicitudes. Intente de nuevo en un momento.",
  cuerpoDemasiadoGrande: "La solicitud excede el tamaño máximo permitido.",
  ok: "OK",
  // Review screens (spec §8)
  revisionExito: "Se proceso con exito el ó los registro(s)",
  revisionError: "No se procesaron los registro(s)",
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
  // Validation (spec §5)
  passwordEmpleado: "La contraseña debe tener entre 4 y 30 caracteres alfanumericos.",
  cartaSituacionFiscal: "Debe cargar la carta de situación fiscal",
  registroIncompletoFacturas:
    "Revisar el estatus de su registro ya que debe de cargar o actualizar los archivos en tu perfil para poder cargar facturas",
  registroIncompletoPagos:
    "Revisar el estatus de su registro ya que debe de cargar o actualizar los archivos en tu perfil para poder cargar pagos",
  // Unknown route (spec §8)
  noPage: "No page",
  // Software update (spec §1)
  nuevaVersion: "Nueva versión disponible. ¿Quieres actualizar?",
} as const;
