import { base64FromBytes, checkPdf } from "@portal/cfdi";
import { MAX_UPLOAD_BYTES } from "@portal/contracts";

/** A PDF the user picked, ready for the spec's upload shape: file name plus base64 content (spec §5, §9). */
export interface PdfUpload {
  nombre: string;
  base64: string;
  /** Decoded size, for display. */
  bytes: number;
}

export type PdfUploadResult = { ok: true; upload: PdfUpload } | { ok: false; error: string };

/** The API refuses larger uploads (contracts MAX_UPLOAD_BYTES); saying so before encoding saves the round trip. */
export const PDF_DEMASIADO_GRANDE = `El archivo excede el tamaño máximo de ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB.`;

/** The bytes of a picked file (FileReader where Blob.arrayBuffer is missing, as in older jsdom). */
export function readBytes(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === "function") return file.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/**
 * Reads a picked file and checks it is a PDF by name and signature with the same rule the API applies
 * (@portal/cfdi checkPdf), so the user learns at once that a file will be refused
 * ('El archivo seleccionado no es un pdf'). The content is then encoded to base64 for the JSON upload.
 */
export async function readPdfUpload(file: File): Promise<PdfUploadResult> {
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, error: PDF_DEMASIADO_GRANDE };
  const bytes = await readBytes(file);
  const [error] = checkPdf(file.name, bytes);
  if (error) return { ok: false, error };
  return { ok: true, upload: { nombre: file.name, base64: base64FromBytes(bytes), bytes: bytes.length } };
}
