/**
 * @portal/cfdi/image-muestras — receipt images built byte by byte for the tests of the image check (packages/cfdi
 * and the API's upload paths): valid PNG, JPEG and GIF files of any size, and the hostile ones the check refuses
 * (polyglots, huge headers, truncated files, trailing data, decompression bombs). Node.js only (node:zlib).
 */
import { deflateSync } from "node:zlib";
import { crc32 } from "./scan";

export function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let k = 0; k < text.length; k++) out[k] = text.charCodeAt(k) & 0xff;
  return out;
}
export function concat(...parts: readonly (string | Uint8Array | readonly number[])[]): Uint8Array {
  const chunks = parts.map((p) =>
    typeof p === "string" ? ascii(p) : p instanceof Uint8Array ? p : Uint8Array.from(p),
  );
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u16be = (n: number) => [(n >>> 8) & 0xff, n & 0xff];
const u16le = (n: number) => [n & 0xff, (n >>> 8) & 0xff];

// ── PNG ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One chunk: length, type, data and the CRC over type and data. */
export function pngChunk(type: string, data: Uint8Array | string = new Uint8Array()): Uint8Array {
  const body = concat(type, data);
  return concat(u32(body.length - 4), body, u32(crc32(body)));
}

export function ihdr(width: number, height: number, depth = 8, colorType = 6, interlace = 0): Uint8Array {
  return pngChunk("IHDR", concat(u32(width), u32(height), [depth, colorType, 0, 0, interlace]));
}

export interface PngOptions {
  width?: number;
  height?: number;
  /** Ancillary chunks written between IHDR and IDAT (tEXt, zTXt…). */
  extra?: readonly Uint8Array[];
  /** Bytes appended after IEND. */
  after?: Uint8Array | string;
  /** Replaces the zlib stream of the pixels. */
  idat?: Uint8Array;
}

/** A valid RGBA 8-bit PNG (a grey gradient), non-interlaced, one IDAT. */
export function png(options: PngOptions = {}): Uint8Array {
  const width = options.width ?? 2;
  const height = options.height ?? 2;
  const row = 1 + width * 4;
  const raw = new Uint8Array(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < width * 4; x++) raw[y * row + 1 + x] = x % 4 === 3 ? 0xff : (x * 7 + y * 13) & 0xff;
  }
  const stream = options.idat ?? new Uint8Array(deflateSync(raw));
  return concat(
    PNG_SIGNATURE,
    ihdr(width, height),
    ...(options.extra ?? []),
    pngChunk("IDAT", stream),
    pngChunk("IEND"),
    options.after ?? new Uint8Array(),
  );
}

/** A tEXt chunk (keyword, NUL, Latin-1 text). */
export const pngText = (keyword: string, text: string) => pngChunk("tEXt", concat(keyword, [0], text));
/** A zTXt chunk (keyword, NUL, method 0, zlib-compressed text). */
export const pngCompressedText = (keyword: string, text: string) =>
  pngChunk("zTXt", concat(keyword, [0, 0], new Uint8Array(deflateSync(ascii(text)))));

// ── JPEG ────────────────────────────────────────────────────────────────────────────────────────────────────

export interface JpegOptions {
  width?: number;
  height?: number;
  /** Segments written after APP0 (COM, APPn…), each a whole segment with its marker. */
  extra?: readonly Uint8Array[];
  /** Bytes appended after EOI. */
  after?: Uint8Array | string;
}

/** A segment: 0xFF, its marker, a length that counts itself, its data. */
export const jpegSegment = (marker: number, data: Uint8Array | string) => {
  const body = typeof data === "string" ? ascii(data) : data;
  return concat([0xff, marker], u16be(body.length + 2), body);
};

/**
 * A valid baseline greyscale JPEG: JFIF APP0, one quantization table, one-symbol Huffman tables (DC difference 0,
 * AC end-of-block, both coded "0"), so every 8×8 block is the two bits "00"; a flat mid-grey image.
 */
export function jpeg(options: JpegOptions = {}): Uint8Array {
  const width = options.width ?? 8;
  const height = options.height ?? 8;
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = 2 * blocks;
  const data = new Uint8Array(Math.ceil(bits / 8)).fill(0);
  // Pad the last byte with 1 bits (T.81 §F.1.2.3).
  const used = bits % 8;
  if (used > 0) data[data.length - 1] = (1 << (8 - used)) - 1;
  const huffman = (tableClass: number) => concat([tableClass], [1, ...new Array(15).fill(0)], [0]);
  return concat(
    [0xff, 0xd8],
    jpegSegment(0xe0, concat("JFIF", [0, 1, 1, 0], u16be(1), u16be(1), [0, 0])),
    ...(options.extra ?? []),
    jpegSegment(0xdb, concat([0], new Array(64).fill(1))),
    jpegSegment(0xc0, concat([8], u16be(height), u16be(width), [1, 1, 0x11, 0])),
    jpegSegment(0xc4, huffman(0x00)),
    jpegSegment(0xc4, huffman(0x10)),
    jpegSegment(0xda, Uint8Array.from([1, 1, 0x00, 0, 63, 0])),
    data,
    [0xff, 0xd9],
    options.after ?? new Uint8Array(),
  );
}

// ── GIF ─────────────────────────────────────────────────────────────────────────────────────────────────────

export interface GifOptions {
  width?: number;
  height?: number;
  /** Extension blocks written before the image (0x21, label, sub-blocks, 0). */
  extra?: readonly Uint8Array[];
  /** Bytes appended after the trailer. */
  after?: Uint8Array | string;
  /** Frames (each the same 1×1 image descriptor scaled to width × height). */
  frames?: number;
}

/** An extension block: introducer, label, the data in sub-blocks of at most 255 bytes, terminator. */
export function gifExtension(label: number, data: Uint8Array | string): Uint8Array {
  const bytes = typeof data === "string" ? ascii(data) : data;
  const parts: (Uint8Array | number[])[] = [[0x21, label]];
  for (let k = 0; k < bytes.length; k += 255) {
    const piece = bytes.subarray(k, k + 255);
    parts.push([piece.length], piece);
  }
  parts.push([0]);
  return concat(...parts);
}

/**
 * A GIF89a with a two-colour global table and one frame per `frames` whose LZW data is clear, colour 0, end — a
 * valid (if tiny) code stream; viewers fill the rest of a larger frame with the background.
 */
export function gif(options: GifOptions = {}): Uint8Array {
  const width = options.width ?? 1;
  const height = options.height ?? 1;
  const frame = concat([0x2c], u16le(0), u16le(0), u16le(width), u16le(height), [0], [2, 2, 0x44, 0x01, 0]);
  return concat(
    "GIF89a",
    u16le(width),
    u16le(height),
    [0x80, 0, 0],
    [0, 0, 0, 0xff, 0xff, 0xff],
    ...(options.extra ?? []),
    ...new Array<Uint8Array>(options.frames ?? 1).fill(frame),
    [0x3b],
    options.after ?? new Uint8Array(),
  );
}

// ── The hostile samples of issue 36 ─────────────────────────────────────────────────────────────────────────

/** The HTML page both polyglots carry. */
export const HTML_PAGE =
  "<html><body><script>fetch('/api/sesion').then(r=>r.text()).then(alert)</script></body></html>";

export const HOSTILE_IMAGES = {
  /** A PNG whose tEXt chunk is an HTML page (a browser that sniffs it runs the script). */
  pngHtmlTexto: () => png({ extra: [pngText("Comment", HTML_PAGE)] }),
  /** The same page compressed in a zTXt chunk (only the server, which inflates, sees it). */
  pngHtmlComprimido: () => png({ extra: [pngCompressedText("Comment", HTML_PAGE)] }),
  /** A whole PNG followed by an HTML page. */
  pngHtmlAlFinal: () => png({ after: `\n${HTML_PAGE}\n` }),
  /**
   * The classic GIF/JavaScript polyglot: the logical screen width is the bytes "/*", so the file parses as
   * `GIF89a/*…*\/=1;alert(document.domain)//` — a JavaScript comment, then code after the trailer.
   */
  gifJsAncho: () => {
    const base = gif({ width: 0x2a2f, height: 10 });
    return concat(base, "*/=1;alert(document.domain);//");
  },
  /** A small GIF with JavaScript after its trailer (loaded by a <script src> it runs). */
  gifJsAlFinal: () => gif({ after: "*/=1;alert(document.domain);//" }),
  /** A GIF whose comment extension is a script. */
  gifComentario: () => gif({ extra: [gifExtension(0xfe, "<script>alert(1)</script>")] }),
  /** A JPEG whose COM segment holds PHP. */
  jpegPhp: () => jpeg({ extra: [jpegSegment(0xfe, "<?php system($_GET['c']); ?>")] }),
  /** A JPEG followed by an HTML page. */
  jpegHtmlAlFinal: () => jpeg({ after: HTML_PAGE }),
  /** IHDR of 100,000 × 100,000 with a tiny (valid) zlib stream: refused by the header, before any inflating. */
  png100k: () =>
    concat(
      PNG_SIGNATURE,
      ihdr(100_000, 100_000),
      pngChunk("IDAT", new Uint8Array(deflateSync(new Uint8Array(1)))),
      pngChunk("IEND"),
    ),
  /** 9,000 × 4,000 RGBA at 16 bits: 36 megapixels, within the limits, but 288 MB of pixel data. */
  pngDecodificadaEnorme: () =>
    concat(
      PNG_SIGNATURE,
      ihdr(9_000, 4_000, 16, 6),
      pngChunk("IDAT", new Uint8Array(deflateSync(new Uint8Array(1)))),
      pngChunk("IEND"),
    ),
  /** A 2×2 PNG whose pixel stream inflates to 64 MB of zeros (a bomb in 65 KB). */
  pngBomba: () => png({ idat: new Uint8Array(deflateSync(new Uint8Array(64 * 1024 * 1024), { level: 9 })) }),
  /** A valid PNG cut in the middle of its IDAT. */
  pngTruncada: () => {
    const whole = png({ width: 64, height: 64 });
    return whole.subarray(0, whole.length - 40);
  },
  /** A JPEG that stops inside its scan (no EOI). */
  jpegTruncada: () => {
    const whole = jpeg({ width: 64, height: 64 });
    return whole.subarray(0, whole.length - 3);
  },
  /** A GIF without its trailer. */
  gifTruncada: () => gif().subarray(0, gif().length - 1),
  /** JPEG of 20,000 × 300 (over the side limit). */
  jpegAncha: () => jpeg({ width: 20_000, height: 300 }),
  /** A PNG whose chunk CRC was altered. */
  pngCrc: () => {
    const bytes = png();
    bytes[8 + 8 + 13] = (bytes[8 + 8 + 13] ?? 0) ^ 0xff; // IHDR's CRC
    return bytes;
  },
} as const;
