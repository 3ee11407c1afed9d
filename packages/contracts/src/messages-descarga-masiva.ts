/**
 * Issue 43: the SAT's Descarga Masiva (CFDI received by each sociedad) and the sociedad's e.firma that signs the
 * requests, sentence by sentence: what an upload of the e.firma is refused with, the reasons a download job records,
 * and the expiry reminder.
 */
export const DESCARGA_MSG = {
  // The e.firma an administrator uploads (item 1).
  efirmaIlegible:
    "No se pudo abrir la e.firma: verifique que el certificado (.cer) y la llave privada (.key) sean los que entregó el SAT y que la contraseña de la llave sea correcta.",
  efirmaNoEsFiel:
    "El certificado es un certificado de sello digital (CSD), no una e.firma (FIEL); la descarga masiva del SAT solo acepta la e.firma.",
  efirmaDeOtroRfc: "La e.firma no corresponde al RFC de la sociedad.",
  efirmaDeOtroRfcDetalle: (rfcEfirma: string, rfcSociedad: string) =>
    `La e.firma es del RFC ${rfcEfirma} y la sociedad tiene el RFC ${rfcSociedad}; cargue la e.firma de la sociedad.`,
  efirmaVencida: (fecha: string) => `La e.firma venció el ${fecha}; tramite una nueva ante el SAT y cárguela.`,
  efirmaAunNoVigente: (fecha: string) => `La e.firma es vigente a partir del ${fecha}; cárguela a partir de esa fecha.`,
  efirmaNoCorresponde: "La llave privada no corresponde al certificado de la e.firma.",
  efirmaGuardada: (vence: string) => `e.firma guardada. Vence el ${vence}.`,
  efirmaFaltante:
    "La sociedad no tiene e.firma cargada; un administrador debe cargarla para descargar sus CFDI recibidos.",
  efirmaAvisoAsunto: (sociedad: string, dias: number) =>
    dias === 0
      ? `Portal de Proveedores: la e.firma de ${sociedad} vence hoy`
      : `Portal de Proveedores: la e.firma de ${sociedad} vence en ${dias} ${dias === 1 ? "día" : "días"}`,
  efirmaAvisosDescripcion:
    "Avisa a los administradores cuando la e.firma de una sociedad está a 30, 15 o 7 días de vencer.",
  efirmaAvisosResumen: (n: number) => `${n} aviso(s) de vencimiento de e.firma enviado(s).`,
  efirmaAvisoCuerpo: (sociedad: string, rfc: string, vence: string) =>
    `La e.firma de la sociedad ${sociedad} (RFC ${rfc}) vence el ${vence}. Sin una e.firma vigente el portal no podrá descargar del SAT los CFDI recibidos por la sociedad. Tramite la renovación ante el SAT y cargue la nueva e.firma en el catálogo de sociedades. Este es un mensaje automático; por favor no lo responda.`,
  // The service and its packages (items 2 and 3).
  servicioFallo: (detalle: string) =>
    `El servicio de descarga masiva del SAT no respondió como se esperaba: ${detalle}`,
  paqueteIlegible: "El paquete descargado del SAT no es un archivo ZIP legible.",
  tareaDescripcion: "Descarga del SAT los metadatos de los CFDI recibidos por cada sociedad (mes en curso y anterior).",
  tareaResumen: (sociedades: number, cfdi: number) =>
    `${sociedades} sociedad(es) consultada(s); ${cfdi} CFDI recibido(s) registrado(s) o actualizado(s).`,
  solicitudRechazada: (codigo: number, mensaje: string) =>
    `El SAT rechazó la solicitud (código ${codigo}: ${mensaje}); se volverá a solicitar al día siguiente.`,
  solicitudAgotada:
    "El SAT respondió 5002: se han agotado las solicitudes con estos parámetros; se volverá a solicitar al día siguiente.",
  solicitudFallida: (estado: string) => `El SAT terminó la solicitud como «${estado}»; se volverá a solicitar.`,
  paqueteVencido: "El paquete ya no está disponible en el SAT (venció); se volverá a solicitar.",
  enProceso: "El SAT aún prepara los paquetes; se verificará de nuevo.",
  // The XML, only when an administrator asks for a month (decision 075, amendment).
  xmlSolicitado: (desde: string, hasta: string) =>
    `Se solicitó al SAT el XML de los CFDI vigentes recibidos del ${desde} al ${hasta}. El SAT lo prepara: la tarea programada lo descargará, o pulse de nuevo «Descargar XML» más tarde.`,
  xmlGuardado: (n: number, desde: string, hasta: string) =>
    `Se guardó el XML de ${n} CFDI recibido(s) del ${desde} al ${hasta}.`,
  xmlPendiente: (desde: string, hasta: string, motivo: string) =>
    `La solicitud del XML del ${desde} al ${hasta} sigue en curso: ${motivo}`,
  xmlRechazado: (motivo: string) => `No se pudo descargar el XML: ${motivo}`,
  xmlPeriodoFuturo: "El periodo aún no comienza; elija el mes en curso o uno anterior.",
  xmlSolicitudRechazada: (codigo: number, mensaje: string) =>
    `el SAT rechazó la solicitud (código ${codigo}: ${mensaje}).`,
  xmlOtraEnCurso:
    "otra solicitud del XML de esta sociedad está en curso; pulse de nuevo «Descargar XML» para verificarla.",
  // The reconciliation (item 4).
  conciliacionAsunto: (sociedad: string) => `CFDI emitidos a ${sociedad} que no se han cargado en el portal`,
  conciliacionParrafo: (sociedad: string) =>
    `El SAT registra estos CFDI emitidos a ${sociedad} que no se han cargado en el portal:`,
  conciliacionLinea: (uuid: string, fecha: string, total: string) =>
    `- UUID ${uuid}, emitido el ${fecha}, por ${total}.`,
  conciliacionPeticion: "Cárguelos en el portal para que puedan revisarse y pagarse.",
  conciliacionAvisoEnviado: (cardCode: string, n: number) =>
    `Se envió al proveedor ${cardCode} un correo con ${n} CFDI que faltan en el portal.`,
  conciliacionSinFaltantes: "El proveedor no tiene CFDI faltantes en el portal en este periodo.",
  conciliacionSinCorreo: "El proveedor no tiene correo registrado; no se envió el aviso.",
} as const;
