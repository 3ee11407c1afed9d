import { checkPdf } from "@portal/cfdi";
import { MAX_UPLOAD_BYTES } from "@portal/contracts";
import { type Database, storeArchivo } from "@portal/db";
import { Invalid } from "../../lib/errors";

export interface StoredUpload {
  archivoId: string;
  nombre: string;
}

const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Decodes a base64 PDF upload, checks it by content (the %PDF signature, not only the name) and its size,
 * and stores it once. Every refusal is a Spanish message naming what was uploaded.
 */
export async function storePdfUpload(
  db: Database,
  upload: { nombre: string; base64: string },
  etiqueta: string,
): Promise<StoredUpload> {
  const bytes = Buffer.from(upload.base64, "base64");
  if (bytes.byteLength === 0) throw new Invalid(`El archivo de ${etiqueta} está vacío.`);
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new Invalid(`El archivo de ${etiqueta} excede el tamaño máximo de ${MB(MAX_UPLOAD_BYTES)}.`);
  }
  const errors = checkPdf(upload.nombre, new Uint8Array(bytes));
  if (errors.length > 0) throw new Invalid(`${etiqueta}: ${errors.join(" ")}`);
  const archivoId = await storeArchivo(db, new Uint8Array(bytes), "application/pdf");
  return { archivoId, nombre: upload.nombre };
}
