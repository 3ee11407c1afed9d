/**
 * Test fixtures built in code: minimal CFDI 4.0 invoices and payment complements whose every
 * attribute a test can override, sealed for real with the SAT's public test CSD of EKU9003173C9
 * (ESCUELA KEMPER URGATE, valid 2023-05-18 to 2027-05-18) and stamped for real by the project's test
 * stamping authority; and documents derived from the real files in test/fixtures.
 */
import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Csd, sealCfdi, stampCfdi } from "../src/sello/index";

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");
export const FIXTURES_DIR = join(PACKAGE_DIR, "test", "fixtures");
export const CERTS_DIR = join(PACKAGE_DIR, "sat", "certs");

/** A SAT public test CSD (certificate + key opened once; password 12345678a). */
export function testCsd(rfc: "EKU9003173C9" | "XIQB891116QE4"): Csd {
  return {
    cer: readFileSync(join(CERTS_DIR, `${rfc}.cer`)),
    key: createPrivateKey({
      key: readFileSync(join(CERTS_DIR, `${rfc}.key`)),
      format: "der",
      type: "pkcs8",
      passphrase: "12345678a",
    }),
  };
}

/** The demo supplier's CSD: every CFDI the helpers issue is sealed with it. */
export const EKU_CSD = testCsd("EKU9003173C9");
export const EMISOR = { Rfc: "EKU9003173C9", Nombre: "ESCUELA KEMPER URGATE", RegimenFiscal: "601" } as const;

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

/** The placeholder seal of the documents that cannot be sealed (not readable, or not a CFDI 4.0). */
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
  /**
   * null → not stamped. UUID and FechaTimbrado are stamped with; any other attribute given here is
   * written after stamping (so it breaks the stamp's seal, as a test of that wants).
   */
  tfd?: Attrs | null;
  /** false → neither sealed nor stamped for real: placeholder Sello and SelloSAT, as before. */
  seal?: boolean;
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

/** Replaces (or, with null, removes) attributes of the TimbreFiscalDigital start tag. */
function overrideTfd(xml: string, overrides: Attrs): string {
  return xml.replace(/<([\w.-]+:)?TimbreFiscalDigital\s[^>]*>/, (tag) => {
    let t = tag;
    for (const [k, v] of Object.entries(overrides)) {
      const re = new RegExp(`\\s${k}="[^"]*"`);
      const value = v === null ? "" : ` ${k}="${escapeAttr(v)}"`;
      t = re.test(t) ? t.replace(re, value) : t.replace(/\s*\/?>$/, (end) => `${value}${end}`);
    }
    return t;
  });
}

/**
 * Seals with the EKU9003173C9 test CSD and, unless `tfd` is null, stamps with the project's test
 * PAC; null when the document cannot be sealed (not readable, or not a CFDI 4.0).
 */
function sealAndStamp(
  unsigned: string,
  tfd: Attrs | null,
  defaults: { uuid: string; fechaTimbrado: string },
  tfdPrefix: string,
): string | null {
  let xml: string;
  try {
    xml = sealCfdi(unsigned, EKU_CSD);
  } catch {
    return null;
  }
  if (tfd === null) return xml;
  const { UUID, FechaTimbrado, ...rest } = tfd;
  try {
    xml = stampCfdi(xml, {
      uuid: UUID ?? defaults.uuid,
      fechaTimbrado: FechaTimbrado ?? defaults.fechaTimbrado,
    });
  } catch {
    return null; // already carries a stamp (a test of two stamps): built with placeholders instead
  }
  if (tfdPrefix !== "tfd") {
    xml = xml.replace(/<tfd:TimbreFiscalDigital xmlns:tfd=/, `<${tfdPrefix}:TimbreFiscalDigital xmlns:${tfdPrefix}=`);
  }
  return Object.keys(rest).length > 0 ? overrideTfd(xml, rest) : xml;
}

/**
 * A sealed and stamped invoice: SubTotal 1000.00 + IVA 160.00 − retenciones 206.67 = Total 953.33,
 * PPD with FormaPago 99, receptor postal code "01000" (leading zero), matching the context
 * `invoiceContext()`.
 */
export function invoiceXml(o: InvoiceOptions = {}): string {
  if (o.seal !== false) {
    const sealed = sealAndStamp(
      buildInvoice({ ...o, tfd: null }, false),
      o.tfd === null ? null : { ...o.tfd },
      { uuid: INVOICE_UUID, fechaTimbrado: "2025-03-10T12:01:00" },
      o.tfdPrefix ?? "tfd",
    );
    if (sealed !== null) return sealed;
  }
  return buildInvoice(o, true);
}

function buildInvoice(o: InvoiceOptions, placeholders: boolean): string {
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
    ...(placeholders ? { Sello: SELLO, NoCertificado: "00001000000500000001" } : {}),
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
  const emisor: Attrs = { ...EMISOR, ...o.emisor };
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
    proveedor: { CardName: "Escuela Kemper Urgate" },
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
  /** As in InvoiceOptions. */
  tfd?: Attrs | null;
  seal?: boolean;
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

/** A sealed and stamped Pagos 2.0 complement: by default one MXN Pago of 15000.00 paying two invoices. */
export function paymentXml(o: PaymentOptions = {}): string {
  if (o.seal !== false) {
    const sealed = sealAndStamp(
      buildPayment({ ...o, tfd: null }, false),
      o.tfd === null ? null : { ...o.tfd },
      { uuid: PAYMENT_UUID, fechaTimbrado: "2025-04-02T09:01:00" },
      "tfd",
    );
    if (sealed !== null) return sealed;
  }
  return buildPayment(o, true);
}

function buildPayment(o: PaymentOptions, placeholders: boolean): string {
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
    ...(placeholders ? { Sello: SELLO, NoCertificado: "00001000000500000001" } : {}),
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
    `  <cfdi:Emisor${attrs({ ...EMISOR, ...o.emisor })}/>`,
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

/**
 * Stamps a document as a PAC would, with the project's test stamping authority (a real SelloSAT). An
 * unsigned document (calculator inputs) is sealed first with the EKU9003173C9 test CSD, as the
 * issuer would before stamping (its Emisor may then not be the certificate's: a test of the reader,
 * not of the seals).
 */
export function stamp(input: string, uuid = "11111111-2222-4333-8444-555555555555"): string {
  const sello = /\sSello="([^"]*)"/.exec(input)?.[1] ?? "";
  const sealed = sello === "" ? sealCfdi(input, EKU_CSD) : input;
  return stampCfdi(sealed, { uuid, fechaTimbrado: "2023-06-13T14:20:00" });
}
