/**
 * Issuing test CFDIs — for tests and the demo only (issue 11/12): a CFDI 4.0 invoice (Ingreso) built from a few
 * figures, sealed with one of the SAT's public test CSDs shipped in sat/certs and stamped by the project's test
 * stamping authority. Every CFDI the API tests and the demo seed create comes from here, so each is really
 * sealed and stamped, and the portal verifies it like any other.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { addAmounts, parseAmount, subtractAmounts } from "../money";
import { packageDataDir } from "./cadena";
import { type Csd, sealCfdi, stampCfdi } from "./seal";

/** The SAT's public test CSDs (password 12345678a): EKU9003173C9 valid 2023-05-18..2027-05-18; XIQB891116QE4 to 2023-05-29. */
export type RfcPrueba = "EKU9003173C9" | "XIQB891116QE4";
export function csdPrueba(rfc: RfcPrueba): Csd {
  const dir = join(packageDataDir(), "sat", "certs");
  return {
    cer: readFileSync(join(dir, `${rfc}.cer`)),
    key: readFileSync(join(dir, `${rfc}.key`)),
    password: "12345678a",
  };
}

export interface FacturaPrueba {
  emisor: { rfc: RfcPrueba; nombre: string; regimen: string };
  receptor: { rfc: string; nombre: string; cp: string; regimen: string; uso: string };
  lugarExpedicion: string;
  /** Comprobante@Fecha, AAAA-MM-DDThh:mm:ss (within the CSD's validity). */
  fecha: string;
  serie?: string;
  folio?: string;
  formaPago: string;
  metodoPago: "PUE" | "PPD";
  moneda?: string;
  tipoCambio?: string;
  /** Before discount and taxes. */
  subtotal: string;
  descuento?: string;
  /** IVA trasladado (16 %) on subtotal − descuento. */
  iva: string;
  /** ISR retenido; "0" or absent for none. */
  retenciones?: string;
  /** IVA retenido (issue 27: rent and fees withhold two thirds of the IVA); "0" or absent for none. */
  ivaRetenido?: string;
  concepto?: string;
  /** The concept's ClaveProdServ; 01010101 when absent. */
  claveProdServ?: string;
  /** Stamp UUID and date (the test PAC's). */
  uuid: string;
  fechaTimbrado: string;
  /** Defaults to the issuer's own test CSD. */
  csd?: Csd;
  /** cfdi:CfdiRelacionados groups (issue 27: 04 sustitución, 01 nota de crédito…), before the Emisor. */
  cfdiRelacionados?: { TipoRelacion: string; UUIDs: string[] }[];
  /** Issue 27: "E" for a credit note (CFDI de Egreso); "I" by default. */
  tipo?: "I" | "E";
}

const esc = (v: string) => v.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll('"', "&quot;");
/** Attributes as XML (undefined values left out); complemento.ts writes with it too. */
export const attrs = (a: Record<string, string | undefined>) =>
  Object.entries(a)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => ` ${k}="${esc(v)}"`)
    .join("");
const money = (v: string) => {
  const parsed = parseAmount(v);
  if (parsed === null) throw new Error(`Importe inválido: ${v}`);
  return parsed;
};
const two = (v: string) => {
  const [int = "0", dec = ""] = v.split(".");
  return `${int}.${`${dec}00`.slice(0, 2)}`;
};

/** The unsigned CFDI of `f` (Total = SubTotal − Descuento + IVA − retenciones). */
export function facturaPruebaSinSellar(f: FacturaPrueba): string {
  const descuento = money(f.descuento ?? "0");
  const isrRetenido = money(f.retenciones ?? "0");
  const ivaRetenido = money(f.ivaRetenido ?? "0");
  const retenciones = addAmounts(isrRetenido, ivaRetenido);
  const hasIvaRetenido = Number(ivaRetenido) !== 0;
  const subtotal = money(f.subtotal);
  const base = subtractAmounts(subtotal, descuento);
  const total = subtractAmounts(addAmounts(base, money(f.iva)), retenciones);
  const hasDescuento = parseAmount(descuento) !== null && Number(descuento) !== 0;
  const hasRetenciones = Number(retenciones) !== 0;
  const moneda = f.moneda ?? "MXN";
  const comprobante = attrs({
    "xmlns:cfdi": "http://www.sat.gob.mx/cfd/4",
    "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
    "xsi:schemaLocation": "http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd",
    Version: "4.0",
    Serie: f.serie,
    Folio: f.folio,
    Fecha: f.fecha,
    FormaPago: f.formaPago,
    SubTotal: two(subtotal),
    Descuento: hasDescuento ? two(descuento) : undefined,
    Moneda: moneda,
    TipoCambio: moneda === "MXN" ? undefined : (f.tipoCambio ?? "1"),
    Total: two(total),
    TipoDeComprobante: f.tipo ?? "I",
    Exportacion: "01",
    MetodoPago: f.metodoPago,
    LugarExpedicion: f.lugarExpedicion,
  });
  const traslado = attrs({
    Base: two(base),
    Impuesto: "002",
    TipoFactor: "Tasa",
    TasaOCuota: "0.160000",
    Importe: two(f.iva),
  });
  const retencion = attrs({
    Base: two(base),
    Impuesto: "001",
    TipoFactor: "Tasa",
    TasaOCuota: "0.100000",
    Importe: two(isrRetenido),
  });
  const retencionIva = attrs({
    Base: two(base),
    Impuesto: "002",
    TipoFactor: "Tasa",
    TasaOCuota: "0.106667",
    Importe: two(ivaRetenido),
  });
  const retencionTotal = [
    Number(isrRetenido) !== 0 ? `<cfdi:Retencion${attrs({ Impuesto: "001", Importe: two(isrRetenido) })}/>` : "",
    hasIvaRetenido ? `<cfdi:Retencion${attrs({ Impuesto: "002", Importe: two(ivaRetenido) })}/>` : "",
  ].join("");
  const trasladoTotal = attrs({
    Base: two(base),
    Impuesto: "002",
    TipoFactor: "Tasa",
    TasaOCuota: "0.160000",
    Importe: two(f.iva),
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<cfdi:Comprobante${comprobante}>`,
    ...(f.cfdiRelacionados ?? []).map(
      (g) =>
        `<cfdi:CfdiRelacionados${attrs({ TipoRelacion: g.TipoRelacion })}>${g.UUIDs.map(
          (u) => `<cfdi:CfdiRelacionado${attrs({ UUID: u })}/>`,
        ).join("")}</cfdi:CfdiRelacionados>`,
    ),
    `<cfdi:Emisor${attrs({ Rfc: f.emisor.rfc, Nombre: f.emisor.nombre, RegimenFiscal: f.emisor.regimen })}/>`,
    `<cfdi:Receptor${attrs({
      Rfc: f.receptor.rfc,
      Nombre: f.receptor.nombre,
      DomicilioFiscalReceptor: f.receptor.cp,
      RegimenFiscalReceptor: f.receptor.regimen,
      UsoCFDI: f.receptor.uso,
    })}/>`,
    "<cfdi:Conceptos>",
    `<cfdi:Concepto${attrs({
      ClaveProdServ: f.claveProdServ ?? "01010101",
      Cantidad: "1",
      ClaveUnidad: "E48",
      Descripcion: f.concepto ?? "Mercancía según entrada de almacén",
      ValorUnitario: two(subtotal),
      Importe: two(subtotal),
      Descuento: hasDescuento ? two(descuento) : undefined,
      ObjetoImp: "02",
    })}>`,
    "<cfdi:Impuestos>",
    `<cfdi:Traslados><cfdi:Traslado${traslado}/></cfdi:Traslados>`,
    hasRetenciones
      ? `<cfdi:Retenciones>${Number(isrRetenido) !== 0 ? `<cfdi:Retencion${retencion}/>` : ""}${
          hasIvaRetenido ? `<cfdi:Retencion${retencionIva}/>` : ""
        }</cfdi:Retenciones>`
      : "",
    "</cfdi:Impuestos>",
    "</cfdi:Concepto>",
    "</cfdi:Conceptos>",
    `<cfdi:Impuestos${attrs({
      TotalImpuestosRetenidos: hasRetenciones ? two(retenciones) : undefined,
      TotalImpuestosTrasladados: two(f.iva),
    })}>`,
    hasRetenciones ? `<cfdi:Retenciones>${retencionTotal}</cfdi:Retenciones>` : "",
    `<cfdi:Traslados><cfdi:Traslado${trasladoTotal}/></cfdi:Traslados>`,
    "</cfdi:Impuestos>",
    "</cfdi:Comprobante>",
  ].join("");
}

/** The CFDI of `f`, sealed with the issuer's test CSD and stamped by the project's test stamping authority. */
export function issueTestFactura(f: FacturaPrueba): string {
  const sellado = sealCfdi(facturaPruebaSinSellar(f), f.csd ?? csdPrueba(f.emisor.rfc));
  return stampCfdi(sellado, { uuid: f.uuid, fechaTimbrado: f.fechaTimbrado });
}
