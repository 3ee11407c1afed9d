import { ENTRADAS_MONEDA_MSG } from "./facturas";

/**
 * What the server answers when an invoice or a payment complement does not pass its checks beyond the spec's §5
 * (the API's facturas/reglas.ts and pagos/reglas.ts compose these with the CFDI package's own sentences): the
 * messages rule (decision 056) keeps every sentence a user reads here.
 */
export const FACTURA_REGLAS_MSG = {
  uuidRegistrado: (uuid: string) =>
    `El UUID ${uuid} ya está registrado en el portal; una factura se registra una sola vez.`,
  entradaConFactura: (docNum: number) => `La entrada de mercancía ${docNum} ya tiene una factura pendiente o aceptada.`,
  /** Issue 27: two uploads raced for receipts of one CFDI; the database kept the first. */
  entradasConFactura: (docNums: readonly number[]) =>
    `Alguna de las entradas de mercancía ${docNums.join(", ")} ya tiene una factura pendiente o aceptada.`,
  /** Issue 27: a decision would give a receipt a second invoice Pendiente or Aceptada. */
  entradasTomadas: (folio: string, docNums: readonly number[]) =>
    `La factura con folio ${folio} no puede quedar pendiente ni aceptada: ${
      docNums.length > 1 ? "las entradas de mercancía" : "la entrada de mercancía"
    } ${docNums.join(", ")} ya ${docNums.length > 1 ? "tienen" : "tiene"} otra factura pendiente o aceptada.`,
  /** Issue 27: one CFDI is in one currency, so its receipts must be too (issue 39: each named, never added). */
  entradasDeVariasMonedas: ENTRADAS_MONEDA_MSG.entradasDeVariasMonedas,
  entradaNoExiste: (docNum: number) =>
    `La entrada de mercancía ${docNum} no existe en la sociedad seleccionada o no es de su cuenta.`,
  /**
   * Issue 37 (decision 051): a receipt number without its DocEntry that names several of the supplier's receipts
   * (the ERP's numbering series repeat numbers).
   */
  entradaAmbigua: (docNum: number, cuantas: number) =>
    `El número de entrada ${docNum} corresponde a ${cuantas} entradas de mercancía suyas en la sociedad seleccionada (series de numeración distintas del ERP); vuelva a elegir la entrada en la lista para indicar cuál factura.`,
  /** Issue 37: EntradaDocEntry must name the receipts of EntradaMercancia, one for each, in the same order. */
  entradaDocEntryDistinta:
    "El campo EntradaDocEntry debe indicar una entrada por cada número de EntradaMercancia, en el mismo orden; vuelva a elegir las entradas en la lista.",
  entradaNoCorresponde: (docNum: number) =>
    `La entrada de mercancía elegida no es la número ${docNum}; vuelva a elegir la entrada en la lista.`,
  entradaCerrada: (docNum: number) =>
    `La entrada de mercancía ${docNum} está cerrada; ya no se le puede registrar una factura.`,
  sociedadNoVinculada: "La sociedad seleccionada no está vinculada a su cuenta o está inactiva.",
  noCoincide: (campo: string, enviado: string, xml: string) =>
    `El dato ${campo} enviado («${enviado}») no coincide con el del XML («${xml}»).`,
  facturaAceptada: (folio: string) => `La factura con folio ${folio} ya fue aceptada y no se puede modificar.`,
  /** Issue 22: the invoice changed (a reviewer decided) while the correction was being checked. */
  correccionDesactualizada: (folio: string) =>
    `La factura con folio ${folio} cambió mientras se procesaba su corrección; vuelva a cargarla para ver su estado.`,
  /** Issue 15: the SAT's list of taxpayers who invoice simulated operations (article 69-B of the CFF). */
  emisorDefinitivo69b: (rfc: string) =>
    `El emisor ${rfc} está en la lista definitiva del artículo 69-B del CFF (operaciones simuladas) publicada por ` +
    "el SAT; no se puede registrar su CFDI.",
  /**
   * Issue 27 (decision 036): a replacement CFDI (TipoRelacion 04) of an accepted invoice takes over its A/P invoice,
   * so it must bill the same receipts with the same total and currency.
   */
  sustitutaDistinta: (folio: string, uuid: string, entradas: readonly number[], total: string, moneda: string) =>
    `El CFDI sustituye (TipoRelacion 04) al CFDI ${uuid} de la factura aceptada con folio ${folio}; una sustitución debe conservar ${
      entradas.length > 1 ? "las entradas de mercancía" : "la entrada de mercancía"
    } ${entradas.join(", ")}, el total ${total} y la moneda ${moneda}. Si la factura es por otro importe o por otras entradas, regístrela cuando la factura ${folio} haya sido rechazada.`,
  /** Issue 27 (decision 036): another replacement of the same invoice was accepted first. */
  yaSustituida: (folio: string) =>
    `La factura con folio ${folio} ya fue sustituida por otra factura aceptada; esta sustitución ya no se puede aceptar.`,
  /** A replacement's correction must keep replacing the same accepted invoice. */
  sustitucionPerdida:
    "La factura sustituye a una factura aceptada y toma su factura de proveedor; el XML corregido debe sustituir al mismo CFDI (TipoRelacion 04) con las mismas entradas, total y moneda.",
  /** The audit line of the replaced invoice and of its replacement. */
  sustituidaPor: (folio: string, uuid: string) =>
    `Sustituida por la factura ${folio} (UUID ${uuid}), que toma su factura de proveedor en el ERP.`,
  sustituyeA: (folio: string, uuid: string) =>
    `Sustituye a la factura ${folio} (UUID ${uuid}) y toma su factura de proveedor en el ERP.`,
  cambioDeEntrada: "La sociedad y la entrada de mercancía de una factura registrada no se pueden cambiar.",
} as const;

/** A payment complement's checks (issue 14) and its review (issue 22). */
export const PAGO_REGLAS_MSG = {
  pagoNoExiste: (docNum: number) => `El pago ${docNum} no existe en la sociedad indicada o no es de su cuenta.`,
  pagoCancelado: (docNum: number) =>
    `El pago ${docNum} está cancelado en el ERP; ya no se le pueden cargar documentos.`,
  noRequiereComplemento: (docNum: number) =>
    `El pago ${docNum} solo liquida facturas PUE (pago en una sola exhibición): no requiere complemento de pago y no se le cargan documentos.`,
  complementoAceptado: (docNum: number) =>
    `El complemento del pago ${docNum} ya fue aceptado; ya no se pueden cambiar sus documentos.`,
  rfcEmisor: (xml: string, registro: string) =>
    `El RFC del emisor del XML (${xml}) no es el RFC de su registro en el portal (${registro}).`,
  rfcReceptor: (xml: string, sociedad: string) =>
    `El RFC del receptor del XML (${xml}) no es el RFC de la sociedad del pago (${sociedad}).`,
  uuidRegistrado: (uuid: string) =>
    `El UUID ${uuid} ya está registrado en el portal; un complemento de pago se registra una sola vez.`,
  monedaP: (xml: string, pago: string) => `La moneda del pago del XML (MonedaP ${xml}) no es la del pago (${pago}).`,
  tipoCambioP: (xml: string, pago: string) =>
    `El tipo de cambio del pago del XML (TipoCambioP ${xml}) no es el del pago en el ERP (${pago}).`,
  impPagado: (uuid: string, xml: string, aplicado: string, moneda: string) =>
    `El importe pagado del documento ${uuid} en el XML (ImpPagado ${xml}) no es el que el pago le aplicó (${aplicado} ${moneda}).`,
  saldoInsoluto: (uuid: string) =>
    `El saldo insoluto del documento ${uuid} en el XML no es el saldo anterior menos el importe pagado.`,
  saldoNegativo: (uuid: string) => `El saldo insoluto del documento ${uuid} en el XML no puede ser negativo.`,
  // Issue 39: the balance before the payment is the invoice's ledger's (decision 058).
  saldoAnterior: (uuid: string, xml: string, esperado: string, moneda: string) =>
    `El saldo anterior del documento ${uuid} en el XML (ImpSaldoAnt ${xml}) no es lo que se debía de la factura justo antes de este pago (${esperado} ${moneda}: su total menos los pagos anteriores y las notas de crédito con fecha hasta la del pago).`,
  // NumParcialidad counts the payments (parcialidades) of the invoice in date order, this one included; credit
  // notes are not payments and do not count (decision 058).
  numParcialidad: (uuid: string, xml: string, esperado: number) =>
    `El número de parcialidad del documento ${uuid} en el XML (NumParcialidad ${xml}) no es el de este pago entre los pagos de la factura por fecha (${esperado}).`,
  sinComplemento: (docNum: number) => `El pago ${docNum} no tiene un complemento cargado que revisar.`,
  // Issue 22
  revisionPagoCancelado: (docNum: number) =>
    `El pago ${docNum} fue cancelado en el ERP; su complemento ya no se revisa. Recargue la lista.`,
  complementoDesactualizado: (docNum: number) =>
    `Los documentos del pago ${docNum} cambiaron mientras se procesaba su carga; vuelva a cargar la página para ver su estado.`,
} as const;
