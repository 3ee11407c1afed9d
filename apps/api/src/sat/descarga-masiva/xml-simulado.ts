import type { MetadatoSimulado } from "./simulador";

const escapeAttr = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The XML the simulator hands for a CFDI the portal never received (issue 43 §3): a well-formed CFDI 4.0 with its
 * TimbreFiscalDigital, built from the metadata row (issuer, receiver, dates, amount, effect), without taxes, seal or
 * certificate, and flagged as simulator data in a comment and in its Serie ('SIMULADOR'). Never a real CFDI.
 */
export function xmlSimulado(f: MetadatoSimulado): string {
  const a = (nombre: string, valor: string) => ` ${nombre}="${escapeAttr(valor)}"`;
  const fecha = f.fechaEmision.replace(" ", "T");
  const monto = Number(f.monto).toFixed(2);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    "<!-- Generado por el simulador de Descarga Masiva del portal (datos de prueba): no es un CFDI real, no tiene sello. -->\n" +
    '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital"' +
    ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
    ' xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd"' +
    `${a("Version", "4.0")}${a("Serie", "SIMULADOR")}${a("Folio", f.uuid.slice(0, 8))}${a("Fecha", fecha)}` +
    `${a("Sello", "")}${a("NoCertificado", "00000000000000000000")}${a("Certificado", "")}` +
    `${a("SubTotal", monto)}${a("Moneda", "MXN")}${a("Total", monto)}${a("TipoDeComprobante", f.efecto)}` +
    `${a("Exportacion", "01")}${a("MetodoPago", "PUE")}${a("FormaPago", "03")}${a("LugarExpedicion", "01000")}>\n` +
    `  <cfdi:Emisor${a("Rfc", f.rfcEmisor)}${a("Nombre", f.nombreEmisor)}${a("RegimenFiscal", "601")}/>\n` +
    `  <cfdi:Receptor${a("Rfc", f.rfcReceptor)}${a("Nombre", f.nombreReceptor)}${a("DomicilioFiscalReceptor", "01000")}` +
    `${a("RegimenFiscalReceptor", "601")}${a("UsoCFDI", "G03")}/>\n` +
    "  <cfdi:Conceptos>\n" +
    `    <cfdi:Concepto${a("ClaveProdServ", "01010101")}${a("Cantidad", "1")}${a("ClaveUnidad", "ACT")}` +
    `${a("Descripcion", "Concepto del simulador")}${a("ValorUnitario", monto)}${a("Importe", monto)}${a("ObjetoImp", "01")}/>\n` +
    "  </cfdi:Conceptos>\n" +
    "  <cfdi:Complemento>\n" +
    `    <tfd:TimbreFiscalDigital${a("Version", "1.1")}${a("UUID", f.uuid)}` +
    `${a("FechaTimbrado", f.fechaCertificacion.replace(" ", "T"))}${a("RfcProvCertif", "SAT970701NN3")}` +
    `${a("SelloCFD", "")}${a("NoCertificadoSAT", "00000000000000000000")}${a("SelloSAT", "")}/>\n` +
    "  </cfdi:Complemento>\n" +
    "</cfdi:Comprobante>\n"
  );
}
