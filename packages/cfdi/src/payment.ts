/**
 * Reading a payment complement: a stamped CFDI 4.0 of type P (Pago) carrying Pagos 2.0.
 * Spec §5 "Payments" lists the structure required; spec §3 names the fields (postPago payload).
 */
import { MSG } from "@portal/contracts/messages";
import {
  childrenNamed,
  describeTipo,
  inspectRoot,
  loadXml,
  PATTERNS,
  type ReadOptions,
  readTimbre,
  SAT_NS,
  StructureReader,
  type XmlElement,
} from "./cfdi";
import { CFDI_MSG, CFDI_WARN } from "./messages";
import { addAmounts, compareAmounts, multiplyAmounts, roundAmount, subtractAmounts } from "./money";

/** One pago20:DoctoRelacionado: an invoice (partly) paid by this complement. */
export interface PaymentDocument {
  /** IdDocumento, upper-cased with spaces removed (spec §5). */
  UUID: string;
  Serie?: string;
  Folio?: string;
  MonedaDR: string;
  /** "1" when absent. */
  EquivalenciaDR: string;
  NumParcialidad: string;
  ImpSaldoAnt: string;
  ImpPagado: string;
  ImpSaldoInsoluto: string;
}

/** One pago20:Pago node. */
export interface PaymentNode {
  FechaPago: string;
  FormaDePagoP: string;
  MonedaP: string;
  /** "1" when absent. */
  TipoCambioP: string;
  Monto: string;
}

export interface PaymentData {
  /** TimbreFiscalDigital 1.1 UUID, upper-cased. */
  UUID: string;
  Version: string;
  Serie?: string;
  /** Comprobante@Folio; 'S/F' when absent. */
  Folio: string;
  /** Comprobante@Fecha (issue date of the complement). */
  Fecha: string;
  FechaTimbrado: string;
  RFCEmisor: string;
  NombreEmisor: string;
  RFCReceptor: string;
  NombreReceptor: string;
  /** FechaPago of the first pago20:Pago. */
  FechaPago: string;
  /** Sum of every pago20:Pago@Monto, to 2 decimals (spec §5). */
  Total: string;
  /** pago20:Totales@MontoTotalPagos (in MXN). */
  MontoTotalPagos: string;
  Pagos: PaymentNode[];
  /** Every pago20:DoctoRelacionado of every Pago, in document order. */
  Detalle: PaymentDocument[];
}

export type ReadPaymentResult = { ok: true; data: PaymentData; warnings: string[] } | { ok: false; errors: string[] };

const EXPECTED = "un complemento de pago: un CFDI versión 4.0 de tipo P (Pago) con el complemento Pagos 2.0";
const ID_DOCUMENTO = {
  // Pagos 2.0 XSD: a UUID, or the 3-2-9 digit form used for documents that are not CFDI.
  re: /^([0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}|[0-9]{3}-[0-9]{2}-[0-9]{9})$/,
  expected: "el UUID del documento relacionado",
} as const;

/** Spec §5: related-document UUIDs are compared upper-cased with spaces removed. */
export function normalizeUuid(uuid: string): string {
  return typeof uuid === "string" ? uuid.replace(/\s+/g, "").toUpperCase() : "";
}

/** Reads and checks the structure of a payment complement. Never throws. */
export function readPaymentComplement(xml: string | Uint8Array, options: ReadOptions = {}): ReadPaymentResult {
  const loaded = loadXml(xml, options);
  if (!loaded.ok) return loaded;
  try {
    return readPaymentRoot(loaded.root);
  } catch {
    return { ok: false, errors: [MSG.xmlSinTimbre, CFDI_MSG.xmlError] };
  }
}

export function readPaymentRoot(root: XmlElement): ReadPaymentResult {
  return readPaymentRootDetailed(root).result;
}

/** The result, and what was read even when the structure is refused (null when not a CFDI 4.0 payment at all). */
export function readPaymentRootDetailed(root: XmlElement): { result: ReadPaymentResult; read: PaymentData | null } {
  const refusal = rootRefusal(root);
  if (refusal) return { result: { ok: false, errors: refusal }, read: null };

  const r = new StructureReader();
  const ns = SAT_NS.cfdi40;
  const C = "cfdi:Comprobante";
  r.required(root, "TipoDeComprobante", C);
  const version = r.required(root, "Version", C);
  if (version !== "" && version !== "4.0")
    r.problems.push(CFDI_MSG.atributoInvalido("Version", C, version.slice(0, 10), "4.0"));
  const fecha = r.required(root, "Fecha", C, PATTERNS.fecha);
  const folio = r.optional(root, "Folio", C);
  const serie = r.optional(root, "Serie", C);

  const emisor = r.one(root, ns, "Emisor", "cfdi:Emisor", true);
  const receptor = r.one(root, ns, "Receptor", "cfdi:Receptor", true);
  const complemento = r.one(root, ns, "Complemento", "cfdi:Complemento", true);
  const rfcEmisor = r.required(emisor, "Rfc", "cfdi:Emisor", PATTERNS.rfc);
  const nombreEmisor = r.required(emisor, "Nombre", "cfdi:Emisor");
  const rfcReceptor = r.required(receptor, "Rfc", "cfdi:Receptor", PATTERNS.rfc);
  const nombreReceptor = r.required(receptor, "Nombre", "cfdi:Receptor");

  const pagosEl = complemento ? pagosElement(r, complemento) : undefined;
  const { pagos, detalle, montoTotalPagos } = pagosEl
    ? readPagos(r, pagosEl)
    : { pagos: [], detalle: [], montoTotalPagos: "" };
  const timbre = readTimbre(r, root, complemento);

  const data: PaymentData = {
    UUID: timbre.UUID,
    Version: version,
    ...(serie !== undefined ? { Serie: serie } : {}),
    Folio: folio ?? "S/F",
    Fecha: fecha,
    FechaTimbrado: timbre.FechaTimbrado,
    RFCEmisor: rfcEmisor,
    NombreEmisor: nombreEmisor,
    RFCReceptor: rfcReceptor,
    NombreReceptor: nombreReceptor,
    FechaPago: pagos[0]?.FechaPago ?? "",
    // "" when a Monto is missing or invalid (the structure is then refused anyway).
    Total: pagos.every((p) => p.Monto !== "") ? roundAmount(addAmounts(...pagos.map((p) => p.Monto)), 2) : "",
    MontoTotalPagos: montoTotalPagos,
    Pagos: pagos,
    Detalle: detalle,
  };
  if (r.problems.length > 0) {
    return { result: { ok: false, errors: [MSG.xmlSinTimbre, ...new Set(r.problems)] }, read: data };
  }
  return { result: { ok: true, data, warnings: paymentWarnings(data) }, read: data };
}

/** Why the root is refused before its structure is read (not a CFDI 4.0, or not of type P), or null. */
function rootRefusal(root: XmlElement): string[] | null {
  const info = inspectRoot(root);
  if (info.family === "legacy") return [CFDI_MSG.versionNoSoportada(info.description, EXPECTED)];
  if (info.family === "other") return [MSG.xmlSinTimbre, CFDI_MSG.raizNoEsCfdi(info.description)];
  if (info.tipo !== undefined && info.tipo !== "P") {
    const what =
      info.tipo === "I" ? `una factura (CFDI 4.0 ${describeTipo("I")})` : `un CFDI 4.0 ${describeTipo(info.tipo)}`;
    return [CFDI_MSG.tipoNoEsperado(what, EXPECTED)];
  }
  return null;
}

/** The complement's one pago20:Pagos (Pagos 2.0); a problem when there are several, none or only Pagos 1.0. */
function pagosElement(r: StructureReader, complemento: XmlElement): XmlElement | undefined {
  const pagos20 = childrenNamed(complemento, SAT_NS.pagos20, "Pagos");
  if (pagos20.length > 1) r.problems.push(CFDI_MSG.nodoRepetido("pago20:Pagos"));
  else if (pagos20.length === 1) return pagos20[0];
  else if (childrenNamed(complemento, SAT_NS.pagos10, "Pagos").length > 0) r.problems.push(CFDI_MSG.pagosVersion1);
  else r.problems.push(CFDI_MSG.sinComplementoPagos);
  return undefined;
}

/** pago20:Pagos: its version and totals, every pago20:Pago and every related document, in document order. */
function readPagos(
  r: StructureReader,
  pagosEl: XmlElement,
): { pagos: PaymentNode[]; detalle: PaymentDocument[]; montoTotalPagos: string } {
  const pagos: PaymentNode[] = [];
  const detalle: PaymentDocument[] = [];
  const P = "pago20:Pagos";
  const pv = r.required(pagosEl, "Version", P);
  if (pv !== "" && pv !== "2.0") r.problems.push(CFDI_MSG.atributoInvalido("Version", P, pv.slice(0, 10), "2.0"));
  const totales = r.one(pagosEl, SAT_NS.pagos20, "Totales", "pago20:Totales", true);
  const montoTotalPagos = r.required(totales, "MontoTotalPagos", "pago20:Totales", PATTERNS.importe);
  const pagoEls = childrenNamed(pagosEl, SAT_NS.pagos20, "Pago");
  if (pagoEls.length === 0) r.problems.push(CFDI_MSG.missingNode("pago20:Pago"));
  pagoEls.forEach((pago, index) => {
    const L = pagoEls.length > 1 ? `pago20:Pago ${index + 1}` : "pago20:Pago";
    pagos.push({
      FechaPago: r.required(pago, "FechaPago", L, PATTERNS.fecha),
      FormaDePagoP: r.required(pago, "FormaDePagoP", L, PATTERNS.formaPago),
      MonedaP: r.required(pago, "MonedaP", L, PATTERNS.moneda),
      TipoCambioP: r.optional(pago, "TipoCambioP", L, PATTERNS.importe) ?? "1",
      Monto: r.required(pago, "Monto", L, PATTERNS.importe),
    });
    const docs = childrenNamed(pago, SAT_NS.pagos20, "DoctoRelacionado");
    if (docs.length === 0) r.problems.push(CFDI_MSG.missingNode(`pago20:DoctoRelacionado en ${L}`));
    for (const doc of docs) detalle.push(readDoctoRelacionado(r, doc));
  });
  return { pagos, detalle, montoTotalPagos };
}

function readDoctoRelacionado(r: StructureReader, doc: XmlElement): PaymentDocument {
  const D = "pago20:DoctoRelacionado";
  const rawId = doc.attrs.get("IdDocumento");
  const uuid = normalizeUuid(rawId ?? "");
  if (rawId === undefined || uuid === "") r.problems.push(CFDI_MSG.missingAttribute("IdDocumento", D));
  else if (!ID_DOCUMENTO.re.test(uuid)) {
    r.problems.push(CFDI_MSG.atributoInvalido("IdDocumento", D, uuid.slice(0, 40), ID_DOCUMENTO.expected));
  }
  const serieDr = r.optional(doc, "Serie", D);
  const folioDr = r.optional(doc, "Folio", D);
  return {
    UUID: uuid,
    ...(serieDr !== undefined ? { Serie: serieDr } : {}),
    ...(folioDr !== undefined ? { Folio: folioDr } : {}),
    MonedaDR: r.required(doc, "MonedaDR", D, PATTERNS.moneda),
    EquivalenciaDR: r.optional(doc, "EquivalenciaDR", D, PATTERNS.importe) ?? "1",
    NumParcialidad: r.required(doc, "NumParcialidad", D, {
      re: /^[1-9][0-9]{0,2}$/,
      expected: "un número de parcialidad",
    }),
    ImpSaldoAnt: r.required(doc, "ImpSaldoAnt", D, PATTERNS.importe),
    ImpPagado: r.required(doc, "ImpPagado", D, PATTERNS.importe),
    ImpSaldoInsoluto: r.required(doc, "ImpSaldoInsoluto", D, PATTERNS.importe),
  };
}

function paymentWarnings(d: PaymentData): string[] {
  const warnings: string[] = [];
  const monedas = [...new Set(d.Pagos.map((p) => p.MonedaP))];
  if (monedas.length > 1) warnings.push(CFDI_WARN.pagosVariasMonedas(monedas.join(", ")));
  // Pagos 2.0: MontoTotalPagos = Σ Monto × TipoCambioP, rounded to 2 decimals.
  const enPesos = roundAmount(addAmounts(...d.Pagos.map((p) => multiplyAmounts(p.Monto, p.TipoCambioP))), 2);
  if (compareAmounts(enPesos, d.MontoTotalPagos) !== 0)
    warnings.push(CFDI_WARN.montoTotalPagos(d.MontoTotalPagos, enPesos));
  const seen = new Set<string>();
  for (const doc of d.Detalle) {
    if (compareAmounts(subtractAmounts(doc.ImpSaldoAnt, doc.ImpPagado), doc.ImpSaldoInsoluto) !== 0) {
      warnings.push(CFDI_WARN.saldoInsoluto(doc.UUID, doc.NumParcialidad));
    }
    const key = `${doc.UUID} ${doc.NumParcialidad}`;
    if (seen.has(key)) warnings.push(CFDI_WARN.documentoRepetido(doc.UUID, doc.NumParcialidad));
    seen.add(key);
  }
  return [...new Set(warnings)];
}
