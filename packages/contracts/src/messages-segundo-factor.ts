/**
 * Second factor (issue 41 item 5, decision 071): what its calls answer and its screens show. Not in the spec; in the
 * register of its messages.
 */
export const SEGUNDO_FACTOR_MSG = {
  // Answers
  codigoObligatorio: "El campo código es obligatorio: escriba el código de verificación.",
  codigoFormato:
    "El campo código debe tener 6 dígitos (de su aplicación de autenticación) o ser un código de recuperación como ABCDE-12345.",
  codigoTotpFormato: "El campo código debe tener los 6 dígitos que muestra su aplicación de autenticación.",
  codigoIncorrecto:
    "El código de verificación no es correcto o ya se usó. Intente con el código actual de su aplicación.",
  verificado: "Verificación completada. Bienvenido.",
  pasoPendiente:
    "Complete la verificación en dos pasos para continuar: escriba el código de su aplicación de autenticación.",
  inscripcionPendiente:
    "Su cuenta requiere verificación en dos pasos. Configure su aplicación de autenticación para continuar.",
  requerido: "Esta operación requiere que su sesión haya completado la verificación en dos pasos.",
  yaInscrito:
    "Su cuenta ya tiene verificación en dos pasos. Para cambiar de teléfono, inicie sesión con ella y vuelva a configurarla desde su perfil.",
  sinInscripcionIniciada: "Primero genere la clave para su aplicación de autenticación.",
  inscripcionIniciada: "Agregue la clave a su aplicación de autenticación y escriba el código que le muestre.",
  inscripcionCompletada:
    "Verificación en dos pasos activada. Guarde sus códigos de recuperación: se muestran solo esta vez.",
  noInscrito: "Su cuenta no tiene verificación en dos pasos.",
  codigosRegenerados:
    "Se generaron nuevos códigos de recuperación; los anteriores ya no sirven. Guárdelos: se muestran solo esta vez.",
  restablecido:
    "Se quitó la verificación en dos pasos del empleado y se cerraron sus sesiones. Deberá configurarla de nuevo al iniciar sesión.",
  empleadoNoEncontrado: "No se encontró el empleado.",
  noInscritoEmpleado: "El empleado no tiene verificación en dos pasos configurada.",
  desactivado: "Verificación en dos pasos desactivada. Al iniciar sesión ya no se le pedirá un código.",
  noSePuedeDesactivar:
    "Su puesto requiere la verificación en dos pasos: no se puede desactivar. Para cambiar de teléfono, configúrela de nuevo.",
  conflicto: "La verificación en dos pasos de la cuenta cambió mientras tanto. Vuelva a intentarlo.",
  // Screens
  tituloVerificar: "Código de verificación",
  explicacionVerificar:
    "Escriba el código de 6 dígitos que muestra su aplicación de autenticación. Si no tiene su teléfono, use uno de sus códigos de recuperación.",
  etiquetaCodigo: "Código de verificación",
  botonVerificar: "Verificar",
  tituloInscribir: "Configurar la verificación en dos pasos",
  explicacionInscribir:
    "Su cuenta requiere un segundo paso al iniciar sesión. Agregue esta clave a una aplicación de autenticación (por ejemplo Google Authenticator, Microsoft Authenticator o FreeOTP): escanee el código QR o escriba la clave.",
  etiquetaSecreto: "Clave para la aplicación",
  etiquetaQr: "Código QR para su aplicación de autenticación",
  botonGenerar: "Generar clave",
  botonConfirmar: "Confirmar",
  tituloCodigos: "Códigos de recuperación",
  explicacionCodigos:
    "Guarde estos códigos en un lugar seguro. Cada uno sirve una sola vez para entrar si pierde su teléfono. No se volverán a mostrar.",
  botonContinuar: "Continuar",
  tituloPerfil: "Verificación en dos pasos",
  perfilActiva: "Activa.",
  perfilInactiva: "No activa.",
  perfilRequerida: "Su puesto la requiere.",
  perfilOpcional: "Es opcional para su cuenta; si la activa, se le pedirá un código al iniciar sesión.",
  perfilCodigosRestantes: "Códigos de recuperación sin usar:",
  botonActivar: "Activar verificación en dos pasos",
  botonCambiarTelefono: "Configurar en otro teléfono",
  botonRegenerarCodigos: "Generar nuevos códigos de recuperación",
  botonRestablecer: "Quitar verificación en dos pasos",
  confirmarRestablecer:
    "¿Quitar la verificación en dos pasos de este empleado? Deberá configurarla de nuevo al iniciar sesión y se cerrarán sus sesiones.",
  botonCancelar: "Cancelar",
  botonDesactivar: "Desactivar verificación en dos pasos",
  explicacionDesactivar:
    "Para desactivarla, escriba el código actual de su aplicación de autenticación o uno de sus códigos de recuperación.",
} as const;
