/**
 * The receipt image check (spec §5 'Recepción': gif, jpeg or png): a strict reader of the three formats' structure,
 * written for this check and browser-safe (no Node APIs). A file is an image when it is one from its first byte to
 * its last — PNG chunks with their CRCs from the signature to IEND, JPEG segments from SOI to EOI, GIF blocks from
 * the header to the trailer — and nothing follows. The dimensions are read from the header and bounded before any
 * pixel is decoded (a 100,000 × 100,000 PNG is refused by its 25 bytes of IHDR), and the places where a file can
 * carry text (PNG text chunks, JPEG comments and APPn segments, GIF comment and application extensions) are
 * searched for HTML and script markers, so a PNG+HTML or GIF/JS polyglot is refused.
 *
 * With an inflater (the server's, node:zlib: `@portal/cfdi/image`) a PNG's pixel stream is inflated within a cap
 * computed from the header and must give exactly the bytes its dimensions need, with valid filter bytes and nothing
 * after the zlib stream; compressed text chunks are inflated and searched too. Without one (the browser's quick
 * check) those two steps are skipped, so the browser never refuses a file the server accepts.
 * JPEG entropy-coded data and GIF LZW data are not decoded: their structure is walked and their dimensions bounded.
 */

export type ImageType = "png" | "jpeg" | "gif";

export interface ImageLimits {
  /** Pixels per side (width and height). */
  readonly maxSide: number;
  /** Width × height (for a GIF, the sum over its frames). */
  readonly maxPixels: number;
  /** Bytes a PNG's pixel stream may inflate to (computed from IHDR before inflating). */
  readonly maxDecodedBytes: number;
}

/** 10,000 px a side, 40 megapixels, 64 MB of PNG pixel data (16 MP in RGBA, 21 MP in RGB). */
export const IMAGE_LIMITS: ImageLimits = {
  maxSide: 10_000,
  maxPixels: 40_000_000,
  maxDecodedBytes: 64 * 1024 * 1024,
};

/**
 * zlib inflate of the whole input (zlib header and Adler-32 checked), at most `maxBytes` of output. Throws when the
 * data is not a complete zlib stream or the output would exceed `maxBytes`; `consumed` is how many input bytes the
 * stream took (what follows it is not part of the image).
 */
export type ImageInflate = (data: Uint8Array, maxBytes: number) => { output: Uint8Array; consumed: number };

export interface ImageCheckOptions {
  readonly inflate?: ImageInflate;
  readonly limits?: Partial<ImageLimits>;
}

export type ImageFailure =
  /** Not a PNG, JPEG or GIF signature. */
  | "formato"
  /** The file ends before the image does. */
  | "incompleta"
  /** A chunk, segment or block that the format does not allow there (bad CRC, length, order, value). */
  | "estructura"
  /** Width or height above the side limit, or too many pixels. */
  | "dimensiones"
  /** A PNG whose pixel data would inflate past the cap. */
  | "decodificada"
  /** The pixel stream does not inflate to what the header says. */
  | "pixeles"
  /** Bytes after the image's end (IEND, EOI, trailer). */
  | "datosFinales"
  /** HTML or script markers in the image's text. */
  | "codigo";

export type ImageVerdict =
  | { readonly ok: true; readonly type: ImageType; readonly width: number; readonly height: number }
  | {
      readonly ok: false;
      readonly reason: ImageFailure;
      readonly type?: ImageType;
      readonly width?: number;
      readonly height?: number;
    };

// ── Shared helpers ──────────────────────────────────────────────────────────────────────────────────────────

class ImageError extends Error {
  constructor(
    readonly reason: ImageFailure,
    readonly width?: number,
    readonly height?: number,
  ) {
    super(reason);
  }
}
const fail = (reason: ImageFailure, width?: number, height?: number): never => {
  throw new ImageError(reason, width, height);
};

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32be = (b: Uint8Array, at: number) =>
  (((b[at] ?? 0) << 24) | ((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0)) >>> 0;

/**
 * What a browser or a server-side interpreter would run if the file were served as a page or included as code. Any
 * of them in an image's own text means the file was built to be two things at once. Compared case-insensitively; a
 * tag name must be followed by white space, ">" or "/" ("<svg" alone is four bytes that Exif binary data can hold by
 * chance, "<svg " or "<svg>" is markup). Only the places that hold text or metadata are searched, never pixel data.
 */
const CODE_TAGS = ["<script", "<html", "<body", "<head", "<iframe", "<object", "<embed", "<svg", "<?php"];
const CODE_TEXTS = ["<!doctype", "javascript:"];
const CODE_MARKERS = [
  ...CODE_TAGS.map((m) => ({ bytes: [...m].map((c) => c.charCodeAt(0)), tag: true })),
  ...CODE_TEXTS.map((m) => ({ bytes: [...m].map((c) => c.charCodeAt(0)), tag: false })),
];
const isTagEnd = (b: number) =>
  b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x0c || b === 0x3e || b === 0x2f;

const lower = (b: number) => (b >= 0x41 && b <= 0x5a ? b | 0x20 : b);

/** Whether the bytes hold an HTML/script marker (ASCII, case-insensitive; also UTF-16, one byte in two). */
export function hasCodeMarker(bytes: Uint8Array): boolean {
  for (const stride of [1, 2]) {
    for (let k = 0; k < bytes.length; k++) {
      if (bytes[k] !== 0x3c && lower(bytes[k] ?? 0) !== 0x6a) continue; // "<" or "j"
      for (const marker of CODE_MARKERS) {
        const m = marker.bytes;
        let j = 0;
        while (j < m.length && lower(bytes[k + j * stride] ?? -1) === m[j]) j++;
        if (j < m.length) continue;
        if (!marker.tag || isTagEnd(bytes[k + j * stride] ?? -1)) return true;
      }
    }
  }
  return false;
}

function checkDimensions(width: number, height: number, limits: ImageLimits): void {
  if (width === 0 || height === 0) fail("estructura", width, height);
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    fail("dimensiones", width, height);
  }
}

// ── PNG (ISO/IEC 15948, PNG 3rd edition) ────────────────────────────────────────────────────────────────────

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let crcTable: Uint32Array | undefined;
/** CRC-32 (ISO 3309), as PNG chunks carry it over type and data. */
export function crc32(bytes: Uint8Array, from = 0, to = bytes.length): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let k = from; k < to; k++) c = (crcTable[(c ^ (bytes[k] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Allowed bit depths per colour type (PNG table 11.1). */
const PNG_DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Bytes of the filtered pixel stream: one filter byte per row plus the row's packed samples, per Adam7 pass. */
function pngDecodedSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rowBytes = (w: number) => 1 + Math.ceil((w * bitsPerPixel) / 8);
  if (!interlaced) return height * rowBytes(width);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) total += h * rowBytes(w);
  }
  return total;
}
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Every row starts with a filter type 0–4 (PNG §7.3); walks the rows of each pass. */
function pngFiltersValid(data: Uint8Array, width: number, height: number, bpp: number, interlaced: boolean): boolean {
  const passes = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  let at = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w <= 0 || h <= 0) continue;
    const row = 1 + Math.ceil((w * bpp) / 8);
    for (let y = 0; y < h; y++, at += row) if ((data[at] ?? 5) > 4) return false;
  }
  return true;
}

const isLetter = (b: number) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
const isCritical = (type: string) => type.charCodeAt(0) < 0x61;
const KNOWN_CRITICAL = new Set(["IHDR", "PLTE", "IDAT", "IEND"]);
const TEXT_CHUNKS = new Set(["tEXt", "zTXt", "iTXt"]);

function scanPng(bytes: Uint8Array, limits: ImageLimits, inflate: ImageInflate | undefined): ImageVerdict {
  let at = 8;
  let width = 0;
  let height = 0;
  let bitsPerPixel = 0;
  let interlaced = false;
  let colorType = -1;
  let seenPlte = false;
  const idat: Uint8Array[] = [];
  let idatEnded = false;
  let first = true;
  for (;;) {
    if (at + 8 > bytes.length) fail("incompleta");
    const length = u32be(bytes, at);
    const type = String.fromCharCode(bytes[at + 4] ?? 0, bytes[at + 5] ?? 0, bytes[at + 6] ?? 0, bytes[at + 7] ?? 0);
    if (![4, 5, 6, 7].every((k) => isLetter(bytes[at + k] ?? 0)) || length > 0x7fffffff) fail("estructura");
    const dataAt = at + 8;
    if (dataAt + length + 4 > bytes.length) fail("incompleta");
    if (crc32(bytes, at + 4, dataAt + length) !== u32be(bytes, dataAt + length)) fail("estructura");
    const data = bytes.subarray(dataAt, dataAt + length);
    at = dataAt + length + 4;

    if (first !== (type === "IHDR")) fail("estructura");
    if (idat.length > 0 && type !== "IDAT") idatEnded = true;
    if (type === "IHDR") {
      first = false;
      if (length !== 13) fail("estructura");
      width = u32be(data, 0);
      height = u32be(data, 4);
      const depth = data[8] ?? 0;
      colorType = data[9] ?? 0;
      if (!PNG_DEPTHS[colorType]?.includes(depth) || data[10] !== 0 || data[11] !== 0 || (data[12] ?? 2) > 1) {
        fail("estructura");
      }
      checkDimensions(width, height, limits);
      bitsPerPixel = depth * (PNG_CHANNELS[colorType] ?? 1);
      interlaced = data[12] === 1;
      const decoded = pngDecodedSize(width, height, bitsPerPixel, interlaced);
      if (decoded > limits.maxDecodedBytes) fail("decodificada", width, height);
    } else if (type === "PLTE") {
      if (seenPlte || idat.length > 0 || length === 0 || length % 3 !== 0 || length / 3 > 256) fail("estructura");
      if (colorType === 0 || colorType === 4) fail("estructura");
      seenPlte = true;
    } else if (type === "IDAT") {
      if (idatEnded) fail("estructura"); // IDAT chunks must be consecutive (PNG §5.6)
      if (colorType === 3 && !seenPlte) fail("estructura");
      idat.push(data);
    } else if (type === "IEND") {
      if (length !== 0 || idat.length === 0) fail("estructura");
      if (at !== bytes.length) fail("datosFinales", width, height);
      break;
    } else if (isCritical(type) && !KNOWN_CRITICAL.has(type)) {
      fail("estructura"); // an unknown critical chunk: a decoder must refuse the image (PNG §5.4)
    } else {
      // Ancillary chunk: its raw bytes are text or metadata, never pixels.
      if (hasCodeMarker(data)) fail("codigo", width, height);
      if (inflate && TEXT_CHUNKS.has(type) && type !== "tEXt") {
        const text = compressedText(type, data, inflate, limits);
        if (text && hasCodeMarker(text)) fail("codigo", width, height);
      }
    }
  }

  if (inflate) {
    const stream = joinChunks(idat);
    const expected = pngDecodedSize(width, height, bitsPerPixel, interlaced);
    let inflated: { output: Uint8Array; consumed: number };
    try {
      inflated = inflate(stream, expected);
    } catch {
      return fail("pixeles", width, height);
    }
    if (inflated.output.length !== expected || inflated.consumed !== stream.length) fail("pixeles", width, height);
    if (!pngFiltersValid(inflated.output, width, height, bitsPerPixel, interlaced)) fail("pixeles", width, height);
  }
  return { ok: true, type: "png", width, height };
}

/** The compressed text of a zTXt or a compressed iTXt chunk (keyword and headers skipped), inflated within a cap. */
function compressedText(type: string, data: Uint8Array, inflate: ImageInflate, limits: ImageLimits): Uint8Array | null {
  const keywordEnd = data.indexOf(0);
  if (keywordEnd < 1 || keywordEnd > 79) fail("estructura");
  let at = keywordEnd + 1;
  if (type === "iTXt") {
    const compressed = data[at] === 1;
    at += 2;
    for (let nul = 0; nul < 2; nul++) {
      const end = data.indexOf(0, at);
      if (end < 0) fail("estructura");
      at = end + 1;
    }
    if (!compressed) return null; // searched raw already
  } else {
    at += 1; // compression method
  }
  try {
    return inflate(data.subarray(at), Math.min(limits.maxDecodedBytes, 1024 * 1024)).output;
  } catch {
    return fail("estructura");
  }
}

function joinChunks(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

// ── JPEG (ITU-T T.81, JFIF, Exif) ───────────────────────────────────────────────────────────────────────────

/** Start-of-frame markers (baseline, extended, progressive, lossless; Huffman and arithmetic). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
/** Markers followed by a length (every one but SOI, EOI, RSTn and TEM). */
const hasLength = (m: number) => !(m === 0xd8 || m === 0xd9 || (m >= 0xd0 && m <= 0xd7) || m === 0x01);

function scanJpeg(bytes: Uint8Array, limits: ImageLimits): ImageVerdict {
  let at = 2;
  let width = 0;
  let height = 0;
  let seenSof = false;
  for (;;) {
    // Markers may be preceded by any number of 0xFF fill bytes (T.81 §B.1.1.2).
    if (at >= bytes.length) fail("incompleta", width, height);
    if (bytes[at] !== 0xff) fail("estructura", width, height);
    while (bytes[at] === 0xff) at++;
    if (at >= bytes.length) fail("incompleta", width, height);
    const marker = bytes[at] as number;
    at++;
    if (marker === 0xd9) {
      // EOI: what follows must be nothing, or padding some encoders leave (zero or 0xFF bytes).
      if (!seenSof) fail("estructura");
      for (let k = at; k < bytes.length; k++) {
        if (bytes[k] !== 0x00 && bytes[k] !== 0xff) fail("datosFinales", width, height);
      }
      return { ok: true, type: "jpeg", width, height };
    }
    if (marker === 0x00 || marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) fail("estructura", width, height);
    if (!hasLength(marker)) continue;
    if (at + 2 > bytes.length) fail("incompleta", width, height);
    const length = u16be(bytes, at);
    if (length < 2) fail("estructura", width, height);
    if (at + length > bytes.length) fail("incompleta", width, height);
    const segment = bytes.subarray(at + 2, at + length);
    at += length;

    if (isSof(marker)) {
      if (seenSof || segment.length < 6) fail("estructura");
      const components = segment[5] ?? 0;
      if (components < 1 || components > 4 || segment.length !== 6 + 3 * components) fail("estructura");
      height = u16be(segment, 1);
      width = u16be(segment, 3);
      checkDimensions(width, height, limits); // a height of 0 (set later by DNL) is refused too
      seenSof = true;
    } else if (marker === 0xfe || (marker >= 0xe0 && marker <= 0xef)) {
      // COM and APPn: free text and metadata (Exif, XMP, ICC), where a polyglot puts its page.
      if (hasCodeMarker(segment)) fail("codigo", width, height);
    } else if (marker === 0xda) {
      if (!seenSof) fail("estructura");
      const components = segment[0] ?? 0;
      if (components < 1 || components > 4 || segment.length !== 4 + 2 * components) fail("estructura", width, height);
      at = skipEntropyCoded(bytes, at, width, height);
    }
  }
}

/** After SOS: entropy-coded bytes until a marker other than a stuffed 0xFF00 or a restart marker. */
function skipEntropyCoded(bytes: Uint8Array, from: number, width: number, height: number): number {
  let at = from;
  for (;;) {
    const next = bytes.indexOf(0xff, at);
    if (next < 0 || next + 1 >= bytes.length) return fail("incompleta", width, height);
    let m = next + 1;
    while (bytes[m] === 0xff) m++;
    if (m >= bytes.length) return fail("incompleta", width, height);
    const marker = bytes[m] as number;
    if (marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7)) {
      at = m + 1;
      continue;
    }
    return next;
  }
}

// ── GIF (GIF87a, GIF89a) ────────────────────────────────────────────────────────────────────────────────────

function scanGif(bytes: Uint8Array, limits: ImageLimits): ImageVerdict {
  if (bytes.length < 13) fail("incompleta");
  const width = u16le(bytes, 6);
  const height = u16le(bytes, 8);
  checkDimensions(width, height, limits);
  const packed = bytes[10] ?? 0;
  let at = 13;
  if (packed & 0x80) at += 3 * (1 << ((packed & 0x07) + 1));
  let framePixels = 0;
  let frames = 0;
  for (;;) {
    if (at >= bytes.length) fail("incompleta", width, height);
    const block = bytes[at] as number;
    at++;
    if (block === 0x3b) {
      if (frames === 0) fail("estructura", width, height);
      if (at !== bytes.length) fail("datosFinales", width, height);
      return { ok: true, type: "gif", width, height };
    }
    if (block === 0x2c) {
      if (at + 9 > bytes.length) fail("incompleta", width, height);
      const w = u16le(bytes, at + 4);
      const h = u16le(bytes, at + 6);
      const local = bytes[at + 8] ?? 0;
      if (w === 0 || h === 0 || w > limits.maxSide || h > limits.maxSide) fail("dimensiones", w, h);
      framePixels += w * h;
      // Every frame is decoded to pixels by a viewer: their sum is the image's cost.
      if (framePixels > limits.maxPixels) fail("dimensiones", width, height);
      at += 9;
      if (local & 0x80) at += 3 * (1 << ((local & 0x07) + 1));
      if (at >= bytes.length) fail("incompleta", width, height);
      const minCodeSize = bytes[at] as number;
      if (minCodeSize < 2 || minCodeSize > 8) fail("estructura", width, height);
      at = skipSubBlocks(bytes, at + 1, null, width, height);
      frames++;
    } else if (block === 0x21) {
      if (at >= bytes.length) fail("incompleta", width, height);
      const label = bytes[at] as number;
      // Comment (0xFE) and application (0xFF: NETSCAPE2.0, XMP…) extensions carry free bytes; plain text (0x01) too.
      const searched = label === 0xfe || label === 0xff || label === 0x01;
      at = skipSubBlocks(bytes, at + 1, searched ? [] : null, width, height);
    } else {
      fail("estructura", width, height);
    }
  }
}

/** Data sub-blocks (a length byte, then that many bytes) up to the zero-length terminator; collects text when asked. */
function skipSubBlocks(
  bytes: Uint8Array,
  from: number,
  text: Uint8Array[] | null,
  width: number,
  height: number,
): number {
  let at = from;
  for (;;) {
    if (at >= bytes.length) return fail("incompleta", width, height);
    const size = bytes[at] as number;
    at++;
    if (size === 0) break;
    if (at + size > bytes.length) return fail("incompleta", width, height);
    text?.push(bytes.subarray(at, at + size));
    at += size;
  }
  // Markers split across sub-blocks are found in the joined text.
  if (text && hasCodeMarker(joinChunks(text))) fail("codigo", width, height);
  return at;
}

// ── Entry point ─────────────────────────────────────────────────────────────────────────────────────────────

/** The image's type by its signature, or null. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, k) => bytes[k] === b)) return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (
    bytes.length >= 6 &&
    bytes[0] === 0x47 &&
    bytes[1] === 0x49 &&
    bytes[2] === 0x46 &&
    bytes[3] === 0x38 &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  ) {
    return "gif";
  }
  return null;
}

/** Reads the whole file as a PNG, JPEG or GIF; says why not (see ImageFailure). */
export function scanImage(bytes: Uint8Array, options: ImageCheckOptions = {}): ImageVerdict {
  const type = imageTypeOf(bytes);
  if (!type) return { ok: false, reason: "formato" };
  const limits = { ...IMAGE_LIMITS, ...options.limits };
  try {
    if (type === "png") return scanPng(bytes, limits, options.inflate);
    if (type === "jpeg") return scanJpeg(bytes, limits);
    return scanGif(bytes, limits);
  } catch (e) {
    if (!(e instanceof ImageError)) throw e;
    return {
      ok: false,
      reason: e.reason,
      type,
      ...(e.width !== undefined ? { width: e.width } : {}),
      ...(e.height !== undefined ? { height: e.height } : {}),
    };
  }
}
