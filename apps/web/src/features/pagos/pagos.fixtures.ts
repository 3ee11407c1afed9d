import type { ComplementoEsperado, PagoPendienteRow, PagoRow } from "@portal/contracts";

/**
 * Test data of the payment screens: the demo supplier (ESCUELA KEMPER URGATE) paid by KIJ, and a Pagos 2.0
 * complement built on a published one, packages/cfdi/test/fixtures/satcfdi__pago_hande951128469_ingreso_iva16.xml
 * (same structure, with this supplier's names, totals and UUIDs).
 */

export const UUID_FACTURA_1 = "6D7434A6-E3F2-47AD-9E4C-08849946AFA0";
export const UUID_FACTURA_2 = "0B9A1C2D-3E4F-4A5B-8C6D-7E8F9A0B1C2D";
export const UUID_COMPLEMENTO = "5B64ADA3-AA4C-40B4-A2F5-572CED52BE31";

export function makePago(overrides: Partial<PagoRow> = {}): PagoRow {
  return {
    Fila: 1,
    IdPago: 77,
    Version: 1,
    NomSociedad: "KIJ, S.A DE C.V.",
    CardName: "ESCUELA KEMPER URGATE",
    U_SYS_PMUUID: "",
    DocEntry: 9001,
    DocNum: 4410,
    U_SYS_PMFECC: null,
    DocDate: "2026-02-02",
    PymntGroup: "03",
    DocTotal: "17852.75",
    U_SYS_PMFECA: null,
    U_SYS_PMESPA: "P",
    CANCELED: "N",
    U_SYS_PMCOMC: "",
    U_SYS_PMPDFC: "",
    U_SYS_PMXMLC: "",
    U_SYS_PMSNBD: "SBO_KIJ",
    DocCur: "MXN",
    U_SYS_PMPARE: "1",
    RFCEmisor: "EKU9003173C9",
    RFCReceptor: "KIJ0906199R1",
    CPEmisor: "86000",
    CPReceptor: "59820",
    Uso: "CP01",
    Regimen: "601",
    E_Mail: "facturacion@kemper.edu.mx",
    Detalle: [
      { FolioSAP: 7788, FolioFactura: "A-123456", UUID: UUID_FACTURA_1, FechaFactura: "2026-01-10", Total: "10000.00" },
      { FolioSAP: 7789, FolioFactura: "A-123457", UUID: UUID_FACTURA_2, FechaFactura: "2026-01-12", Total: "7852.75" },
    ],
    ...overrides,
  };
}

export const makePagoPendiente = (overrides: Partial<PagoPendienteRow> = {}): PagoPendienteRow => ({
  ...makePago(),
  U_SYS_PMMERR: "",
  ...overrides,
});

export const COMPLEMENTO_ESPERADO: ComplementoEsperado = {
  FechaPago: "2026-02-02T12:00:00",
  FormaDePagoP: "03",
  MonedaP: "MXN",
  TipoCambioP: "1",
  Monto: "17852.75",
  FechaLimite: "2026-03-05",
  Documentos: [
    {
      IdDocumento: UUID_FACTURA_1,
      Serie: "A",
      Folio: "123456",
      MonedaDR: "MXN",
      EquivalenciaDR: "1",
      NumParcialidad: 1,
      ImpSaldoAnt: "10000.00",
      ImpPagado: "10000.00",
      ImpSaldoInsoluto: "0.00",
      ObjetoImpDR: "02",
      TrasladosDR: [
        { BaseDR: "8620.69", ImpuestoDR: "002", TipoFactorDR: "Tasa", TasaOCuotaDR: "0.160000", ImporteDR: "1379.31" },
      ],
    },
    {
      IdDocumento: UUID_FACTURA_2,
      Serie: "A",
      Folio: "123457",
      MonedaDR: "MXN",
      EquivalenciaDR: "1",
      NumParcialidad: 2,
      ImpSaldoAnt: "15000.00",
      ImpPagado: "7852.75",
      ImpSaldoInsoluto: "7147.25",
      ObjetoImpDR: "01",
      TrasladosDR: [],
    },
  ],
  TrasladosP: [
    { BaseP: "8620.690000", ImpuestoP: "002", TipoFactorP: "Tasa", TasaOCuotaP: "0.160000", ImporteP: "1379.310000" },
  ],
  Totales: { TotalTrasladosBaseIVA16: "8620.69", TotalTrasladosImpuestoIVA16: "1379.31", MontoTotalPagos: "17852.75" },
};

export interface PagoXml {
  nombreEmisor?: string;
  nombreReceptor?: string;
  /** One pago20:Pago per amount; each pays the documents in `documentos` (default one Pago of 17852.75). */
  pagos?: { monto: string; documentos: string[] }[];
  uuid?: string;
  folio?: string;
  /** Leave the stamp out (the structure check then fails). */
  sinTimbre?: boolean;
}

/** A stamped CFDI 4.0 of type P with Pagos 2.0, matching `makePago()` unless told otherwise. */
export function xmlPago(x: PagoXml = {}): string {
  const pagos = x.pagos ?? [{ monto: "17852.75", documentos: [UUID_FACTURA_1.toLowerCase(), UUID_FACTURA_2] }];
  const total = pagos.reduce((suma, pago) => suma + Number(pago.monto), 0).toFixed(2);
  const nodos = pagos
    .map((pago) => {
      const docs = pago.documentos
        .map(
          (uuid, indice) =>
            `<pago20:DoctoRelacionado IdDocumento="${uuid}" Serie="A" Folio="${123456 + indice}" MonedaDR="MXN" NumParcialidad="1" ImpSaldoAnt="${pago.monto}" ImpPagado="${pago.monto}" ImpSaldoInsoluto="0.00" ObjetoImpDR="01"/>`,
        )
        .join("");
      return `<pago20:Pago FechaPago="2026-02-02T12:00:00" FormaDePagoP="03" MonedaP="MXN" TipoCambioP="1" Monto="${pago.monto}">${docs}</pago20:Pago>`;
    })
    .join("");
  const timbre = x.sinTimbre
    ? ""
    : `<tfd:TimbreFiscalDigital Version="1.1" UUID="${x.uuid ?? UUID_COMPLEMENTO.toLowerCase()}" FechaTimbrado="2026-02-03T10:00:00" RfcProvCertif="SAT970701NN3" SelloCFD="c2VsbG8=" NoCertificadoSAT="30001000000400002460" SelloSAT="c2F0"/>`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" xmlns:pago20="http://www.sat.gob.mx/Pagos20"`,
    ` Version="4.0" Serie="P" Folio="${x.folio ?? "P-88"}" Fecha="2026-02-03T09:00:00" Sello="c2VsbG8=" NoCertificado="30001000000400002460"`,
    ` SubTotal="0" Moneda="XXX" Total="0" TipoDeComprobante="P" Exportacion="01" LugarExpedicion="86000">`,
    `<cfdi:Emisor Rfc="EKU9003173C9" Nombre="${x.nombreEmisor ?? "ESCUELA KEMPER URGATE"}" RegimenFiscal="601"/>`,
    `<cfdi:Receptor Rfc="KIJ0906199R1" Nombre="${x.nombreReceptor ?? "KIJ, S.A DE C.V."}" DomicilioFiscalReceptor="59820" RegimenFiscalReceptor="601" UsoCFDI="CP01"/>`,
    `<cfdi:Conceptos><cfdi:Concepto ClaveProdServ="84111506" Cantidad="1" ClaveUnidad="ACT" Descripcion="Pago" ValorUnitario="0" Importe="0" ObjetoImp="01"/></cfdi:Conceptos>`,
    `<cfdi:Complemento><pago20:Pagos Version="2.0"><pago20:Totales MontoTotalPagos="${total}"/>${nodos}</pago20:Pagos>${timbre}</cfdi:Complemento>`,
    `</cfdi:Comprobante>`,
  ].join("");
}

const encoder = new TextEncoder();
/** Copied into this realm's Uint8Array: jsdom's TextEncoder answers with Node's, which `instanceof` refuses. */
export const bytesDe = (text: string): Uint8Array => new Uint8Array(encoder.encode(text));
export const PDF_BYTES = bytesDe("%PDF-1.4\n1 0 obj\n<< >>\nendobj\n%%EOF\n");
