/**
 * Test fixtures built in code: minimal stamped CFDI 4.0 invoices and payment complements whose every
 * attribute a test can override, and documents derived from the real files in test/fixtures.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), "fixtures");

export function fixtureBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FIXTURES_DIR, name)));
}

export function fixtureText(name: string): string {
  return readFileSync(join(FIXTURES_DIR, name), "utf8");
}

type Attrs = Record<string, string | null>;

const escapeAttr = (v: string) =>
  v.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll('"', "&quot;").replaceAll("\n", "&#10;");

export function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter((e): e is [string, string] => e[1] !== null)
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join("");
}

export const SELLO = "c2VsbG8gZGVsIGVtaXNvcg==";
export const INVOICE_UUID = "ab12cd34-5678-4def-9abc-0123456789ef";

export interface InvoiceOptions {
  comprobante?: Attrs;
  emisor?: Attrs;
  receptor?: Attrs;
  /** null → no cfdi:Impuestos node. */
  impuestos?: Attrs | null;
  /** Adds implocal:ImpuestosLocales with these attributes. */
  implocal?: Attrs;
  /** null → not stamped. */
  tfd?: Attrs | null;
  /** Prefix for the CFDI namespace ("cfdi" by default; "" → default namespace). */
  prefix?: string;
  /** The URI the CFDI prefix is bound to. */
  cfdiNs?: string;
  tfdPrefix?: string;
  /** Extra markup inside cfdi:Complemento and after it (an Addenda, for instance). */
  complementoExtra?: string;
  afterComplemento?: string;
  declaration?: string;
}

/**
 * A stamped invoice: SubTotal 1000.00 + IVA 160.00 − retenciones 206.67 = Total 953.33, PPD with
 * FormaPago 99, receptor postal code "01000" (leading zero), matching the context `invoiceContext()`.
 */
export function invoiceXml(o: InvoiceOptions = {}): string {
  const p = o.prefix ?? "cfdi";
  const q = (local: string) => (p ? `${p}:${local}` : local);
  const nsDecl = p ? `xmlns:${p}` : "xmlns";
  const tp = o.tfdPrefix ?? "tfd";
  const comprobante: Attrs = {
    [nsDecl]: o.cfdiNs ?? "http://www.sat.gob.mx/cfd/4",
    "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
    Version: "4.0",
    Serie: "A",
    Folio: "100",
    Fecha: "2025-03-10T12:00:00",
    Sello: SELLO,
    NoCertificado: "00001000000500000001",
    SubTotal: "1000.00",
    Moneda: "MXN",
    Total: "953.33",
    TipoDeComprobante: "I",
    Exportacion: "01",
    MetodoPago: "PPD",
    FormaPago: "99",
    LugarExpedicion: "64000",
    ...o.comprobante,
  };
  const emisor: Attrs = { Rfc: "PRO840101AB1", Nombre: "PROVEEDORA DEL NORTE", RegimenFiscal: "601", ...o.emisor };
  const receptor: Attrs = {
    Rfc: "CLI900202CD2",
    Nombre: "COMERCIALIZADORA DEL BAJIO",
    DomicilioFiscalReceptor: "01000",
    RegimenFiscalReceptor: "601",
    UsoCFDI: "G01",
    ...o.receptor,
  };
  const impuestos =
    o.impuestos === null
      ? null
      : { TotalImpuestosRetenidos: "206.67", TotalImpuestosTrasladados: "160.00", ...o.impuestos };
  const tfd =
    o.tfd === null
      ? null
      : {
          [`xmlns:${tp}`]: "http://www.sat.gob.mx/TimbreFiscalDigital",
          Version: "1.1",
          UUID: INVOICE_UUID,
          FechaTimbrado: "2025-03-10T12:01:00",
          RfcProvCertif: "SAT970701NN3",
          SelloCFD: SELLO,
          NoCertificadoSAT: "00001000000500000002",
          SelloSAT: "c2VsbG8gZGVsIFNBVA==",
          ...o.tfd,
        };
  const implocal = o.implocal
    ? `<implocal:ImpuestosLocales xmlns:implocal="http://www.sat.gob.mx/implocal"${attrs({ version: "1.0", ...o.implocal })}/>`
    : "";
  return [
    o.declaration ?? '<?xml version="1.0" encoding="UTF-8"?>',
    `<${q("Comprobante")}${attrs(comprobante)}>`,
    `  <${q("Emisor")}${attrs(emisor)}/>`,
    `  <${q("Receptor")}${attrs(receptor)}/>`,
    `  <${q("Conceptos")}>`,
    `    <${q("Concepto")} ClaveProdServ="31161500" Cantidad="1" ClaveUnidad="H87" Descripcion="Tornillos" ValorUnitario="1000.00" Importe="1000.00" ObjetoImp="02"/>`,
    `  </${q("Conceptos")}>`,
    impuestos ? `  <${q("Impuestos")}${attrs(impuestos)}/>` : "",
    `  <${q("Complemento")}>`,
    tfd ? `    <${tp}:TimbreFiscalDigital${attrs(tfd)}/>` : "",
    implocal,
    o.complementoExtra ?? "",
    `  </${q("Complemento")}>`,
    o.afterComplemento ?? "",
    `</${q("Comprobante")}>`,
    "",
  ].join("\n");
}

/** The goods receipt, sociedad and supplier the default invoice matches. */
export function invoiceContext() {
  return {
    proveedor: { CardName: "Proveedora del Norte" },
    sociedad: { NomSociedad: "COMERCIALIZADORA DEL BAJIO", Regimen: "601", CP: "01000" },
    entrada: {
      DocTotal: "1160.000000",
      PeyMethod: "99",
      U_B1SYS_MainUsage: "G01",
      CP: "64000",
      GroupNum: 30,
    },
  };
}

export const PAYMENT_UUID = "5b64ada3-aa4c-40b4-a2f5-572ced52be31";

export interface PaymentOptions {
  comprobante?: Attrs;
  emisor?: Attrs;
  receptor?: Attrs;
  totales?: Attrs;
  /** Each Pago with its DoctoRelacionado list. */
  pagos?: { pago?: Attrs; docs?: Attrs[] }[];
  tfd?: Attrs | null;
  pagosPrefix?: string;
  pagosNs?: string;
}

export function doc(i: number, overrides: Attrs = {}): Attrs {
  const hex = i.toString(16).toUpperCase().padStart(12, "0");
  return {
    IdDocumento: `00000000-1111-2222-3333-${hex}`,
    Serie: "A",
    Folio: String(i),
    MonedaDR: "MXN",
    EquivalenciaDR: "1",
    NumParcialidad: "1",
    ImpSaldoAnt: "100.00",
    ImpPagado: "100.00",
    ImpSaldoInsoluto: "0.00",
    ObjetoImpDR: "01",
    ...overrides,
  };
}

/** A stamped Pagos 2.0 complement: by default one MXN Pago of 15000.00 paying two invoices. */
export function paymentXml(o: PaymentOptions = {}): string {
  const pp = o.pagosPrefix ?? "pago20";
  const pagos = o.pagos ?? [
    {
      pago: { Monto: "15000.00" },
      docs: [
        doc(10, { ImpSaldoAnt: "12000.00", ImpPagado: "12000.00", NumParcialidad: "2" }),
        doc(11, { ImpSaldoAnt: "10000.00", ImpPagado: "3000.00", ImpSaldoInsoluto: "7000.00" }),
      ],
    },
  ];
  const montoTotal = o.totales?.MontoTotalPagos ?? "15000.00";
  const comprobante: Attrs = {
    "xmlns:cfdi": "http://www.sat.gob.mx/cfd/4",
    [`xmlns:${pp}`]: o.pagosNs ?? "http://www.sat.gob.mx/Pagos20",
    "xmlns:tfd": "http://www.sat.gob.mx/TimbreFiscalDigital",
    Version: "4.0",
    Serie: "P",
    Folio: "7",
    Fecha: "2025-04-02T09:00:00",
    Sello: SELLO,
    NoCertificado: "00001000000500000001",
    SubTotal: "0",
    Moneda: "XXX",
    Total: "0",
    TipoDeComprobante: "P",
    Exportacion: "01",
    LugarExpedicion: "64000",
    ...o.comprobante,
  };
  const tfd =
    o.tfd === null
      ? null
      : {
          Version: "1.1",
          UUID: PAYMENT_UUID,
          FechaTimbrado: "2025-04-02T09:01:00",
          RfcProvCertif: "SAT970701NN3",
          SelloCFD: SELLO,
          NoCertificadoSAT: "00001000000500000002",
          SelloSAT: "c2VsbG8gZGVsIFNBVA==",
          ...o.tfd,
        };
  const pagoXml = pagos.map(({ pago, docs = [] }) => {
    const a = { FechaPago: "2025-04-01T12:00:00", FormaDePagoP: "03", MonedaP: "MXN", TipoCambioP: "1", ...pago };
    const d = docs.map((x) => `        <${pp}:DoctoRelacionado${attrs(x)}/>`).join("\n");
    return `      <${pp}:Pago${attrs(a)}>\n${d}\n      </${pp}:Pago>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<cfdi:Comprobante${attrs(comprobante)}>`,
    `  <cfdi:Emisor${attrs({ Rfc: "PRO840101AB1", Nombre: "PROVEEDORA DEL NORTE", RegimenFiscal: "601", ...o.emisor })}/>`,
    `  <cfdi:Receptor${attrs({ Rfc: "CLI900202CD2", Nombre: "COMERCIALIZADORA DEL BAJIO", DomicilioFiscalReceptor: "01000", RegimenFiscalReceptor: "601", UsoCFDI: "CP01", ...o.receptor })}/>`,
    '  <cfdi:Conceptos><cfdi:Concepto ClaveProdServ="84111506" Cantidad="1" ClaveUnidad="ACT" Descripcion="Pago" ValorUnitario="0" Importe="0" ObjetoImp="01"/></cfdi:Conceptos>',
    "  <cfdi:Complemento>",
    `    <${pp}:Pagos Version="2.0">`,
    `      <${pp}:Totales${attrs({ ...o.totales, MontoTotalPagos: montoTotal })}/>`,
    ...pagoXml,
    `    </${pp}:Pagos>`,
    tfd ? `    <tfd:TimbreFiscalDigital${attrs(tfd)}/>` : "",
    "  </cfdi:Complemento>",
    "</cfdi:Comprobante>",
    "",
  ].join("\n");
}

/** Adds a TimbreFiscalDigital 1.1 whose SelloCFD is the document's own Sello (what a PAC does). */
export function stamp(input: string, uuid = "11111111-2222-4333-8444-555555555555"): string {
  let xml = input;
  let sello = /\sSello="([^"]*)"/.exec(xml)?.[1] ?? "";
  if (sello === "") {
    // Unsigned calculator inputs: give them a seal first, as the issuer would before stamping.
    sello = "c2VsbG8gZGUgcHJ1ZWJh";
    xml = /\sSello=""/.test(xml)
      ? xml.replace(/\sSello=""/, ` Sello="${sello}"`)
      : xml.replace(/\sVersion="4\.0"/, ` Version="4.0" Sello="${sello}"`);
  }
  const tfd = `<tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="1.1" UUID="${uuid}" FechaTimbrado="2023-06-13T14:20:00" RfcProvCertif="SAT970701NN3" SelloCFD="${sello}" NoCertificadoSAT="00001000000500000002" SelloSAT="c2VsbG8="/>`;
  if (/<\/([\w.-]+:)?Complemento>/.test(xml)) return xml.replace(/<\/([\w.-]+:)?Complemento>/, (m) => `${tfd}${m}`);
  // No cfdi:Complemento yet: add one at the end of the comprobante, with the document's own prefix.
  return xml.replace(/<\/([\w.-]+:)?Comprobante>\s*$/, (m, p = "") => `<${p}Complemento>${tfd}</${p}Complemento>${m}`);
}
