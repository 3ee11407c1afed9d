/**
 * The ERP boundary. Everything SAP Business One-specific (company databases, OPOR/OPDN/OVPM tables or the
 * Service Layer's OData, DocEntry vs DocNum, numeric formats) stays behind `ErpAdapter`; routes, services and
 * screens only see these types. Today there is one implementation, `mock` (./mock), reading SAP-shaped tables
 * in the `erp_mock` PostgreSQL schema; a Service Layer client would implement the same interface (one session
 * per company database, paging with $skip/$top) and pass the same contract suite (test/erp-contract.ts).
 *
 * Conventions of every adapter:
 * - A supplier (business partner) has the SAME CardCode in every company database. The portal keys suppliers
 *   by CardCode (proveedores.card_code) and the sociedad by its company database (sociedades.bd_sap, the
 *   spec's BD), so "supplier X in sociedad Y" is always the pair (Y.bd_sap, X.card_code).
 * - Amounts, quantities, rates and percentages are decimal strings in the document's currency, without
 *   trailing zeros beyond what they mean ("1160.00" for money, "12.5" for a quantity, "0" for no discount).
 *   Money keeps two decimals.
 * - Dates are ISO calendar dates (YYYY-MM-DD).
 * - Lists come newest first (DocDate desc, then company database, then DocNum desc, then DocEntry desc: DocNum
 *   repeats across numbering series, decision 051) so that the row number the portal assigns is stable between two
 *   calls on unchanged data.
 * - File references are ids the portal downloads through /api/archivos/:id. The mock's are ids of `archivos` (it
 *   stores PDFs there); the Service Layer adapter's name an ERP attachment whose bytes it copies into archivos
 *   only when an authorized user first downloads it (copyPdf).
 */

/**
 * Which documents a call may read. Built by the portal from the session (erp/scope.ts), never from the
 * request body: the supplier's own CardCode and the company databases it is registered with; for employees
 * every registered company database and no CardCode filter.
 */
export interface ErpScope {
  /** Company databases (sociedades.bd_sap) to read. Empty means nothing. */
  readonly bds: readonly string[];
  /** Only this business partner's documents; null means every partner (employees). */
  readonly cardCode: string | null;
}

/** O = open, C = closed (SAP DocStatus / LineStatus). */
export type ErpStatus = "O" | "C";

/** A line of a purchase order or a goods receipt (POR1 / PDN1). */
export interface ErpLinea {
  /** 0-based position in the document (SAP LineNum). */
  lineNum: number;
  itemCode: string;
  itemName: string;
  /** Description in the foreign language (SAP FrgnName), '' when none. */
  frgnName: string;
  lineStatus: ErpStatus;
  uomCode: string;
  quantity: string;
  /** Quantity still to be delivered (orders) or invoiced (receipts). */
  openQty: string;
  /** Unit price before the line discount. */
  priceBefDi: string;
  discPrcnt: string;
  /** Quantity x price after the line discount, before the header discount and taxes. */
  lineTotal: string;
  /**
   * Issue 42 part 2 (decision 076): true on a purchase order line of a non-inventory item (SAP OITM.InvntItem 'N',
   * Items.InventoryItem tNO: a service), which may be billed against the order without a goods receipt (BaseType
   * 22). Absent on receipt lines and on the lines of adapters that do not read it.
   */
  servicio?: boolean;
}

/** Header of a purchasing document (OPOR / OPDN), in the document's currency. */
export interface ErpDocumentoCompra {
  /** Company database the document lives in. */
  bd: string;
  /** Internal key (SAP DocEntry): unique per company database and document kind. */
  docEntry: number;
  /** The number users read (SAP DocNum). */
  docNum: number;
  cardCode: string;
  cardName: string;
  docStatus: ErpStatus;
  docDate: string;
  /** Agreed delivery date (orders) or payment due date (receipts). */
  docDueDate: string;
  /** Credit days (payment terms): above 0 means PPD, otherwise PUE. */
  groupNum: number;
  /** CFDI use code (c_UsoCFDI), e.g. G03. */
  mainUsage: string;
  /** Payment form code (c_FormaPago), e.g. 03 or 99. */
  peyMethod: string;
  docCur: string;
  /** Exchange rate to MXN ("1" for MXN). */
  docRate: string;
  /** The supplier's reference (quote, remission). */
  numAtCard: string;
  comments: string;
  discPrcnt: string;
  discSum: string;
  vatSum: string;
  /** Withheld taxes (ISR, IVA). The CFDI total is docTotal - wtSum. */
  wtSum: string;
  /** Subtotal - discount + VAT, before withholdings. */
  docTotal: string;
  /** The id the document's PDF downloads under (/api/archivos/:id; see copyPdf), or null. */
  pdfArchivoId: string | null;
  /** Change stamp (see ErpVersionDocumento). */
  version: string;
}

/**
 * A purchasing document's key and change stamp. The version is opaque and differs after any change to the
 * document (header or lines): the portal caches each document's serialized row under (bd, docEntry, version)
 * and reads in full only the documents whose version it has not seen. The mock keeps an exact counter
 * (triggers); a Service Layer client would combine UpdateDate, UpdateTS and LogInstanc.
 */
export interface ErpVersionDocumento {
  bd: string;
  docEntry: number;
  version: string;
}
export type ErpClaveDocumento = Pick<ErpVersionDocumento, "bd" | "docEntry">;

export interface ErpPedido extends ErpDocumentoCompra {
  lineas: ErpLinea[];
}

export interface ErpEntrada extends ErpDocumentoCompra {
  /** DocNum of the purchase order it delivers, null when it has none. */
  pedidoDocNum: number | null;
  /** Postal code the supplier issues from (checked against the invoice's place of issue). */
  cp: string;
  lineas: ErpLinea[];
}

/** A supplier as a business partner of one company database (OCRD). */
export interface ErpProveedor {
  bd: string;
  cardCode: string;
  cardName: string;
  rfc: string;
  /** Usual credit days. */
  groupNum: number;
  zipCode: string;
}

/** Issue 41 item 3 (decision 070): the supplier business partner an approved invitation links or creates. */
export interface ErpSocioProveedorNuevo {
  /** The CardCode to create it with when SAP has no supplier of this RFC (the portal's proposal). */
  cardCode: string;
  /** FederalTaxID (OCRD.LicTradNum). */
  rfc: string;
  /** CardName (100 characters at most). */
  cardName: string;
  /** EmailAddress (OCRD.E_Mail). */
  email: string;
}

/** An A/P invoice settled by a vendor payment (VPM2 joined to OPCH). */
export interface ErpPagoFactura {
  lineNum: number;
  facturaDocEntry: number;
  facturaDocNum: number;
  /** The supplier's folio (NumAtCard). */
  folio: string;
  /** CFDI stamp UUID of the invoice, upper case. */
  uuid: string;
  fecha: string;
  facturaTotal: string;
  /** Amount of this payment applied to the invoice, in the invoice's currency. */
  sumApplied: string;
  /** The same amount in the payment's currency (equal to sumApplied when the currencies are the same). */
  appliedPago: string;
  docCur: string;
}

/** An outgoing vendor payment (OVPM) with the invoices it pays. */
export interface ErpPago {
  bd: string;
  docEntry: number;
  docNum: number;
  cardCode: string;
  cardName: string;
  docDate: string;
  /** Payment form code (c_FormaPago). */
  formaPago: string;
  docTotal: string;
  docCur: string;
  /** Exchange rate of the payment's currency to MXN ("1" for MXN). */
  docRate: string;
  canceled: "Y" | "N";
  facturas: ErpPagoFactura[];
}

/** One payment applied to an A/P invoice (the invoice's payment history, for the complement's parcialidades). */
export interface ErpAplicacion {
  facturaDocEntry: number;
  pagoDocEntry: number;
  pagoDocNum: number;
  docDate: string;
  /** In the invoice's currency. */
  sumApplied: string;
  canceled: "Y" | "N";
}

/** A purchasing document that has a given file as its PDF (for authorizing downloads). */
export interface ErpPdfOwner {
  kind: "pedido" | "entrada";
  bd: string;
  cardCode: string;
  docNum: number;
}

/**
 * The A/P invoice (SAP OPCH) the portal asks the ERP to create when a reviewer accepts an invoice (issue 13):
 * based on the goods receipt (its lines copied, the receipt closed), or on every receipt the CFDI bills (issue
 * 27), with the CFDI's data.
 */
export interface ErpFacturaProveedorNueva {
  bd: string;
  /** The portal invoice id, stored with the document (U_SYS_PORTALID): what makes creation idempotent. */
  portalId: number;
  cardCode: string;
  /** The goods receipt the A/P invoice is based on (the first of `entradaDocNums` when there are several). */
  entradaDocNum: number;
  /**
   * Issue 27: every goods receipt one CFDI bills, `entradaDocNum` first, each copied (its open lines, BaseType
   * 20) and closed; absent means `[entradaDocNum]`.
   */
  entradaDocNums?: readonly number[];
  /**
   * Issue 37 (decision 051): the same receipts by DocEntry, in the same order as `entradaDocNums` (DocNum repeats
   * across numbering series; DocEntry does not). When given, adapters copy exactly these receipts; absent (a job
   * queued before migration 0026 whose receipts the portal could not resolve), they look the numbers up and refuse
   * a number that names several of the supplier's receipts.
   */
  entradaDocEntries?: readonly number[];
  /** The supplier's folio (NumAtCard). */
  numAtCard: string;
  /**
   * CFDI stamp UUID (U_SYS_PMUUID); '' for an invoice without CFDI (a foreign supplier's, decision 073): the user
   * field is not sent.
   */
  uuid: string;
  /** The CFDI's date, YYYY-MM-DD. */
  docDate: string;
  /** The CFDI's Total (what the supplier is owed), money. */
  docTotal: string;
  /** Transferred and withheld taxes of the CFDI, money. */
  vatSum: string;
  wtSum: string;
  docCur: string;
  docRate: string;
  comments: string;
  /** F3 (decision 047): how the ERP's posting date is chosen when the CFDI's period is closed (sociedad's rule). */
  postingDateRule?: PostingDateRule;
  /**
   * Issue 42 (decision 074): when present and not empty, the A/P invoice copies exactly these base lines with these
   * quantities (SAP Document_Lines BaseType/BaseEntry/BaseLine/Quantity) instead of every open line of the
   * receipts; each base line's OpenQty drops by its quantity and the base document stays open until nothing is left.
   */
  lineas?: readonly ErpLineaBase[];
}

/** Issue 42 (decision 074): one base document line an A/P invoice copies, with the quantity it bills. */
export interface ErpLineaBase {
  /** 20 goods receipt (OPDN), 22 purchase order (OPOR). */
  baseType: 20 | 22;
  baseEntry: number;
  baseLine: number;
  /** Decimal string, above 0 and at most the base line's OpenQty. */
  quantity: string;
}

/**
 * Decision 047: 'primer_dia_abierto' posts on the CFDI's date when its posting period is open, else on the first
 * day of the next open period; 'rechazar' refuses instead. `TaxDate` is the CFDI's date either way.
 */
export type PostingDateRule = "primer_dia_abierto" | "rechazar";

/** An A/P invoice created by the portal, as the ERP has it now: payment and cancellation follow the ERP. */
/** The receipts an A/P invoice request bills: `entradaDocNums` or, when absent, its one `entradaDocNum`. */
export const entradasDeFacturaProveedor = (input: ErpFacturaProveedorNueva): number[] =>
  input.entradaDocNums && input.entradaDocNums.length > 0 ? [...input.entradaDocNums] : [input.entradaDocNum];

/**
 * Issue 37 (decision 051): the receipts an A/P invoice request bills, each by number and, when the request gives
 * them (`entradaDocEntries`, as long as the numbers), by DocEntry; else `docEntry` is null (look up by number).
 */
export const entradaRefsDeFacturaProveedor = (
  input: ErpFacturaProveedorNueva,
): { docNum: number; docEntry: number | null }[] => {
  const docNums = entradasDeFacturaProveedor(input);
  const docEntries = input.entradaDocEntries;
  const porEntry = docEntries !== undefined && docEntries.length === docNums.length;
  return docNums.map((docNum, i) => ({ docNum, docEntry: porEntry ? (docEntries[i] as number) : null }));
};

export interface ErpFacturaProveedor {
  bd: string;
  docEntry: number;
  docNum: number;
  cardCode: string;
  portalId: number;
  numAtCard: string;
  uuid: string;
  docDate: string;
  docTotal: string;
  /** What vendor payments applied so far (money, invoice currency). */
  paidToDate: string;
  docCur: string;
  canceled: "Y" | "N";
  /** The receipt of its first line (several receipts: the first one's). */
  entradaDocNum: number | null;
  /** Date of the latest payment applied to it (not cancelled), or null. */
  fechaPago: string | null;
  /** SAP's payment block (PayBlock / PaymentBlock): Y while it may not be paid (issue 27, decision 036). */
  paymentBlock: "Y" | "N";
  /** Issue 27 (decision 032): when it falls due (SAP DocDueDate). */
  docDueDate: string;
  /**
   * Its installments (SAP Document_Installments, PCH6), by InstallmentId: one due on DocDueDate for the whole
   * total unless its payment terms split it.
   */
  installments: ErpInstallment[];
}

/** One installment of an A/P invoice (SAP DocumentInstallment): due date and amount (money, invoice currency). */
export interface ErpInstallment {
  installmentId: number;
  dueDate: string;
  percentage: string;
  total: string;
}

/**
 * The A/P credit memo (SAP ORPC, Service Layer `PurchaseCreditNotes`) the portal asks the ERP to create when a
 * reviewer accepts a credit note (issue 27, decision 034): one line per A/P invoice it credits (BaseType 18), each
 * with the amount it takes off that invoice.
 */
export interface ErpNotaCreditoProveedorNueva {
  bd: string;
  /** The portal credit note id (U_SYS_PORTALID): what makes creation idempotent. */
  portalId: number;
  cardCode: string;
  /** The credit note's folio (NumAtCard). */
  numAtCard: string;
  /** CFDI stamp UUID (U_SYS_PMUUID). */
  uuid: string;
  /** The CFDI's date, YYYY-MM-DD. */
  docDate: string;
  /** The CFDI's Total, money. */
  docTotal: string;
  docCur: string;
  docRate: string;
  comments: string;
  /** F3 (decision 047): the sociedad's posting-date rule. */
  postingDateRule?: PostingDateRule;
  /** The A/P invoices credited (DocEntry) and the amount taken off each (money, their currency). */
  facturas: { docEntry: number; importe: string }[];
}

/** An A/P credit memo created by the portal, as the ERP has it. */
export interface ErpNotaCreditoProveedor {
  bd: string;
  docEntry: number;
  docNum: number;
  cardCode: string;
  portalId: number;
  uuid: string;
  docTotal: string;
  canceled: "Y" | "N";
  /** Its lines: the A/P invoice each credits (DocEntry) and the amount. */
  facturas: { docEntry: number; importe: string }[];
}

/**
 * The ERP refused the request by its own rules (SAP answers an error message, e.g. a receipt already closed):
 * the same request would fail again, so the portal stops retrying and shows the message to employees.
 */
export class ErpRechazoError extends Error {
  override readonly name = "ErpRechazoError";
}

export { ErpApprovalPendingError } from "./approval";

/**
 * Issue 37 (decision 051): a number (DocNum) the caller gave names several of the documents it could mean — DocNum
 * repeats across numbering series (decision 048, F8) — so the adapter refuses to pick one (findEntrada). The caller
 * asks for the document by DocEntry instead.
 */
export class ErpNumeroAmbiguoError extends Error {
  override readonly name = "ErpNumeroAmbiguoError";
  /** The mark ambiguousDocEntries reads (an adapter may mark an error of its own instead). */
  readonly erpNumeroAmbiguo: readonly number[];
  constructor(
    readonly bd: string,
    readonly docNum: number,
    readonly docEntries: readonly number[],
  ) {
    super(
      `El número ${docNum} corresponde a ${docEntries.length} documentos de la base de datos ${bd} del ERP (DocEntry ${docEntries.join(", ")}, series de numeración distintas).`,
    );
    this.erpNumeroAmbiguo = docEntries;
  }
}

/**
 * The DocEntries a number could name when `error` says it is ambiguous (ErpNumeroAmbiguoError, or any error an
 * adapter marks with `erpNumeroAmbiguo`, as the Service Layer adapter's Conflict is), else null.
 */
export function ambiguousDocEntries(error: unknown): readonly number[] | null {
  const marca = error && typeof error === "object" ? (error as { erpNumeroAmbiguo?: unknown }).erpNumeroAmbiguo : null;
  return Array.isArray(marca) ? (marca as number[]) : null;
}

/**
 * Issue 36 (decision 040): whether `error` (or what it wraps) says the ERP could not answer — no answer, a timeout,
 * a server error, a balancer's page — as opposed to a refusal or a mistake: the same request may go through once
 * it is back. Adapters mark such errors with `erpNoDisponible: true` (the Service Layer client's ServiceLayerError
 * does); the ERP outbox tells an outage from other failures by it.
 */
export function isErpNoDisponible(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    if ((current as { erpNoDisponible?: unknown }).erpNoDisponible === true) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A business partner's bank account (issue 41, decision 069): one line of SAP's BusinessPartner `BPBankAccounts`
 * collection (table OCRB; DI API `BPBankAccounts`), with the fields the portal writes. Texts, '' when not given.
 */
export interface ErpCuentaBancaria {
  /** ISO 3166 country of the bank (SAP Country): MX for a CLABE. */
  country: string;
  /** The bank's code (SAP BankCode): a CLABE's three digits (ABM), a SWIFT's four letters. */
  bankCode: string;
  /** The account number (SAP AccountNo): the CLABE itself, or a foreign account's number or IBAN. */
  accountNo: string;
  /** SAP IBAN. */
  iban: string;
  /** SAP BICSwiftCode. */
  bicSwiftCode: string;
  /** SAP ABARoutingNumber. */
  abaRoutingNumber: string;
  /** The holder's name (SAP AccountName). */
  accountName: string;
  /** SAP Branch (the CLABE's plaza code). */
  branch: string;
  /** SAP ControlKey (the CLABE's check digit). */
  controlKey: string;
}
/** A bank account as the ERP has it, with its line key (SAP InternalKey). */
export interface ErpCuentaBancariaLeida extends ErpCuentaBancaria {
  internalKey: number;
}

/** The documents an adapter may report through watchDocuments, by kind. */
export interface ErpDocumentKinds {
  pedido: ErpPedido;
  entrada: ErpEntrada;
}

export interface ErpAdapter {
  /** Implementation name, for logs and the contract suite ("mock", later "service-layer"). */
  readonly name: string;
  /** Purchase orders with their lines. */
  listPedidos(scope: ErpScope): Promise<ErpPedido[]>;
  /** Keys and versions of exactly the documents listPedidos(scope) returns, in the same order. */
  listPedidoVersions(scope: ErpScope): Promise<ErpVersionDocumento[]>;
  /** These orders with their lines, in any order; keys that name no order are skipped. */
  readPedidos(keys: readonly ErpClaveDocumento[]): Promise<ErpPedido[]>;
  /** How many documents listPedidos(scope) returns, without reading them. */
  countPedidos(scope: ErpScope): Promise<number>;
  /**
   * Optional: `listener` hears of whole orders (kind "pedido") or receipts ("entrada") the adapter read for a reason
   * of its own — the Service Layer adapter reads every document of a cold company database, page by page — so that
   * a list's row cache keeps them while the rest is still being read (decision 028). Returns the function that
   * stops listening. A listener must not throw and should not block: it runs between the adapter's reads.
   */
  watchDocuments?<K extends keyof ErpDocumentKinds>(
    kind: K,
    listener: (docs: ErpDocumentKinds[K][]) => void,
  ): () => void;
  /**
   * Optional: `listener` hears that the ERP answers again for company database `bd` after it had stopped answering
   * (the Service Layer adapter notices both on its mirror reads), so that work waiting for it — the ERP jobs'
   * backoff — need not wait out its delay. Returns the function that stops listening. A listener must not throw.
   */
  onAvailable?(listener: (bd: string) => void): () => void;
  /** Goods receipts with their lines. */
  listEntradas(scope: ErpScope): Promise<ErpEntrada[]>;
  listEntradaVersions(scope: ErpScope): Promise<ErpVersionDocumento[]>;
  readEntradas(keys: readonly ErpClaveDocumento[]): Promise<ErpEntrada[]>;
  countEntradas(scope: ErpScope): Promise<number>;
  /**
   * The goods receipt numbered `docNum` in company database `bd` with its lines, or null, for a number a user gave
   * (a client sending no DocEntry); of supplier `cardCode` when given, not cancelled. DocNum repeats across numbering
   * series (decision 048): several left throw an error ambiguousDocEntries recognises (issue 37, decision 051). Receipts the portal
   * knows the DocEntry of are read with readEntradas.
   */
  findEntrada(bd: string, docNum: number, cardCode?: string): Promise<ErpEntrada | null>;
  /** Vendor payments with the invoices each settles, newest first. */
  listPagos(scope: ErpScope): Promise<ErpPago[]>;
  /**
   * An opaque value that changes whenever listPagos(scope) could answer differently (a new payment, a
   * cancellation): the portal reuses its last answer while it is unchanged. The mock sums change stamps kept by
   * triggers; a Service Layer client would combine the count with the latest UpdateDate/UpdateTS.
   */
  pagosFingerprint(scope: ErpScope): Promise<string>;
  /** How many payments listPagos(scope) returns, without reading them. */
  countPagos(scope: ErpScope): Promise<number>;
  /**
   * The payment numbered `docNum` in company database `bd` with the invoices it settles, or null; of supplier
   * `cardCode` when given. DocNum repeats across numbering series (decision 048): several left is refused.
   */
  findPago(bd: string, docNum: number, cardCode?: string): Promise<ErpPago | null>;
  /**
   * These payments (company database + DocEntry) with the invoices each settles, exactly as listPagos has them,
   * in any order; keys that name no payment are skipped. One call for any number of keys (the review list and
   * its tile read the payments of their complements with it).
   */
  readPagos(keys: readonly ErpClaveDocumento[]): Promise<ErpPago[]>;
  /**
   * Every payment (cancelled ones included) applied to these A/P invoices (DocEntry) of `bd`, oldest first (by
   * payment date, then DocNum): what a complement's NumParcialidad and ImpSaldoAnt come from.
   */
  listAplicaciones(bd: string, facturaDocEntries: readonly number[]): Promise<ErpAplicacion[]>;
  /** Business partners (suppliers) in the scope's company databases, by company database then CardCode. */
  listProveedores(scope: ErpScope): Promise<ErpProveedor[]>;
  /**
   * Issue 41 item 3 (decision 070): the supplier business partner (`CardType` cSupplier) of RFC `socio.rfc`
   * (`FederalTaxID`) in company database `bd`: the one SAP has (`created` false; the first by CardCode when several),
   * else a new one created with `socio.cardCode`, as `POST /BusinessPartners` does (`created` true). Idempotent: a
   * retry after a lost answer finds the partner it created. Throws ErpRechazoError when the ERP refuses (the CardCode
   * belongs to a partner of another RFC); any other error may be retried.
   */
  ensureSupplierBusinessPartner(
    bd: string,
    socio: ErpSocioProveedorNuevo,
  ): Promise<{ cardCode: string; created: boolean }>;
  /** The purchasing documents whose PDF is this file ([] when none): the portal authorizes downloads with it. */
  findPdfOwners(archivoId: string): Promise<ErpPdfOwner[]>;
  /**
   * For adapters whose PDFs stay in the ERP until someone downloads them (service-layer): makes sure the bytes of
   * PDF `archivoId` (an id findPdfOwners knows) are in the portal's archivos, copying them from the ERP the first
   * time, and returns the archivos id that holds them; null when no document's PDF has that id or the ERP no longer
   * has the file. The portal calls it only after authorizing the user for one of the owners, so nobody makes the
   * portal fetch a file they may not see. Adapters whose pdfArchivoId already names an archivos row (the mock)
   * leave it out.
   */
  copyPdf?(archivoId: string): Promise<string | null>;
  /**
   * Creates the A/P invoice of an accepted portal invoice (issue 13). Idempotent by `portalId`: when the ERP
   * already has one for it (a retry after a lost answer), that one is returned and nothing new is created.
   * Throws ErpRechazoError when the ERP refuses by its rules; any other error may be retried.
   */
  createFacturaProveedor(input: ErpFacturaProveedorNueva): Promise<{ docEntry: number; docNum: number }>;
  /**
   * Cancels the A/P invoice `docEntry` of company database `bd`, as SAP's `POST /PurchaseInvoices(DocEntry)/Cancel`
   * does (a cancellation document; the goods receipt's lines reopen). Idempotent: an A/P invoice that is already
   * cancelled answers like the call that cancelled it, so a retry after a lost answer is not an error. Throws
   * ErpRechazoError when the ERP refuses by its rules (a payment still applies to it, no such document); any other
   * error may be retried. The portal calls it from its outbox for an A/P invoice whose portal invoice is not
   * accepted (decision 021).
   */
  cancelFacturaProveedor(bd: string, docEntry: number): Promise<void>;
  /**
   * Sets (`blocked` true) or lifts the payment block of A/P invoice `docEntry` of company database `bd`, as SAP's
   * `PATCH /PurchaseInvoices(DocEntry) {"PaymentBlock":"tYES"|"tNO"}` does (issue 27, decision 036): the ERP will
   * not pay it while blocked. Idempotent: setting the value it already has is not an error. Throws ErpRechazoError
   * when the ERP refuses by its rules (no such document, cancelled, closed); any other error may be retried. The
   * portal calls it from its outbox when an accepted CFDI is found cancelled at the SAT, and when its replacement is
   * accepted.
   */
  setPaymentBlock(bd: string, docEntry: number, blocked: boolean): Promise<void>;
  /**
   * Issue 27: creates the A/P credit memo of an accepted credit note, based on its A/P invoices (each invoice's
   * open balance drops by its line, as SAP does). Idempotent by `portalId` like createFacturaProveedor. Throws
   * ErpRechazoError when the ERP refuses by its rules (an invoice cancelled, another partner's, a line larger than
   * its open balance); any other error may be retried.
   */
  createNotaCreditoProveedor(input: ErpNotaCreditoProveedorNueva): Promise<{ docEntry: number; docNum: number }>;
  /** The A/P credit memo created from this portal credit note in company database `bd`, or null. */
  findNotaCreditoProveedor(bd: string, portalId: number): Promise<ErpNotaCreditoProveedor | null>;
  /**
   * Re-points A/P invoice `docEntry` of `bd` to a replacement CFDI (issue 27, decision 036: the replacement takes
   * over the A/P invoice of the invoice it replaces): its portal id (U_SYS_PORTALID), UUID (U_SYS_PMUUID) and folio
   * (NumAtCard) become the replacement's, and its payment block is lifted when `liftPaymentBlock`, as SAP's
   * `PATCH /PurchaseInvoices(DocEntry)` does. Idempotent: the values it already has are not an error. Throws
   * ErpRechazoError when the ERP refuses (no such document, cancelled); SAP does not refuse a portal id another
   * A/P invoice carries (no uniqueness on a user field, decision 048).
   */
  repointFacturaProveedor(
    bd: string,
    docEntry: number,
    to: { portalId: number; numAtCard: string; uuid: string; liftPaymentBlock: boolean },
  ): Promise<void>;
  /** The A/P invoice created from this portal invoice in company database `bd`, or null. */
  findFacturaProveedor(bd: string, portalId: number): Promise<ErpFacturaProveedor | null>;
  /** Every A/P invoice created by the portal in the scope, with its payment and cancellation as they are now. */
  listFacturasProveedor(scope: ErpScope): Promise<ErpFacturaProveedor[]>;
  /**
   * An opaque value that changes whenever listFacturasProveedor(scope) would answer differently (a new A/P
   * invoice, a payment, a cancellation): the portal re-reads the list only then. The mock sums change stamps
   * kept by triggers; a Service Layer client would combine the count with the latest UpdateDate/UpdateTS.
   */
  facturasProveedorFingerprint(scope: ErpScope): Promise<string>;
  /** Issue 41 (decision 069): business partner `cardCode`'s bank accounts in company database `bd` (BPBankAccounts). */
  listBankAccounts(bd: string, cardCode: string): Promise<ErpCuentaBancariaLeida[]>;
  /**
   * Issue 41 (decision 069): adds bank account `account` to business partner `cardCode` of `bd` unless it already has
   * one with the same AccountNo (or, for an account with an IBAN, the same IBAN), as SAP's
   * `PATCH /BusinessPartners('C') {"BPBankAccounts":[…]}` does — SAP ADDS a line without InternalKey, so the adapter
   * reads the partner's accounts first: a retry after a lost answer writes nothing twice. Answers the line's
   * InternalKey and whether this call added it. Throws ErpRechazoError when the ERP refuses (no such partner).
   */
  upsertBankAccount(
    bd: string,
    cardCode: string,
    account: ErpCuentaBancaria,
  ): Promise<{ internalKey: number; added: boolean }>;
}

export * from "./user-fields";
