/**
 * Issue 42 part 1 (decision 073): the sentences of foreign suppliers and their invoices without CFDI. Spanish, as a
 * supplier or a clerk reads them.
 */
export const EXTRANJERO_MSG = {
  /**
   * Under the sign-in field the spec labels 'RFC' (and the reset request's user field): a foreign supplier signs in
   * with its CardCode, since the generic RFC names no one (REGLAS_TIPO_PROVEEDOR.extranjero.accesoConRfc).
   */
  ayudaAcceso: "Proveedores del extranjero: escriba su número de proveedor.",
  soloProveedorExtranjero:
    "Solo un proveedor extranjero registra facturas sin CFDI. Registre su factura con su PDF y su XML (CFDI).",
  cfdiNoParaExtranjero:
    "Un proveedor extranjero no emite CFDI: registre su factura con su PDF y sus datos en 'Factura del extranjero'.",
  numeroFacturaRegistrado: (numero: string) =>
    `La factura ${numero} ya está registrada (pendiente o aceptada) para este proveedor.`,
  totalNoSuma: (subtotal: string, impuestos: string, total: string) =>
    `El total ${total} no es la suma del subtotal ${subtotal} y los impuestos ${impuestos}.`,
  totalEntradas: (esperado: string, total: string) =>
    `El total de la factura (${total}) no coincide con el de las entradas de mercancía (${esperado}).`,
  monedaEntradas: (moneda: string, monedaEntrada: string) =>
    `La moneda de la factura (${moneda}) no es la de las entradas de mercancía (${monedaEntrada}).`,
  totalLineas: (esperado: string, total: string) =>
    `El total de la factura (${total}) no coincide con el de las líneas elegidas de las entradas de mercancía (${esperado}).`,
  totalPedidos: (esperado: string, total: string) =>
    `El total de la factura (${total}) no coincide con el de las líneas de pedido elegidas (${esperado}).`,
  monedaPedidos: (moneda: string, monedaPedido: string) =>
    `La moneda de la factura (${moneda}) no es la de los pedidos (${monedaPedido}).`,
  entradasOPedido:
    "Indique en EntradaMercancia las entradas de mercancía, o en LineasPedido las líneas de servicio de pedidos, que ampara la factura: uno de los dos, no ambos.",
  lineasSinEntradas:
    "El campo Lineas elige partes de entradas de mercancía; una factura de líneas de pedido (LineasPedido) no lo lleva.",
  fechaFutura: "La fecha de la factura no puede ser posterior a hoy.",
  rfcExtranjero: (rfc: string) => `Un proveedor extranjero usa el RFC genérico ${rfc}.`,
  rfcGenericoNacional: (rfc: string) => `El RFC genérico ${rfc} es solo para proveedores extranjeros.`,
  paisRequerido:
    "Indique el país del proveedor extranjero (clave de tres letras del catálogo c_Pais del SAT, por ejemplo USA).",
  numRegIdTribRequerido: "Indique el número de identificación fiscal del proveedor extranjero en su país.",
  pagoSinComplemento: (docNum: number) =>
    `El pago ${docNum} es a un proveedor extranjero: no requiere complemento de pago y no se le cargan documentos.`,
  facturaExtranjeraSinActualizacion:
    "Una factura del extranjero no se actualiza: si fue rechazada, registre una nueva con el mismo número.",
} as const;
