/**
 * Upload checks of spec §5: the invoice PDF, XML and goods-receipt image, the payment PDF and XML
 * and the employee's payment proof. The type is decided by the file's signature (its first bytes),
 * not only by its name or the browser's MIME type, because both come from the user.
 */
import { CFDI_MSG } from "./messages";

export type FileType = "pdf" | "png" | "jpeg" | "gif" | "xml";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
/** Readers accept the PDF header anywhere in the first 1024 bytes (ISO 32000 implementation note). */
const PDF_HEADER_WINDOW = 1024;
const IMAGE_MIME_TYPES = new Set(["image/gif", "image/jpeg", "image/jpg", "image/pjpeg", "image/png"]);

function hasBytesAt(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  for (let k = 0; k < signature.length; k++) if (bytes[at + k] !== signature[k]) return false;
  return true;
}

function findPdfHeader(bytes: Uint8Array): boolean {
  const last = Math.min(bytes.length - PDF_SIGNATURE.length, PDF_HEADER_WINDOW - PDF_SIGNATURE.length);
  for (let at = 0; at <= last; at++) if (hasBytesAt(bytes, PDF_SIGNATURE, at)) return true;
  return false;
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
  if (findPdfHeader(bytes)) return "pdf";
  if (looksLikeXml(bytes)) return "xml";
  return null;
}

function hasExtension(fileName: string, ext: string): boolean {
  return typeof fileName === "string" && fileName.trim().toLowerCase().endsWith(ext);
}

/** PDF: the name ends in .pdf and the content is a PDF. */
export function checkPdf(fileName: string, bytes: Uint8Array): string[] {
  return hasExtension(fileName, ".pdf") && detectFileType(bytes) === "pdf" ? [] : [CFDI_MSG.noEsPdf];
}

/** Receipt image: GIF, JPEG or PNG by content; when the browser gave a MIME type it must be one of those too. */
export function checkImage(bytes: Uint8Array, mime?: string): string[] {
  const type = detectFileType(bytes);
  const isImage = type === "gif" || type === "jpeg" || type === "png";
  const mimeOk = mime === undefined || mime === "" || IMAGE_MIME_TYPES.has(mime.trim().toLowerCase());
  return isImage && mimeOk ? [] : [CFDI_MSG.noEsImagen];
}

/** XML: the name ends in .xml and the content starts like an XML document (it is then read with readInvoice). */
export function checkXmlFile(fileName: string, bytes: Uint8Array): string[] {
  return hasExtension(fileName, ".xml") && detectFileType(bytes) === "xml" ? [] : [CFDI_MSG.noEsXml];
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
  if (isMissing(files.pdf)) errors.push(CFDI_MSG.debeCargarPdf);
  if (isMissing(files.xml)) errors.push(CFDI_MSG.debeCargarXml);
  if (isMissing(files.recepcion)) errors.push(CFDI_MSG.debeCargarRecepcion);
  if (!isMissing(files.recepcion)) errors.push(...checkImage(files.recepcion.bytes, files.recepcion.mime));
  if (!isMissing(files.pdf)) errors.push(...checkPdf(files.pdf.name, files.pdf.bytes));
  if (!isMissing(files.xml)) errors.push(...checkXmlFile(files.xml.name, files.xml.bytes));
  return errors;
}

/** Supplier's payment documents (spec §5 Payments): PDF and XML. */
export function checkPaymentFiles(files: { pdf?: UploadedFile | null; xml?: UploadedFile | null }): string[] {
  const errors: string[] = [];
  if (isMissing(files.pdf)) errors.push(CFDI_MSG.debeCargarPdf);
  if (isMissing(files.xml)) errors.push(CFDI_MSG.debeCargarXmlPago);
  if (!isMissing(files.pdf)) errors.push(...checkPdf(files.pdf.name, files.pdf.bytes));
  if (!isMissing(files.xml)) errors.push(...checkXmlFile(files.xml.name, files.xml.bytes));
  return errors;
}

/** Employee's payment proof (spec §5 Payments): required, and a PDF like every other upload. */
export function checkComprobanteFile(file: UploadedFile | null | undefined): string[] {
  if (isMissing(file)) return [CFDI_MSG.debeCargarComplemento];
  return checkPdf(file.name, file.bytes);
}
