/**
 * Base64 without Buffer or atob/btoa string juggling, so the same code runs in the browser and in
 * Node (spec §9: files travel as base64; the web turns them back into a Blob in chunks of 512).
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const ENCODE = new Uint8Array(64);
const DECODE = new Int16Array(128).fill(-1);
for (let k = 0; k < 64; k++) {
  ENCODE[k] = ALPHABET.charCodeAt(k);
  DECODE[ALPHABET.charCodeAt(k)] = k;
}

/** Chunk size of spec §9 ("files are converted to base64, internally in chunks of 512"). */
export const BASE64_CHUNK_SIZE = 512;

/** Characters per String.fromCharCode call: far below every engine's argument limit. */
const STRING_CHUNK = 0x2000;

export function base64FromBytes(bytes: Uint8Array): string {
  const n = bytes.length;
  const out = new Uint8Array(Math.ceil(n / 3) * 4);
  let o = 0;
  let k = 0;
  for (; k + 2 < n; k += 3) {
    const v = ((bytes[k] as number) << 16) | ((bytes[k + 1] as number) << 8) | (bytes[k + 2] as number);
    out[o++] = ENCODE[v >>> 18] as number;
    out[o++] = ENCODE[(v >>> 12) & 63] as number;
    out[o++] = ENCODE[(v >>> 6) & 63] as number;
    out[o++] = ENCODE[v & 63] as number;
  }
  if (k < n) {
    const b0 = bytes[k] as number;
    const b1 = k + 1 < n ? (bytes[k + 1] as number) : 0;
    out[o++] = ENCODE[b0 >>> 2] as number;
    out[o++] = ENCODE[((b0 & 3) << 4) | (b1 >>> 4)] as number;
    out[o++] = k + 1 < n ? (ENCODE[(b1 & 15) << 2] as number) : 0x3d;
    out[o++] = 0x3d; // "="
  }
  let text = "";
  for (let start = 0; start < out.length; start += STRING_CHUNK) {
    text += String.fromCharCode(...out.subarray(start, start + STRING_CHUNK));
  }
  return text;
}

/**
 * Decodes base64 (standard alphabet). Tolerates white space and line breaks, a missing final
 * padding and a data-URL prefix ("data:application/pdf;base64,"). Throws RangeError on anything
 * else, so corrupt content is never silently turned into a different file.
 */
export function bytesFromBase64(b64: string): Uint8Array {
  if (typeof b64 !== "string") throw new RangeError("Base64 no válido: se esperaba un texto");
  let s = b64;
  const comma = s.startsWith("data:") ? s.indexOf(",") : -1;
  if (comma !== -1 && /;base64$/i.test(s.slice(0, comma))) s = s.slice(comma + 1);
  s = s.replace(/[\t\n\f\r ]+/g, "");
  let end = s.length;
  if (end % 4 === 0 && s.endsWith("==")) end -= 2;
  else if (end % 4 === 0 && s.endsWith("=")) end -= 1;
  if (end % 4 === 1) throw new RangeError("Base64 no válido: longitud incorrecta");
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let k = 0; k < end; k++) {
    const c = s.charCodeAt(k);
    const v = c < 128 ? (DECODE[c] as number) : -1;
    if (v < 0) throw new RangeError(`Base64 no válido: carácter «${s[k]}» en la posición ${k}`);
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >>> bits) & 0xff;
    }
  }
  return out;
}

/**
 * Decodes base64 into consecutive chunks of `chunkSize` bytes (512 by default, as the web does
 * before building a Blob: `new Blob(bytesChunksFromBase64(b64), { type: "application/pdf" })`).
 */
export function bytesChunksFromBase64(b64: string, chunkSize = BASE64_CHUNK_SIZE): Uint8Array[] {
  if (!Number.isInteger(chunkSize) || chunkSize <= 0) throw new RangeError("Tamaño de bloque no válido");
  const bytes = bytesFromBase64(b64);
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += chunkSize) chunks.push(bytes.subarray(start, start + chunkSize));
  return chunks;
}
