/**
 * Stream filters (ISO 32000-1 §7.4): every standard one is applied or named. ASCIIHex, ASCII85, LZW and RunLength
 * are decoded here; Flate (and Brotli, which pdf.js also reads) by the decoder the caller passes (node:zlib on the
 * server); DCT, JPX, JBIG2 and CCITTFax are image codecs whose output is pixels, never PDF syntax. Abbreviated
 * names (the inline-image ones, which viewers also accept on streams) count as their full names. Every decoder
 * stops at the caller's cap and throws PdfLimitError instead of returning a part.
 */
import type { PdfCrypto } from "./crypt";
import { hexValue, isWhiteSpace, PdfDict, PdfLimitError, PdfName, type PdfValue } from "./syntax";

export type FilterName =
  | "FlateDecode"
  | "LZWDecode"
  | "ASCIIHexDecode"
  | "ASCII85Decode"
  | "RunLengthDecode"
  | "BrotliDecode"
  | "DCTDecode"
  | "JPXDecode"
  | "JBIG2Decode"
  | "CCITTFaxDecode"
  | "Crypt";

const FILTER_NAMES: Record<string, FilterName> = {
  FlateDecode: "FlateDecode",
  Fl: "FlateDecode",
  LZWDecode: "LZWDecode",
  LZW: "LZWDecode",
  ASCIIHexDecode: "ASCIIHexDecode",
  AHx: "ASCIIHexDecode",
  ASCII85Decode: "ASCII85Decode",
  A85: "ASCII85Decode",
  RunLengthDecode: "RunLengthDecode",
  RL: "RunLengthDecode",
  BrotliDecode: "BrotliDecode",
  DCTDecode: "DCTDecode",
  DCT: "DCTDecode",
  JPXDecode: "JPXDecode",
  JBIG2Decode: "JBIG2Decode",
  CCITTFaxDecode: "CCITTFaxDecode",
  CCF: "CCITTFaxDecode",
  Crypt: "Crypt",
};

/** Filters whose output is image samples: checked by name, not decoded. */
export const IMAGE_FILTERS = new Set<FilterName>(["DCTDecode", "JPXDecode", "JBIG2Decode", "CCITTFaxDecode"]);

/** The decoders a platform lends: each returns at most `maxBytes` bytes or throws PdfLimitError. */
export interface PdfDecoders {
  flate?: (data: Uint8Array, maxBytes: number) => Uint8Array;
  brotli?: (data: Uint8Array, maxBytes: number) => Uint8Array;
  /** Hashes and AES, to decrypt files encrypted without a user password (src/pdf/crypt.ts). */
  crypto?: PdfCrypto;
  /** Bytes as one character per byte, faster than TextDecoder where the platform has a native way (Buffer). */
  latin1?: (bytes: Uint8Array) => string;
}

/** A stream whose filter is not a standard one, or whose data its filter cannot decode. */
export class PdfFilterError extends Error {}

export interface FilterStep {
  name: FilterName;
  params: PdfDict | null;
}

/** The stream's filter chain, names decoded and abbreviations expanded; PdfFilterError for an unknown filter. */
export function filterChain(dict: PdfDict, resolve: (v: PdfValue | undefined) => PdfValue | undefined): FilterStep[] {
  // pdf.js reads the inline-image keys /F and /DP on streams too, before /Filter and /DecodeParms; PDFium reads
  // only the long ones. A stream whose two say different things is decoded differently by each: refused.
  const isNames = (v: PdfValue | undefined) =>
    v instanceof PdfName || (Array.isArray(v) && v.length > 0 && v.every((x) => resolve(x) instanceof PdfName));
  const long = resolve(dict.get("Filter"));
  const short = resolve(dict.get("F"));
  if (isNames(short) && long !== undefined && long !== null && chainKey(short, resolve) !== chainKey(long, resolve)) {
    throw new PdfFilterError("F/Filter");
  }
  const filter = long ?? (isNames(short) ? short : undefined);
  const parms = resolve(dict.get("DecodeParms") ?? (filter === short ? dict.get("DP") : undefined));
  const names = filter === undefined || filter === null ? [] : Array.isArray(filter) ? filter : [filter];
  return names.map((raw, k) => {
    const value = resolve(raw);
    const name = value instanceof PdfName ? FILTER_NAMES[value.name] : undefined;
    if (!name) throw new PdfFilterError(value instanceof PdfName ? value.name : "?");
    const p = Array.isArray(parms) ? resolve(parms[k]) : k === 0 || !Array.isArray(filter) ? parms : undefined;
    return { name, params: p instanceof PdfDict ? p : null };
  });
}

const chainKey = (v: PdfValue | undefined, resolve: (v: PdfValue | undefined) => PdfValue | undefined) =>
  (Array.isArray(v) ? v : [v])
    .map((x) => resolve(x))
    .map((x) => (x instanceof PdfName ? (FILTER_NAMES[x.name] ?? x.name) : "?"))
    .join(" ");

const numberParam = (params: PdfDict | null, key: string, fallback: number) => {
  const v = params?.get(key);
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
};

/**
 * Applies the non-image filters of the chain in order. Returns null when a filter's decoder is not available on
 * this platform (the browser has no synchronous inflate: the server decides).
 */
export function decodeChain(
  data: Uint8Array,
  chain: readonly FilterStep[],
  decoders: PdfDecoders,
  maxBytes: number,
): Uint8Array | null {
  let out = data;
  for (const { name, params } of chain) {
    switch (name) {
      case "Crypt":
        continue; // decryption happened before; an Identity crypt filter changes nothing
      case "ASCIIHexDecode":
        out = asciiHexDecode(out, maxBytes);
        break;
      case "ASCII85Decode":
        out = ascii85Decode(out, maxBytes);
        break;
      case "RunLengthDecode":
        out = runLengthDecode(out, maxBytes);
        break;
      case "LZWDecode":
        out = predict(lzwDecode(out, maxBytes, numberParam(params, "EarlyChange", 1)), params);
        break;
      case "FlateDecode": {
        if (!decoders.flate) return null;
        out = predict(decoders.flate(out, maxBytes), params);
        break;
      }
      case "BrotliDecode": {
        if (!decoders.brotli) return null;
        out = predict(decoders.brotli(out, maxBytes), params);
        break;
      }
      default:
        throw new PdfFilterError(name); // image codecs are not decoded: the caller decides what that means
    }
  }
  return out;
}

/** Collects output and throws PdfLimitError past the cap. */
class Output {
  buf: Uint8Array;
  length = 0;
  constructor(
    readonly max: number,
    initial: number,
  ) {
    this.buf = new Uint8Array(Math.max(16, Math.min(initial, max)));
  }
  push(b: number): void {
    if (this.length >= this.buf.length) this.grow(1);
    this.buf[this.length++] = b;
  }
  pushAll(bytes: Uint8Array): void {
    if (this.length + bytes.length > this.buf.length) this.grow(bytes.length);
    this.buf.set(bytes, this.length);
    this.length += bytes.length;
  }
  private grow(n: number): void {
    if (this.length + n > this.max) throw new PdfLimitError("flujo");
    const next = new Uint8Array(Math.min(this.max, Math.max(this.buf.length * 2, this.length + n)));
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }
  result(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

export function asciiHexDecode(data: Uint8Array, maxBytes: number): Uint8Array {
  const out = new Output(maxBytes, data.length / 2 + 1);
  let high = -1;
  for (const b of data) {
    if (b === 0x3e) break;
    const v = hexValue(b);
    if (v < 0) {
      if (isWhiteSpace(b)) continue;
      throw new PdfFilterError("ASCIIHexDecode");
    }
    if (high < 0) high = v;
    else {
      out.push(high * 16 + v);
      high = -1;
    }
  }
  if (high >= 0) out.push(high * 16);
  return out.result();
}

export function ascii85Decode(data: Uint8Array, maxBytes: number): Uint8Array {
  const out = new Output(maxBytes, (data.length * 4) / 5 + 4);
  const group: number[] = [];
  let k = 0;
  // An optional "<~" prefix (PostScript style) is tolerated, as pdf.js does.
  if (data[0] === 0x3c && data[1] === 0x7e) k = 2;
  for (; k < data.length; k++) {
    const b = data[k]!;
    if (isWhiteSpace(b)) continue;
    if (b === 0x7e) break; // "~>"
    if (b === 0x7a && group.length === 0) {
      for (let j = 0; j < 4; j++) out.push(0);
      continue;
    }
    if (b < 0x21 || b > 0x75) throw new PdfFilterError("ASCII85Decode");
    group.push(b - 0x21);
    if (group.length === 5) {
      const v = group.reduce((acc, d) => acc * 85 + d, 0);
      if (v > 0xffffffff) throw new PdfFilterError("ASCII85Decode");
      out.push((v >>> 24) & 0xff);
      out.push((v >>> 16) & 0xff);
      out.push((v >>> 8) & 0xff);
      out.push(v & 0xff);
      group.length = 0;
    }
  }
  if (group.length === 1) throw new PdfFilterError("ASCII85Decode");
  if (group.length > 1) {
    const n = group.length;
    while (group.length < 5) group.push(84);
    const v = group.reduce((acc, d) => acc * 85 + d, 0);
    for (let j = 0; j < n - 1; j++) out.push((v >>> (24 - 8 * j)) & 0xff);
  }
  return out.result();
}

export function runLengthDecode(data: Uint8Array, maxBytes: number): Uint8Array {
  const out = new Output(maxBytes, data.length * 2);
  let k = 0;
  while (k < data.length) {
    const n = data[k++]!;
    if (n === 128) break;
    if (n < 128) {
      const run = data.subarray(k, k + n + 1);
      out.pushAll(run);
      k += n + 1;
    } else {
      if (k >= data.length) break;
      const b = data[k++]!;
      for (let j = 0; j < 257 - n; j++) out.push(b);
    }
  }
  return out.result();
}

export function lzwDecode(data: Uint8Array, maxBytes: number, earlyChange: number): Uint8Array {
  const out = new Output(maxBytes, data.length * 3);
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const lengths = new Uint16Array(4096);
  for (let c = 0; c < 256; c++) {
    prefix[c] = -1;
    suffix[c] = c;
    lengths[c] = 1;
  }
  let next = 258;
  let width = 9;
  let previous = -1;
  let bitBuffer = 0;
  let bits = 0;
  let k = 0;
  const stack = new Uint8Array(4096);
  const emit = (code: number): number => {
    let n = 0;
    for (let c = code; c >= 0; c = prefix[c]!) stack[n++] = suffix[c]!;
    for (let j = n - 1; j >= 0; j--) out.push(stack[j]!);
    return stack[n - 1]!; // first byte of the string
  };
  for (;;) {
    while (bits < width && k < data.length) {
      bitBuffer = ((bitBuffer << 8) | data[k++]!) >>> 0;
      bits += 8;
    }
    if (bits < width) break;
    const code = (bitBuffer >>> (bits - width)) & ((1 << width) - 1);
    bits -= width;
    bitBuffer &= (1 << bits) - 1;
    if (code === 256) {
      next = 258;
      width = 9;
      previous = -1;
      continue;
    }
    if (code === 257) break;
    if (previous < 0) {
      if (code > 255) throw new PdfFilterError("LZWDecode");
      emit(code);
      previous = code;
      continue;
    }
    let first: number;
    if (code < next) {
      first = emit(code);
    } else if (code === next) {
      first = emit(previous);
      out.push(first);
    } else {
      throw new PdfFilterError("LZWDecode");
    }
    if (next < 4096) {
      prefix[next] = previous;
      suffix[next] = first;
      lengths[next] = lengths[previous]! + 1;
      next++;
    }
    if (next + earlyChange >= 1 << width && width < 12) width++;
    previous = code;
  }
  return out.result();
}

/** The PNG (10–15) and TIFF (2) predictors of Flate and LZW (§7.4.4.4). */
export function predict(data: Uint8Array, params: PdfDict | null): Uint8Array {
  const predictor = numberParam(params, "Predictor", 1);
  if (predictor <= 1) return data;
  const colors = numberParam(params, "Colors", 1);
  const bpc = numberParam(params, "BitsPerComponent", 8);
  const columns = numberParam(params, "Columns", 1);
  const bytesPerPixel = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowBytes = Math.ceil((colors * bpc * columns) / 8);
  if (!(rowBytes > 0) || !Number.isInteger(rowBytes)) throw new PdfFilterError("Predictor");
  if (predictor === 2) {
    if (bpc !== 8) return data; // sub-byte TIFF prediction only ever applies to images, which are not decoded
    const out = data.slice();
    for (let row = 0; row + rowBytes <= out.length; row += rowBytes) {
      for (let k = bytesPerPixel; k < rowBytes; k++)
        out[row + k] = (out[row + k]! + out[row + k - bytesPerPixel]!) & 0xff;
    }
    return out;
  }
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = new Uint8Array(rows * rowBytes);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowBytes + 1)]!;
    const src = r * (rowBytes + 1) + 1;
    const dst = r * rowBytes;
    for (let k = 0; k < rowBytes; k++) {
      const raw = data[src + k]!;
      const left = k >= bytesPerPixel ? out[dst + k - bytesPerPixel]! : 0;
      const up = r > 0 ? out[dst - rowBytes + k]! : 0;
      const upLeft = r > 0 && k >= bytesPerPixel ? out[dst - rowBytes + k - bytesPerPixel]! : 0;
      let v: number;
      switch (type) {
        case 0:
          v = raw;
          break;
        case 1:
          v = raw + left;
          break;
        case 2:
          v = raw + up;
          break;
        case 3:
          v = raw + ((left + up) >> 1);
          break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
        default:
          throw new PdfFilterError("Predictor");
      }
      out[dst + k] = v & 0xff;
    }
  }
  return out;
}
