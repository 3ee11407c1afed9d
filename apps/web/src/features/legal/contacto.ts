/**
 * Placeholders of the static screens (spec §2: privacy notice "with placeholders for company name,
 * address and contact"; password recovery shows "a contact person, e-mail and phone"). The company
 * replaces these values before going live.
 */
export const EMPRESA = {
  nombre: "[NOMBRE DE LA EMPRESA]",
  domicilio: "[CALLE, NÚMERO, COLONIA, C.P., MUNICIPIO, ESTADO]",
  fechaAviso: "[FECHA DE ÚLTIMA ACTUALIZACIÓN]",
} as const;

export const CONTACTO_PRIVACIDAD = {
  responsable: "[DEPARTAMENTO DE DATOS PERSONALES]",
  correo: "privacidad@empresa.com.mx",
  telefono: "[TELÉFONO DE CONTACTO]",
} as const;

/** Who resets passwords (spec §2 Password recovery). */
export const SOPORTE_PORTAL = {
  nombre: "Administrador del portal",
  correo: "soporte.portal@empresa.com.mx",
  telefono: "+52 55 1234 5678",
  asunto: "Restablecer contraseña del Portal de Proveedores",
} as const;
