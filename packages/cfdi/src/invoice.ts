/**
 * Reading a supplier invoice: a stamped CFDI 4.0 of type I (Ingreso). Spec §5 "Invoice upload"
 * lists the structure required; spec §3 names the fields (postFactura payload).
 */

import { MSG } from "@portal/contracts/messages";
import { decimalesMoneda, existsInCatalogo, personasDelRegimen } from "./catalogos";
import {
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
import { addAmounts, compareAmounts, roundAmount, subtractAmounts } from "./money";
import { childrenNamed } from "./xml";

export type InvoiceVariant = "alta" | "actualizacion";

export interface InvoiceData {
  /** TimbreFiscalDigital 1.1 UUID, upper-cased. */
  UUID: string;
  /** Always "4.0". */
  Version: string;
  /** "I" for an invoice; "E" for a credit note (issue 27, readCreditNote). */
  TipoDeComprobante: string;
  Serie?: string;
  /** Comprobante@Folio; 'S/F' when absent (spec §9 default folio). */
  Folio: string;
  /** Comprobante@Fecha as written (AAAA-MM-DDThh:mm:ss). */
  FechaFactura: string;
  FechaTimbrado: string;
  RFCEmisor: string;
  NombreEmisor: string;
  RegimenFiscalEmisor: string;
  RFCReceptor: string;
  NombreReceptor: string;
  /** Receptor@DomicilioFiscalReceptor. */
  CPReceptor: string;
  /** Receptor@RegimenFiscalReceptor. */
  Regimen: string;
  /** Receptor@UsoCFDI. */
  UsoPrincipal: string;
  /** Comprobante@LugarExpedicion. */
  CPEmisor: string;
  /** Required for a new invoice; optional in the update form (spec §5). */
  SubTotal?: string;
  /** Comprobante@Descuento; "0" when absent. */
  Descuento: string;
  Total: string;
  FormaPago: string;
  MetodoPago: string;
  Moneda: string;
  /** Comprobante@TipoCambio; "1" when absent (spec §9). */
  TipoDeCambio: string;
  /** Federal taxes, cfdi:Impuestos; "0" when absent. */
  TotalImpuestosTrasladados: string;
  TotalImpuestosRetenidos: string;
  /** Local taxes, implocal:ImpuestosLocales; "0" when absent. */
  TotalTrasladosLocales: string;
  TotalRetencionesLocales: string;
  /** 'Y' when the invoice withholds taxes (federal or local), else 'N'. */
  Retenciones: "Y" | "N";
  /**
   * Issue 27: the federal taxes by kind, from cfdi:Impuestos (the invoice's totals): ISR withheld (Impuesto 001),
   * IVA withheld and IVA transferred (002); "0" when absent. With the concepts' count, for the withholding rules.
   */
  RetenidoISR: string;
  RetenidoIVA: string;
  TrasladadoIVA: string;
  Conceptos: number;
  /** Issue 27: each concept's ClaveProdServ, in document order (the fee concepts a sociedad lists). */
  ClavesProdServ: string[];
  /**
   * Issue 39 (decision 059): each concept's amounts and federal taxes, in document order, for the withholding rules
   * that take their base and their rounding range concept by concept (Anexo 20).
   */
  ConceptLines: ConceptLine[];
  /**
   * Issue 27: cfdi:CfdiRelacionados, each group's TipoRelacion and its related stamp UUIDs (upper-cased): a credit
   * note's invoices (01, 03) or the CFDI a replacement substitutes (04).
   */
  CfdiRelacionados: CfdiRelacionado[];
}

/** One cfdi:Concepto as the withholding rules read it; amounts as written ("0" when absent). */
export interface ConceptLine {
  ClaveProdServ: string;
  Importe: string;
  /** Concepto@Descuento; "0" when absent. */
  Descuento: string;
  /** The TasaOCuota of its IVA transfer at a rate (TipoFactor Tasa); null when it transfers no IVA at a rate. */
  TasaIVA: string | null;
  TrasladadoIVA: string;
  RetenidoISR: string;
  RetenidoIVA: string;
}

export interface CfdiRelacionado {
  TipoRelacion: string;
  UUIDs: string[];
}

export type ReadInvoiceResult = { ok: true; data: InvoiceData; warnings: string[] } | { ok: false; errors: string[] };

export interface ReadInvoiceOptions extends ReadOptions {
  /** 'alta' (new invoice, default) or 'actualizacion' (update form: Folio required, SubTotal not). */
  variant?: InvoiceVariant;
}

/** The kinds of CFDI this reader reads: an invoice (Ingreso) or, issue 27, a credit note (Egreso). */
export type InvoiceTipo = "I" | "E";
const EXPECTED: Record<InvoiceTipo, string> = {
  I: "una factura: un CFDI versión 4.0 de tipo I (Ingreso)",
  E: "una nota de crédito: un CFDI versión 4.0 de tipo E (Egreso)",
};
const CFDI40_START = "2022-01-01";

/** Reads and checks the structure of a supplier invoice. Never throws. */
export function readInvoice(xml: string | Uint8Array, options: ReadInvoiceOptions = {}): ReadInvoiceResult {
  const loaded = loadXml(xml, options);
  if (!loaded.ok) return loaded;
  try {
    return readInvoiceRoot(loaded.root, options.variant ?? "alta");
  } catch {
    return { ok: false, errors: [MSG.xmlSinTimbre, CFDI_MSG.xmlError] };
  }
}

export function readInvoiceRoot(root: XmlElement, variant: InvoiceVariant): ReadInvoiceResult {
  return readInvoiceRootDetailed(root, variant).result;
}

/**
 * Reading a supplier credit note (issue 27): a stamped CFDI 4.0 of type E (Egreso), the same structure as an
 * invoice (readInvoiceRootDetailed with tipo E); which invoices it credits is in CfdiRelacionados. Never throws.
 */
export function readCreditNote(xml: string | Uint8Array, options: ReadOptions = {}): ReadInvoiceResult {
  const loaded = loadXml(xml, options);
  if (!loaded.ok) return loaded;
  try {
    return readInvoiceRootDetailed(loaded.root, "alta", "E").result;
  } catch {
    return { ok: false, errors: [MSG.xmlSinTimbre, CFDI_MSG.xmlError] };
  }
}

/**
 * The result, and what was read even when the structure is refused (null when the document is not
 * a CFDI 4.0 invoice at all): the command line shows it so an operator sees why a check failed.
 */
export function readInvoiceRootDetailed(
  root: XmlElement,
  variant: InvoiceVariant,
  tipo: InvoiceTipo = "I",
): { result: ReadInvoiceResult; read: InvoiceData | null } {
  const refusal = rootRefusal(root, tipo);
  if (refusal) return { result: { ok: false, errors: refusal }, read: null };

  const r = new StructureReader();
  const C = "cfdi:Comprobante";
  r.required(root, "TipoDeComprobante", C);
  const version = r.required(root, "Version", C);
  if (version !== "" && version !== "4.0")
    r.problems.push(CFDI_MSG.atributoInvalido("Version", C, version.slice(0, 10), "4.0"));
  // The order of the reads is the order of the problems reported.
  const nodes = readNodes(r, root);
  const comprobante = readComprobante(r, root, variant);
  const partes = readPartes(r, nodes);
  const impuestos = readImpuestos(r, nodes);
  const timbre = readTimbre(r, root, nodes.complemento);
  const conceptNodes = childrenNamed(root, SAT_NS.cfdi40, "Conceptos").flatMap((c) =>
    childrenNamed(c, SAT_NS.cfdi40, "Concepto"),
  );

  const data: InvoiceData = {
    UUID: timbre.UUID,
    Version: version,
    TipoDeComprobante: tipo,
    ...(comprobante.serie !== undefined ? { Serie: comprobante.serie } : {}),
    Folio: comprobante.folio ?? "S/F",
    FechaFactura: comprobante.fecha,
    FechaTimbrado: timbre.FechaTimbrado,
    ...partes,
    CPEmisor: comprobante.cpEmisor,
    ...(comprobante.subTotal !== undefined && comprobante.subTotal !== "" ? { SubTotal: comprobante.subTotal } : {}),
    Descuento: comprobante.descuento,
    Total: comprobante.total,
    FormaPago: comprobante.formaPago,
    MetodoPago: comprobante.metodoPago,
    Moneda: comprobante.moneda,
    TipoDeCambio: comprobante.tipoCambio,
    ...impuestos,
    Conceptos: conceptNodes.length,
    ClavesProdServ: conceptNodes.map((c) => c.attrs.get("ClaveProdServ") ?? ""),
    ConceptLines: conceptNodes.map(readConceptLine),
    CfdiRelacionados: readCfdiRelacionados(root),
  };
  if (r.problems.length > 0) {
    // Issue 23: a missing Folio alone is not a broken structure; say only what is missing.
    const soloFolio = r.problems.length === 1 && r.problems[0] === CFDI_MSG.faltaFolio;
    return { result: { ok: false, errors: soloFolio ? r.problems : [MSG.xmlSinTimbre, ...r.problems] }, read: data };
  }
  return { result: { ok: true, data, warnings: invoiceWarnings(data) }, read: data };
}

/** Why the root is refused before its structure is read (not a CFDI 4.0, or another type), or null. */
function rootRefusal(root: XmlElement, tipo: InvoiceTipo): string[] | null {
  const info = inspectRoot(root);
  if (info.family === "legacy") return [CFDI_MSG.versionNoSoportada(info.description, EXPECTED[tipo])];
  if (info.family === "other") return [MSG.xmlSinTimbre, CFDI_MSG.raizNoEsCfdi(info.description)];
  if (info.tipo !== undefined && info.tipo !== tipo) {
    const what =
      info.tipo === "P"
        ? `un complemento de pago (CFDI 4.0 ${describeTipo("P")})`
        : `un CFDI 4.0 ${describeTipo(info.tipo)}`;
    return [CFDI_MSG.tipoNoEsperado(what, EXPECTED[tipo])];
  }
  return null;
}

type InvoiceNodes = ReturnType<typeof readNodes>;

/** The comprobante's child nodes (Emisor and Receptor required) and the local taxes' complement. */
function readNodes(r: StructureReader, root: XmlElement) {
  const ns = SAT_NS.cfdi40;
  const emisor = r.one(root, ns, "Emisor", "cfdi:Emisor", true);
  const receptor = r.one(root, ns, "Receptor", "cfdi:Receptor", true);
  const impuestos = r.one(root, ns, "Impuestos", "cfdi:Impuestos", false);
  const complemento = r.one(root, ns, "Complemento", "cfdi:Complemento", false);
  const implocal = complemento
    ? r.one(complemento, SAT_NS.implocal, "ImpuestosLocales", "implocal:ImpuestosLocales", false)
    : undefined;
  return { emisor, receptor, impuestos, complemento, implocal };
}

/** cfdi:Comprobante's attributes (the update form requires Folio and not SubTotal). */
function readComprobante(r: StructureReader, root: XmlElement, variant: InvoiceVariant) {
  const C = "cfdi:Comprobante";
  const folio = r.optional(root, "Folio", C);
  if (variant === "actualizacion" && folio === undefined) r.problems.push(CFDI_MSG.faltaFolio);
  return {
    folio,
    serie: r.optional(root, "Serie", C),
    fecha: r.required(root, "Fecha", C, PATTERNS.fecha),
    cpEmisor: r.required(root, "LugarExpedicion", C, PATTERNS.cp),
    subTotal:
      variant === "actualizacion"
        ? r.optional(root, "SubTotal", C, PATTERNS.importe)
        : r.required(root, "SubTotal", C, PATTERNS.importe),
    descuento: r.optional(root, "Descuento", C, PATTERNS.importe) ?? "0",
    total: r.required(root, "Total", C, PATTERNS.importe),
    formaPago: r.required(root, "FormaPago", C, PATTERNS.formaPago),
    metodoPago: r.required(root, "MetodoPago", C, PATTERNS.metodoPago),
    moneda: r.required(root, "Moneda", C, PATTERNS.moneda),
    tipoCambio: r.optional(root, "TipoCambio", C, PATTERNS.importe) ?? "1",
  };
}

/** cfdi:Emisor's and cfdi:Receptor's attributes, as InvoiceData names them. */
function readPartes(r: StructureReader, nodes: InvoiceNodes) {
  const E = "cfdi:Emisor";
  const R = "cfdi:Receptor";
  return {
    RFCEmisor: r.required(nodes.emisor, "Rfc", E, PATTERNS.rfc),
    NombreEmisor: r.required(nodes.emisor, "Nombre", E),
    RegimenFiscalEmisor: r.required(nodes.emisor, "RegimenFiscal", E, PATTERNS.regimen),
    RFCReceptor: r.required(nodes.receptor, "Rfc", R, PATTERNS.rfc),
    NombreReceptor: r.required(nodes.receptor, "Nombre", R),
    CPReceptor: r.required(nodes.receptor, "DomicilioFiscalReceptor", R, PATTERNS.cp),
    Regimen: r.required(nodes.receptor, "RegimenFiscalReceptor", R, PATTERNS.regimen),
    UsoPrincipal: r.required(nodes.receptor, "UsoCFDI", R, PATTERNS.usoCfdi),
  };
}

/** The federal and local tax totals, and the federal taxes by kind, as InvoiceData names them. */
function readImpuestos(r: StructureReader, { impuestos, implocal }: InvoiceNodes) {
  const ns = SAT_NS.cfdi40;
  const I = "cfdi:Impuestos";
  const trasladados = r.optional(impuestos, "TotalImpuestosTrasladados", I, PATTERNS.importe) ?? "0";
  const retenidos = r.optional(impuestos, "TotalImpuestosRetenidos", I, PATTERNS.importe) ?? "0";
  const L = "implocal:ImpuestosLocales";
  const trasladosLocales = implocal ? r.required(implocal, "TotaldeTraslados", L, PATTERNS.importe) || "0" : "0";
  const retencionesLocales = implocal ? r.required(implocal, "TotaldeRetenciones", L, PATTERNS.importe) || "0" : "0";
  const byTax = (group: string, item: string, impuesto: string) =>
    (impuestos ? childrenNamed(impuestos, ns, group) : [])
      .flatMap((g) => childrenNamed(g, ns, item))
      .filter((t) => t.attrs.get("Impuesto") === impuesto)
      .map((t) => t.attrs.get("Importe") ?? "")
      .filter((importe) => PATTERNS.importe.re.test(importe))
      .reduce((sum, importe) => addAmounts(sum, importe), "0");
  const withheld = addAmounts(retenidos, retencionesLocales);
  return {
    TotalImpuestosTrasladados: trasladados,
    TotalImpuestosRetenidos: retenidos,
    TotalTrasladosLocales: trasladosLocales,
    TotalRetencionesLocales: retencionesLocales,
    Retenciones: (compareAmounts(withheld, "0") > 0 ? "Y" : "N") as "Y" | "N",
    RetenidoISR: byTax("Retenciones", "Retencion", "001"),
    RetenidoIVA: byTax("Retenciones", "Retencion", "002"),
    TrasladadoIVA: byTax("Traslados", "Traslado", "002"),
  };
}

const amountOr0 = (v: string | undefined) => (v !== undefined && PATTERNS.importe.re.test(v) ? v : "0");

/** A concept's amounts and federal taxes by kind (its own cfdi:Impuestos; malformed amounts read as 0). */
function readConceptLine(concept: XmlElement): ConceptLine {
  const ns = SAT_NS.cfdi40;
  const impuestos = childrenNamed(concept, ns, "Impuestos");
  const taxes = (group: string, item: string) =>
    impuestos.flatMap((i) => childrenNamed(i, ns, group)).flatMap((g) => childrenNamed(g, ns, item));
  const sum = (nodes: XmlElement[]) => nodes.reduce((s, n) => addAmounts(s, amountOr0(n.attrs.get("Importe"))), "0");
  const ivaTraslados = taxes("Traslados", "Traslado").filter((t) => t.attrs.get("Impuesto") === "002");
  const tasa = ivaTraslados.find((t) => t.attrs.get("TipoFactor") === "Tasa")?.attrs.get("TasaOCuota");
  const retenciones = taxes("Retenciones", "Retencion");
  return {
    ClaveProdServ: (concept.attrs.get("ClaveProdServ") ?? "").trim(),
    Importe: amountOr0(concept.attrs.get("Importe")),
    Descuento: amountOr0(concept.attrs.get("Descuento")),
    TasaIVA: tasa !== undefined && PATTERNS.importe.re.test(tasa) ? tasa : null,
    TrasladadoIVA: sum(ivaTraslados),
    RetenidoISR: sum(retenciones.filter((r) => r.attrs.get("Impuesto") === "001")),
    RetenidoIVA: sum(retenciones.filter((r) => r.attrs.get("Impuesto") === "002")),
  };
}

/** The related CFDI groups of a CFDI 4.0 (cfdi:CfdiRelacionados, any number of them), UUIDs upper-cased. */
export function readCfdiRelacionados(root: XmlElement): CfdiRelacionado[] {
  const ns = SAT_NS.cfdi40;
  return childrenNamed(root, ns, "CfdiRelacionados").map((group) => ({
    TipoRelacion: group.attrs.get("TipoRelacion") ?? "",
    UUIDs: childrenNamed(group, ns, "CfdiRelacionado").map((c) => (c.attrs.get("UUID") ?? "").trim().toUpperCase()),
  }));
}

/** Facts a reviewer should see that do not block the upload (a PAC would normally have refused them). */
function invoiceWarnings(d: InvoiceData): string[] {
  const warnings: string[] = [];
  const codes: [string, string, Parameters<typeof existsInCatalogo>[0]][] = [
    ["FormaPago", d.FormaPago, "c_FormaPago"],
    ["MetodoPago", d.MetodoPago, "c_MetodoPago"],
    ["UsoCFDI", d.UsoPrincipal, "c_UsoCFDI"],
    ["RegimenFiscal del emisor", d.RegimenFiscalEmisor, "c_RegimenFiscal"],
    ["RegimenFiscalReceptor", d.Regimen, "c_RegimenFiscal"],
  ];
  for (const [attr, code, catalogo] of codes) {
    if (!existsInCatalogo(catalogo, code)) warnings.push(CFDI_WARN.codigoFueraDeCatalogo(attr, code, catalogo));
  }
  for (const [quien, rfc, regimen] of [
    ["del emisor", d.RFCEmisor, d.RegimenFiscalEmisor],
    ["del receptor", d.RFCReceptor, d.Regimen],
  ] as const) {
    const personas = personasDelRegimen(regimen);
    // RFC length says who it is: 12 characters persona moral, 13 persona física.
    const persona = rfc.length === 12 ? "moral" : "física";
    if (personas && !(persona === "moral" ? personas.moral : personas.fisica)) {
      warnings.push(CFDI_WARN.rfcRegimen(quien, rfc, regimen, persona));
    }
  }
  if (d.FechaFactura.slice(0, 10) < CFDI40_START) warnings.push(CFDI_WARN.fechaAnteriorCfdi40(d.FechaFactura));
  if (d.SubTotal !== undefined) {
    // Anexo 20: Total = SubTotal − Descuento + trasladados − retenidos (federal and local), in the currency's decimals.
    const decimals = decimalesMoneda(d.Moneda) ?? 2;
    const expected = subtractAmounts(
      addAmounts(subtractAmounts(d.SubTotal, d.Descuento), d.TotalImpuestosTrasladados, d.TotalTrasladosLocales),
      addAmounts(d.TotalImpuestosRetenidos, d.TotalRetencionesLocales),
    );
    if (roundAmount(expected, decimals) !== roundAmount(d.Total, decimals)) {
      warnings.push(CFDI_WARN.totalNoCuadra(d.Total, roundAmount(expected, decimals)));
    }
  }
  return warnings;
}
