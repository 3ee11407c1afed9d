/**
 * The active-content scan of an uploaded PDF (issue 22): the file is parsed, not searched. Objects are found the
 * three ways viewers find them (in file order, at the offsets of every cross-reference table and stream, and by
 * their "n g obj" headers anywhere, as a viewer's repair does), object streams are decoded with every standard
 * filter and parsed, and the rules below run on every dictionary and name token. Whatever exceeds a limit is
 * refused, never skipped; a stream whose filter is unknown is refused; a stream that holds PDF syntax (object
 * streams, cross-reference streams, XFA forms) whose data cannot be decoded is refused.
 *
 * Pure: the platform lends the Flate/Brotli decoders (node:zlib on the server). Without them (the browser's quick
 * check) compressed streams are not looked into and the server decides.
 */
import { type Decryptor, openEncryption, PdfEncryptedError } from "./crypt";
import { decodeChain, type FilterStep, filterChain, IMAGE_FILTERS, type PdfDecoders, PdfFilterError } from "./filters";
import {
  isWhiteSpace,
  Lexer,
  type LexerHooks,
  latin1,
  MAX_NESTING,
  PdfDict,
  PdfLimitError,
  PdfName,
  PdfRef,
  PdfString,
  PdfSyntaxError,
  type PdfValue,
  parseValueOrRef,
  scanNames,
} from "./syntax";

/**
 * Names that make a viewer run something or reach outside the document, wherever they appear as a name token
 * (a key such as /JS, or an action type such as /S /Launch): JavaScript, programs (Launch), form data sent or
 * read (SubmitForm, ImportData), other files (GoToR, GoToE) and embedded media players (RichMedia). /URI is not
 * among them: links to a supplier's website are ordinary; a URI opened by itself (OpenAction, AA) is refused.
 */
export const ACTIVE_NAMES: ReadonlySet<string> = new Set([
  "JS",
  "JavaScript",
  "Launch",
  "SubmitForm",
  "ImportData",
  "GoToR",
  "GoToE",
  "RichMedia",
  "RichMediaExecute",
]);

export interface PdfLimits {
  /** Decoded bytes of one stream. */
  readonly streamBytes: number;
  /** Decoded bytes of all streams together. */
  readonly totalBytes: number;
  /** Indirect objects, those inside object streams included. */
  readonly objects: number;
  /** Bytes the parser may read, as a multiple of the file's and the decoded streams' size. */
  readonly workFactor: number;
}

/**
 * 16 MiB per stream and 64 MiB in all: far above what a real invoice's content streams, fonts and object
 * streams decode to (images, the large ones, are not decoded), far below what a 5 MB zip bomb would become.
 */
export const PDF_LIMITS: PdfLimits = {
  streamBytes: 16 * 1024 * 1024,
  totalBytes: 64 * 1024 * 1024,
  objects: 200_000,
  workFactor: 8,
};

export interface PdfScanOptions {
  readonly decoders?: PdfDecoders;
  /** Require objects, a cross-reference (table or stream) and a catalog (the server's check). */
  readonly requireStructure?: boolean;
  readonly limits?: Partial<PdfLimits>;
}

export type PdfVerdict =
  | { ok: true }
  | { ok: false; reason: "activo" | "estructura" | "filtro" | "cifrado" }
  | { ok: false; reason: "limite"; limit: PdfLimitError["limit"] }
  /** An embedded file that is a program (by its name, its MIME subtype or its first bytes); `name` as it says. */
  | { ok: false; reason: "ejecutable"; name: string };

class ActiveContent extends Error {}
class EmbeddedExecutable extends Error {
  constructor(readonly fileName: string) {
    super("ejecutable");
  }
}

/**
 * Extensions of files that run when opened (programs, installers, scripts, shortcuts, disk images that carry them,
 * macro-enabled Office files, pages with scripts). An invoice's attachment is its CFDI XML (PDF/A-3); none of these.
 */
export const EXECUTABLE_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    "exe dll com scr pif cpl sys drv ocx msi msp mst msc msix msixbundle appx appxbundle appref-ms application gadget " +
    "bat cmd ps1 psm1 psd1 ps1xml psc1 vb vbs vbe js jse mjs cjs wsf wsh wsc hta sct jar class " +
    "sh bash zsh ksh csh command run elf so dylib app apk aab ipa deb rpm pkg dmg " +
    "lnk url scf reg inf chm hlp iso img vhd vhdx " +
    "docm dotm xlsm xltm xlam xla pptm potm ppam ppsm sldm " +
    "html htm xhtml shtml mht mhtml svg svgz xht py pyw pl rb php"
  ).split(" "),
);

/** MIME subtypes of embedded files (/Subtype, "application/x-msdownload" written as a name) that are programs. */
const EXECUTABLE_MIME =
  /^application\/(x-)?(msdownload|dosexec|msdos-program|ms-installer|msi|executable|elf|sharedlib|mach-?o|sh|csh|bat|java-archive|javascript|ecmascript|vbscript|hta|powershell|ms-shortcut|apple-diskimage|vnd\.microsoft\.portable-executable|vnd\.android\.package-archive)$|^text\/(x-)?(javascript|ecmascript|vbscript|html|x-sh|x-shellscript|x-python)$|^image\/svg\+xml$/i;

/** The file name a viewer would save: its last path segment, without the trailing dots and spaces Windows drops. */
function executableName(name: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control and bidirectional characters hide the extension.
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "");
  const base = (clean.split(/[\\/:]/).pop() ?? "").replace(/[. ]+$/, "").toLowerCase();
  const dot = base.lastIndexOf(".");
  return dot >= 0 && EXECUTABLE_EXTENSIONS.has(base.slice(dot + 1));
}

/** A PDF text string: UTF-16BE (or LE) after a byte order mark, UTF-8 after its mark, PDFDocEncoding (≈ Latin-1) else. */
function textString(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    let out = "";
    for (let k = 2; k + 1 < bytes.length; k += 2) out += String.fromCharCode((bytes[k]! << 8) | bytes[k + 1]!);
    return out;
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    let out = "";
    for (let k = 2; k + 1 < bytes.length; k += 2) out += String.fromCharCode(bytes[k]! | (bytes[k + 1]! << 8));
    return out;
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder().decode(bytes.subarray(3));
  return latin1(bytes);
}

const startsWith = (data: Uint8Array, ...sig: number[]) => sig.every((b, k) => data[k] === b);

/**
 * Whether an embedded file's bytes are a program: a Windows PE ("MZ"), ELF, Mach-O (thin or fat), a script with a
 * "#!" line, or a ZIP archive holding any (a .jar's manifest, an .apk's classes, an entry named like a program).
 */
export function isExecutableContent(data: Uint8Array): boolean {
  if (startsWith(data, 0x4d, 0x5a)) return true; // MZ
  if (startsWith(data, 0x7f, 0x45, 0x4c, 0x46)) return true; // ELF
  if (startsWith(data, 0x23, 0x21)) return true; // #!
  const magic = ((data[0] ?? 0) * 0x1000000 + ((data[1] ?? 0) << 16) + ((data[2] ?? 0) << 8) + (data[3] ?? 0)) >>> 0;
  if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe, 0xbebafeca].includes(magic)) return true;
  if (startsWith(data, 0x50, 0x4b)) return zipHoldsExecutable(data);
  return false;
}

/** Every entry name of a ZIP (local headers and central directory, wherever they are): any program is enough. */
function zipHoldsExecutable(data: Uint8Array): boolean {
  for (let k = 0; k + 46 <= data.length; k++) {
    if (data[k] !== 0x50 || data[k + 1] !== 0x4b) continue;
    let nameAt = -1;
    let nameLength = 0;
    if (data[k + 2] === 0x03 && data[k + 3] === 0x04) {
      nameLength = data[k + 26]! | (data[k + 27]! << 8);
      nameAt = k + 30;
    } else if (data[k + 2] === 0x01 && data[k + 3] === 0x02) {
      nameLength = data[k + 28]! | (data[k + 29]! << 8);
      nameAt = k + 46;
    }
    if (nameAt < 0 || nameAt + nameLength > data.length) continue;
    const name = latin1(data.subarray(nameAt, nameAt + nameLength));
    if (executableName(name) || /^META-INF\/MANIFEST\.MF$/i.test(name) || /^classes\d*\.dex$/i.test(name)) return true;
  }
  return false;
}

interface StreamInfo {
  dict: PdfDict;
  start: number;
  end: number;
  num: number;
  gen: number;
}

interface IndirectObject {
  num: number;
  value: PdfValue;
  stream?: StreamInfo;
}

const OBJ_HEADER = /(\d{1,10})[\0\t\n\f\r ]+(\d{1,5})[\0\t\n\f\r ]+obj(?![^\0\t\n\f\r ()<>[\]{}/%])/g;
const XREF_KEYWORD = /(?<![^\0\t\n\f\r ()<>[\]{}/%])xref(?=[\0\t\n\f\r ])/g;
const TRAILER_KEYWORD = /(?<![^\0\t\n\f\r ()<>[\]{}/%])trailer(?![^\0\t\n\f\r ()<>[\]{}/%])/g;
/** An XFA <script> element, with or without a namespace prefix. */
const XFA_SCRIPT = /<([A-Za-z_][\w.-]*:)?script[\s/>]/i;

export function scanPdf(bytes: Uint8Array, options: PdfScanOptions = {}): PdfVerdict {
  try {
    new Scan(bytes, options).run();
    return { ok: true };
  } catch (e) {
    if (e instanceof ActiveContent) return { ok: false, reason: "activo" };
    if (e instanceof EmbeddedExecutable) return { ok: false, reason: "ejecutable", name: e.fileName };
    if (e instanceof PdfLimitError) return { ok: false, reason: "limite", limit: e.limit };
    if (e instanceof PdfFilterError) return { ok: false, reason: "filtro" };
    if (e instanceof StructureError) return { ok: false, reason: e.reason };
    throw e;
  }
}

class StructureError extends Error {
  constructor(readonly reason: "estructura" | "cifrado") {
    super(reason);
  }
}

class Scan {
  private readonly limits: PdfLimits;
  private readonly text: string;
  private readonly hooks: LexerHooks;
  private readonly objects: IndirectObject[] = [];
  /** The last version of each object number, in file order (an incremental update's wins). */
  private readonly byNumber = new Map<number, PdfValue>();
  private readonly streamsByNumber = new Map<number, StreamInfo>();
  private readonly trailers: PdfDict[] = [];
  private readonly xrefOffsets = new Set<number>();
  private readonly containers = new Set<number>();
  private readonly parsedAt = new Set<number>();
  private crossReferences = 0;
  /** undefined: not encrypted; null: encrypted and this platform cannot decrypt (the browser). */
  private decryptor: Decryptor | null | undefined;
  private decodedTotal = 0;
  private objectCount = 0;
  /** Embedded file streams (/Type /EmbeddedFile, or named by a file specification's /EF) and their names. */
  private readonly embedded = new Map<StreamInfo, string>();

  constructor(
    private readonly bytes: Uint8Array,
    private readonly options: PdfScanOptions,
  ) {
    this.limits = { ...PDF_LIMITS, ...options.limits };
    this.text = (options.decoders?.latin1 ?? latin1)(bytes);
    this.hooks = {
      onName: (name) => {
        if (ACTIVE_NAMES.has(name)) throw new ActiveContent();
      },
      work: { bytes: 0, max: bytes.length * this.limits.workFactor + 1_000_000 },
    };
  }

  run(): void {
    // 1. Objects at their headers, wherever they are (file order: an incremental update's version comes last).
    for (const m of this.text.matchAll(OBJ_HEADER)) this.parseIndirectAt(m.index ?? 0);
    // 2. Cross-reference tables and trailers.
    for (const m of this.text.matchAll(XREF_KEYWORD)) this.readXrefTable((m.index ?? 0) + 4);
    for (const m of this.text.matchAll(TRAILER_KEYWORD)) this.readTrailer((m.index ?? 0) + 7);
    this.fixIndirectLengths();
    // 3. Cross-reference streams (never encrypted) give more offsets and name the object streams.
    for (const obj of this.objects) {
      if (obj.stream && this.nameOf(obj.stream.dict.get("Type")) === "XRef") this.readXrefStream(obj.stream);
    }
    // 4. Objects at offsets no header search found (a header split by a comment, say).
    for (const offset of this.xrefOffsets) {
      if (offset > 0 && offset < this.bytes.length && !this.parsedAt.has(offset)) this.parseIndirectAt(offset);
    }
    this.fixIndirectLengths();
    // 5. Object streams decrypted, decoded and parsed first (the form that names the XFA packets may be inside
    //    one), then every other stream: filters checked, XFA packets searched for scripts.
    this.openEncryption();
    const streams = this.objects.flatMap((o) => (o.stream ? [o.stream] : []));
    const rest = streams.filter((s) => !this.checkObjectStream(s));
    const xfa = this.xfaStreams();
    this.findEmbeddedFiles();
    for (const s of rest) this.checkStream(s, xfa);
    this.checkXfa(xfa);
    // The catalog may live in an object stream: the structure is judged once those are read.
    if (this.options.requireStructure) this.checkStructure();
    // 6. Actions that run by themselves may not open a URI either.
    for (const obj of this.objects) this.checkAutomaticActions(obj.value, 0);
  }

  /** The trailer's /Encrypt: decrypted with the empty user password, or refused ("cifrado"). */
  private openEncryption(): void {
    const trailer = this.trailers.find((t) => t.get("Encrypt") !== undefined && t.get("Encrypt") !== null);
    if (!trailer) return;
    const encrypt = this.resolve(trailer.get("Encrypt"));
    const crypto = this.options.decoders?.crypto;
    if (!crypto) {
      this.decryptor = null;
      return;
    }
    if (!(encrypt instanceof PdfDict)) throw new StructureError("cifrado");
    const ids = this.resolve(trailer.get("ID"));
    const first = Array.isArray(ids) ? this.resolve(ids[0]) : undefined;
    try {
      this.decryptor = openEncryption(
        encrypt,
        first instanceof PdfString ? first.bytes : new Uint8Array(),
        crypto,
        this.resolve,
      );
    } catch (e) {
      if (e instanceof PdfEncryptedError) throw new StructureError("cifrado");
      throw e;
    }
  }

  private resolve = (v: PdfValue | undefined, hops = 0): PdfValue | undefined => {
    if (v instanceof PdfRef && hops < 16) return this.resolve(this.byNumber.get(v.num), hops + 1);
    return v;
  };

  private nameOf(v: PdfValue | undefined): string | undefined {
    const r = this.resolve(v);
    return r instanceof PdfName ? r.name : undefined;
  }

  private countObject(): void {
    if (++this.objectCount > this.limits.objects) throw new PdfLimitError("objetos");
  }

  private lexer(from: number, to = this.bytes.length, bytes = this.bytes, text = this.text): Lexer {
    return new Lexer(bytes, from, to, this.hooks, text);
  }

  private toText(bytes: Uint8Array): string {
    return (this.options.decoders?.latin1 ?? latin1)(bytes);
  }

  /** "n g obj value [stream … endstream] endobj" at `at`; a body that does not parse still has its names read. */
  private parseIndirectAt(at: number): void {
    if (this.parsedAt.has(at)) return;
    this.parsedAt.add(at);
    const lx = this.lexer(at);
    lx.skipSpace();
    const num = lx.readNumber();
    lx.skipSpace();
    const gen = lx.readNumber();
    lx.skipSpace();
    // An offset that is off (viewers repair those): the header search found the object anyway.
    if (num === null || gen === null || !Number.isInteger(num) || !lx.atKeyword("obj")) return;
    lx.pos += 3;
    this.countObject();
    const bodyStart = lx.pos;
    let value: PdfValue;
    try {
      value = parseValueOrRef(lx);
    } catch (e) {
      if (!(e instanceof PdfSyntaxError)) throw e;
      const end = this.text.indexOf("endobj", bodyStart);
      scanNames(this.lexer(bodyStart, end < 0 ? this.bytes.length : end));
      return;
    }
    const obj: IndirectObject = { num, value };
    lx.skipSpace();
    if (value instanceof PdfDict && lx.atKeyword("stream")) {
      lx.pos += 6;
      let start = lx.pos;
      if (this.bytes[start] === 0x0d) start++;
      if (this.bytes[start] === 0x0a) start++;
      obj.stream = { dict: value, start, end: this.streamEnd(value.get("Length"), start), num, gen };
      this.streamsByNumber.set(num, obj.stream);
    }
    this.objects.push(obj);
    this.byNumber.set(num, value);
  }

  /** Where a stream's data ends: at /Length when "endstream" follows it (as viewers check), else before "endstream". */
  private streamEnd(length: PdfValue | undefined, start: number): number {
    if (typeof length === "number" && this.endstreamAt(start + length)) return start + length;
    const found = this.text.indexOf("endstream", start);
    if (found < 0) return this.bytes.length;
    let end = found;
    if (end > start && this.bytes[end - 1] === 0x0a) end--;
    if (end > start && this.bytes[end - 1] === 0x0d) end--;
    return end;
  }

  private endstreamAt(at: number): boolean {
    if (!Number.isInteger(at) || at < 0 || at > this.bytes.length) return false;
    let k = at;
    while (k < this.bytes.length && isWhiteSpace(this.bytes[k]!)) k++;
    return this.text.startsWith("endstream", k);
  }

  /** Streams whose /Length is a reference: the referenced number, once every object is known. */
  private fixIndirectLengths(): void {
    for (const obj of this.objects) {
      const s = obj.stream;
      const length = s?.dict.get("Length");
      if (!s || !(length instanceof PdfRef)) continue;
      const n = this.resolve(length);
      if (typeof n === "number" && this.endstreamAt(s.start + n)) s.end = s.start + n;
    }
  }

  private readXrefTable(at: number): void {
    const lx = this.lexer(at);
    let found = false;
    for (;;) {
      lx.skipSpace();
      const first = lx.readNumber();
      lx.skipSpace();
      const count = lx.readNumber();
      if (first === null || count === null) break;
      found = true;
      for (let k = 0; k < count; k++) {
        lx.skipSpace();
        const offset = lx.readNumber();
        lx.skipSpace();
        const gen = lx.readNumber();
        lx.skipSpace();
        const kind = lx.readWord();
        if (offset === null || gen === null || (kind !== "n" && kind !== "f")) break;
        if (kind === "n") this.xrefOffsets.add(offset);
      }
    }
    if (found) this.crossReferences++;
  }

  private readTrailer(at: number): void {
    const lx = this.lexer(at);
    try {
      const dict = parseValueOrRef(lx);
      if (dict instanceof PdfDict) this.trailers.push(dict);
    } catch (e) {
      if (!(e instanceof PdfSyntaxError)) throw e;
    }
  }

  private readXrefStream(s: StreamInfo): void {
    const data = this.decode(s, true);
    this.trailers.push(s.dict);
    this.crossReferences++;
    if (!data) return;
    const w = this.resolve(s.dict.get("W"));
    if (!Array.isArray(w) || w.length < 3) throw new PdfFilterError("XRef");
    const widths = w.map((x) => this.resolve(x)).map((x) => (typeof x === "number" ? x : -1));
    if (widths.some((x) => !Number.isInteger(x) || x < 0 || x > 8)) throw new PdfFilterError("XRef");
    const [w1, w2, w3] = widths as [number, number, number];
    const rowBytes = w1 + w2 + w3;
    if (rowBytes === 0) return;
    const field = (at: number, width: number) => {
      let v = 0;
      for (let k = 0; k < width; k++) v = v * 256 + data[at + k]!;
      return v;
    };
    for (let row = 0; row + rowBytes <= data.length; row += rowBytes) {
      const type = w1 === 0 ? 1 : field(row, w1);
      const second = field(row + w1, w2);
      if (type === 1) this.xrefOffsets.add(second);
      else if (type === 2) this.containers.add(second);
    }
  }

  private checkStructure(): void {
    const isCatalog = (v: PdfValue | undefined) =>
      v instanceof PdfDict && (this.nameOf(v.get("Type")) === "Catalog" || v.get("Pages") !== undefined);
    const catalog =
      this.trailers.some((t) => isCatalog(this.resolve(t.get("Root")))) ||
      this.objects.some((o) => o.value instanceof PdfDict && this.nameOf(o.value.get("Type")) === "Catalog");
    if (this.objects.length === 0 || this.crossReferences === 0 || !catalog) throw new StructureError("estructura");
  }

  /** The streams an XFA form is made of (AcroForm /XFA: one stream, or [name stream name stream …]). */
  private xfaStreams(): StreamInfo[] {
    const found: StreamInfo[] = [];
    const visit = (v: PdfValue | undefined, depth: number): void => {
      if (depth > MAX_NESTING) return;
      if (Array.isArray(v)) for (const x of v) visit(x, depth + 1);
      else if (v instanceof PdfDict) {
        v.forEach((key, x) => {
          if (key === "XFA") {
            const r = this.resolve(x);
            const refs = Array.isArray(r) ? r : [x];
            for (const ref of refs) {
              if (ref instanceof PdfRef) {
                const s = this.streamsByNumber.get(ref.num);
                if (s) found.push(s);
              }
            }
          } else visit(x, depth + 1);
        });
      }
    };
    for (const o of this.objects) visit(o.value, 0);
    return found;
  }

  /**
   * A stream that holds PDF syntax (object stream, cross-reference stream, XFA) is decoded and parsed, and refused
   * when it cannot be; an image is checked by its filter names only; any other stream is decoded within the limits.
   */
  /** An object stream (by /Type, by /N and /First, or named by a cross-reference stream): parsed; false if not one. */
  private checkObjectStream(s: StreamInfo): boolean {
    const type = this.nameOf(s.dict.get("Type"));
    if (type === "XRef") return false;
    const isObjStm =
      type === "ObjStm" ||
      this.containers.has(s.num) ||
      (s.dict.get("N") !== undefined && s.dict.get("First") !== undefined);
    if (!isObjStm) return false;
    const chain = filterChain(s.dict, this.resolve);
    if (chain.some((f) => IMAGE_FILTERS.has(f.name))) throw new PdfFilterError("imagen");
    const data = this.decode(s, true, chain);
    if (data) this.parseObjectStream(data, s.dict);
    return true;
  }

  /**
   * Any other stream: an XFA packet is decoded in checkXfa (an image codec there is refused); an image is checked
   * by its filter names only (pixels are never PDF syntax); anything else is decoded within the limits.
   */
  private checkStream(s: StreamInfo, xfa: StreamInfo[]): void {
    const type = this.nameOf(s.dict.get("Type"));
    if (type === "XRef") return; // read in step 3
    const chain = filterChain(s.dict, this.resolve);
    const hasImageCodec = chain.some((f) => IMAGE_FILTERS.has(f.name));
    if (xfa.includes(s)) {
      if (hasImageCodec) throw new PdfFilterError("imagen");
      return;
    }
    const isImage =
      this.nameOf(s.dict.get("Subtype")) === "Image" ||
      (s.dict.get("Width") !== undefined && s.dict.get("Height") !== undefined);
    const embedded = this.embedded.get(s);
    if ((isImage || hasImageCodec) && embedded === undefined) return;
    // An embedded file is decoded whatever its filters say (an image codec on a program is still the program's
    // bytes after the other filters); its content is then checked for a program's first bytes.
    const data = this.decode(
      s,
      false,
      chain.filter((f) => !IMAGE_FILTERS.has(f.name)),
    );
    if (embedded !== undefined && data && isExecutableContent(data)) throw new EmbeddedExecutable(embedded);
  }

  /**
   * Embedded files (PDF 32000 §7.11.4): every file specification with an /EF dictionary, wherever it is (the
   * EmbeddedFiles name tree, a file attachment annotation, an associated file of PDF/A-3), and every stream of
   * /Type /EmbeddedFile. A name (/F, /UF, /DOS, /Mac, /Unix) or a /Subtype of a program refuses the file at once;
   * the streams are remembered so checkStream looks at their content. An XML attachment — the CFDI a PDF/A-3
   * invoice carries — passes.
   */
  private findEmbeddedFiles(): void {
    const visit = (v: PdfValue | undefined, depth: number): void => {
      if (depth > MAX_NESTING) return;
      if (Array.isArray(v)) {
        for (const x of v) visit(x, depth + 1);
        return;
      }
      if (!(v instanceof PdfDict)) return;
      const ef = this.resolve(v.get("EF"));
      if (ef instanceof PdfDict) this.embeddedFileSpec(v, ef);
      v.forEach((_, x) => {
        visit(x, depth + 1);
      });
    };
    for (const o of this.objects) {
      visit(o.value, 0);
      if (o.stream && this.nameOf(o.stream.dict.get("Type")) === "EmbeddedFile") this.embeddedStream(o.stream, "");
    }
  }

  private embeddedFileSpec(spec: PdfDict, ef: PdfDict): void {
    const names: string[] = [];
    for (const key of ["UF", "F", "DOS", "Mac", "Unix"]) {
      const v = this.resolve(spec.get(key));
      if (v instanceof PdfString) names.push(textString(v.bytes));
    }
    const bad = names.find(executableName);
    if (bad !== undefined) throw new EmbeddedExecutable(bad);
    ef.forEach((_, ref) => {
      if (ref instanceof PdfRef) {
        const s = this.streamsByNumber.get(ref.num);
        if (s) this.embeddedStream(s, names[0] ?? "");
      }
    });
  }

  private embeddedStream(s: StreamInfo, name: string): void {
    const subtype = this.nameOf(s.dict.get("Subtype"));
    if (subtype && EXECUTABLE_MIME.test(subtype)) throw new EmbeddedExecutable(name);
    if (!this.embedded.get(s)) this.embedded.set(s, name);
  }

  /** The stream's raw data, decrypted when the file is encrypted; null when this platform cannot decrypt it. */
  private rawData(s: StreamInfo, chain: FilterStep[]): Uint8Array | null {
    const raw = this.bytes.subarray(s.start, s.end);
    if (this.decryptor === undefined || this.nameOf(s.dict.get("Type")) === "XRef") return raw;
    const crypt = chain.find((f) => f.name === "Crypt");
    const cryptName = crypt ? (this.nameOf(crypt.params?.get("Name")) ?? "Identity") : undefined;
    if (cryptName === "Identity") return raw;
    if (this.decryptor === null) return null;
    if (this.nameOf(s.dict.get("Type")) === "Metadata" && !this.decryptor.encryptMetadata) return raw;
    return this.decryptor.stream(s.num, s.gen, raw, cryptName);
  }

  /**
   * The stream's data after its filters, or null when a decoder is missing here (the browser). Syntax streams
   * whose data their filter rejects are refused; other streams' damaged data is what viewers show as damage.
   */
  private decode(s: StreamInfo, isSyntax: boolean, chain = filterChain(s.dict, this.resolve)): Uint8Array | null {
    const remaining = this.limits.totalBytes - this.decodedTotal;
    const max = Math.min(this.limits.streamBytes, remaining);
    const raw = this.rawData(s, chain);
    if (!raw) return null;
    let data: Uint8Array | null;
    try {
      data = decodeChain(raw, chain, this.options.decoders ?? {}, max);
    } catch (e) {
      if (e instanceof PdfLimitError) {
        throw new PdfLimitError(max < this.limits.streamBytes ? "total" : "flujo");
      }
      if (isSyntax) throw e instanceof PdfFilterError ? e : new PdfFilterError(String(e));
      return null;
    }
    if (data) {
      this.decodedTotal += data.length;
      if (this.hooks.work) this.hooks.work.max += data.length * this.limits.workFactor;
    }
    return data;
  }

  /**
   * An object stream's objects, each at its offset from the header (as viewers read them); then every name token of
   * the whole body, so nothing between or after the offsets goes unread.
   */
  private parseObjectStream(data: Uint8Array, dict: PdfDict): void {
    const first = this.resolve(dict.get("First"));
    const n = this.resolve(dict.get("N"));
    const firstAt = typeof first === "number" && first >= 0 && first <= data.length ? first : 0;
    const text = this.toText(data);
    const header = this.lexer(0, firstAt, data, text);
    const count = typeof n === "number" && n > 0 ? n : 0;
    for (let k = 0; k < count; k++) {
      header.skipSpace();
      const num = header.readNumber();
      header.skipSpace();
      const offset = header.readNumber();
      if (num === null || offset === null) break;
      this.countObject();
      this.parseCompressed(data, text, firstAt + offset, num);
    }
    // Every name of the whole body, also between and after the offsets (what no offset points at is still read).
    scanNames(this.lexer(0, data.length, data, text));
  }

  private parseCompressed(data: Uint8Array, text: string, at: number, num: number): void {
    if (at < 0 || at >= data.length) return;
    try {
      const value = parseValueOrRef(this.lexer(at, data.length, data, text));
      this.objects.push({ num, value });
      if (!this.byNumber.has(num)) this.byNumber.set(num, value);
    } catch (e) {
      if (!(e instanceof PdfSyntaxError)) throw e;
    }
  }

  /** XFA packets, concatenated as the form's XML (a tag may be split across two), searched for <script>. */
  private checkXfa(streams: StreamInfo[]): void {
    if (streams.length === 0) return;
    let xml = "";
    for (const s of streams) {
      const data = this.decode(s, true);
      if (!data) return; // the browser cannot inflate: the server decides
      xml += this.toText(data);
    }
    // UTF-16 XML: its ASCII letters with NULs between them.
    if (XFA_SCRIPT.test(xml) || XFA_SCRIPT.test(xml.replace(/\0/g, ""))) throw new ActiveContent();
  }

  /** /OpenAction and /AA actions (and their /Next chains) run without a click: a URI there is refused too. */
  private checkAutomaticActions(v: PdfValue | undefined, depth: number): void {
    if (depth > MAX_NESTING) return;
    if (Array.isArray(v)) {
      for (const x of v) this.checkAutomaticActions(x, depth + 1);
      return;
    }
    if (!(v instanceof PdfDict)) return;
    v.forEach((key, x) => {
      if (key === "OpenAction") this.checkAction(x, 0);
      else if (key === "AA") {
        const triggers = this.resolve(x);
        if (triggers instanceof PdfDict) {
          triggers.forEach((_, action) => {
            this.checkAction(action, 0);
          });
        }
      } else this.checkAutomaticActions(x, depth + 1);
    });
  }

  private checkAction(v: PdfValue | undefined, depth: number): void {
    const action = this.resolve(v);
    if (depth > 32 || !(action instanceof PdfDict)) return;
    if (this.nameOf(action.get("S")) === "URI") throw new ActiveContent();
    const next = this.resolve(action.get("Next"));
    for (const n of Array.isArray(next) ? next : [next]) this.checkAction(n, depth + 1);
  }
}
