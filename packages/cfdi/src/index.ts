/**
 * @portal/cfdi — reading and validating CFDI 4.0 invoices and Pagos 2.0 payment complements, SAT
 * catalogues, exact money arithmetic and file helpers. Pure: no I/O, runs in the browser and in Node.
 * The web validates with it for immediate feedback; the API re-runs the same code and is the authority.
 */
import { MSG } from "@portal/contracts/messages";
import { type CfdiKind, kindOf, loadXml, type ReadOptions } from "./cfdi";
import { type InvoiceData, type InvoiceVariant, readInvoiceRoot, readInvoiceRootDetailed } from "./invoice";
import { CFDI_MSG } from "./messages";
import { type PaymentData, readPaymentRoot } from "./payment";

export { BASE64_CHUNK_SIZE, base64FromBytes, bytesChunksFromBase64, bytesFromBase64 } from "./base64";
export {
  CATALOGOS,
  type CatalogoEntry,
  type CatalogoName,
  decimalesMoneda,
  describeCode,
  describeFormaPago,
  describeMetodoPago,
  describeMoneda,
  describeRegimenFiscal,
  describeUsoCfdi,
  existsInCatalogo,
  listCatalogo,
  metodoPagoPorDiasCredito,
  personasDelRegimen,
} from "./catalogos";
export { type CfdiKind, type ReadOptions, SAT_NS } from "./cfdi";
export {
  type ComplementoEsperadoInput,
  complementoEsperado,
  type FacturaDelPago,
  fechaLimiteComplemento,
  type ImportesFactura,
  impuestosDocumento,
  type PagoErp,
  totalesPago,
  trasladosPago,
} from "./complemento-esperado";
export { type ConceptoLeido, readConceptos } from "./conceptos";
export {
  CREDIT_NOTE_RELATIONS,
  creditedUuids,
  describeTipoRelacion,
  firstCreditRelation,
  isCreditRelation,
  relationGroups,
} from "./credit-note";
export { ddmmyyyyToIso, isIsoDate } from "./dates";
export {
  checkComprobanteFile,
  checkImage,
  checkInvoiceFiles,
  checkPaymentFiles,
  checkPdf,
  checkPdfContent,
  checkXmlFile,
  cleanFileName,
  detectFileType,
  type FileType,
  type PdfCheckOptions,
  type UploadedFile,
} from "./files";
export {
  IMAGE_LIMITS,
  type ImageCheckOptions,
  type ImageInflate,
  type ImageLimits,
  type ImageType,
  type ImageVerdict,
  imageTypeOf,
  scanImage,
} from "./image/scan";
export { decodeXmlInput, MAX_XML_BYTES } from "./input";
export {
  type CfdiRelacionado,
  type ConceptLine,
  type InvoiceData,
  type InvoiceTipo,
  type InvoiceVariant,
  type ReadInvoiceOptions,
  type ReadInvoiceResult,
  readCfdiRelacionados,
  readCreditNote,
  readInvoice,
} from "./invoice";
export { CFDI_MSG, CFDI_WARN, SELLO_MSG } from "./messages";
export {
  addAmounts,
  compareAmounts,
  divideAmounts,
  formatAmount,
  isAmount,
  multiplyAmounts,
  parseAmount,
  roundAmount,
  sameAmount2,
  subtractAmounts,
} from "./money";
export {
  buildPostFacturaPayload,
  buildPostPagoPayload,
  invoiceXmlFields,
  type PayloadFile,
  type PostFacturaChoice,
  type PostFacturaPayload,
  type PostFacturaPayloadInput,
  type PostPagoPayload,
  type PostPagoPayloadInput,
  postFacturaFields,
} from "./payloads";
export {
  normalizeUuid,
  type PaymentData,
  type PaymentDocument,
  type PaymentNode,
  type ReadPaymentResult,
  readPaymentComplement,
} from "./payment";
export type { PdfDecoders } from "./pdf/filters";
export { PDF_LIMITS, type PdfLimits } from "./pdf/scan";
export {
  checkInvoiceAgainst,
  checkPaymentAgainst,
  type EntradaCheck,
  type InvoiceCheckContext,
  type InvoiceMismatch,
  invoiceMismatches,
  joinEntradas,
  type PaymentCheckContext,
} from "./rules";
export {
  type CierreSaldo,
  cierreDe,
  type FilaSaldo,
  type MovimientoSaldo,
  type SaldoFactura,
  type SaldoFacturaInput,
  saldoAl,
  saldoFactura,
  saldoParaNota,
} from "./saldo-factura";
export {
  AGAPES_CLAVES,
  checkWithholdings,
  DEFAULT_WITHHOLDING_RULES,
  RENT_CLAVE_PREFIX,
  WITHHOLDING_MSG,
  WITHHOLDING_RULE,
  type WithholdingContext,
  type WithholdingInvoice,
  type WithholdingRules,
} from "./withholdings";
export type { XmlDeclaration, XmlElement, XmlParseError, XmlParseOptions, XmlParseResult } from "./xml";
export { childrenNamed, parseXml, XML_NAMESPACE } from "./xml";

/** 'factura' (CFDI of type I), 'nota' (type E, issue 39), 'pago' (type P) or 'otro' (anything else, unreadable input included). Never throws. */
export function classifyCfdi(xml: string | Uint8Array, options: ReadOptions = {}): CfdiKind {
  const loaded = loadXml(xml, options);
  return loaded.ok ? kindOf(loaded.root) : "otro";
}

export type ValidateCfdiResult =
  | { kind: CfdiKind; ok: true; data: InvoiceData | PaymentData; warnings: string[]; errors: [] }
  | { kind: CfdiKind; ok: false; data: null; warnings: []; errors: string[] };

/**
 * One parse, then the reader the document's kind calls for (an invoice reader for 'otro', whose
 * messages say what the document is and what was expected). Used by the command line.
 */
export function validateCfdi(
  xml: string | Uint8Array,
  options: ReadOptions & { variant?: InvoiceVariant } = {},
): ValidateCfdiResult {
  const loaded = loadXml(xml, options);
  if (!loaded.ok) return { kind: "otro", ok: false, data: null, warnings: [], errors: loaded.errors };
  const kind = kindOf(loaded.root);
  try {
    const result =
      kind === "pago"
        ? readPaymentRoot(loaded.root)
        : kind === "nota"
          ? readInvoiceRootDetailed(loaded.root, "alta", "E").result
          : readInvoiceRoot(loaded.root, options.variant ?? "alta");
    return result.ok
      ? { kind, ok: true, data: result.data, warnings: result.warnings, errors: [] }
      : { kind, ok: false, data: null, warnings: [], errors: result.errors };
  } catch {
    return { kind, ok: false, data: null, warnings: [], errors: [MSG.xmlSinTimbre, CFDI_MSG.xmlError] };
  }
}
export { type SimplePdfLayout, simplePdf } from "./pdf/simple-pdf";
