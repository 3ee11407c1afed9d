import { checkPdf, cleanFileName } from "@portal/cfdi";
import { SERVER_IMAGE_CHECK } from "@portal/cfdi/image";
import { SERVER_PDF_CHECK } from "@portal/cfdi/pdf";
import { MAX_UPLOAD_BYTES, MSG } from "@portal/contracts";
import { Invalid } from "../../lib/errors";
import type { ArchivosRepository } from "./repository";

/**
 * The one PDF check of every upload path (documents, constancia, invoice, complement, comprobante): the file is
 * parsed, its object streams decoded with node:zlib under caps, active content and a missing structure refused
 * (@portal/cfdi/pdf; docs/decisions/019-verificacion-de-pdf.md).
 */
/**
 * The one receipt image check of every upload path (postFactura, patchFactura): the whole PNG, JPEG or GIF read by
 * its structure, dimensions bounded by the header, a PNG's pixels inflated within a cap, nothing after the image's
 * end and no HTML or script in its text (@portal/cfdi/image; docs/decisions/042-imagenes-adjuntos-y-cadena-sat.md).
 */
export { SERVER_IMAGE_CHECK, SERVER_PDF_CHECK };

export interface StoredUpload {
  archivoId: string;
  nombre: string;
}

const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Decodes a base64 PDF upload, checks it by content (a real PDF from its first byte to its %%EOF, parsed, without
 * active content, not only the name) and its size, cleans its file name of control and
 * bidirectional characters, and stores it once through `archivos` (a transaction's repository when the upload
 * belongs to a larger write). Every refusal is a Spanish message naming what was uploaded.
 */
export async function storePdfUpload(
  archivos: Pick<ArchivosRepository, "store">,
  upload: { nombre: string; base64: string },
  etiqueta: string,
): Promise<StoredUpload> {
  const bytes = Buffer.from(upload.base64, "base64");
  if (bytes.byteLength === 0) throw new Invalid(MSG.archivoVacio(etiqueta));
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new Invalid(MSG.archivoExcedeTamaño(etiqueta, MB(MAX_UPLOAD_BYTES)));
  }
  const nombre = cleanFileName(upload.nombre);
  const errors = checkPdf(nombre, new Uint8Array(bytes), SERVER_PDF_CHECK);
  if (errors.length > 0) throw new Invalid(`${etiqueta}: ${errors.join(" ")}`);
  const archivoId = await archivos.store(new Uint8Array(bytes), "application/pdf");
  return { archivoId, nombre };
}
