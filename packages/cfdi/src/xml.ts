/**
 * A small, strict, namespace-aware XML 1.0 reader for documents that come from outside.
 *
 * Why not hand the input straight to fast-xml-parser: it is not namespace-aware (it matches by
 * prefix), it accepts documents that are not well formed (a closing tag that does not match is
 * accepted, attributes are found with a lenient regex), and it decodes numeric character references
 * only when told to treat the input as HTML. Its validator catches most of that, but running
 * validator + parser costs about twice a plain parse. This reader does both jobs in one pass and is
 * stricter than either (see README.md "Hardening"); the tests check it rejects everything
 * fast-xml-parser's validator rejects.
 *
 * What it enforces (XML 1.0 fifth edition + Namespaces in XML 1.0):
 * - no DOCTYPE at all: no internal subset, so no entity definitions, no entity expansion, no
 *   external entities; only the five predefined entities and character references are decoded;
 * - well-formedness: one root element, matching end tags, quoted attribute values without `<`,
 *   unique attributes (by name and by expanded name), legal characters only (no NUL or other C0
 *   controls, no lone surrogates), `&` only as a valid reference, no `]]>` in text, no `--` inside
 *   comments, the XML declaration only at the very start;
 * - namespaces: every prefix used is declared, `xmlns:p=""` is refused, `xml`/`xmlns` reserved,
 *   an element or attribute in a namespace whose name is not a URI reference (spaces…) is refused; a
 *   declaration of such a name that nothing uses is ignored, as libxml2 and expat do (the common
 *   `xmlns:schemaLocation="uri uri.xsd"` of CFDI generators, meant as xsi:schemaLocation);
 * - attribute-value normalisation as XML does it (literal tab/CR/LF → space, CRLF counted once;
 *   character references are not normalised);
 * - limits on nesting depth, attributes per element and namespace bindings in scope.
 *
 * Attribute values are always strings ('01000' stays '01000'). Character data (text and CDATA, line
 * ends normalised, references decoded) is kept beside the children in `texts`, as XSLT's data model
 * needs it for the cadena original; the readers of CFDI data use attributes only. Element and
 * attribute names are stored in Maps and arrays, never as object keys, so names such as `__proto__`
 * or `constructor` are inert.
 */

export const XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace";
export const XMLNS_NAMESPACE = "http://www.w3.org/2000/xmlns/";

export interface XmlElement {
  /** The name as written, prefix included ("cfdi:Emisor"). */
  readonly qname: string;
  /** Namespace URI ("" when the element is in no namespace). */
  readonly ns: string;
  /** Local name ("Emisor"). */
  readonly local: string;
  /**
   * Attributes. An attribute without prefix is keyed by its name ("Rfc"); a prefixed one by
   * "{namespace-uri}local" ("{http://www.w3.org/2001/XMLSchema-instance}schemaLocation").
   * Namespace declarations (xmlns, xmlns:p) are not included.
   */
  readonly attrs: ReadonlyMap<string, string>;
  readonly children: readonly XmlElement[];
  /**
   * Character data around the children, as the XPath data model sees it: `texts[i]` is the text
   * before `children[i]` and `texts[children.length]` the text after the last child (text and CDATA
   * sections concatenated, comments and processing instructions dropped, line ends normalised to
   * LF, references decoded). Absent when the element has no character data; entries without text
   * are `undefined`.
   */
  readonly texts?: readonly (string | undefined)[];
  /** Offset of the element's "<" in the parsed text. */
  readonly offset: number;
}

export interface XmlDeclaration {
  readonly version: string;
  readonly encoding?: string;
  readonly standalone?: string;
}

export type XmlErrorKind = "doctype" | "syntax" | "namespace" | "limit";

export interface XmlParseError {
  readonly kind: XmlErrorKind;
  /** Spanish description including line and column. */
  readonly message: string;
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

export type XmlParseResult =
  | { readonly ok: true; readonly root: XmlElement; readonly declaration?: XmlDeclaration }
  | { readonly ok: false; readonly error: XmlParseError };

export interface XmlParseOptions {
  /** Deepest element nesting accepted (a CFDI is about 8 deep). Default 100. */
  readonly maxDepth?: number;
  /** Most attributes accepted on one element. Default 256. */
  readonly maxAttributes?: number;
  /** Most namespace bindings in scope at once (a CFDI has fewer than 20). Default 128. */
  readonly maxNamespaces?: number;
  /**
   * Keep namespace declarations in `attrs` (keyed "xmlns" and "xmlns:p"), for readers that resolve
   * prefixes inside attribute values (XSLT's select="cfdi:Emisor"). Default false.
   */
  readonly keepNamespaceDeclarations?: boolean;
}

interface MutableElement {
  qname: string;
  ns: string;
  local: string;
  attrs: Map<string, string>;
  children: MutableElement[];
  texts?: (string | undefined)[];
  offset: number;
}

/** Appends character data after the element's current last child. */
function addText(el: MutableElement, text: string): void {
  if (text === "") return;
  const k = el.children.length;
  el.texts ??= [];
  const texts = el.texts;
  const before = texts[k];
  texts[k] = before === undefined ? text : before + text;
}

/**
 * Namespace bindings in scope: a chain of the declarations of the element and its ancestors, so an
 * element that declares a namespace adds a link instead of copying everything in scope.
 */
interface NsScope {
  readonly bindings: ReadonlyMap<string, string>;
  readonly parent: NsScope | null;
  /** Bindings in the whole chain (shadowed ones included). */
  readonly size: number;
}

function lookupNamespace(scope: NsScope | null, prefix: string): string | undefined {
  for (let s = scope; s !== null; s = s.parent) {
    const uri = s.bindings.get(prefix);
    if (uri !== undefined) return uri;
  }
  return undefined;
}

class XmlFailure extends Error {
  constructor(
    readonly kind: XmlErrorKind,
    readonly reason: string,
    readonly offset: number,
  ) {
    super(reason);
  }
}

// ASCII character classes: 1 = name start char, 2 = name char (not start).
const ASCII_NAME = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 58) ASCII_NAME[c] = 1;
  else if ((c >= 48 && c <= 57) || c === 45 || c === 46) ASCII_NAME[c] = 2;
}

function isNameStartNonAscii(c: number): boolean {
  return (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    c === 0x200c ||
    c === 0x200d ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd)
  );
}

function isNameCharNonAscii(c: number): boolean {
  return isNameStartNonAscii(c) || c === 0xb7 || (c >= 0x300 && c <= 0x36f) || c === 0x203f || c === 0x2040;
}

function isLegalCodePoint(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

const PREDEFINED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ["lt", "<"],
  ["gt", ">"],
  ["amp", "&"],
  ["apos", "'"],
  ["quot", '"'],
]);

/** Characters RFC 3986 never allows in a URI reference (besides controls and space). */
const URI_FORBIDDEN = new Set(['"', "<", ">", "\\", "^", "`", "{", "|", "}"]);

const XML_DECL =
  /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(?:"([^"]*)"|'([^']*)')(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(?:"([A-Za-z][A-Za-z0-9._-]*)"|'([A-Za-z][A-Za-z0-9._-]*)'))?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(?:"(yes|no)"|'(yes|no)'))?[ \t\r\n]*\?>$/;

function describeChar(c: number): string {
  if (Number.isNaN(c)) return "el fin del documento";
  if (c < 0x20 || c === 0x7f) return `el carácter de control U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
  return `«${String.fromCharCode(c)}»`;
}

class Parser {
  private i = 0;
  private readonly len: number;
  private readonly maxDepth: number;
  private readonly maxAttributes: number;
  private readonly maxNamespaces: number;
  private readonly keepNamespaceDeclarations: boolean;
  /** Namespace names declared that are not URI references, and where: refused only where used. */
  private nonUriNamespaces: Map<string, string> | undefined;

  constructor(
    private readonly s: string,
    options: XmlParseOptions,
  ) {
    this.len = s.length;
    this.maxDepth = options.maxDepth ?? 100;
    this.maxAttributes = options.maxAttributes ?? 256;
    this.maxNamespaces = options.maxNamespaces ?? 128;
    this.keepNamespaceDeclarations = options.keepNamespaceDeclarations ?? false;
  }

  private fail(reason: string, at: number = this.i, kind: XmlErrorKind = "syntax"): never {
    throw new XmlFailure(kind, reason, Math.min(at, this.len));
  }

  private code(at: number): number {
    return this.s.charCodeAt(at);
  }

  private startsWith(text: string, at: number = this.i): boolean {
    return this.s.startsWith(text, at);
  }

  /** Skips XML white space; returns true when at least one character was skipped. */
  private skipSpaces(): boolean {
    const start = this.i;
    for (;;) {
      const c = this.s.charCodeAt(this.i);
      if (c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d) this.i++;
      else break;
    }
    return this.i > start;
  }

  /** Reads a Name at the cursor; returns "" when none starts here. */
  private readName(): string {
    const s = this.s;
    const start = this.i;
    let j = start;
    let first = true;
    for (;;) {
      const c = s.charCodeAt(j);
      if (c < 128) {
        const cls = ASCII_NAME[c] ?? 0;
        if (cls === 1 || (cls === 2 && !first)) {
          j++;
          first = false;
          continue;
        }
        break;
      }
      if (c >= 0xd800 && c <= 0xdb7f) {
        // A supplementary character U+10000..U+EFFFF is a name (start) char when the pair is valid.
        const d = s.charCodeAt(j + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          j += 2;
          first = false;
          continue;
        }
        break;
      }
      if (first ? isNameStartNonAscii(c) : isNameCharNonAscii(c)) {
        j++;
        first = false;
        continue;
      }
      break;
    }
    this.i = j;
    return s.slice(start, j);
  }

  /** Checks that s[from, to) holds only characters XML allows. */
  private checkChars(from: number, to: number): void {
    const s = this.s;
    for (let j = from; j < to; j++) {
      const c = s.charCodeAt(j);
      if (c >= 0x20) {
        if (c < 0xd800) continue;
        if (c <= 0xdbff) {
          const d = s.charCodeAt(j + 1);
          if (j + 1 < to && d >= 0xdc00 && d <= 0xdfff) {
            j++;
            continue;
          }
          this.fail("carácter no válido (sustituto UTF-16 sin pareja)", j);
        }
        if (c <= 0xdfff) this.fail("carácter no válido (sustituto UTF-16 sin pareja)", j);
        if (c === 0xfffe || c === 0xffff)
          this.fail(`carácter no permitido en XML (U+${c.toString(16).toUpperCase()})`, j);
      } else if (c !== 0x09 && c !== 0x0a && c !== 0x0d) {
        this.fail(`${describeChar(c)} no está permitido en XML`, j);
      }
    }
  }

  /** Decodes the reference starting at s[at] === "&"; returns the text and the index after ";". */
  private readReference(at: number): { text: string; end: number } {
    const s = this.s;
    const semi = s.indexOf(";", at + 1);
    if (semi === -1 || semi - at > 40) this.fail("el carácter «&» debe escribirse como &amp;", at);
    const body = s.slice(at + 1, semi);
    if (body.charCodeAt(0) === 35 /* # */) {
      const hex = body.charCodeAt(1) === 120; /* x */
      const digits = body.slice(hex ? 2 : 1);
      // Bounded by the 40-character window above; leading zeros are legal ("&#x0000E9;").
      const valid = hex ? /^[0-9a-fA-F]+$/.test(digits) : /^[0-9]+$/.test(digits);
      const cp = valid ? Number.parseInt(digits, hex ? 16 : 10) : Number.NaN;
      if (!valid || !isLegalCodePoint(cp)) this.fail(`referencia de carácter no válida «&${body};»`, at);
      return { text: String.fromCodePoint(cp), end: semi + 1 };
    }
    const predefined = PREDEFINED_ENTITIES.get(body);
    if (predefined !== undefined) return { text: predefined, end: semi + 1 };
    if (/^[A-Za-z_:][\w.:-]*$/.test(body)) {
      this.fail(`la entidad «&${body};» no está declarada (solo se aceptan &lt; &gt; &amp; &apos; &quot;)`, at);
    }
    this.fail("el carácter «&» debe escribirse como &amp;", at);
  }

  /** Reads a quoted attribute value at the cursor (on the quote) and returns it normalised and decoded. */
  private readAttrValue(): string {
    const s = this.s;
    const quote = s.charCodeAt(this.i);
    const start = this.i + 1;
    const end = s.indexOf(quote === 34 ? '"' : "'", start);
    if (end === -1) this.fail("valor de atributo sin comilla de cierre", this.i);
    let simple = true;
    for (let j = start; j < end; j++) {
      const c = s.charCodeAt(j);
      if (c >= 0x20) {
        if (c === 0x3c /* < */) this.fail("el carácter «<» no está permitido en el valor de un atributo", j);
        if (c === 0x26 /* & */) simple = false;
        else if (c >= 0xd800) {
          this.checkChars(j, Math.min(j + 2, end));
          if (c <= 0xdbff) j++;
        }
      } else if (c === 0x09 || c === 0x0a || c === 0x0d) {
        simple = false;
      } else {
        this.fail(`${describeChar(c)} no está permitido en XML`, j);
      }
    }
    this.i = end + 1;
    if (simple) return s.slice(start, end);
    let out = "";
    let runStart = start;
    for (let j = start; j < end; ) {
      const c = s.charCodeAt(j);
      if (c === 0x26) {
        out += s.slice(runStart, j);
        const ref = this.readReference(j);
        if (ref.end > end + 1) this.fail("referencia de entidad sin terminar en el valor de un atributo", j);
        out += ref.text;
        j = ref.end;
        runStart = j;
      } else if (c === 0x09 || c === 0x0a || c === 0x0d) {
        out += `${s.slice(runStart, j)} `;
        // Line-end normalisation first: CR LF is one line end, hence one space.
        j += c === 0x0d && s.charCodeAt(j + 1) === 0x0a ? 2 : 1;
        runStart = j;
      } else {
        j++;
      }
    }
    return out + s.slice(runStart, end);
  }

  /**
   * Validates character data s[from, to) (legal characters, valid references, no "]]>") and returns
   * it decoded: references replaced, CR LF and lone CR turned into LF as XML line-end handling does.
   * The common case (no reference, no CR) is a slice of the input.
   */
  private readText(from: number, to: number): string {
    const s = this.s;
    let out: string | undefined;
    let runStart = from;
    for (let j = from; j < to; j++) {
      const c = s.charCodeAt(j);
      if (c === 0x26) {
        const ref = this.readReference(j);
        if (ref.end > to) this.fail("referencia de entidad sin terminar", j);
        out = (out ?? "") + s.slice(runStart, j) + ref.text;
        runStart = ref.end;
        j = ref.end - 1;
      } else if (c === 0x0d) {
        out = `${(out ?? "") + s.slice(runStart, j)}\n`;
        if (s.charCodeAt(j + 1) === 0x0a && j + 1 < to) j++;
        runStart = j + 1;
      } else if (c === 0x5d /* ] */) {
        if (s.charCodeAt(j + 1) === 0x5d && s.charCodeAt(j + 2) === 0x3e) {
          this.fail("la secuencia «]]>» no está permitida en el texto", j);
        }
      } else if (c < 0x20 ? c !== 0x09 && c !== 0x0a : c >= 0xd800) {
        this.checkChars(j, Math.min(j + 2, to));
        if (c >= 0xd800 && c <= 0xdbff) j++;
      }
    }
    return out === undefined ? s.slice(from, to) : out + s.slice(runStart, to);
  }

  /** Line-end normalisation of a CDATA section's content (no references there). */
  private normalizeLineEnds(from: number, to: number): string {
    const text = this.s.slice(from, to);
    return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
  }

  private skipComment(): void {
    const start = this.i;
    const end = this.s.indexOf("-->", start + 4);
    if (end === -1) this.fail("comentario sin cerrar", start);
    const body = this.s.slice(start + 4, end);
    if (body.includes("--") || body.endsWith("-")) this.fail("«--» no está permitido dentro de un comentario", start);
    this.checkChars(start + 4, end);
    this.i = end + 3;
  }

  private skipProcessingInstruction(): void {
    const start = this.i;
    this.i += 2;
    const target = this.readName();
    if (!target) this.fail("instrucción de procesamiento sin nombre", start);
    if (target.toLowerCase() === "xml") {
      this.fail("la declaración <?xml ...?> solo puede aparecer al inicio del documento", start);
    }
    if (target.includes(":"))
      this.fail(`instrucción de procesamiento con nombre no válido «${target}»`, start, "namespace");
    const end = this.s.indexOf("?>", this.i);
    if (end === -1) this.fail("instrucción de procesamiento sin cerrar", start);
    if (end > this.i && !this.skipSpaces()) this.fail("instrucción de procesamiento mal formada", start);
    this.checkChars(this.i, end);
    this.i = end + 2;
  }

  private readCdata(): string {
    const start = this.i;
    const end = this.s.indexOf("]]>", start + 9);
    if (end === -1) this.fail("sección CDATA sin cerrar", start);
    this.checkChars(start + 9, end);
    this.i = end + 3;
    return this.normalizeLineEnds(start + 9, end);
  }

  private failMarkupDeclaration(at: number): never {
    if (this.startsWith("<!DOCTYPE", at)) this.fail("declaración DOCTYPE", at, "doctype");
    this.fail("declaración de marcado no permitida (solo se aceptan comentarios y CDATA)", at);
  }

  private readDeclaration(): XmlDeclaration | undefined {
    const s = this.s;
    if (!s.startsWith("<?xml")) return undefined;
    const after = s.charCodeAt(5);
    if (after !== 0x20 && after !== 0x09 && after !== 0x0a && after !== 0x0d && after !== 0x3f) return undefined;
    const end = s.indexOf("?>");
    if (end === -1) this.fail("declaración XML sin cerrar", 0);
    const m = XML_DECL.exec(s.slice(0, end + 2));
    if (!m) this.fail("declaración XML mal formada", 0);
    const version = m[1] ?? m[2] ?? "";
    if (version !== "1.0") this.fail(`versión de XML no soportada «${version}» (se espera 1.0)`, 0);
    const encoding = m[3] ?? m[4];
    const standalone = m[5] ?? m[6];
    this.i = end + 2;
    return {
      version,
      ...(encoding !== undefined ? { encoding } : {}),
      ...(standalone !== undefined ? { standalone } : {}),
    };
  }

  /** Comments, processing instructions and white space before or after the root element. */
  private skipMisc(where: "antes" | "después"): void {
    for (;;) {
      this.skipSpaces();
      if (this.i >= this.len) return;
      if (this.code(this.i) !== 0x3c) {
        this.fail(`contenido no permitido ${where} del elemento raíz (${describeChar(this.code(this.i))})`);
      }
      const c1 = this.code(this.i + 1);
      if (c1 === 0x3f) this.skipProcessingInstruction();
      else if (c1 === 0x21) {
        if (this.startsWith("<!--")) this.skipComment();
        else this.failMarkupDeclaration(this.i);
      } else if (where === "antes") return;
      else if (c1 === 0x2f) this.fail("etiqueta de cierre sin elemento abierto después del elemento raíz");
      else this.fail("hay más de un elemento raíz");
    }
  }

  /** Remembers a declared namespace name that is not a URI reference; see `refuseNonUri`. */
  private checkNamespaceName(uri: string, attr: string): void {
    for (let k = 0; k < uri.length; k++) {
      if (uri.charCodeAt(k) <= 0x20 || URI_FORBIDDEN.has(uri[k] ?? "")) {
        this.nonUriNamespaces ??= new Map();
        this.nonUriNamespaces.set(uri, attr);
        return;
      }
    }
  }

  /**
   * Namespaces in XML wants namespace names to be URI references, but a declaration nobody uses changes
   * nothing (libxml2 only warns, expat says nothing): only a name in such a namespace is refused.
   */
  private refuseNonUri(ns: string, at: number): void {
    const attr = this.nonUriNamespaces?.get(ns);
    if (attr === undefined) return;
    const shown = ns.length > 60 ? `${ns.slice(0, 60)}…` : ns;
    this.fail(`el espacio de nombres declarado en ${attr} no es un URI válido («${shown}»)`, at, "namespace");
  }

  private splitQName(qname: string, at: number, what: string): [prefix: string, local: string] {
    const colon = qname.indexOf(":");
    if (colon === -1) return ["", qname];
    const prefix = qname.slice(0, colon);
    const local = qname.slice(colon + 1);
    if (colon === 0 || local.length === 0 || local.includes(":") || !/^[^\d.\-·]/.test(local)) {
      this.fail(`nombre de ${what} no válido con espacios de nombres «${qname}»`, at, "namespace");
    }
    return [prefix, local];
  }

  /** Reads a start tag at the cursor ("<"). Returns the element and whether it was empty ("/>"). */
  private readStartTag(parentScope: NsScope): { el: MutableElement; scope: NsScope; empty: boolean } {
    const s = this.s;
    const start = this.i;
    this.i++;
    const qname = this.readName();
    if (!qname) this.fail(`nombre de elemento no válido (${describeChar(this.code(this.i))} después de «<»)`);
    const names: string[] = [];
    const values: string[] = [];
    let seen: Set<string> | undefined;
    let empty = false;
    for (;;) {
      const hadSpace = this.skipSpaces();
      const c = s.charCodeAt(this.i);
      if (c === 0x3e) {
        this.i++;
        break;
      }
      if (c === 0x2f) {
        if (s.charCodeAt(this.i + 1) !== 0x3e) this.fail(`se esperaba «>» después de «/» en <${qname}>`);
        this.i += 2;
        empty = true;
        break;
      }
      if (this.i >= this.len) this.fail(`la etiqueta <${qname}> no se cerró`, start);
      if (!hadSpace) this.fail(`falta un espacio antes del atributo en <${qname}> (se encontró ${describeChar(c)})`);
      const attrAt = this.i;
      const name = this.readName();
      if (!name) this.fail(`nombre de atributo no válido en <${qname}> (${describeChar(c)})`);
      this.skipSpaces();
      if (s.charCodeAt(this.i) !== 0x3d) this.fail(`se esperaba «=» después del atributo ${name} en <${qname}>`);
      this.i++;
      this.skipSpaces();
      const q = s.charCodeAt(this.i);
      if (q !== 0x22 && q !== 0x27) this.fail(`el valor del atributo ${name} en <${qname}> debe ir entre comillas`);
      const value = this.readAttrValue();
      // Well-formedness: an attribute name appears once per tag. Never "last one wins".
      if (names.length < 16) {
        if (names.includes(name)) this.fail(`el atributo ${name} está repetido en <${qname}>`, attrAt);
      } else {
        seen ??= new Set(names);
        if (seen.has(name)) this.fail(`el atributo ${name} está repetido en <${qname}>`, attrAt);
        seen.add(name);
      }
      names.push(name);
      values.push(value);
      if (names.length > this.maxAttributes) {
        this.fail(`<${qname}> tiene más de ${this.maxAttributes} atributos`, attrAt, "limit");
      }
    }

    // Namespace declarations first: they apply to the element's own name and attributes.
    let declared: Map<string, string> | undefined;
    for (let k = 0; k < names.length; k++) {
      const name = names[k] as string;
      if (name !== "xmlns" && !name.startsWith("xmlns:")) continue;
      const uri = values[k] as string;
      const prefix = name === "xmlns" ? "" : name.slice(6);
      if (prefix !== "") {
        if (prefix.includes(":") || !/^[^\d.\-·]/.test(prefix)) {
          this.fail(`prefijo de espacio de nombres no válido «${prefix}»`, start, "namespace");
        }
        if (prefix === "xmlns") this.fail("el prefijo xmlns no puede declararse", start, "namespace");
        if (uri === "")
          this.fail(`el prefijo ${prefix} no puede declararse vacío (xmlns:${prefix}="")`, start, "namespace");
        if ((prefix === "xml") !== (uri === XML_NAMESPACE)) {
          this.fail("el prefijo xml solo puede ligarse a su propio espacio de nombres", start, "namespace");
        }
      } else if (uri === XML_NAMESPACE) {
        this.fail("el espacio de nombres de xml no puede ser el predeterminado", start, "namespace");
      }
      if (uri === XMLNS_NAMESPACE) this.fail("el espacio de nombres de xmlns no puede declararse", start, "namespace");
      if (uri !== "") this.checkNamespaceName(uri, name);
      declared ??= new Map();
      declared.set(prefix, uri);
      if (parentScope.size + declared.size > this.maxNamespaces) {
        this.fail(`hay más de ${this.maxNamespaces} espacios de nombres declarados a la vez`, start, "limit");
      }
    }

    const [prefix, local] = this.splitQName(qname, start, "elemento");
    if (prefix === "xmlns") this.fail(`el elemento <${qname}> usa el prefijo reservado xmlns`, start, "namespace");
    const scope: NsScope = declared
      ? { bindings: declared, parent: parentScope, size: parentScope.size + declared.size }
      : parentScope;
    const ns = lookupNamespace(scope, prefix);
    if (ns === undefined || (prefix !== "" && ns === "")) {
      this.fail(`el prefijo ${prefix} del elemento <${qname}> no está declarado`, start, "namespace");
    }
    if (this.nonUriNamespaces !== undefined) this.refuseNonUri(ns, start);

    const attrs = new Map<string, string>();
    for (let k = 0; k < names.length; k++) {
      const name = names[k] as string;
      if (name === "xmlns" || name.startsWith("xmlns:")) {
        if (this.keepNamespaceDeclarations) attrs.set(name, values[k] as string);
        continue;
      }
      const [attrPrefix, attrLocal] = this.splitQName(name, start, "atributo");
      let key = name;
      if (attrPrefix !== "") {
        const attrNs = lookupNamespace(scope, attrPrefix);
        if (attrNs === undefined || attrNs === "") {
          this.fail(`el prefijo ${attrPrefix} del atributo ${name} no está declarado`, start, "namespace");
        }
        if (this.nonUriNamespaces !== undefined) this.refuseNonUri(attrNs, start);
        key = `{${attrNs}}${attrLocal}`;
      }
      // Namespaces in XML: two prefixes bound to one URI must not give the same attribute twice.
      if (attrs.has(key)) this.fail(`el atributo ${name} está repetido en <${qname}>`, start, "namespace");
      attrs.set(key, values[k] as string);
    }

    // texts is declared up front so every element has one shape (it is filled only when there is text).
    return { el: { qname, ns, local, attrs, children: [], texts: undefined, offset: start }, scope, empty };
  }

  parse(): { root: XmlElement; declaration?: XmlDeclaration } {
    const s = this.s;
    const declaration = this.readDeclaration();
    this.skipMisc("antes");
    if (this.i >= this.len) this.fail("el documento no tiene elemento raíz");

    const rootScope: NsScope = {
      bindings: new Map([
        ["", ""],
        ["xml", XML_NAMESPACE],
      ]),
      parent: null,
      size: 2,
    };
    const first = this.readStartTag(rootScope);
    const root = first.el;
    const stack: { el: MutableElement; scope: NsScope }[] = [];
    if (!first.empty) stack.push({ el: root, scope: first.scope });

    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { el: MutableElement; scope: NsScope };
      const lt = s.indexOf("<", this.i);
      if (lt === -1) {
        this.readText(this.i, this.len);
        this.fail(`el elemento <${top.el.qname}> no se cerró`, top.el.offset);
      }
      if (lt > this.i) addText(top.el, this.readText(this.i, lt));
      this.i = lt;
      const c1 = s.charCodeAt(lt + 1);
      if (c1 === 0x2f /* / */) {
        this.i += 2;
        const name = this.readName();
        this.skipSpaces();
        if (s.charCodeAt(this.i) !== 0x3e) this.fail(`etiqueta de cierre </${name}> mal formada`, lt);
        if (name !== top.el.qname) {
          this.fail(`la etiqueta de cierre </${name}> no corresponde a <${top.el.qname}>`, lt);
        }
        this.i++;
        stack.pop();
      } else if (c1 === 0x21 /* ! */) {
        if (this.startsWith("<!--", lt)) this.skipComment();
        else if (this.startsWith("<![CDATA[", lt)) addText(top.el, this.readCdata());
        else this.failMarkupDeclaration(lt);
      } else if (c1 === 0x3f /* ? */) {
        this.skipProcessingInstruction();
      } else {
        const child = this.readStartTag(top.scope);
        top.el.children.push(child.el);
        if (!child.empty) {
          if (stack.length >= this.maxDepth) {
            this.fail(`el anidamiento de elementos excede ${this.maxDepth} niveles`, child.el.offset, "limit");
          }
          stack.push({ el: child.el, scope: child.scope });
        }
      }
    }

    this.skipMisc("después");
    return declaration ? { root, declaration } : { root };
  }

  location(offset: number): { line: number; column: number } {
    let line = 1;
    let lineStart = 0;
    for (let j = this.s.indexOf("\n"); j !== -1 && j < offset; j = this.s.indexOf("\n", j + 1)) {
      line++;
      lineStart = j + 1;
    }
    return { line, column: offset - lineStart + 1 };
  }
}

/**
 * Parses `text` (already decoded, BOM removed). Never throws: every refusal is an error result
 * with a Spanish message that includes the line and column.
 */
export function parseXml(text: string, options: XmlParseOptions = {}): XmlParseResult {
  const parser = new Parser(text, options);
  try {
    return { ok: true, ...parser.parse() };
  } catch (e) {
    if (e instanceof XmlFailure) {
      const { line, column } = parser.location(e.offset);
      return {
        ok: false,
        error: {
          kind: e.kind,
          message: `${e.reason} (línea ${line}, columna ${column})`,
          offset: e.offset,
          line,
          column,
        },
      };
    }
    // Defensive: an engine error (for example out of memory building a string) is still a refusal.
    return {
      ok: false,
      error: { kind: "limit", message: "no se pudo procesar el documento", offset: 0, line: 1, column: 1 },
    };
  }
}

/** Children of `el` with the given namespace URI and local name. */
export function childrenNamed(el: XmlElement, ns: string, local: string): XmlElement[] {
  return el.children.filter((c) => c.local === local && c.ns === ns);
}
