/**
 * Upload checks of spec §5: the invoice PDF, XML and goods-receipt image, the payment PDF and XML
 * and the employee's payment proof. The type is decided by the file's signature (its first bytes),
 * not only by its name or the browser's MIME type, because both come from the user.
 */
import { MSG } from "@portal/contracts/messages";
import { IMAGE_LIMITS, type ImageCheckOptions, type ImageVerdict, scanImage } from "./image/scan";
import { CFDI_MSG } from "./messages";
import type { PdfDecoders } from "./pdf/filters";
import { PDF_LIMITS, type PdfLimits, type PdfVerdict, scanPdf } from "./pdf/scan";
import { MAX_NESTING } from "./pdf/syntax";

export type FileType = "pdf" | "png" | "jpeg" | "gif" | "xml";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const PDF_EOF = [0x25, 0x25, 0x45, 0x4f, 0x46]; // "%%EOF"
/** The end-of-file marker must lie in the last 1024 bytes (ISO 32000-1 §7.5.5; readers look there). */
const PDF_TRAILER_WINDOW = 1024;
const IMAGE_MIME_TYPES = new Set(["image/gif", "image/jpeg", "image/jpg", "image/pjpeg", "image/png"]);

function hasBytesAt(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  for (let k = 0; k < signature.length; k++) if (bytes[at + k] !== signature[k]) return false;
  return true;
}

/**
 * "%PDF-" at the start, after at most a UTF-8 byte order mark and white space (what the PDF spec's white-space
 * characters allow). Readers are more lenient (anywhere in the first 1024 bytes), and that leniency is what let
 * an HTML page carrying the marker pass as a PDF: the portal is strict.
 */
function startsWithPdfHeader(bytes: Uint8Array): boolean {
  let k = hasBytesAt(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (k < bytes.length && k < 64 && isPdfWhiteSpace(bytes[k]!)) k++;
  return hasBytesAt(bytes, PDF_SIGNATURE, k);
}
/** PDF white space (ISO 32000-1 table 1): NUL, tab, LF, FF, CR, space. */
const isPdfWhiteSpace = (b: number) => b === 0x00 || b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x20;

function hasPdfTrailer(bytes: Uint8Array): boolean {
  for (let at = bytes.length - PDF_EOF.length; at >= Math.max(0, bytes.length - PDF_TRAILER_WINDOW); at--) {
    if (hasBytesAt(bytes, PDF_EOF, at)) return true;
  }
  return false;
}

export interface PdfCheckOptions {
  /**
   * The Flate/Brotli decoders of the platform. The browser's quick check has none (compressed streams are not
   * looked into: the server decides); the server lends node:zlib (`@portal/cfdi/pdf`), so JavaScript hidden in
   * compressed object streams is found too.
   */
  readonly decoders?: PdfDecoders;
  /** Refuse a file without objects, a cross-reference and a catalog (the server; the browser stays lenient). */
  readonly requireStructure?: boolean;
  readonly limits?: Partial<PdfLimits>;
}

function verdictMessages(verdict: PdfVerdict, limits: PdfLimits): string[] {
  if (verdict.ok) return [];
  switch (verdict.reason) {
    case "activo":
      return [CFDI_MSG.pdfConContenidoActivo];
    case "estructura":
      return [CFDI_MSG.pdfSinEstructura];
    case "filtro":
      return [CFDI_MSG.pdfFiltroDesconocido];
    case "cifrado":
      return [CFDI_MSG.pdfCifrado];
    case "ejecutable":
      return [CFDI_MSG.pdfConEjecutable(verdict.name)];
    case "limite": {
      const detalle = {
        flujo: CFDI_MSG.pdfLimiteFlujo(limits.streamBytes),
        total: CFDI_MSG.pdfLimiteTotal(limits.totalBytes),
        objetos: CFDI_MSG.pdfLimiteObjetos(limits.objects),
        profundidad: CFDI_MSG.pdfLimiteProfundidad(MAX_NESTING),
        trabajo: CFDI_MSG.pdfLimiteTrabajo,
      }[verdict.limit];
      return [CFDI_MSG.pdfDemasiadoComplejo(detalle)];
    }
  }
}

/**
 * What is wrong with a PDF's content, [] when nothing: not a PDF, truncated, not a PDF's structure (server), a
 * stream that cannot be decoded, a limit exceeded, or active content (src/pdf/scan.ts says which).
 */
export function checkPdfContent(bytes: Uint8Array, options: PdfCheckOptions = {}): string[] {
  if (!(bytes instanceof Uint8Array) || !startsWithPdfHeader(bytes)) return [MSG.archivoNoPdf];
  if (!hasPdfTrailer(bytes)) return [CFDI_MSG.pdfIncompleto];
  const limits = { ...PDF_LIMITS, ...options.limits };
  return verdictMessages(scanPdf(bytes, { ...options, limits }), limits);
}

function looksLikeXml(bytes: Uint8Array): boolean {
  let k = hasBytesAt(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0; // UTF-8 byte order mark
  while (k < bytes.length && (bytes[k] === 0x20 || bytes[k] === 0x09 || bytes[k] === 0x0a || bytes[k] === 0x0d)) k++;
  if (bytes[k] !== 0x3c /* < */) return false;
  const next = bytes[k + 1] ?? 0;
  // "<?xml", "<!--", or a start tag (ASCII name start or any non-ASCII UTF-8 lead byte).
  return (
    next === 0x3f ||
    next === 0x21 ||
    next === 0x5f ||
    next === 0x3a ||
    (next >= 0x41 && next <= 0x5a) ||
    (next >= 0x61 && next <= 0x7a) ||
    next >= 0xc0
  );
}

/** The file's type by signature: PNG, JPEG, GIF, PDF, XML (UTF-8 text starting with markup) or null. */
export function detectFileType(bytes: Uint8Array): FileType | null {
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) return null;
  if (hasBytesAt(bytes, PNG_SIGNATURE)) return "png";
  if (hasBytesAt(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (
    hasBytesAt(bytes, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    hasBytesAt(bytes, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  ) {
    return "gif";
  }
  if (startsWithPdfHeader(bytes)) return "pdf";
  if (looksLikeXml(bytes)) return "xml";
  return null;
}

function hasExtension(fileName: string, ext: string): boolean {
  return typeof fileName === "string" && fileName.trim().toLowerCase().endsWith(ext);
}

/** PDF: the name ends in .pdf and the content is a whole PDF without active content (src/pdf/scan.ts). */
export function checkPdf(fileName: string, bytes: Uint8Array, options: PdfCheckOptions = {}): string[] {
  if (!hasExtension(fileName, ".pdf")) return [MSG.archivoNoPdf];
  return checkPdfContent(bytes, options);
}

/**
 * A file name as stored and shown: no control characters and no bidirectional overrides (U+202A–U+202E,
 * U+2066–U+2069, U+200E/F, U+061C), which can make "factura‮fdp.exe" display as "factura.exe.pdf".
 */
export function cleanFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  return name.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim();
}

const IMAGE_NAMES = { png: "PNG", jpeg: "JPEG", gif: "GIF" } as const;

function imageMessages(verdict: ImageVerdict, options: ImageCheckOptions): string[] {
  if (verdict.ok) return [];
  if (verdict.reason === "formato" || !verdict.type) return [MSG.archivoNoImagen];
  const tipo = IMAGE_NAMES[verdict.type];
  const limits = { ...IMAGE_LIMITS, ...options.limits };
  switch (verdict.reason) {
    case "incompleta":
      return [CFDI_MSG.imagenIncompleta(tipo)];
    case "estructura":
      return [CFDI_MSG.imagenDanada(tipo)];
    case "pixeles":
      return [CFDI_MSG.imagenPixelesDanados(tipo)];
    case "dimensiones":
      return [
        CFDI_MSG.imagenDimensiones(tipo, verdict.width ?? 0, verdict.height ?? 0, limits.maxSide, limits.maxPixels),
      ];
    case "decodificada":
      return [CFDI_MSG.imagenDemasiadoGrande(tipo, limits.maxDecodedBytes)];
    case "datosFinales":
      return [CFDI_MSG.imagenDatosFinales(tipo)];
    case "codigo":
      return [CFDI_MSG.imagenConCodigo(tipo)];
  }
}

/**
 * Receipt image: a whole GIF, JPEG or PNG read by its structure (src/image/scan.ts: bounded dimensions, nothing
 * after its end, no HTML or script in its text); when the browser gave a MIME type it must be one of those too. The
 * server passes `SERVER_IMAGE_CHECK` (@portal/cfdi/image), which also inflates a PNG's pixel data within a cap.
 */
export function checkImage(bytes: Uint8Array, mime?: string, options: ImageCheckOptions = {}): string[] {
  const mimeOk = mime === undefined || mime === "" || IMAGE_MIME_TYPES.has(mime.trim().toLowerCase());
  if (!(bytes instanceof Uint8Array) || !mimeOk) return [MSG.archivoNoImagen];
  return imageMessages(scanImage(bytes, options), options);
}

/** XML: the name ends in .xml and the content starts like an XML document (it is then read with readInvoice). */
export function checkXmlFile(fileName: string, bytes: Uint8Array): string[] {
  return hasExtension(fileName, ".xml") && detectFileType(bytes) === "xml" ? [] : [MSG.archivoNoXml];
}

export interface UploadedFile {
  readonly name: string;
  readonly bytes: Uint8Array;
  /** MIME type reported by the browser, when there is one. */
  readonly mime?: string;
}

const isMissing = (f: UploadedFile | null | undefined): f is null | undefined =>
  f === null || f === undefined || !(f.bytes instanceof Uint8Array) || f.bytes.length === 0;

/** New or updated invoice (spec §5): required files first, then each file's type, every message at once. */
export function checkInvoiceFiles(files: {
  pdf?: UploadedFile | null;
  xml?: UploadedFile | null;
  recepcion?: UploadedFile | null;
}): string[] {
  const errors: string[] = [];
  if (isMissing(files.pdf)) errors.push(MSG.pdfRequerido);
  if (isMissing(files.xml)) errors.push(MSG.facturaXmlRequerido);
  if (isMissing(files.recepcion)) errors.push(MSG.facturaRecepcionRequerida);
  if (!isMissing(files.recepcion)) errors.push(...checkImage(files.recepcion.bytes, files.recepcion.mime));
  if (!isMissing(files.pdf)) errors.push(...checkPdf(files.pdf.name, files.pdf.bytes));
  if (!isMissing(files.xml)) errors.push(...checkXmlFile(files.xml.name, files.xml.bytes));
  return errors;
}

/** Supplier's payment documents (spec §5 Payments): PDF and XML. */
export function checkPaymentFiles(files: { pdf?: UploadedFile | null; xml?: UploadedFile | null }): string[] {
  const errors: string[] = [];
  if (isMissing(files.pdf)) errors.push(MSG.pdfRequerido);
  if (isMissing(files.xml)) errors.push(MSG.pagoXmlRequerido);
  if (!isMissing(files.pdf)) errors.push(...checkPdf(files.pdf.name, files.pdf.bytes));
  if (!isMissing(files.xml)) errors.push(...checkXmlFile(files.xml.name, files.xml.bytes));
  return errors;
}

/** Employee's payment proof (spec §5 Payments): required, and a PDF like every other upload. */
export function checkComprobanteFile(file: UploadedFile | null | undefined): string[] {
  if (isMissing(file)) return [MSG.pagoComplementoRequerido];
  return checkPdf(file.name, file.bytes);
}
