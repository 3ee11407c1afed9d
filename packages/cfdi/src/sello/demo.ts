/**
 * Test CFDIs for the demo (issue 40, decision 062): what 'Generar CFDI de prueba' and `npm run cfdi -- emitir`
 * issue — an invoice, a credit note or a payment complement sealed with the SAT's public test CSD of the
 * supplier's RFC and stamped by the project's test stamping authority (emitir.ts, complemento.ts), with a PDF
 * that prints it. Only the SAT's test taxpayers have a CSD here, and only a portal that trusts test certificates
 * (SAT_TEST_CERTS) accepts what comes out: nothing here can issue a CFDI a production portal would take.
 */

import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ComplementoEsperado } from "@portal/contracts";
import { addAmounts, divideAmounts, roundAmount, subtractAmounts } from "../money";
import { simplePdf } from "../pdf/simple-pdf";
import { packageDataDir } from "./cadena";
import { certificateInfo, parseCertificate } from "./certificates";
import { type ComplementoPrueba, issueTestComplemento, type PagoPrueba } from "./complemento";
import { type ConceptoPrueba, type FacturaPrueba, issueTestFactura, type RfcPrueba } from "./emitir";

/**
 * The SAT's public test taxpayers whose CSD ships in sat/certs, with the name and regime their CSD carries and the
 * postal code the demo issues from (the demo receipts' CP) where nothing else says it (a payment complement).
 */
export const CONTRIBUYENTES_PRUEBA: Record<RfcPrueba, { nombre: string; regimen: string; cp: string }> = {
  EKU9003173C9: { nombre: "ESCUELA KEMPER URGATE", regimen: "601", cp: "86000" },
  XIQB891116QE4: { nombre: "BERENICE XIMO QUEZADA", regimen: "612", cp: "44160" },
};

export function isTestCsdRfc(rfc: string): rfc is RfcPrueba {
  return Object.hasOwn(CONTRIBUYENTES_PRUEBA, rfc.trim().toUpperCase());
}

/** The validity of the test CSD of `rfc`, as its certificate says. */
export function testCsdValidity(rfc: RfcPrueba): { validFrom: Date; validTo: Date } {
  const cer = parseCertificate(readFileSync(join(packageDataDir(), "sat", "certs", `${rfc}.cer`)));
  if (!cer) throw new Error(`El certificado de prueba de ${rfc} no se puede leer.`);
  const info = certificateInfo(cer);
  return { validFrom: info.validFrom, validTo: info.validTo };
}

/** Mexico's central time (UTC−6), as the CFDI's dates are written: AAAA-MM-DDThh:mm:ss. */
export function cfdiDateOf(instant: Date): string {
  return new Date(instant.getTime() - 6 * 3600_000).toISOString().slice(0, 19);
}

export const TEST_CSD_MSG = {
  rfcSinCsd: (rfc: string) =>
    `El RFC ${rfc} no es un contribuyente de prueba del SAT con CSD de prueba en el portal (${Object.keys(
      CONTRIBUYENTES_PRUEBA,
    ).join(", ")}); no se le puede emitir un CFDI de prueba.`,
  csdVencido: (rfc: string, fecha: string, vence: string) =>
    `El CSD de prueba que el SAT publica para ${rfc} venció el ${vence}: un CFDI con fecha ${fecha} no se puede sellar con él. El portal no emite CFDI con fecha anterior a la de hoy; vea el README (CFDI de prueba).`,
  csdAunNoVigente: (rfc: string, fecha: string, desde: string) =>
    `El CSD de prueba que el SAT publica para ${rfc} es válido desde el ${desde}: un CFDI con fecha ${fecha} no se puede sellar con él.`,
} as const;

/**
 * Why a CFDI of `rfc` dated `fecha` (AAAA-MM-DDThh:mm:ss, Mexico's time) cannot be sealed with its test CSD, or
 * null when it can: the portal refuses a CFDI dated outside its certificate's validity (verify.ts), so issuing
 * one would only give the supplier a refusal later.
 */
export function testCsdRefusal(rfc: string, fecha: string): string | null {
  const upper = rfc.trim().toUpperCase();
  if (!isTestCsdRfc(upper)) return TEST_CSD_MSG.rfcSinCsd(upper);
  const { validFrom, validTo } = testCsdValidity(upper);
  const instant = new Date(`${fecha}-06:00`);
  if (instant > validTo) return TEST_CSD_MSG.csdVencido(upper, fecha, cfdiDateOf(validTo).slice(0, 10));
  if (instant < validFrom) return TEST_CSD_MSG.csdAunNoVigente(upper, fecha, cfdiDateOf(validFrom).slice(0, 10));
  return null;
}

// ── The PDF that prints the CFDI ──────────────────────────────────────────────────────────────────────────────

/** A one-page PDF (Helvetica, WinAnsi) with a title and lines: the printed representation of a test CFDI. */
export const testCfdiPdf = (title: string, lines: readonly string[]): Uint8Array =>
  simplePdf(title, lines, { titleSize: 15, lineSize: 9, lineGap: 15, x: 48, y: 790 });

const NOTA_PDF =
  "Representación impresa de un CFDI de prueba, sellado con el CSD de prueba del SAT (sin validez fiscal).";

// ── Issuing ───────────────────────────────────────────────────────────────────────────────────────────────────

export interface TestCfdi {
  /** The sealed and stamped XML. */
  xml: string;
  pdf: Uint8Array;
  /** File name without extension: folio and issuer's RFC. */
  nombre: string;
  uuid: string;
}

/** A fresh stamp: a random UUID (upper case, as the SAT's) and the stamp date one minute after the CFDI's. */
export function freshStamp(fecha: string): { uuid: string; fechaTimbrado: string } {
  const instant = new Date(`${fecha}-06:00`);
  return { uuid: randomUUID().toUpperCase(), fechaTimbrado: cfdiDateOf(new Date(instant.getTime() + 60_000)) };
}

/** An invoice (I) or credit note (E) of `f`, sealed, stamped and printed. Throws when the CSD cannot seal it. */
export function testFacturaCfdi(f: FacturaPrueba & { total: string }): TestCfdi {
  const refusal = testCsdRefusal(f.emisor.rfc, f.fecha);
  if (refusal) throw new RangeError(refusal);
  const xml = issueTestFactura(f);
  const nota = f.tipo === "E";
  const folio = `${f.serie ?? ""}${f.folio ?? ""}`;
  const pdf = testCfdiPdf(`${nota ? "Nota de crédito" : "Factura"} ${folio}`, [
    `Emisor: ${f.emisor.nombre} (${f.emisor.rfc})  Régimen: ${f.emisor.regimen}  Lugar de expedición: ${f.lugarExpedicion}`,
    `Receptor: ${f.receptor.nombre} (${f.receptor.rfc})  CP: ${f.receptor.cp}  Régimen: ${f.receptor.regimen}  Uso: ${f.receptor.uso}`,
    `Fecha: ${f.fecha}  Timbrado: ${f.fechaTimbrado}  UUID: ${f.uuid}`,
    `Subtotal: ${f.subtotal}  Descuento: ${f.descuento ?? "0.00"}  IVA: ${f.iva}  Total: ${f.total} ${f.moneda ?? "MXN"}`,
    `Forma de pago: ${f.formaPago}  Método de pago: ${f.metodoPago}`,
    ...(f.cfdiRelacionados ?? []).map((g) => `CFDI relacionados (${g.TipoRelacion}): ${g.UUIDs.join(", ")}`),
    `Concepto: ${f.concepto ?? "Mercancía según entrada de almacén"}`,
    NOTA_PDF,
  ]);
  return { xml, pdf, nombre: `${folio || f.uuid.slice(0, 8)}-${f.emisor.rfc}`, uuid: f.uuid };
}

/** The pago20:Pago of the complement the portal expects (getComplementoEsperado), with the IVA it computes. */
export function pagoDelEsperado(esperado: ComplementoEsperado): PagoPrueba {
  return {
    FechaPago: esperado.FechaPago,
    FormaDePagoP: esperado.FormaDePagoP,
    MonedaP: esperado.MonedaP,
    TipoCambioP: esperado.TipoCambioP,
    Monto: esperado.Monto,
    Documentos: esperado.Documentos.map(({ TrasladosDR, ...documento }) => ({
      ...documento,
      ...(TrasladosDR[0] ? { TrasladoDR: { BaseDR: TrasladosDR[0].BaseDR, ImporteDR: TrasladosDR[0].ImporteDR } } : {}),
    })),
  };
}

/** A payment complement (P) of `c`, sealed, stamped and printed. Throws when the CSD cannot seal it. */
export function testComplementoCfdi(c: ComplementoPrueba): TestCfdi {
  const refusal = testCsdRefusal(c.emisor.rfc, c.fecha);
  if (refusal) throw new RangeError(refusal);
  const xml = issueTestComplemento(c);
  const folio = `${c.serie ?? ""}${c.folio ?? ""}`;
  const pdf = testCfdiPdf(`Complemento de pago ${folio}`, [
    `Emisor: ${c.emisor.nombre} (${c.emisor.rfc})  Régimen: ${c.emisor.regimen}  Lugar de expedición: ${c.lugarExpedicion}`,
    `Receptor: ${c.receptor.nombre} (${c.receptor.rfc})  CP: ${c.receptor.cp}  Uso: CP01`,
    `Fecha: ${c.fecha}  Timbrado: ${c.fechaTimbrado}  UUID: ${c.uuid}`,
    ...c.pagos.flatMap((p) => [
      `Pago: ${p.FechaPago.slice(0, 10)}  Forma de pago: ${p.FormaDePagoP}  Monto: ${p.Monto} ${p.MonedaP}`,
      ...p.Documentos.map(
        (d) =>
          `Factura ${d.Serie ?? ""}${d.Folio ?? ""} (${d.IdDocumento}) parcialidad ${d.NumParcialidad}: saldo anterior ${d.ImpSaldoAnt}, pagado ${d.ImpPagado}, saldo insoluto ${d.ImpSaldoInsoluto}`,
      ),
    ]),
    NOTA_PDF,
  ]);
  return { xml, pdf, nombre: `${folio || c.uuid.slice(0, 8)}-${c.emisor.rfc}`, uuid: c.uuid };
}

// ── From the portal's records ─────────────────────────────────────────────────────────────────────────────────

/** One goods receipt as the invoice needs it (ErpEntrada's fields). */
export interface EntradaParaFactura {
  docNum: number;
  numAtCard: string;
  docTotal: string;
  vatSum: string;
  discSum: string;
  wtSum: string;
  peyMethod: string;
  mainUsage: string;
  cp: string;
  groupNum: number;
  docCur: string;
  docRate: string;
}

export interface Receptor {
  rfc: string;
  nombre: string;
  cp: string;
  regimen: string;
}

const sumOf = (xs: readonly string[]) => (xs.length === 0 ? "0" : roundAmount(addAmounts(...xs), 2));
const commonOf = (xs: readonly string[]) => [...new Set(xs.map((x) => x.trim()))].join(" / ");

/**
 * The invoice that matches `entradas` as the portal checks it (spec §5): the receipts' sum (SubTotal = total − IVA
 * + discount, the discount and the IVA as the receipts carry them, the withholdings as ISR), their currency and
 * exchange rate, their payment form (a receipt with credit days carries 99, por definir) and use, the receipts'
 * postal code as place of issue, and the spec's rule on the payment method: PPD when a receipt has credit days,
 * otherwise PUE.
 */
export function facturaDeEntradas(input: {
  emisor: { rfc: RfcPrueba; nombre: string };
  receptor: Receptor;
  entradas: readonly EntradaParaFactura[];
  fecha: string;
  folio: string;
  stamp: { uuid: string; fechaTimbrado: string };
}): FacturaPrueba & { total: string } {
  const { entradas } = input;
  const docTotal = sumOf(entradas.map((e) => e.docTotal));
  const iva = sumOf(entradas.map((e) => e.vatSum));
  const descuento = sumOf(entradas.map((e) => e.discSum || "0"));
  const retenciones = sumOf(entradas.map((e) => e.wtSum || "0"));
  const ppd = entradas.some((e) => e.groupNum > 0);
  const moneda = commonOf(entradas.map((e) => e.docCur)) || "MXN";
  return {
    emisor: { ...input.emisor, regimen: CONTRIBUYENTES_PRUEBA[input.emisor.rfc].regimen },
    receptor: { ...input.receptor, uso: commonOf(entradas.map((e) => e.mainUsage)) },
    lugarExpedicion: commonOf(entradas.map((e) => e.cp)),
    fecha: input.fecha,
    serie: "PRUEBA",
    folio: input.folio,
    formaPago: commonOf(entradas.map((e) => e.peyMethod)),
    metodoPago: ppd ? "PPD" : "PUE",
    moneda,
    ...(moneda === "MXN" ? {} : { tipoCambio: entradas[0]?.docRate ?? "1" }),
    subtotal: addAmounts(subtractAmounts(docTotal, iva), descuento),
    descuento,
    iva,
    retenciones,
    concepto: `Mercancía según ${entradas.length > 1 ? "las entradas" : "la entrada"} ${entradas
      .map((e) => (e.numAtCard ? `${e.docNum} (${e.numAtCard})` : String(e.docNum)))
      .join(", ")}`,
    ...input.stamp,
    total: subtractAmounts(docTotal, retenciones),
  };
}

/**
 * A credit note (E, TipoRelacion 01) for `importe` (IVA included) of an invoice: its receiver, currency and place
 * of issue; base and IVA 16 % split back from the amount; payment form 15 (condonación) would need a PUE invoice,
 * so the invoice's own form is kept and the method is PUE, as a credit note is settled when issued.
 */
export function notaDeFactura(input: {
  emisor: { rfc: RfcPrueba; nombre: string };
  receptor: Receptor & { uso?: string };
  factura: { uuid: string; moneda: string; tipoCambio?: string | null; formaPago: string; lugarExpedicion: string };
  importe: string;
  fecha: string;
  folio: string;
  stamp: { uuid: string; fechaTimbrado: string };
}): FacturaPrueba & { total: string } {
  const total = roundAmount(input.importe, 2);
  const subtotal = divideAmounts(total, "1.16", 2);
  const { factura } = input;
  return {
    emisor: { ...input.emisor, regimen: CONTRIBUYENTES_PRUEBA[input.emisor.rfc].regimen },
    receptor: { ...input.receptor, uso: input.receptor.uso ?? "G02" },
    lugarExpedicion: factura.lugarExpedicion,
    fecha: input.fecha,
    serie: "NC",
    folio: input.folio,
    formaPago: factura.formaPago === "99" ? "03" : factura.formaPago,
    metodoPago: "PUE",
    moneda: factura.moneda,
    ...(factura.moneda === "MXN" ? {} : { tipoCambio: factura.tipoCambio ?? "1" }),
    subtotal,
    iva: subtractAmounts(total, subtotal),
    concepto: "Descuento sobre la factura relacionada (nota de crédito de prueba)",
    claveProdServ: "84111506",
    cfdiRelacionados: [{ TipoRelacion: "01", UUIDs: [factura.uuid.toUpperCase()] }],
    tipo: "E",
    ...input.stamp,
    total,
  };
}

/** A base document's line an invoice bills by quantity (issue 42): its item, the quantity and its amount. */
export interface LineaParaConcepto {
  itemCode: string;
  itemName: string;
  /** The quantity billed, as the supplier wrote it. */
  cantidad: string;
  /** The billed quantity's amount before taxes (the server's importe of the line). */
  importe: string;
}

const centsOf = (v: string | undefined) => Math.round(Number(v ?? "0") * 100);

/** `total` cents split in proportion to `pesos` (the last takes what rounding leaves). */
function repartir(total: number, pesos: readonly number[]): number[] {
  const suma = pesos.reduce((s, p) => s + p, 0);
  let resto = total;
  return pesos.map((p, i) => {
    if (i === pesos.length - 1) return resto;
    const parte = suma > 0 ? Math.round((total * p) / suma) : Math.round(total / pesos.length);
    resto -= parte;
    return parte;
  });
}

/**
 * Issue 42: the invoice `f` (facturaDeEntradas of the chosen part) with one concept per billed line — its item code
 * (NoIdentificacion), name and quantity, so that the registration forms propose those quantities — and the invoice's
 * subtotal, discount, IVA and withholdings split among them in proportion to the lines' amounts: the CFDI's totals
 * stay `f`'s to the cent.
 */
export function conConceptosDeLineas<F extends FacturaPrueba>(f: F, lineas: readonly LineaParaConcepto[]): F {
  if (lineas.length === 0) return f;
  const pesos = lineas.map((l) => centsOf(l.importe));
  const [subtotal, descuento, iva, isr, ivaRetenido] = [f.subtotal, f.descuento, f.iva, f.retenciones, f.ivaRetenido]
    .map(centsOf)
    .map((c) => repartir(c, pesos));
  const amount = (c: number) => (c / 100).toFixed(2);
  const conceptos: ConceptoPrueba[] = lineas.map((l, i) => ({
    claveProdServ: f.claveProdServ ?? "01010101",
    descripcion: l.itemName,
    noIdentificacion: l.itemCode,
    cantidad: l.cantidad,
    importe: amount(subtotal?.[i] ?? 0),
    descuento: amount(descuento?.[i] ?? 0),
    iva: amount(iva?.[i] ?? 0),
    isr: amount(isr?.[i] ?? 0),
    ivaRetenido: amount(ivaRetenido?.[i] ?? 0),
  }));
  return { ...f, conceptos };
}
