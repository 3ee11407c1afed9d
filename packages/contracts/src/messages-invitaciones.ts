/**
 * Supplier invitations (issue 41 item 3, decision 070): what the calls answer and the screens show. Not in the spec;
 * in the register of its messages.
 */
export const INVITACION_MSG = {
  // The RFC's checks (the server's, with @nodecfdi/rfc)
  rfcForma:
    "El RFC no es válido: debe tener 3 letras (persona moral) o 4 (persona física), la fecha AAMMDD y 3 caracteres de homoclave.",
  rfcFecha: "El RFC no es válido: su fecha (AAMMDD) no existe.",
  rfcDigito: "El RFC no es válido: su dígito verificador no corresponde. Revise que esté bien escrito.",
  rfcGenerico:
    "No se puede invitar con un RFC genérico (XAXX010101000 ni XEXX010101000): escriba el RFC del proveedor.",
  rfcYaEsProveedor: (rfc: string) =>
    `El RFC ${rfc} ya es proveedor del portal. Vincúlelo a la sociedad desde su detalle.`,
  cardCodeOcupado: (cardCode: string) =>
    `El código SAP ${cardCode} ya lo usa otro proveedor del portal con otro RFC. Revise el socio de negocio en SAP.`,
  yaRegistrada: (rfc: string) =>
    `El RFC ${rfc} ya se registró con una invitación: apruebe o rechace su registro en la lista de invitaciones.`,
  sociedadInactiva: "La sociedad no existe o está inactiva.",
  // The invitation
  invitacionEnviada: (correo: string) =>
    `Invitación enviada a ${correo}. El enlace vence en 72 horas y solo puede usarse una vez.`,
  invitacionReenviada: (correo: string) =>
    `Se envió una nueva invitación a ${correo}; el enlace anterior ya no funciona. El nuevo vence en 72 horas.`,
  // The link (public): one refusal for an unknown, used or expired link, so the link tells nothing.
  enlaceNoValido:
    "El enlace de registro no es válido, ya se usó o venció (dura 72 horas). Pida a su contacto en la empresa una nueva invitación.",
  rfcNoCorresponde: "El RFC no corresponde a esta invitación. Escriba el RFC de la empresa invitada.",
  demasiadosIntentos: "Demasiados intentos con enlaces de registro. Espere 15 minutos e intente de nuevo.",
  registroRecibido:
    "Su registro quedó hecho. Inicie sesión con su RFC y su contraseña para cargar sus documentos; podrá registrar facturas cuando un empleado apruebe su registro.",
  // The employee's decision
  registroAprobado: (cardCode: string, creado: boolean) =>
    creado
      ? `Registro aprobado: se creó el socio de negocio ${cardCode} en SAP.`
      : `Registro aprobado: el proveedor quedó vinculado al socio de negocio ${cardCode} de SAP.`,
  registroRechazado: "Registro rechazado. Se avisó al proveedor por correo.",
  motivoRequerido: "Escriba el motivo del rechazo.",
  noRegistrado: "La invitación no tiene un registro pendiente de aprobar.",
  invitacionNoExiste: "La invitación no existe.",
  cambioConcurrente: "Otro empleado cambió esta invitación mientras tanto. Actualice la lista e intente de nuevo.",
  socioOtroCodigo: (rfc: string, cardCode: string, enSap: string) =>
    `En SAP el RFC ${rfc} ya es el socio de negocio ${enSap}, y el proveedor del portal es ${cardCode}. Revise el socio en SAP antes de aprobar.`,
  erpNoDisponible: "SAP no respondió. El registro sigue pendiente; intente aprobarlo más tarde.",
  // Statuses as shown
  estatus: {
    invitada: "Invitada",
    vencida: "Vencida",
    cancelada: "Reemplazada",
    registrada: "Por aprobar",
    aprobada: "Aprobada",
    rechazada: "Rechazada",
  },
  // Screens: the employees' list and form
  titulo: "Invitaciones de proveedores",
  botonInvitar: "Invitar proveedor",
  tituloInvitar: "Invitar proveedor",
  explicacionInvitar:
    "El proveedor recibirá un enlace, válido 72 horas y de un solo uso, para elegir su contraseña y registrarse. Usted aprueba su registro después.",
  etiquetaRfc: "RFC",
  etiquetaNombre: "Razón social o nombre",
  etiquetaCorreo: "Correo electrónico",
  etiquetaSociedad: "Sociedad",
  botonEnviar: "Enviar invitación",
  columnaEstatus: "Estatus",
  columnaInvito: "Invitó",
  columnaVence: "Vence",
  columnaCodigoSap: "Código SAP",
  columnaAcciones: "Acciones",
  botonCancelar: "Cancelar",
  botonCerrar: "Cerrar",
  botonAprobar: "Aprobar",
  botonRechazar: "Rechazar",
  etiquetaMotivo: "Motivo del rechazo",
  sinInvitaciones: "No hay invitaciones.",
  // Screens: the supplier's registration page
  tituloRegistro: "Registro de proveedor",
  explicacionRegistro: (nombre: string, sociedad: string) =>
    `${sociedad} invitó a ${nombre} a registrarse como proveedor en el portal. Escriba su RFC, elija su contraseña y sus datos de contacto.`,
  etiquetaTelefono: "Teléfono",
  etiquetaContacto: "Persona de contacto",
  botonRegistrar: "Registrarme",
  sinToken: "Este enlace no trae el dato de la invitación. Use el enlace completo del correo.",
  irALogin: "Ir a iniciar sesión",
  siguientePaso:
    "Al iniciar sesión, abra su perfil y cargue sus documentos. Podrá registrar facturas cuando un empleado apruebe su registro.",
  /** The mails (framed by CORREO_MSG: subject prefix, greeting, closing). */
  correo: {
    asunto: "invitación para registrarse como proveedor",
    parrafo: (sociedad: string) =>
      `${sociedad} le invita a registrarse como proveedor en el Portal de Proveedores, donde podrá consultar sus pedidos y registrar sus facturas.`,
    enlace:
      "Para registrarse abra este enlace; vence en 72 horas y solo puede usarse una vez. Se le pedirá el RFC de su empresa:",
    noEsperado: "Si no esperaba esta invitación, ignore este correo.",
    asuntoAprobado: "su registro fue aprobado",
    aprobado: (cardCode: string) =>
      `Su registro fue aprobado; su código de proveedor es ${cardCode}. Ya puede registrar facturas cuando su perfil tenga sus documentos completos.`,
    asuntoRechazado: "su registro fue rechazado",
    rechazado: (motivo: string) => `Su registro fue rechazado. Motivo: ${motivo}`,
  },
} as const;
