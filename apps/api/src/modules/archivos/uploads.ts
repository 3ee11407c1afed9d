import { inflateSync } from "node:zlib";
import { checkPdf, cleanFileName, type PdfCheckOptions } from "@portal/cfdi";
import { MAX_UPLOAD_BYTES } from "@portal/contracts";
import { Invalid } from "../../lib/errors";
import type { ArchivosRepository } from "./repository";

export interface StoredUpload {
  archivoId: string;
  nombre: string;
}

const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Most bytes one compressed PDF stream may inflate to while looking for hidden JavaScript (zip bombs stop here). */
const MAX_INFLATED_BYTES = 16 * 1024 * 1024;

/** The server's PDF check also looks inside compressed streams (the browser's cannot). */
export const SERVER_PDF_CHECK: PdfCheckOptions = {
  inflate: (data) => {
    try {
      return inflateSync(data, { maxOutputLength: MAX_INFLATED_BYTES });
    } catch {
      return null;
    }
  },
};

/**
 * Decodes a base64 PDF upload, checks it by content (a real PDF from its first byte to its %%EOF, without
 * JavaScript or launch actions, not only the name) and its size, cleans its file name of control and
 * bidirectional characters, and stores it once through `archivos` (a transaction's repository when the upload
 * belongs to a larger write). Every refusal is a Spanish message naming what was uploaded.
 */
export async function storePdfUpload(
  archivos: Pick<ArchivosRepository, "store">,
  upload: { nombre: string; base64: string },
  etiqueta: string,
): Promise<StoredUpload> {
  const bytes = Buffer.from(upload.base64, "base64");
  if (bytes.byteLength === 0) throw new Invalid(`El archivo de ${etiqueta} está vacío.`);
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new Invalid(`El archivo de ${etiqueta} excede el tamaño máximo de ${MB(MAX_UPLOAD_BYTES)}.`);
  }
  const nombre = cleanFileName(upload.nombre);
  const errors = checkPdf(nombre, new Uint8Array(bytes), SERVER_PDF_CHECK);
  if (errors.length > 0) throw new Invalid(`${etiqueta}: ${errors.join(" ")}`);
  const archivoId = await archivos.store(new Uint8Array(bytes), "application/pdf");
  return { archivoId, nombre };
}
