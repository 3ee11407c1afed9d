/**
 * Password reset by e-mail (issue 41, decision 067), beside the spec's static recovery page: what the request and
 * the link's form answer and show. Not in the spec; in the register of its messages.
 */
export const RESTABLECER_MSG = {
  /** The one answer to a request, whether or not the account exists (no enumeration). */
  solicitudRecibida:
    "Si los datos corresponden a una cuenta activa con correo registrado, le enviamos a ese correo un enlace para restablecer su contraseña. El enlace vence en 30 minutos y solo puede usarse una vez.",
  demasiadasSolicitudes: "Demasiadas solicitudes para restablecer la contraseña. Espere 15 minutos e intente de nuevo.",
  enlaceInvalido: "El enlace para restablecer la contraseña no es válido. Solicite uno nuevo.",
  enlaceVencido: "El enlace para restablecer la contraseña venció: dura 30 minutos. Solicite uno nuevo.",
  enlaceUsado: "El enlace para restablecer la contraseña ya se usó. Si lo necesita, solicite uno nuevo.",
  passwordRestablecida:
    "Su contraseña se restableció y se cerraron todas sus sesiones. Inicie sesión con la nueva contraseña.",
  // The new password's checks beyond the spec's rule (4 to 30 letters and digits, MSG.passwordEmpleado).
  passwordCorta: "La nueva contraseña debe tener al menos 12 caracteres.",
  passwordComun:
    "La nueva contraseña es demasiado común o fácil de adivinar (palabras o secuencias conocidas, solo números o caracteres repetidos). Elija otra.",
  passwordConIdentidad: "La nueva contraseña no debe contener su usuario, su RFC, su nombre ni su correo.",
  passwordsDistintas: "Las contraseñas no coinciden.",
  // The screens (recovery page's form and the link's page)
  tituloSolicitud: "Recibir un enlace por correo",
  explicacionSolicitud:
    "También puede restablecer su contraseña usted mismo: escriba su usuario (o su RFC si es proveedor) o el correo electrónico registrado y le enviaremos un enlace.",
  etiquetaOperador: "Tipo de usuario",
  etiquetaUsuario: "Usuario, RFC o correo electrónico",
  botonEnviarEnlace: "Enviar enlace",
  tituloRestablecer: "Restablecer contraseña",
  explicacionRestablecer:
    "Elija su nueva contraseña. Al guardarla se cierran todas las sesiones abiertas de su cuenta.",
  etiquetaPassword: "Nueva contraseña",
  etiquetaConfirmacion: "Confirme la nueva contraseña",
  botonGuardarPassword: "Guardar contraseña",
  reglasTitulo: "La nueva contraseña debe:",
  reglaLargo: "tener entre 12 y 30 caracteres",
  reglaAlfanumerica: "tener solo letras y números",
  reglaComun: "no ser una palabra, un nombre o una secuencia conocida, ni solo números",
  reglaIdentidad: "no contener su usuario, su RFC, su nombre ni su correo",
  sinToken:
    "Este enlace no trae el dato para restablecer la contraseña. Solicite uno nuevo desde Recuperar contraseña.",
  irALogin: "Ir a iniciar sesión",
  solicitarOtro: "Solicitar otro enlace",
} as const;
