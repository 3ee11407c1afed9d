/**
 * PDF object syntax (ISO 32000-1 §7.2–7.3): a lexer and a parser of direct objects, as lenient as the viewers
 * (pdf.js, PDFium) where they are lenient, so that whatever a viewer reads out of a dictionary this parser reads
 * too. Names come back decoded (`/Flate#44ecode` is `FlateDecode`); strings keep their bytes. Every name token
 * the lexer meets is reported to `onName`, also inside objects whose structure is broken, which is how the
 * active-content rules see names that no well-formed dictionary holds.
 *
 * Pure: no I/O, no Node APIs (the browser's quick check runs it too).
 */

export class PdfName {
  private static readonly known = new Map<string, PdfName>();
  private constructor(readonly name: string) {}
  /** One instance per name (names repeat by the thousand in a file; they are immutable). */
  static of(name: string): PdfName {
    let n = PdfName.known.get(name);
    if (!n) {
      n = new PdfName(name);
      if (PdfName.known.size < 10_000) PdfName.known.set(name, n);
    }
    return n;
  }
}
export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
export class PdfString {
  constructor(readonly bytes: Uint8Array) {}
}
/** A bare keyword where a value was expected (viewers keep it; so do we, and the rules ignore it). */
export class PdfKeyword {
  constructor(readonly word: string) {}
}
/** A dictionary: keys and values side by side (small, cheaper than a Map; a repeated key's last value wins). */
export class PdfDict {
  private readonly keys: string[] = [];
  private readonly values: PdfValue[] = [];
  get(key: string): PdfValue | undefined {
    const k = this.keys.lastIndexOf(key);
    return k < 0 ? undefined : this.values[k];
  }
  set(key: string, value: PdfValue): void {
    const k = this.keys.lastIndexOf(key);
    if (k < 0) {
      this.keys.push(key);
      this.values.push(value);
    } else this.values[k] = value;
  }
  /** Each key with its value, in order. */
  forEach(fn: (key: string, value: PdfValue) => void): void {
    for (let k = 0; k < this.keys.length; k++) fn(this.keys[k]!, this.values[k]!);
  }
}
export type PdfValue = null | boolean | number | PdfName | PdfString | PdfRef | PdfKeyword | PdfDict | PdfValue[];

/** Thrown when a limit is exceeded: the scan refuses the file, it never skips what it could not read. */
export class PdfLimitError extends Error {
  constructor(readonly limit: "profundidad" | "objetos" | "flujo" | "total" | "trabajo") {
    super(limit);
  }
}
/** Thrown when the bytes are not PDF syntax at this position. */
export class PdfSyntaxError extends Error {}

/** PDF white space (table 1): NUL, tab, LF, FF, CR, space. */
export const isWhiteSpace = (b: number) =>
  b === 0x00 || b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x20;
/** PDF delimiters (table 2) and white space end a regular token. */
export const isDelimiter = (b: number) =>
  b === 0x28 ||
  b === 0x29 ||
  b === 0x3c ||
  b === 0x3e ||
  b === 0x5b ||
  b === 0x5d ||
  b === 0x7b ||
  b === 0x7d ||
  b === 0x2f ||
  b === 0x25;
const REGULAR = new Uint8Array(256).map((_, b) => (isWhiteSpace(b) || isDelimiter(b) ? 0 : 1));
export const isRegular = (b: number) => REGULAR[b] === 1;
export const hexValue = (b: number) =>
  b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x41 && b <= 0x46 ? b - 0x37 : b >= 0x61 && b <= 0x66 ? b - 0x57 : -1;
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;

/** Deepest nesting of arrays and dictionaries accepted (pdf.js and PDFium stop well below a thousand). */
export const MAX_NESTING = 100;

export interface LexerHooks {
  /** Every decoded name token, keys and values alike. */
  onName?: (name: string) => void;
  /** Bytes read so far by every lexer of one scan (a cap on the work a hostile file can cause). */
  work?: { bytes: number; max: number };
}

export class Lexer {
  pos: number;
  /** `bytes` as one character per byte (names are sliced from it). */
  readonly text: string;
  constructor(
    readonly bytes: Uint8Array,
    start: number,
    readonly end: number,
    readonly hooks: LexerHooks = {},
    text?: string,
  ) {
    this.pos = start;
    this.text = text ?? latin1(bytes);
  }

  /** Skips white space and comments. */
  skipSpace(): void {
    const { bytes, end } = this;
    const start = this.pos;
    this.skipSpaceOnly(bytes, end);
    if (this.pos - start > 64) this.count(this.pos - start);
  }

  private skipSpaceOnly(bytes: Uint8Array, end: number): void {
    while (this.pos < end) {
      const b = bytes[this.pos]!;
      if (isWhiteSpace(b)) this.pos++;
      else if (b === 0x25 /* % */) {
        while (this.pos < end && bytes[this.pos] !== 0x0a && bytes[this.pos] !== 0x0d) this.pos++;
      } else break;
    }
  }

  atEnd(): boolean {
    this.skipSpace();
    return this.pos >= this.end;
  }

  peekByte(): number {
    return this.pos < this.end ? this.bytes[this.pos]! : -1;
  }

  /** A regular token (keyword or number) at the position, without consuming it, or "". */
  peekWord(): string {
    let k = this.pos;
    let s = "";
    while (k < this.end && isRegular(this.bytes[k]!) && s.length < 32) s += String.fromCharCode(this.bytes[k++]!);
    return s;
  }

  /** Whether the keyword `word` (ASCII) is the whole regular token at the position (nothing allocated). */
  atKeyword(word: string): boolean {
    const { bytes, end, pos } = this;
    if (pos + word.length > end) return false;
    for (let k = 0; k < word.length; k++) if (bytes[pos + k] !== word.charCodeAt(k)) return false;
    return pos + word.length >= end || !isRegular(bytes[pos + word.length]!);
  }

  /** One of the keywords that end an object's value (a value cut short by a missing delimiter stops there). */
  atEndKeyword(): boolean {
    const b = this.bytes[this.pos];
    if (b === 0x65 /* e */) return this.atKeyword("endobj") || this.atKeyword("endstream");
    if (b === 0x73 /* s */) return this.atKeyword("stream");
    if (b === 0x6f /* o */) return this.atKeyword("obj");
    return false;
  }

  readWord(): string {
    const s = this.peekWord();
    const start = this.pos;
    this.pos += s.length;
    while (this.pos < this.end && isRegular(this.bytes[this.pos]!)) this.pos++; // overlong tokens
    if (this.pos - start > 32) this.count(this.pos - start);
    return s;
  }

  /** Adds to the scan's work; past its cap the file is refused (a hostile layout cannot make reading quadratic). */
  count(n: number): void {
    const work = this.hooks.work;
    if (!work) return;
    work.bytes += n;
    if (work.bytes > work.max) throw new PdfLimitError("trabajo");
  }

  /** A name after its solidus: #hh escapes decoded (a "#" not followed by two hex digits stays as it is). */
  readName(): string {
    const { bytes, end } = this;
    const start = this.pos;
    let k = start + 1; // after "/"
    let escaped = false;
    while (k < end && isRegular(bytes[k]!)) {
      if (bytes[k] === 0x23) escaped = true;
      k++;
    }
    this.pos = k;
    let name: string;
    if (!escaped) name = this.text.slice(start + 1, k);
    else {
      name = "";
      for (let j = start + 1; j < k; j++) {
        const b = bytes[j]!;
        if (b === 0x23 && j + 2 < k && hexValue(bytes[j + 1]!) >= 0 && hexValue(bytes[j + 2]!) >= 0) {
          name += String.fromCharCode(hexValue(bytes[j + 1]!) * 16 + hexValue(bytes[j + 2]!));
          j += 2;
        } else name += String.fromCharCode(b);
      }
    }
    this.count(k - start);
    this.hooks.onName?.(name);
    return name;
  }

  /** A literal string "( … )": balanced parentheses, escapes decoded. Unterminated: runs to the end, like viewers. */
  readLiteralString(): Uint8Array {
    const { bytes, end } = this;
    const start = this.pos;
    this.pos++; // "("
    // Fast path: no escape before the balanced end, so the bytes are the string (no copy).
    {
      let depth = 1;
      let k = this.pos;
      while (k < end && k - start < 65536) {
        const b = bytes[k]!;
        if (b === 0x5c) break;
        if (b === 0x28) depth++;
        else if (b === 0x29 && --depth === 0) {
          this.count(k + 1 - start);
          this.pos = k + 1;
          return bytes.subarray(start + 1, k);
        }
        k++;
      }
    }
    const out: number[] = [];
    let depth = 1;
    let counted = start;
    while (this.pos < end) {
      if (this.pos - counted >= 65536) {
        this.count(this.pos - counted);
        counted = this.pos;
      }
      const b = bytes[this.pos++]!;
      if (b === 0x28) depth++;
      else if (b === 0x29 && --depth === 0) break;
      if (b === 0x5c /* \ */ && this.pos < end) {
        const c = bytes[this.pos++]!;
        const simple: Record<number, number> = {
          110: 10,
          114: 13,
          116: 9,
          98: 8,
          102: 12,
          40: 0x28,
          41: 0x29,
          92: 0x5c,
        };
        if (simple[c] !== undefined) out.push(simple[c]);
        else if (c >= 0x30 && c <= 0x37) {
          let v = c - 0x30;
          for (let k = 0; k < 2 && this.pos < end && bytes[this.pos]! >= 0x30 && bytes[this.pos]! <= 0x37; k++) {
            v = v * 8 + bytes[this.pos++]! - 0x30;
          }
          out.push(v & 0xff);
        } else if (c === 0x0d) {
          if (bytes[this.pos] === 0x0a) this.pos++;
        } else if (c !== 0x0a) out.push(c);
        continue;
      }
      out.push(b);
    }
    this.count(this.pos - counted);
    return Uint8Array.from(out);
  }

  /** A hexadecimal string "< … >" (white space ignored, an odd last digit padded with 0). */
  readHexString(): Uint8Array {
    const { bytes, end } = this;
    const start = this.pos;
    this.pos++; // "<"
    const out: number[] = [];
    let high = -1;
    let counted = start;
    while (this.pos < end) {
      if (this.pos - counted >= 65536) {
        this.count(this.pos - counted);
        counted = this.pos;
      }
      const b = bytes[this.pos++]!;
      if (b === 0x3e) break;
      const v = hexValue(b);
      if (v < 0) continue; // white space; viewers skip other junk as well
      if (high < 0) high = v;
      else {
        out.push(high * 16 + v);
        high = -1;
      }
    }
    if (high >= 0) out.push(high * 16);
    this.count(this.pos - counted);
    return Uint8Array.from(out);
  }

  /** A number token ([+-]digits[.digits]), or null when the regular token at the position is not one. */
  readNumber(): number | null {
    const { bytes, end } = this;
    let k = this.pos;
    let sign = 1;
    if (bytes[k] === 0x2b || bytes[k] === 0x2d) {
      if (bytes[k] === 0x2d) sign = -1;
      k++;
    }
    let value = 0;
    let digits = 0;
    while (k < end && isDigit(bytes[k]!)) {
      value = value * 10 + bytes[k++]! - 0x30;
      digits++;
    }
    if (bytes[k] === 0x2e) {
      k++;
      let scale = 0.1;
      while (k < end && isDigit(bytes[k]!)) {
        value += (bytes[k++]! - 0x30) * scale;
        scale /= 10;
        digits++;
      }
    }
    if (digits === 0 || (k < end && isRegular(bytes[k]!))) return null;
    this.pos = k;
    return Number.isFinite(value) ? sign * value : 0;
  }
}

/**
 * Parses one direct object at the lexer's position ("n g R" is read by parseValueOrRef). Throws PdfSyntaxError
 * when no object starts here.
 */
export function parseValue(lx: Lexer, depth = 0): PdfValue {
  lx.skipSpace();
  const b = lx.peekByte();
  if (b < 0) throw new PdfSyntaxError("fin inesperado");
  if (b === 0x2f) return PdfName.of(lx.readName());
  if (b === 0x28) return new PdfString(lx.readLiteralString());
  const opens = b === 0x5b || (b === 0x3c && lx.bytes[lx.pos + 1] === 0x3c);
  // `depth` containers hold this value: one more may not pass the limit.
  if (opens && depth >= MAX_NESTING) throw new PdfLimitError("profundidad");
  if (b === 0x3c) {
    if (lx.bytes[lx.pos + 1] === 0x3c) return parseDict(lx, depth);
    return new PdfString(lx.readHexString());
  }
  if (b === 0x5b) {
    lx.pos++;
    const items: PdfValue[] = [];
    for (;;) {
      lx.skipSpace();
      const c = lx.peekByte();
      if (c < 0) return items; // unterminated: what was read, as viewers do
      if (c === 0x5d) {
        lx.pos++;
        return items;
      }
      if (c === 0x3e && lx.bytes[lx.pos + 1] === 0x3e) return items; // a stray ">>" ends the array too
      if (lx.atEndKeyword()) return items;
      items.push(parseValueOrRef(lx, depth + 1));
    }
  }
  if (b === 0x29 || b === 0x5d || b === 0x3e || b === 0x7b || b === 0x7d) {
    lx.pos++;
    throw new PdfSyntaxError("delimitador inesperado");
  }
  const n = lx.readNumber();
  if (n !== null) return n;
  const word = lx.readWord();
  if (word === "true") return true;
  if (word === "false") return false;
  if (word === "null") return null;
  return new PdfKeyword(word);
}

/** A value, reading "n g R" as a reference. */
export function parseValueOrRef(lx: Lexer, depth = 0): PdfValue {
  const v = parseValue(lx, depth);
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0) return v;
  const save = lx.pos;
  lx.skipSpace();
  if (isDigit(lx.peekByte())) {
    const gen = lx.readNumber();
    lx.skipSpace();
    if (gen !== null && Number.isInteger(gen) && gen >= 0 && lx.atKeyword("R")) {
      lx.pos++;
      return new PdfRef(v, gen);
    }
  }
  lx.pos = save;
  return v;
}

/**
 * "<< key value … >>". Like pdf.js, a token where a key should be that is not a name is skipped and reading goes
 * on until ">>" (a dictionary missing its end absorbs what follows, and the rules see it all); a key without a
 * value is null.
 */
function parseDict(lx: Lexer, outer: number): PdfDict {
  const depth = outer + 1;
  lx.pos += 2; // "<<"
  const dict = new PdfDict();
  for (;;) {
    lx.skipSpace();
    const c = lx.peekByte();
    if (c < 0) return dict;
    if (c === 0x3e && lx.bytes[lx.pos + 1] === 0x3e) {
      lx.pos += 2;
      return dict;
    }
    if (c !== 0x2f) {
      if (lx.atEndKeyword() && !lx.atKeyword("obj")) return dict;
      try {
        parseValueOrRef(lx, depth); // skipped, but its names are still seen by onName
      } catch (e) {
        if (!(e instanceof PdfSyntaxError)) throw e;
      }
      continue;
    }
    const key = lx.readName();
    lx.skipSpace();
    const v = lx.peekByte();
    if (v < 0 || (v === 0x3e && lx.bytes[lx.pos + 1] === 0x3e)) {
      dict.set(key, null);
      continue;
    }
    if (v === 0x2f) {
      dict.set(key, PdfName.of(lx.readName()));
      continue;
    }
    if (lx.atEndKeyword() && !lx.atKeyword("obj")) {
      dict.set(key, null);
      return dict;
    }
    try {
      dict.set(key, parseValueOrRef(lx, depth));
    } catch (e) {
      if (!(e instanceof PdfSyntaxError)) throw e;
      dict.set(key, null);
    }
  }
}

/** Every name token from `start` to `end`, for object bodies that do not parse: strings and comments skipped. */
export function scanNames(lx: Lexer): void {
  while (!lx.atEnd()) {
    const b = lx.peekByte();
    const next = lx.bytes[lx.pos + 1];
    if (b === 0x2f) lx.readName();
    else if (b === 0x28) lx.readLiteralString();
    else if ((b === 0x3c && next === 0x3c) || (b === 0x3e && next === 0x3e))
      lx.pos += 2; // "<<", ">>"
    else if (b === 0x3c) lx.readHexString();
    else if (isRegular(b)) lx.readWord();
    else lx.pos++;
  }
}

const LATIN1 = new TextDecoder("latin1");
/**
 * Bytes as a string of one character per byte, for keyword searches (TextDecoder's "latin1" is windows-1252:
 * bytes 0x80–0x9F become other characters, ASCII stays ASCII, the length is the same).
 */
export function latin1(bytes: Uint8Array, from = 0, to = bytes.length): string {
  return LATIN1.decode(bytes.subarray(from, to));
}
