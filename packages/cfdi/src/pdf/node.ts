/**
 * @portal/cfdi/pdf — the server's PDF check: the same scan as the browser's quick check, with node:zlib's Flate
 * and Brotli decoders (each capped, a zip bomb stops at the cap and is refused), node:crypto to read files
 * encrypted without a user password, and the structure required.
 * Node.js only; the "." entry of @portal/cfdi stays browser-safe.
 */
import { createCipheriv, createDecipheriv, createHash } from "node:crypto";
import { brotliDecompressSync, constants, inflateRawSync } from "node:zlib";
import { checkPdf, type PdfCheckOptions } from "../files";
import type { PdfCrypto } from "./crypt";
import { type PdfDecoders, PdfFilterError } from "./filters";
import { PdfLimitError } from "./syntax";

const isTooLarge = (e: unknown) =>
  e instanceof RangeError || (e as { code?: string } | null)?.code === "ERR_BUFFER_TOO_LARGE";

/**
 * FlateDecode: the zlib header checked as viewers check it (method 8, FCHECK, no preset dictionary), then raw
 * inflate flushed at the end of the data, so a stream cut short gives what it holds (as viewers show it) and the
 * Adler-32 check that viewers skip is skipped too.
 */
function flate(data: Uint8Array, maxBytes: number): Uint8Array {
  const cmf = data[0];
  const flg = data[1];
  if (cmf === undefined || flg === undefined || (cmf & 0x0f) !== 8 || ((cmf << 8) + flg) % 31 !== 0 || flg & 0x20) {
    throw new PdfFilterError("FlateDecode");
  }
  try {
    return inflateRawSync(data.subarray(2), { maxOutputLength: maxBytes, finishFlush: constants.Z_SYNC_FLUSH });
  } catch (e) {
    if (isTooLarge(e)) throw new PdfLimitError("flujo");
    throw new PdfFilterError("FlateDecode");
  }
}

function brotli(data: Uint8Array, maxBytes: number): Uint8Array {
  try {
    return brotliDecompressSync(data, { maxOutputLength: maxBytes });
  } catch (e) {
    if (isTooLarge(e)) throw new PdfLimitError("flujo");
    throw new PdfFilterError("BrotliDecode");
  }
}

const hash = (algorithm: string) => (data: Uint8Array) => new Uint8Array(createHash(algorithm).update(data).digest());
const aes = (key: Uint8Array) => (key.length === 32 ? "aes-256-cbc" : "aes-128-cbc");

/** node:crypto for the standard security handler (src/pdf/crypt.ts); no padding is added or removed here. */
const NODE_PDF_CRYPTO: PdfCrypto = {
  md5: hash("md5"),
  sha256: hash("sha256"),
  sha384: hash("sha384"),
  sha512: hash("sha512"),
  aesCbcDecrypt(key, iv, data) {
    const d = createDecipheriv(aes(key), key, iv).setAutoPadding(false);
    return new Uint8Array(Buffer.concat([d.update(data), d.final()]));
  },
  aes128CbcEncrypt(key, iv, data) {
    const c = createCipheriv("aes-128-cbc", key, iv).setAutoPadding(false);
    return new Uint8Array(Buffer.concat([c.update(data), c.final()]));
  },
};

export const NODE_PDF_DECODERS: PdfDecoders = {
  flate,
  brotli,
  crypto: NODE_PDF_CRYPTO,
  latin1: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1"),
};

/** What every PDF upload path of the API runs. */
export const SERVER_PDF_CHECK: PdfCheckOptions = { decoders: NODE_PDF_DECODERS, requireStructure: true };

/** checkPdf with the server's options: [] when the file may be stored. */
export function checkPdfOnServer(fileName: string, bytes: Uint8Array): string[] {
  return checkPdf(fileName, bytes, SERVER_PDF_CHECK);
}

export { PDF_LIMITS, type PdfLimits } from "./scan";
