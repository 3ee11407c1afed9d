/** What a CFDI's XML says of itself: the metadata's columns, plus the currency the metadata lacks. */
export interface DatosXml {
  rfcEmisor: string;
  nombreEmisor: string;
  efecto: string;
  monto: string;
  moneda: string | null;
  fechaEmision: string;
  fechaCertificacion: string;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
/** One attribute of the first element with this local name (the SAT's XML: cfdi:Comprobante, cfdi:Emisor…). */
function atributo(xml: string, elemento: string, nombre: string): string {
  const tag = new RegExp(`<(?:[\\w-]+:)?${elemento}\\s[^>]*>`).exec(xml)?.[0] ?? "";
  return unescapeXml(new RegExp(`\\s${nombre}="([^"]*)"`).exec(tag)?.[1] ?? "").trim();
}

/** Reads the columns of a CFDI 4.0 (or 3.3) XML the SAT handed; what is absent stays empty. */
export function datosDelXml(xml: string): DatosXml {
  const total = atributo(xml, "Comprobante", "Total");
  return {
    rfcEmisor: atributo(xml, "Emisor", "Rfc").toUpperCase(),
    nombreEmisor: atributo(xml, "Emisor", "Nombre"),
    efecto: atributo(xml, "Comprobante", "TipoDeComprobante"),
    monto: /^\d+(\.\d+)?$/.test(total) ? total : "0",
    moneda: atributo(xml, "Comprobante", "Moneda") || null,
    fechaEmision: atributo(xml, "Comprobante", "Fecha").slice(0, 19),
    fechaCertificacion: atributo(xml, "TimbreFiscalDigital", "FechaTimbrado").slice(0, 19),
  };
}
