import type { PostFacturaRequestInput, PostPagoProveedorRequest } from "@portal/contracts";
import type { InvoiceData } from "./invoice";
import type { PaymentData } from "./payment";

/**
 * The upload payloads built from a CFDI read (spec §3 New invoice payload, Invoice update payload, Payment post
 * payload): the one mapping from the XML to the fields the browser sends, which the API tests, the benches and
 * the end-to-end data use too, so that they send what the browser sends. Who sends (usuario, operador, id) is
 * the caller's; the server reads the XML again and decides.
 */

/** A file of an upload payload: its name and its content in base64. */
export interface PayloadFile {
  name: string;
  base64: string;
}

/** The invoice fields that come from its XML (spec §3), shared by the new and the update payloads. */
export function invoiceXmlFields(datos: InvoiceData) {
  return {
    FolioFactura: datos.Folio,
    RFCEmisor: datos.RFCEmisor,
    RFCReceptor: datos.RFCReceptor,
    NombreEmisor: datos.NombreEmisor,
    NombreReceptor: datos.NombreReceptor,
    UUID: datos.UUID,
    FechaFactura: datos.FechaFactura,
    Total: datos.Total,
    FormaPago: datos.FormaPago,
    UsoPrincipal: datos.UsoPrincipal,
    MetodoPago: datos.MetodoPago as "PUE" | "PPD",
    CPReceptor: datos.CPReceptor,
    CPEmisor: datos.CPEmisor,
    Regimen: datos.Regimen,
  };
}

/** What postFactura's body takes besides the XML: the company and receipt chosen, and the receipt's currency. */
export interface PostFacturaChoice {
  /** The company's ERP database (BDSAP). */
  RazonSocial: string;
  /**
   * The goods receipt the invoice bills (DocNum), or the receipts when one CFDI bills several (issue 27): one
   * receipt is sent as a number, as the spec writes it.
   */
  EntradaMercancia: number | readonly number[];
  /**
   * Issue 37 (decision 051): the same receipts' DocEntry, in the same order (getEntradas' DocEntry): sent in the shape
   * EntradaMercancia is sent in (a number for one receipt).
   */
  EntradaDocEntry?: number | readonly number[];
  /** The receipt's currency (spec §5 "The currency is taken from the receipt"); the XML's when omitted. */
  Moneda?: string;
}

/** One receipt as a number (as the spec writes it), several as a list. */
const unaOVarias = (valor: number | readonly number[]): number | number[] =>
  typeof valor === "number" ? valor : valor.length === 1 ? (valor[0] as number) : [...valor];

/** postFactura's fields but the files (spec §3 New invoice payload): the choice and what the XML says. */
export function postFacturaFields(datos: InvoiceData, choice: PostFacturaChoice) {
  return {
    RazonSocial: choice.RazonSocial,
    EntradaMercancia: unaOVarias(choice.EntradaMercancia),
    ...(choice.EntradaDocEntry === undefined ? {} : { EntradaDocEntry: unaOVarias(choice.EntradaDocEntry) }),
    ...invoiceXmlFields(datos),
    Moneda: choice.Moneda ?? datos.Moneda,
    TipoDeCambio: datos.TipoDeCambio,
    Retenciones: datos.Retenciones,
  };
}

export interface PostFacturaPayloadInput extends PostFacturaChoice {
  archivos: { pdf: PayloadFile; xml: PayloadFile; recepcion: PayloadFile };
}

/** postFactura's body without who sends it. */
export type PostFacturaPayload = Omit<PostFacturaRequestInput, "usuario" | "operador" | "id">;

/** The postFactura body (spec §3 New invoice payload) of an invoice read from its XML, without who sends it. */
export function buildPostFacturaPayload(datos: InvoiceData, input: PostFacturaPayloadInput): PostFacturaPayload {
  const { pdf, xml, recepcion } = input.archivos;
  return {
    PDF: pdf.name,
    PDF64: pdf.base64,
    XML: xml.name,
    XML64: xml.base64,
    Recepcion: recepcion.name,
    Recepcion64: recepcion.base64,
    ...postFacturaFields(datos, input),
  };
}

export interface PostPagoPayloadInput {
  /** The payment (DocNum) and its company's ERP database. */
  PagoSAP: number;
  BD: string;
  archivos: { pdf: PayloadFile; xml: PayloadFile };
  /** The invoices the payment settles, as the payment list gave them (spec §3 Detalle). */
  Detalle: PostPagoProveedorRequest["Detalle"];
}

/** postPago's supplier body without who sends it (usuario, id, the operador 'Proveedor' and the Correo hint). */
export type PostPagoPayload = Omit<PostPagoProveedorRequest, "usuario" | "id" | "operador" | "Correo">;

/** The supplier's postPago body (spec §3 Payment post payload) of a complement read from its XML. */
export function buildPostPagoPayload(datos: PaymentData, input: PostPagoPayloadInput): PostPagoPayload {
  const { pdf, xml } = input.archivos;
  return {
    PagoSAP: input.PagoSAP,
    BD: input.BD,
    PDF: pdf.name,
    PDF64: pdf.base64,
    XML: xml.name,
    XML64: xml.base64,
    FechaPago: datos.FechaPago,
    Folio: datos.Folio,
    Total: datos.Total,
    RFCEmisor: datos.RFCEmisor,
    RFCReceptor: datos.RFCReceptor,
    NombreEmisor: datos.NombreEmisor,
    NombreReceptor: datos.NombreReceptor,
    UUID: datos.UUID,
    Detalle: input.Detalle,
  };
}
