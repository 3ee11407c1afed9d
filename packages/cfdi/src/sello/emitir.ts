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
  /**
   * Issue 39: several concepts, each with its own taxes; when given, the invoice's SubTotal, Descuento, IVA and
   * withholdings are their sums, and subtotal, descuento, iva, retenciones, ivaRetenido, concepto and claveProdServ
   * are not read.
   */
  conceptos?: ConceptoPrueba[];
}

/** Issue 39: one concept of a test invoice, with its taxes as the CFDI writes them. */
export interface ConceptoPrueba {
  claveProdServ: string;
  descripcion?: string;
  importe: string;
  descuento?: string;
  /** IVA transferred; at tasaIva ("0.160000" by default; "0.000000" for goods at 0 %). */
  iva: string;
  tasaIva?: string;
  /** ISR withheld, at tasaIsr ("0.100000" by default; "0.012500" for RESICO). */
  isr?: string;
  tasaIsr?: string;
  /** IVA withheld (two thirds: TasaOCuota 0.106667). */
  ivaRetenido?: string;
  /** Issue 42: the quantity ("1" by default; ValorUnitario is then Importe / Cantidad) and the item code. */
  cantidad?: string;
  noIdentificacion?: string;
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

const nonZero = (v: string) => Number(v) !== 0;
const sum = (values: string[]) => (values.length === 0 ? "0" : addAmounts(...values));

/** The concepts of `f`: its own, or one built from its figures. */
function conceptosDe(f: FacturaPrueba): Required<ConceptoPrueba>[] {
  const given: ConceptoPrueba[] = f.conceptos ?? [
    {
      claveProdServ: f.claveProdServ ?? "01010101",
      descripcion: f.concepto ?? "Mercancía según entrada de almacén",
      importe: f.subtotal,
      descuento: f.descuento ?? "0",
      iva: f.iva,
      isr: f.retenciones ?? "0",
      ivaRetenido: f.ivaRetenido ?? "0",
    },
  ];
  return given.map((c) => ({
    claveProdServ: c.claveProdServ,
    descripcion: c.descripcion ?? "Mercancía según entrada de almacén",
    importe: money(c.importe),
    descuento: money(c.descuento ?? "0"),
    iva: money(c.iva),
    tasaIva: c.tasaIva ?? "0.160000",
    isr: money(c.isr ?? "0"),
    tasaIsr: c.tasaIsr ?? "0.100000",
    ivaRetenido: money(c.ivaRetenido ?? "0"),
    cantidad: c.cantidad ?? "1",
    noIdentificacion: c.noIdentificacion ?? "",
  }));
}

type Concepto = ReturnType<typeof conceptosDe>[number];

function conceptoXml(c: Concepto): string {
  const base = two(subtractAmounts(c.importe, c.descuento));
  const tax = (impuesto: string, tasa: string, importe: string) =>
    attrs({ Base: base, Impuesto: impuesto, TipoFactor: "Tasa", TasaOCuota: tasa, Importe: two(importe) });
  const retenciones = [
    nonZero(c.isr) ? `<cfdi:Retencion${tax("001", c.tasaIsr, c.isr)}/>` : "",
    nonZero(c.ivaRetenido) ? `<cfdi:Retencion${tax("002", "0.106667", c.ivaRetenido)}/>` : "",
  ].join("");
  return [
    `<cfdi:Concepto${attrs({
      ClaveProdServ: c.claveProdServ,
      NoIdentificacion: c.noIdentificacion === "" ? undefined : c.noIdentificacion,
      Cantidad: c.cantidad,
      ClaveUnidad: "E48",
      Descripcion: c.descripcion,
      ValorUnitario: c.cantidad === "1" ? two(c.importe) : (Number(c.importe) / Number(c.cantidad)).toFixed(6),
      Importe: two(c.importe),
      Descuento: nonZero(c.descuento) ? two(c.descuento) : undefined,
      ObjetoImp: "02",
    })}>`,
    "<cfdi:Impuestos>",
    `<cfdi:Traslados><cfdi:Traslado${tax("002", c.tasaIva, c.iva)}/></cfdi:Traslados>`,
    retenciones === "" ? "" : `<cfdi:Retenciones>${retenciones}</cfdi:Retenciones>`,
    "</cfdi:Impuestos>",
    "</cfdi:Concepto>",
  ].join("");
}

/** The unsigned CFDI of `f` (Total = SubTotal − Descuento + IVA − retenciones). */
export function facturaPruebaSinSellar(f: FacturaPrueba): string {
  const conceptos = conceptosDe(f);
  const subtotal = sum(conceptos.map((c) => c.importe));
  const descuento = sum(conceptos.map((c) => c.descuento));
  const iva = sum(conceptos.map((c) => c.iva));
  const isrRetenido = sum(conceptos.map((c) => c.isr));
  const ivaRetenido = sum(conceptos.map((c) => c.ivaRetenido));
  const retenciones = addAmounts(isrRetenido, ivaRetenido);
  const base = subtractAmounts(subtotal, descuento);
  const total = subtractAmounts(addAmounts(base, iva), retenciones);
  const hasRetenciones = nonZero(retenciones);
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
    Descuento: nonZero(descuento) ? two(descuento) : undefined,
    Moneda: moneda,
    TipoCambio: moneda === "MXN" ? undefined : (f.tipoCambio ?? "1"),
    Total: two(total),
    TipoDeComprobante: f.tipo ?? "I",
    Exportacion: "01",
    MetodoPago: f.metodoPago,
    LugarExpedicion: f.lugarExpedicion,
  });
  const retencionTotal = [
    nonZero(isrRetenido) ? `<cfdi:Retencion${attrs({ Impuesto: "001", Importe: two(isrRetenido) })}/>` : "",
    nonZero(ivaRetenido) ? `<cfdi:Retencion${attrs({ Impuesto: "002", Importe: two(ivaRetenido) })}/>` : "",
  ].join("");
  // One total transfer per IVA rate, in the order the concepts first use it.
  const tasas = [...new Set(conceptos.map((c) => c.tasaIva))];
  const trasladoTotal = tasas
    .map((tasa) => {
      const deLaTasa = conceptos.filter((c) => c.tasaIva === tasa);
      const baseTasa = sum(deLaTasa.map((c) => subtractAmounts(c.importe, c.descuento)));
      const importe = sum(deLaTasa.map((c) => c.iva));
      return `<cfdi:Traslado${attrs({ Base: two(baseTasa), Impuesto: "002", TipoFactor: "Tasa", TasaOCuota: tasa, Importe: two(importe) })}/>`;
    })
    .join("");
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
    `<cfdi:Conceptos>${conceptos.map(conceptoXml).join("")}</cfdi:Conceptos>`,
    `<cfdi:Impuestos${attrs({
      TotalImpuestosRetenidos: hasRetenciones ? two(retenciones) : undefined,
      TotalImpuestosTrasladados: two(iva),
    })}>`,
    hasRetenciones ? `<cfdi:Retenciones>${retencionTotal}</cfdi:Retenciones>` : "",
    `<cfdi:Traslados>${trasladoTotal}</cfdi:Traslados>`,
    "</cfdi:Impuestos>",
    "</cfdi:Comprobante>",
  ].join("");
}

/** The CFDI of `f`, sealed with the issuer's test CSD and stamped by the project's test stamping authority. */
export function issueTestFactura(f: FacturaPrueba): string {
  const sellado = sealCfdi(facturaPruebaSinSellar(f), f.csd ?? csdPrueba(f.emisor.rfc));
  return stampCfdi(sellado, { uuid: f.uuid, fechaTimbrado: f.fechaTimbrado });
}
