/**
 * The messages this package adds where the spec is silent: why an XML or a PDF was refused, what the document is,
 * its seals. The spec's own §5 sentences (verbatim, the trailing space of `metodoPagoEntrada` included) have one
 * owner, MSG in @portal/contracts/messages, which this package imports.
 */
export const CFDI_MSG = {
  // ── Ours: why an input was refused before or while reading it ──────────────────────────────────
  xmlVacio: "El archivo XML está vacío.",
  xmlSinContenido: "No se recibió el contenido del XML.",
  xmlDemasiadoGrande: (maxBytes: number) =>
    `El XML excede el tamaño máximo permitido (${formatBytes(maxBytes)}); un CFDI no debería ser tan grande.`,
  xmlEsOtroArchivo: (tipo: string) => `El archivo no es un XML: su contenido es de un archivo ${tipo}.`,
  xmlBinario: "El archivo no es un XML: contiene datos binarios.",
  xmlNoUtf8: "El XML no es texto UTF-8 válido; los CFDI deben estar codificados en UTF-8.",
  xmlUtf16: "El XML está codificado en UTF-16; los CFDI deben estar codificados en UTF-8.",
  xmlCodificacion: (encoding: string) =>
    `El XML declara la codificación «${encoding}»; los CFDI deben estar codificados en UTF-8.`,
  xmlDoctype:
    "El XML contiene una declaración DOCTYPE (definición de entidades o referencias externas), que no se acepta por seguridad.",
  xmlMalFormado: (detalle: string) => `El XML no está bien formado: ${detalle}`,
  xmlError: "No se pudo leer el XML.",

  // ── Ours: what the document is and what was expected ───────────────────────────────────────────
  versionNoSoportada: (queEs: string, seEspera: string) => `El XML es ${queEs}; se espera ${seEspera}.`,
  tipoNoEsperado: (queEs: string, seEspera: string) => `El XML es ${queEs}; se espera ${seEspera}.`,
  raizNoEsCfdi: (raiz: string) =>
    `El elemento raíz del XML es ${raiz}; se espera cfdi:Comprobante del espacio de nombres http://www.sat.gob.mx/cfd/4 (CFDI 4.0).`,

  // ── Ours: the values compared, after a spec §5 cross-check sentence (kept verbatim, issue 23) ──
  conValores: (mensaje: string, esperado: string, encontrado: string, detalle?: string) =>
    `${mensaje}${mensaje.endsWith(" ") ? "" : " "}— se esperaba ${valorMostrado(esperado)}; el XML trae ` +
    `${valorMostrado(encontrado)}${detalle ? ` (${detalle})` : ""}.`,

  // ── Ours: the parties and the currency against the portal's records (the server and the browser, issue 23) ──
  rfcEmisor: (xml: string, registro: string) =>
    `El RFC del emisor del XML (${xml}) no es el RFC de su registro en el portal (${registro}).`,
  rfcReceptor: (xml: string, sociedad: string) =>
    `El RFC del receptor del XML (${xml}) no es el RFC de la sociedad seleccionada (${sociedad}).`,
  moneda: (xml: string, entrada: string) =>
    `La moneda del XML (${xml}) no es la moneda de la entrada de mercancía (${entrada}).`,

  // ── Ours: details listed after `MSG.xmlSinTimbre` ───────────────────────────────────────────────
  missingNode: (nodo: string) => `Falta el nodo ${nodo}.`,
  nodoRepetido: (nodo: string) => `El nodo ${nodo} aparece más de una vez.`,
  missingAttribute: (atributo: string, nodo: string) => `Falta el atributo ${atributo} en ${nodo}.`,
  atributoInvalido: (atributo: string, nodo: string, valor: string, esperado: string) =>
    `El atributo ${atributo} de ${nodo} no es válido («${valor}»): se espera ${esperado}.`,
  sinTimbre: "El XML no está timbrado: falta el TimbreFiscalDigital (UUID) en cfdi:Complemento.",
  timbreNoCorresponde:
    "El timbre fiscal no corresponde a este comprobante: el SelloCFD del TimbreFiscalDigital no es igual al Sello del comprobante.",
  faltaFolio: "Falta el Folio del comprobante (requerido para actualizar la factura).",
  pagosVersion1: "El complemento de pagos es la versión 1.0; se espera el complemento de pagos 2.0 (pago20:Pagos).",
  sinComplementoPagos: "Falta el complemento de pagos 2.0 (pago20:Pagos) en cfdi:Complemento.",
  pdfIncompleto: "El PDF está incompleto o dañado: no termina con la marca %%EOF. Genérelo o descárguelo de nuevo.",
  pdfConContenidoActivo:
    "El PDF contiene código JavaScript o acciones que abren programas, y por seguridad no se acepta. Genérelo de nuevo (por ejemplo, imprimiéndolo a PDF) y cárguelo otra vez.",
  pdfSinEstructura:
    "El archivo no es un PDF válido: no se encontraron sus objetos ni su tabla de referencias cruzadas. Genérelo o descárguelo de nuevo.",
  pdfFiltroDesconocido:
    "El PDF contiene datos codificados de una forma que no se puede revisar, y por seguridad no se acepta. Genérelo de nuevo (por ejemplo, imprimiéndolo a PDF) y cárguelo otra vez.",
  pdfCifrado:
    "El PDF está cifrado (protegido) y su contenido no se puede revisar, y por seguridad no se acepta. Genérelo de nuevo sin protección y cárguelo otra vez.",
  pdfDemasiadoComplejo: (detalle: string) =>
    `El PDF es demasiado complejo para revisarlo: ${detalle}. Genérelo de nuevo (por ejemplo, imprimiéndolo a PDF) y cárguelo otra vez.`,
  pdfLimiteFlujo: (maxBytes: number) =>
    `uno de sus flujos de datos ocupa más de ${formatBytes(maxBytes)} al descomprimirlo`,
  pdfLimiteTotal: (maxBytes: number) => `sus flujos de datos ocupan más de ${formatBytes(maxBytes)} al descomprimirlos`,
  pdfLimiteObjetos: (max: number) => `tiene más de ${max.toLocaleString("es-MX")} objetos`,
  pdfLimiteProfundidad: (max: number) => `tiene más de ${max} niveles de anidamiento`,
  pdfLimiteTrabajo: "su estructura obliga a leerlo demasiadas veces",
  pdfConEjecutable: (nombre: string) =>
    `El PDF contiene un archivo adjunto que es un programa${nombre ? ` («${nombre}»)` : ""}, y por seguridad no se acepta. Genérelo de nuevo sin archivos adjuntos y cárguelo otra vez.`,

  // ── Ours: why a receipt image was refused (src/image/scan.ts) ──────────────────────────────────
  imagenIncompleta: (tipo: string) =>
    `La imagen ${tipo} está incompleta: el archivo termina antes que la imagen. Guárdela o descárguela de nuevo y cárguela otra vez.`,
  imagenDanada: (tipo: string) =>
    `La imagen ${tipo} está dañada: su estructura no es la de una imagen ${tipo} válida. Guárdela de nuevo (por ejemplo, con una captura de pantalla) y cárguela otra vez.`,
  imagenPixelesDanados: (tipo: string) =>
    `Los datos de la imagen ${tipo} están dañados: no corresponden a sus dimensiones. Guárdela de nuevo y cárguela otra vez.`,
  imagenDimensiones: (tipo: string, ancho: number, alto: number, maxLado: number, maxPixeles: number) =>
    `La imagen ${tipo} mide ${ancho.toLocaleString("es-MX")} × ${alto.toLocaleString("es-MX")} píxeles; se aceptan hasta ${maxLado.toLocaleString("es-MX")} píxeles por lado y ${(maxPixeles / 1_000_000).toLocaleString("es-MX")} megapíxeles. Redúzcala y cárguela otra vez.`,
  imagenDemasiadoGrande: (tipo: string, maxBytes: number) =>
    `La imagen ${tipo} ocupa más de ${formatBytes(maxBytes)} al descomprimirla. Redúzcala o guárdela como JPEG y cárguela otra vez.`,
  imagenDatosFinales: (tipo: string) =>
    `La imagen ${tipo} tiene datos adicionales después del final de la imagen, y por seguridad no se acepta. Guárdela de nuevo (por ejemplo, con una captura de pantalla) y cárguela otra vez.`,
  imagenConCodigo: (tipo: string) =>
    `La imagen ${tipo} contiene código (HTML o scripts) en sus comentarios o metadatos, y por seguridad no se acepta. Guárdela de nuevo (por ejemplo, con una captura de pantalla) y cárguela otra vez.`,
} as const;

/** Warnings: facts worth showing to a reviewer that do not block the upload. */
export const CFDI_WARN = {
  codigoFueraDeCatalogo: (atributo: string, codigo: string, catalogo: string) =>
    `${atributo} «${codigo}» no existe en el catálogo ${catalogo} del SAT.`,
  rfcRegimen: (quien: string, rfc: string, regimen: string, persona: "moral" | "física") =>
    `El RFC ${quien} ${rfc} es de persona ${persona}, pero el régimen fiscal ${regimen} no aplica a personas ${persona === "moral" ? "morales" : "físicas"}.`,
  fechaAnteriorCfdi40: (fecha: string) =>
    `La fecha del comprobante (${fecha}) es anterior al 1 de enero de 2022, inicio de la versión 4.0 del CFDI.`,
  totalNoCuadra: (total: string, calculado: string) =>
    `El Total del comprobante (${total}) no es igual a SubTotal − Descuento + impuestos trasladados − impuestos retenidos (${calculado}).`,
  pagosVariasMonedas: (monedas: string) =>
    `Los pagos del complemento están en varias monedas (${monedas}); el total se suma tal como lo indica la especificación, sin convertir.`,
  montoTotalPagos: (declarado: string, calculado: string) =>
    `MontoTotalPagos (${declarado}) no es igual a la suma de Monto × TipoCambioP (${calculado}).`,
  saldoInsoluto: (uuid: string, parcialidad: string) =>
    `En el documento relacionado ${uuid} (parcialidad ${parcialidad}), ImpSaldoInsoluto no es igual a ImpSaldoAnt − ImpPagado.`,
  documentoRepetido: (uuid: string, parcialidad: string) =>
    `El documento relacionado ${uuid} aparece más de una vez con la parcialidad ${parcialidad}.`,
} as const;

/** A compared value between «», or '(vacío)' when there is none. */
function valorMostrado(valor: string): string {
  return valor.trim() === "" ? "(vacío)" : `«${valor.trim()}»`;
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KB`;
  return `${n} bytes`;
}

/**
 * Seal verification (src/sello): what a supplier reads when the issuer's seal (Sello) or the stamp's
 * seal (TimbreFiscalDigital@SelloSAT) does not hold. Dates are shown as AAAA-MM-DD (central Mexico).
 */
export const SELLO_MSG = {
  // ── Issuer seal (Comprobante@Sello) ────────────────────────────────────────────────────────────
  selloAusente: "El comprobante no tiene el sello del emisor (atributo Sello).",
  certificadoAusente: (noCertificado: string) =>
    `El comprobante no incluye el certificado del emisor (atributo Certificado) y el certificado número ${noCertificado} no es conocido, por lo que no se pudo verificar su sello.`,
  certificadoIlegible:
    "El certificado del emisor incluido en el comprobante (atributo Certificado) no es un certificado válido.",
  noCertificadoDistinto: (declarado: string, real: string) =>
    `El número de certificado del comprobante (NoCertificado ${declarado}) no corresponde al certificado incluido en él (número ${real}).`,
  certificadoDeOtroRfc: (rfcCertificado: string, rfcEmisor: string) =>
    `El certificado con el que se selló el comprobante no es del emisor: es del RFC ${rfcCertificado} y el emisor es ${rfcEmisor}.`,
  certificadoVencido: (fecha: string, hasta: string) =>
    `El certificado del emisor ya había vencido en la fecha del comprobante (${fecha}): fue válido hasta el ${hasta}.`,
  certificadoAunNoVigente: (fecha: string, desde: string) =>
    `El certificado del emisor todavía no era válido en la fecha del comprobante (${fecha}): es válido desde el ${desde}.`,
  selloEmisorInvalido:
    "El XML fue modificado después de sellarse: el sello del emisor no corresponde al contenido del comprobante.",
  emisorConCertificadoDePrueba:
    "El comprobante está sellado con un certificado de pruebas del SAT; no tiene validez fiscal.",
  cadenaNoCalculable: (detalle: string) => `No se pudo calcular la cadena original para verificar el sello: ${detalle}`,
  errorDeVerificacion: (detalle: string) => `No se pudo verificar el sello: ${detalle}`,
  versionNoVerificable: (queEs: string) =>
    `No se puede verificar el sello de ${queEs}: solo se verifican los CFDI de las versiones 4.0 y 3.3.`,

  // ── Stamp seal (TimbreFiscalDigital@SelloSAT) ──────────────────────────────────────────────────
  timbreVersion: (version: string) =>
    `El timbre fiscal es de la versión «${version}»; solo se pueden verificar timbres de la versión 1.1.`,
  timbreIncompleto: (atributo: string) =>
    `Falta el atributo ${atributo} en el timbre fiscal (tfd:TimbreFiscalDigital).`,
  certificadoSatDesconocido: (noCertificado: string) =>
    `El certificado con el que se timbró el comprobante (número ${noCertificado}) no es un certificado conocido del SAT, por lo que no se pudo verificar el timbre.`,
  timbreNoFirmadoPorSat: (noCertificado: string, rfc: string | undefined) =>
    rfc === undefined
      ? `El timbre no fue firmado por el SAT: el certificado con el que se timbró (número ${noCertificado}) no es un certificado de sello del SAT.`
      : `El timbre no fue firmado por el SAT: el certificado con el que se timbró (número ${noCertificado}) es del RFC ${rfc}, no un certificado de sello del SAT.`,
  timbreConCertificadoDelEmisor: (noCertificado: string, rfc: string) =>
    `El timbre no fue firmado por el SAT: el certificado con el que se timbró (número ${noCertificado}) es el del propio emisor (RFC ${rfc}), no un certificado de sello del SAT.`,
  timbreConCertificadoDelPac: (noCertificado: string, rfc: string) =>
    `El timbre no fue firmado por el SAT: el certificado con el que se timbró (número ${noCertificado}) es el del proveedor de certificación que dice haberlo timbrado (RfcProvCertif ${rfc}), no un certificado de sello del SAT.`,
  timbreSinCadenaSat: (noCertificado: string) =>
    `El timbre no fue firmado por el SAT: el certificado con el que se timbró (número ${noCertificado}) dice ser del SAT, pero no lo emitió ninguna autoridad certificadora del SAT.`,
  timbreConCertificadoDePrueba: (noCertificado: string) =>
    `El comprobante está timbrado con un certificado de pruebas (número ${noCertificado}); no tiene validez fiscal.`,
  certificadoSatNoVigente: (fecha: string, desde: string, hasta: string) =>
    `El certificado del SAT con el que se timbró no era válido en la fecha de timbrado (${fecha}): es válido del ${desde} al ${hasta}.`,
  selloSatInvalido:
    "El timbre fiscal fue modificado después de timbrarse (UUID, fecha de timbrado u otro dato) o no es auténtico: el sello del SAT no es válido.",
} as const;
