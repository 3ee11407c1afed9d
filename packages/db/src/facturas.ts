import { addAmounts, type InvoiceData } from "@portal/cfdi";

/**
 * The fiscal columns of an invoice row (`facturas`), read from its CFDI: the XML is the source of truth, so the
 * API (postFactura, patchfactura) and the demo seed store exactly these. `diasCredito` is the receipt's.
 */
export function columnasDelCfdi(d: InvoiceData, diasCredito: number) {
  return {
    uuid: d.UUID.toUpperCase(),
    folio: d.Folio,
    rfcEmisor: d.RFCEmisor,
    nombreEmisor: d.NombreEmisor,
    rfcReceptor: d.RFCReceptor,
    nombreReceptor: d.NombreReceptor,
    cpEmisor: d.CPEmisor,
    cpReceptor: d.CPReceptor,
    regimenReceptor: d.Regimen,
    fechaCfdi: d.FechaFactura,
    fechaFactura: d.FechaFactura.slice(0, 10),
    fechaTimbrado: d.FechaTimbrado,
    diasCredito,
    subtotal: d.SubTotal ?? "0",
    descuento: d.Descuento,
    // Federal and local withholdings, added exactly (decimal strings, never binary floats).
    retenciones: addAmounts(d.TotalImpuestosRetenidos, d.TotalRetencionesLocales),
    total: d.Total,
    moneda: d.Moneda,
    tipoCambio: d.TipoDeCambio,
    formaPago: d.FormaPago,
    metodoPago: d.MetodoPago,
    usoCfdi: d.UsoPrincipal,
  };
}
