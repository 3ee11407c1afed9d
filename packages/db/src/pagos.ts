import { normalizeUuid, type PaymentData } from "@portal/cfdi";

/**
 * The fiscal columns of a payment record (`complementos_pago`), read from the supplier's complement (REP): the XML
 * is the source of truth, so the API (postPago) and the demo seed store exactly these.
 */
export function columnasDelComplemento(d: PaymentData) {
  return {
    uuid: normalizeUuid(d.UUID),
    serie: d.Serie ?? "",
    folio: d.Folio,
    fechaCfdi: d.Fecha,
    fechaTimbrado: d.FechaTimbrado,
    rfcEmisor: d.RFCEmisor,
    nombreEmisor: d.NombreEmisor,
    rfcReceptor: d.RFCReceptor,
    nombreReceptor: d.NombreReceptor,
    total: d.Total,
  };
}
