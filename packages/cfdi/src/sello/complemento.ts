/**
 * Issuing test payment complements — for tests and the demo only (issue 14): a CFDI 4.0 of type P with the
 * Pagos 2.0 complement as Anexo 20 and its Guía de llenado require it, sealed with one of the SAT's public test
 * CSDs and stamped by the project's test stamping authority, like issueTestFactura's invoices.
 *
 * The pago20 attributes keep their SAT names (FechaPago, MonedaP, ImpPagado, ...) so that what
 * complementoEsperado computes for an ERP payment feeds a PagoPrueba directly.
 *
 * Taxes: a related document is either not subject to tax (ObjetoImpDR 01) or carries IVA 16 % trasladado
 * (ObjetoImpDR 02, the invoices issueTestFactura issues). From the documents' TrasladoDR the totals follow
 * the Guía de llenado: ImpuestosP (BaseP = Σ BaseDR ÷ EquivalenciaDR, ImporteP likewise, 6 decimals) and
 * Totales (MontoTotalPagos = Σ Monto × TipoCambioP; TotalTrasladosBaseIVA16 = Σ BaseP × TipoCambioP and
 * TotalTrasladosImpuestoIVA16 = Σ ImporteP × TipoCambioP, 2 decimals, in MXN).
 */
import { decimalesMoneda } from "../catalogos";
import { addAmounts, compareAmounts, divideAmounts, multiplyAmounts, parseAmount, roundAmount } from "../money";
import { attrs, csdPrueba, type RfcPrueba } from "./emitir";
import { type Csd, sealCfdi, stampCfdi } from "./seal";

/** One pago20:DoctoRelacionado. Amounts in the document's currency (MonedaDR). */
export interface DocumentoPrueba {
  IdDocumento: string;
  Serie?: string;
  Folio?: string;
  MonedaDR: string;
  /** Units of MonedaDR per unit of MonedaP. Default "1", which is only allowed when MonedaDR = MonedaP. */
  EquivalenciaDR?: string;
  NumParcialidad: number | string;
  ImpSaldoAnt: string;
  ImpPagado: string;
  ImpSaldoInsoluto: string;
  /**
   * "02" (default, also for null: complementoEsperado's "unknown"): IVA 16 % trasladado; "01": not subject to tax
   * (no ImpuestosDR).
   */
  ObjetoImpDR?: "01" | "02" | null;
  /**
   * For "02", the IVA 16 % of the part paid. Default: the document is base + IVA 16 % only, so
   * BaseDR = ImpPagado ÷ 1.16 and ImporteDR = BaseDR × 0.16, each to MonedaDR's decimals.
   */
  TrasladoDR?: { BaseDR: string; ImporteDR: string };
}

/** One pago20:Pago. */
export interface PagoPrueba {
  /** AAAA-MM-DDThh:mm:ss. */
  FechaPago: string;
  FormaDePagoP: string;
  MonedaP: string;
  /** MXN per unit of MonedaP: "1" (default) for MXN, required otherwise. */
  TipoCambioP?: string;
  Monto: string;
  NumOperacion?: string;
  Documentos: DocumentoPrueba[];
}

export interface ComplementoPrueba {
  emisor: { rfc: RfcPrueba; nombre: string; regimen: string };
  /** UsoCFDI is always CP01 (Pagos), as Anexo 20 requires for type P. */
  receptor: { rfc: string; nombre: string; cp: string; regimen: string };
  lugarExpedicion: string;
  /** Comprobante@Fecha, AAAA-MM-DDThh:mm:ss (within the CSD's validity). */
  fecha: string;
  serie?: string;
  folio?: string;
  pagos: PagoPrueba[];
  /** Stamp UUID and date (the test PAC's). */
  uuid: string;
  fechaTimbrado: string;
  /** Defaults to the issuer's own test CSD. */
  csd?: Csd;
}

const PAGOS20_NS = "http://www.sat.gob.mx/Pagos20";
const SCHEMA_LOCATION = [
  "http://www.sat.gob.mx/cfd/4",
  "http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd",
  PAGOS20_NS,
  "http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd",
].join(" ");
const TASA_IVA16 = "0.160000";
/** Intermediate precision of the conversions before the final rounding. */
const PRECISION = 12;

function amount(v: string, campo: string): string {
  const parsed = parseAmount(String(v ?? ""));
  if (parsed === null || parsed.startsWith("-")) throw new RangeError(`${campo} inválido: ${v}`);
  return parsed;
}
const decimals = (moneda: string) => decimalesMoneda(moneda) ?? 2;
const sum = (xs: string[]) => (xs.length === 0 ? "0" : addAmounts(...xs));

interface DocumentoCalculado {
  doc: DocumentoPrueba;
  equivalencia: string;
  objeto: "01" | "02";
  traslado?: { BaseDR: string; ImporteDR: string };
}

interface PagoCalculado {
  pago: PagoPrueba;
  tipoCambio: string;
  documentos: DocumentoCalculado[];
  /** ImpuestosP's IVA 16 % (in MonedaP, 6 decimals), when a document carries it. */
  trasladoP?: { BaseP: string; ImporteP: string };
}

function computeDocumento(doc: DocumentoPrueba, monedaP: string): DocumentoCalculado {
  const equivalencia = amount(doc.EquivalenciaDR ?? "1", "EquivalenciaDR");
  if (doc.MonedaDR !== monedaP && doc.EquivalenciaDR === undefined) {
    throw new RangeError(`EquivalenciaDR es obligatoria: el documento ${doc.IdDocumento} no está en ${monedaP}.`);
  }
  if (doc.MonedaDR === monedaP && compareAmounts(equivalencia, "1") !== 0) {
    throw new RangeError(
      `EquivalenciaDR debe ser 1: el documento ${doc.IdDocumento} está en ${monedaP}, como el pago.`,
    );
  }
  const objeto = doc.ObjetoImpDR ?? "02";
  if (objeto === "01") return { doc, equivalencia, objeto };
  const dec = decimals(doc.MonedaDR);
  const base = doc.TrasladoDR
    ? amount(doc.TrasladoDR.BaseDR, "BaseDR")
    : divideAmounts(amount(doc.ImpPagado, "ImpPagado"), "1.16", dec);
  const importe = doc.TrasladoDR
    ? amount(doc.TrasladoDR.ImporteDR, "ImporteDR")
    : roundAmount(multiplyAmounts(base, TASA_IVA16), dec);
  return { doc, equivalencia, objeto, traslado: { BaseDR: base, ImporteDR: importe } };
}

function computePago(pago: PagoPrueba): PagoCalculado {
  if (pago.MonedaP !== "MXN" && pago.TipoCambioP === undefined) {
    throw new RangeError(`TipoCambioP es obligatorio para un pago en ${pago.MonedaP}.`);
  }
  if (pago.Documentos.length === 0) throw new RangeError("Un pago20:Pago necesita al menos un DoctoRelacionado.");
  const tipoCambio = amount(pago.TipoCambioP ?? "1", "TipoCambioP");
  if (pago.MonedaP === "MXN" && compareAmounts(tipoCambio, "1") !== 0) {
    throw new RangeError("TipoCambioP debe ser 1 para un pago en MXN.");
  }
  const documentos = pago.Documentos.map((d) => computeDocumento(d, pago.MonedaP));
  const conIva = documentos.filter((d) => d.traslado !== undefined);
  if (conIva.length === 0) return { pago, tipoCambio, documentos };
  // Each document converted into the payment's currency, summed, rounded once (Guía de llenado, ImpuestosP).
  const enMonedaP = (pick: (t: { BaseDR: string; ImporteDR: string }) => string) =>
    roundAmount(
      sum(
        conIva.map((d) =>
          divideAmounts(pick(d.traslado as { BaseDR: string; ImporteDR: string }), d.equivalencia, PRECISION),
        ),
      ),
      6,
    );
  return {
    pago,
    tipoCambio,
    documentos,
    trasladoP: { BaseP: enMonedaP((t) => t.BaseDR), ImporteP: enMonedaP((t) => t.ImporteDR) },
  };
}

function pagoXml({ pago, tipoCambio, documentos, trasladoP }: PagoCalculado): string {
  const docs = documentos.map(({ doc, equivalencia, objeto, traslado }) => {
    const dec = decimals(doc.MonedaDR);
    const head = `<pago20:DoctoRelacionado${attrs({
      IdDocumento: doc.IdDocumento,
      // "" (complementoEsperado's "no serie") leaves the attribute out: the XSD wants at least one character.
      Serie: doc.Serie || undefined,
      Folio: doc.Folio || undefined,
      MonedaDR: doc.MonedaDR,
      EquivalenciaDR: equivalencia,
      NumParcialidad: String(doc.NumParcialidad),
      ImpSaldoAnt: roundAmount(amount(doc.ImpSaldoAnt, "ImpSaldoAnt"), dec),
      ImpPagado: roundAmount(amount(doc.ImpPagado, "ImpPagado"), dec),
      ImpSaldoInsoluto: roundAmount(amount(doc.ImpSaldoInsoluto, "ImpSaldoInsoluto"), dec),
      ObjetoImpDR: objeto,
    })}`;
    if (!traslado) return `${head}/>`;
    return [
      `${head}>`,
      "<pago20:ImpuestosDR><pago20:TrasladosDR>",
      `<pago20:TrasladoDR${attrs({
        BaseDR: traslado.BaseDR,
        ImpuestoDR: "002",
        TipoFactorDR: "Tasa",
        TasaOCuotaDR: TASA_IVA16,
        ImporteDR: traslado.ImporteDR,
      })}/>`,
      "</pago20:TrasladosDR></pago20:ImpuestosDR>",
      "</pago20:DoctoRelacionado>",
    ].join("");
  });
  const impuestosP = trasladoP
    ? `<pago20:ImpuestosP><pago20:TrasladosP><pago20:TrasladoP${attrs({
        BaseP: trasladoP.BaseP,
        ImpuestoP: "002",
        TipoFactorP: "Tasa",
        TasaOCuotaP: TASA_IVA16,
        ImporteP: trasladoP.ImporteP,
      })}/></pago20:TrasladosP></pago20:ImpuestosP>`
    : "";
  return [
    `<pago20:Pago${attrs({
      FechaPago: pago.FechaPago,
      FormaDePagoP: pago.FormaDePagoP,
      MonedaP: pago.MonedaP,
      TipoCambioP: tipoCambio,
      Monto: roundAmount(amount(pago.Monto, "Monto"), decimals(pago.MonedaP)),
      NumOperacion: pago.NumOperacion,
    })}>`,
    ...docs,
    impuestosP,
    "</pago20:Pago>",
  ].join("");
}

/** pago20:Totales: every figure in MXN (× TipoCambioP), 2 decimals; the IVA 16 % ones only when there is any. */
function totalesXml(pagos: PagoCalculado[]): string {
  const enPesos = (xs: [string, string][]) =>
    roundAmount(sum(xs.map(([importe, tipoCambio]) => multiplyAmounts(importe, tipoCambio))), 2);
  const conIva = pagos.filter((p) => p.trasladoP !== undefined);
  return `<pago20:Totales${attrs({
    TotalTrasladosBaseIVA16:
      conIva.length > 0 ? enPesos(conIva.map((p) => [p.trasladoP?.BaseP ?? "0", p.tipoCambio])) : undefined,
    TotalTrasladosImpuestoIVA16:
      conIva.length > 0 ? enPesos(conIva.map((p) => [p.trasladoP?.ImporteP ?? "0", p.tipoCambio])) : undefined,
    MontoTotalPagos: enPesos(pagos.map((p) => [amount(p.pago.Monto, "Monto"), p.tipoCambio])),
  })}/>`;
}

/** The unsigned CFDI of type P of `c`. Throws RangeError on inconsistent input (a missing TipoCambioP, ...). */
export function complementoPruebaSinSellar(c: ComplementoPrueba): string {
  if (c.pagos.length === 0) throw new RangeError("Un complemento de pago necesita al menos un pago20:Pago.");
  const pagos = c.pagos.map(computePago);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<cfdi:Comprobante${attrs({
      "xmlns:cfdi": "http://www.sat.gob.mx/cfd/4",
      "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
      "xmlns:pago20": PAGOS20_NS,
      "xsi:schemaLocation": SCHEMA_LOCATION,
      Version: "4.0",
      Serie: c.serie,
      Folio: c.folio,
      Fecha: c.fecha,
      // Anexo 20, type P: SubTotal and Total 0 without decimals, Moneda XXX, no FormaPago/MetodoPago/TipoCambio.
      SubTotal: "0",
      Moneda: "XXX",
      Total: "0",
      TipoDeComprobante: "P",
      Exportacion: "01",
      LugarExpedicion: c.lugarExpedicion,
    })}>`,
    `<cfdi:Emisor${attrs({ Rfc: c.emisor.rfc, Nombre: c.emisor.nombre, RegimenFiscal: c.emisor.regimen })}/>`,
    `<cfdi:Receptor${attrs({
      Rfc: c.receptor.rfc,
      Nombre: c.receptor.nombre,
      DomicilioFiscalReceptor: c.receptor.cp,
      RegimenFiscalReceptor: c.receptor.regimen,
      UsoCFDI: "CP01",
    })}/>`,
    "<cfdi:Conceptos>",
    `<cfdi:Concepto${attrs({
      ClaveProdServ: "84111506",
      Cantidad: "1",
      ClaveUnidad: "ACT",
      Descripcion: "Pago",
      ValorUnitario: "0",
      Importe: "0",
      ObjetoImp: "01",
    })}/>`,
    "</cfdi:Conceptos>",
    "<cfdi:Complemento>",
    `<pago20:Pagos Version="2.0">`,
    totalesXml(pagos),
    ...pagos.map(pagoXml),
    "</pago20:Pagos>",
    "</cfdi:Complemento>",
    "</cfdi:Comprobante>",
  ].join("");
}

/** The payment complement of `c`, sealed with the issuer's test CSD and stamped by the test stamping authority. */
export function issueTestComplemento(c: ComplementoPrueba): string {
  const sellado = sealCfdi(complementoPruebaSinSellar(c), c.csd ?? csdPrueba(c.emisor.rfc));
  return stampCfdi(sellado, { uuid: c.uuid, fechaTimbrado: c.fechaTimbrado });
}
