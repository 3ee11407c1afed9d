import { checkXmlFile, type UploadedFile } from "@portal/cfdi";
import { MAX_UPLOAD_BYTES } from "@portal/contracts";
import type { z } from "zod";
import { PDF_DEMASIADO_GRANDE, readBytes } from "./pdf-upload";

/**
 * Reading the files a user picked for an upload form (invoices, payment complements): their bytes for the
 * browser's checks and the base64 payload, the size limit, and the picked XML read with a CFDI reader.
 */

/** A file the user picked, read: its name, the browser's MIME type, its size and its bytes. */
export interface ArchivoLeido extends UploadedFile {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly mime: string;
  /** The size the browser reported (checked against the upload limit before reading). */
  readonly size: number;
}

/** The picked file read, or null when none was picked. */
export async function readFile(file: File | null): Promise<ArchivoLeido | null> {
  return file ? { name: file.name, mime: file.type, size: file.size, bytes: await readBytes(file) } : null;
}

/** Every picked file of a form read at once, under the same keys. */
export async function readFiles<K extends string>(
  elegidos: Readonly<Record<K, File | null>>,
): Promise<Record<K, ArchivoLeido | null>> {
  const claves = Object.keys(elegidos) as K[];
  const leidos = await Promise.all(claves.map((clave) => readFile(elegidos[clave])));
  return Object.fromEntries(claves.map((clave, i) => [clave, leidos[i] ?? null])) as Record<K, ArchivoLeido | null>;
}

/** The upload limit's message once, when any file picked is over it (the API refuses larger uploads). */
export const checkSizes = (archivos: readonly (ArchivoLeido | null)[]): string[] =>
  archivos.some((archivo) => archivo !== null && archivo.size > MAX_UPLOAD_BYTES) ? [PDF_DEMASIADO_GRANDE] : [];

/** What a CFDI reader of @portal/cfdi answers: the data, or the structure messages. */
export type CfdiRead<T> = { ok: true; data: T } | { ok: false; errors: string[] };

/**
 * The picked XML's data, or its structure messages (spec §5: the structure message first); nothing when no XML
 * was picked or it is not one (the file checks already said so).
 */
export function readXml<T>(
  xml: ArchivoLeido | null,
  read: (bytes: Uint8Array) => CfdiRead<T>,
): { datos: T | null; errores: string[] } {
  if (xml === null || xml.bytes.length === 0 || checkXmlFile(xml.name, xml.bytes).length > 0) {
    return { datos: null, errores: [] };
  }
  const leido = read(xml.bytes);
  return leido.ok ? { datos: leido.data, errores: [] } : { datos: null, errores: leido.errors };
}

/** The browser's checks of an upload form: the payload to send, or every failing message (one toast). */
export type Revision<R> = { ok: true; request: R } | { ok: false; errors: string[] };

/** Messages of a contract refusal (field by field), in the order zod reports them. */
export const zodMessages = (error: z.ZodError): string[] => [...new Set(error.issues.map((issue) => issue.message))];
