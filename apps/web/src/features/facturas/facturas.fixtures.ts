import type { EntradaFactura, FacturaRow, FacturaSociedad, ProveedorResumen } from "@portal/contracts";

/** Test data of the invoice screens: the demo's supplier, sociedades and a receipt an XML can match. */

export const PROVEEDOR: ProveedorResumen = {
  CardCode: "P00001",
  CardName: "ESCUELA KEMPER URGATE",
  LicTradNum: "EKU9003173C9",
  E_Mail: "facturacion@kemper.edu.mx",
};

export const SOCIEDADES: FacturaSociedad[] = [
  {
    IdSociedad: 1,
    NomSociedad: "MUNICIPIO DE CUAUTITLAN IZCALLI",
    RFC: "MCI7306249Y1",
    Regimen: "603",
    CP: "54700",
    BDSAP: "SBO_MCI",
  },
  {
    IdSociedad: 2,
    NomSociedad: "KIJ, S.A DE C.V.",
    RFC: "KIJ0906199R1",
    Regimen: "601",
    CP: "59820",
    BDSAP: "SBO_KIJ",
  },
];

export function makeEntradaFactura(overrides: Partial<EntradaFactura> = {}): EntradaFactura {
  return {
    Fila: 1,
    DocNum: 5120,
    // Issue 37: the ERP's key, unlike the number (10000 apart, so a test can tell which one was sent).
    DocEntry: (overrides.DocNum ?? 5120) + 10000,
    DocTotal: "3327.01",
    DocCur: "MXN",
    PeyMethod: "01",
    U_B1SYS_MainUsage: "G03",
    CP: "86000",
    GroupNum: 0,
    Pedido: 1100,
    NomSociedad: "MUNICIPIO DE CUAUTITLAN IZCALLI",
    CardName: "ESCUELA KEMPER URGATE",
    DocDate: "2026-02-10",
    DocDueDate: "2026-03-12",
    NumAtCard: "REF-77",
    Comments: "Entrega parcial",
    DocStatus: "O",
    ...overrides,
  };
}

export function makeFactura(overrides: Partial<FacturaRow> = {}): FacturaRow {
  return {
    Fila: 1,
    IdFactura: 10,
    NomSociedad: "MUNICIPIO DE CUAUTITLAN IZCALLI",
    CardName: "ESCUELA KEMPER URGATE",
    FolioFactura: "A-101",
    RFC: "EKU9003173C9",
    RFCReceptor: "MCI7306249Y1",
    CPEmisor: "86000",
    CPReceptor: "54700",
    UUID: "6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B",
    Entrada: 5120,
    FechaFactura: "2026-02-19",
    Total: "3327.01",
    FormaPago: "01",
    TentativaPago: "2026-03-21",
    UsoPrincipal: "G03",
    MetodoPago: "PPD",
    PDF: "/api/archivos/1",
    XML: "/api/archivos/2",
    Recepcion: "/api/archivos/3",
    EstatusFactura: "P",
    CANCELED: "N",
    PaidToDate: "0.00",
    FechaPago: null,
    Comentarios: "",
    BD: "SBO_MCI",
    DocCur: "MXN",
    Regimen: "603",
    E_mail: "facturacion@kemper.edu.mx",
    Version: 1,
    ...overrides,
  };
}

export interface XmlPrueba {
  folio?: string | null;
  rfcEmisor?: string;
  nombreEmisor?: string;
  rfcReceptor?: string;
  nombreReceptor?: string;
  cpReceptor?: string;
  regimenReceptor?: string;
  uso?: string;
  lugarExpedicion?: string;
  formaPago?: string;
  metodoPago?: string;
  subtotal?: string;
  iva?: string;
  total?: string;
  uuid?: string;
  /** Leave the stamp out (the structure check then fails). */
  sinTimbre?: boolean;
  /** Issue 42: the Concepto elements, written as given (default one 'Mercancía' concept of the subtotal). */
  conceptos?: string;
}

/**
 * A CFDI 4.0 invoice with its stamp's structure (the browser reads structure only; seals are the server's).
 * Defaults match `makeEntradaFactura()` and the first of SOCIEDADES.
 */
export function xmlFactura(x: XmlPrueba = {}): string {
  const folio = x.folio === undefined ? "A-101" : x.folio;
  const timbre = x.sinTimbre
    ? ""
    : `<cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="1.1" UUID="${x.uuid ?? "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b"}" FechaTimbrado="2026-02-19T10:05:00" RfcProvCertif="SPR190613I52" SelloCFD="c2VsbG8=" NoCertificadoSAT="30001000000500003456" SelloSAT="c2F0"/></cfdi:Complemento>`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0"${folio === null ? "" : ` Folio="${folio}"`}`,
    ` Fecha="2026-02-19T10:00:00" Sello="c2VsbG8=" FormaPago="${x.formaPago ?? "01"}" NoCertificado="30001000000500003416"`,
    ` SubTotal="${x.subtotal ?? "2868.11"}" Moneda="MXN" Total="${x.total ?? "3327.01"}" TipoDeComprobante="I" Exportacion="01"`,
    ` MetodoPago="${x.metodoPago ?? "PUE"}" LugarExpedicion="${x.lugarExpedicion ?? "86000"}">`,
    `<cfdi:Emisor Rfc="${x.rfcEmisor ?? "EKU9003173C9"}" Nombre="${x.nombreEmisor ?? "ESCUELA KEMPER URGATE"}" RegimenFiscal="601"/>`,
    `<cfdi:Receptor Rfc="${x.rfcReceptor ?? "MCI7306249Y1"}" Nombre="${x.nombreReceptor ?? "MUNICIPIO DE CUAUTITLAN IZCALLI"}"`,
    ` DomicilioFiscalReceptor="${x.cpReceptor ?? "54700"}" RegimenFiscalReceptor="${x.regimenReceptor ?? "603"}" UsoCFDI="${x.uso ?? "G03"}"/>`,
    `<cfdi:Conceptos>${x.conceptos ?? `<cfdi:Concepto ClaveProdServ="01010101" Cantidad="1" ClaveUnidad="E48" Descripcion="Mercancía" ValorUnitario="2868.11" Importe="2868.11" ObjetoImp="02"/>`}</cfdi:Conceptos>`,
    `<cfdi:Impuestos TotalImpuestosTrasladados="${x.iva ?? "458.90"}"/>`,
    timbre,
    `</cfdi:Comprobante>`,
  ].join("");
}

const encoder = new TextEncoder();
/** Copied into this realm's Uint8Array: jsdom's TextEncoder answers with Node's, which `instanceof` refuses. */
export const bytesDe = (text: string): Uint8Array => new Uint8Array(encoder.encode(text));
export const PDF_BYTES = bytesDe("%PDF-1.4\n1 0 obj\n<< >>\nendobj\n%%EOF\n");
/** A whole 1x1 PNG (the demo's receipt image): the browser's check reads its chunks from signature to IEND. */
export const PNG_BYTES = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
