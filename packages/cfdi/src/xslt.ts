/**
 * The cadena original, as the SAT defines it: an interpreter of the small XSLT 1.0 subset that the
 * SAT's cadena-original stylesheets use, run over the project's own namespace-aware XML reader.
 *
 * Supported (everything the files in sat/xslt use, and nothing else):
 * - top level: xsl:stylesheet / xsl:transform, xsl:include (relative href, resolved like a path),
 *   xsl:output method="text", xsl:template (match and/or name);
 * - instructions: xsl:apply-templates (select, or the children), xsl:call-template with xsl:with-param,
 *   xsl:param, xsl:for-each, xsl:if, xsl:choose / xsl:when / xsl:otherwise, xsl:value-of, xsl:text
 *   and literal text;
 * - match patterns: "/", a QName, "prefix:*" and "*" (priorities 0, -0.25, -0.5; among equals the last
 *   one in stylesheet order wins, as XSLT's error recovery and libxslt do);
 * - XPath: location paths of child, attribute, self (".") and descendant ("//") steps, absolute or
 *   relative or after a variable ($valor/@x), string literals, "=" and "!=", and the functions
 *   normalize-space() and string();
 * - XSLT's built-in rules: an element (or the root) without a template applies templates to its
 *   children, text nodes are copied verbatim.
 *
 * Anything else (another instruction, a literal result element, an unknown attribute on an XSLT
 * element, another axis, function or operator, a recursion without end) is refused with an
 * XsltError when the stylesheet is compiled or run: the cadena is never computed by guessing.
 * There is no per-complement code: a new SAT complement stylesheet works by dropping the file in and
 * including it.
 *
 * Pure: the stylesheet files are read through a loader the caller provides (see src/sello for the
 * Node.js one and the cache of compiled programs).
 */
import { parseXml, type XmlElement } from "./xml";

export const XSL_NS = "http://www.w3.org/1999/XSL/Transform";

/** The stylesheet uses something outside the supported subset, or cannot be read. Message in Spanish. */
export class XsltError extends Error {
  override readonly name = "XsltError";
}

/** Returns the text of the stylesheet at `path` (a "/"-separated path, resolved by the caller). */
export type StylesheetLoader = (path: string) => string;

// ── Data model ─────────────────────────────────────────────────────────────────────────────────────

interface AttrNode {
  readonly kind: "attr";
  readonly owner: XmlElement;
  readonly value: string;
}
interface TextNode {
  readonly kind: "text";
  readonly value: string;
}
interface RootNode {
  readonly kind: "root";
  readonly element: XmlElement;
}
type XNode = XmlElement | AttrNode | TextNode | RootNode;
type NodeSet = readonly XNode[];
type Value = NodeSet | string | boolean;

const EMPTY: NodeSet = Object.freeze([]);

function isElement(n: XNode): n is XmlElement {
  return !("kind" in n);
}

function stringOfElement(el: XmlElement): string {
  const texts = el.texts;
  const children = el.children;
  if (children.length === 0) return texts?.[0] ?? "";
  let s = "";
  for (let k = 0; k < children.length; k++) {
    const t = texts?.[k];
    if (t !== undefined) s += t;
    s += stringOfElement(children[k] as XmlElement);
  }
  return s + (texts?.[children.length] ?? "");
}

function stringOfNode(n: XNode): string {
  if (isElement(n)) return stringOfElement(n);
  if (n.kind === "root") return stringOfElement(n.element);
  return n.value;
}

function toStr(v: Value): string {
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "true" : "false";
  const first = v[0];
  return first === undefined ? "" : stringOfNode(first);
}

function toBool(v: Value): boolean {
  if (typeof v === "boolean") return v;
  return v.length > 0;
}

/** XPath normalize-space: XML white space (space, tab, CR, LF) trimmed and collapsed; nothing else. */
export function normalizeSpace(s: string): string {
  let out = "";
  let pendingSpace = false;
  let start = -1;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) {
      if (start !== -1) {
        out += (pendingSpace ? " " : "") + s.slice(start, k);
        pendingSpace = true;
        start = -1;
      }
    } else if (start === -1) start = k;
  }
  if (start !== -1) out += (pendingSpace ? " " : "") + s.slice(start);
  return out;
}

// ── Compiled program ───────────────────────────────────────────────────────────────────────────────

/** The current node and the values of the running template's parameters (by slot). */
type Expr = (node: XNode, params: readonly Value[], run: Run) => Value;
type Instr = (node: XNode, params: readonly Value[], run: Run) => void;

interface Template {
  readonly where: string;
  readonly paramNames: string[];
  paramDefaults: (Expr | null)[];
  body: Instr[];
}

interface Run {
  out: string;
  depth: number;
  readonly root: RootNode;
  readonly program: CompiledProgram;
}

interface CompiledProgram {
  root: Template | undefined;
  readonly named: Map<string, Template>;
  /** Templates by namespace URI, then local name. */
  readonly byName: Map<string, Map<string, Template>>;
  /** "prefix:*" patterns by namespace URI. */
  readonly byNamespace: Map<string, Template>;
  anyElement: Template | undefined;
}

const MAX_CALL_DEPTH = 200;
/**
 * Longest output accepted, in UTF-16 code units: twice the largest document. A cadena is shorter than
 * its document (2 MiB at most), except that "//" paths may write a node once per ancestor: a hostile
 * document nesting those could otherwise make a cadena of hundreds of megabytes.
 */
export const MAX_OUTPUT = 4 * 1024 * 1024;

function emit(run: Run, text: string): void {
  run.out += text;
  if (run.out.length > MAX_OUTPUT) throw new XsltError("la cadena original excede el tamaño máximo");
}

function runTemplate(t: Template, node: XNode, params: readonly Value[], run: Run): void {
  if (++run.depth > MAX_CALL_DEPTH) {
    throw new XsltError(`recursión de plantillas demasiado profunda (${t.where})`);
  }
  const body = t.body;
  for (let k = 0; k < body.length; k++) (body[k] as Instr)(node, params, run);
  run.depth--;
}

function defaultParams(t: Template, node: XNode, run: Run): Value[] {
  const n = t.paramNames.length;
  if (n === 0) return [];
  const values: Value[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const d = t.paramDefaults[k];
    values[k] = d ? d(node, [], run) : "";
  }
  return values;
}

function templateFor(program: CompiledProgram, el: XmlElement): Template | undefined {
  return program.byName.get(el.ns)?.get(el.local) ?? program.byNamespace.get(el.ns) ?? program.anyElement;
}

function applyTemplates(nodes: NodeSet, run: Run): void {
  for (let k = 0; k < nodes.length; k++) applyTo(nodes[k] as XNode, run);
}

function applyTo(node: XNode, run: Run): void {
  if (isElement(node)) {
    const t = templateFor(run.program, node);
    if (t) runTemplate(t, node, defaultParams(t, node, run), run);
    else builtInChildren(node, run);
  } else if (node.kind === "root") {
    const t = run.program.root;
    if (t) runTemplate(t, node, defaultParams(t, node, run), run);
    else applyTo(node.element, run);
  } else {
    // Built-in rule for text and attribute nodes: copy the value.
    emit(run, node.value);
  }
}

/** The built-in rule for elements: apply templates to the children, text nodes included. */
function builtInChildren(el: XmlElement, run: Run): void {
  if (++run.depth > MAX_CALL_DEPTH) throw new XsltError("anidamiento demasiado profundo");
  const texts = el.texts;
  const children = el.children;
  for (let k = 0; k < children.length; k++) {
    const t = texts?.[k];
    if (t !== undefined) emit(run, t);
    applyTo(children[k] as XmlElement, run);
  }
  const last = texts?.[children.length];
  if (last !== undefined) emit(run, last);
  run.depth--;
}

/** A compiled stylesheet: run() gives the cadena of a document (or of an element taken as one). */
export interface XsltProgram {
  /** The text output of the stylesheet over the document whose element is `root`. Throws XsltError. */
  run(root: XmlElement): string;
}

// ── XPath subset ───────────────────────────────────────────────────────────────────────────────────

type Resolve = (prefix: string) => string | undefined;

interface ExprContext {
  readonly resolve: Resolve;
  /** Parameter slot by name, for $name. */
  readonly slot: (name: string) => number | undefined;
  readonly where: string;
}

type Token =
  | { t: "name"; v: string } // NCName or QName or prefix:*
  | { t: "str"; v: string }
  | { t: "op"; v: string } // / // @ . ( ) , = != * $
  | { t: "end" };

const NAME_RE = /^[\p{L}_][\p{L}\p{N}\p{M}._\-\u00B7\u203F\u2040]*/u;

function tokenize(src: string, where: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (): never => {
    throw new XsltError(`expresión XPath no soportada «${src}» (${where})`);
  };
  while (i < src.length) {
    const c = src[i] as string;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i++;
    } else if (c === "/") {
      if (src[i + 1] === "/") {
        tokens.push({ t: "op", v: "//" });
        i += 2;
      } else {
        tokens.push({ t: "op", v: "/" });
        i++;
      }
    } else if (c === "!" && src[i + 1] === "=") {
      tokens.push({ t: "op", v: "!=" });
      i += 2;
    } else if (c === "." && src[i + 1] === ".") {
      tokens.push({ t: "op", v: ".." });
      i += 2;
    } else if ("@.()=,*$".includes(c)) {
      tokens.push({ t: "op", v: c });
      i++;
    } else if (c === "'" || c === '"') {
      const end = src.indexOf(c, i + 1);
      if (end === -1) fail();
      tokens.push({ t: "str", v: src.slice(i + 1, end) });
      i = end + 1;
    } else {
      const m = NAME_RE.exec(src.slice(i));
      if (!m) return fail();
      let name = m[0];
      i += name.length;
      if (src[i] === ":" && src[i + 1] !== ":") {
        if (src[i + 1] === "*") {
          name += ":*";
          i += 2;
        } else {
          const local = NAME_RE.exec(src.slice(i + 1));
          if (!local) return fail();
          name += `:${local[0]}`;
          i += 1 + local[0].length;
        }
      } else if (src[i] === ":") {
        return fail(); // axes (child::, descendant::…) are outside the subset
      }
      tokens.push({ t: "name", v: name });
    }
  }
  tokens.push({ t: "end" });
  return tokens;
}

/** A name test: element (or attribute) names matching (ns, local); local "*" is any. */
interface NameTest {
  readonly ns: string | null; // null: any namespace ("*")
  readonly local: string; // "*" for any
}

type Step =
  | { readonly axis: "self" }
  | { readonly axis: "child"; readonly test: NameTest }
  | { readonly axis: "attribute"; readonly test: NameTest }
  | { readonly axis: "descendant"; readonly test: NameTest }
  | { readonly axis: "descendant-attribute"; readonly test: NameTest };

class ExprParser {
  private k = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly src: string,
    private readonly cx: ExprContext,
  ) {}

  private fail(why = "no soportada"): never {
    throw new XsltError(`expresión XPath ${why} «${this.src}» (${this.cx.where})`);
  }

  private peek(): Token {
    return this.tokens[this.k] as Token;
  }

  private isOp(v: string): boolean {
    const t = this.peek();
    return t.t === "op" && t.v === v;
  }

  private expectOp(v: string): void {
    if (!this.isOp(v)) this.fail();
    this.k++;
  }

  parseAll(): Expr {
    const e = this.parseComparison();
    if (this.peek().t !== "end") this.fail();
    return e;
  }

  private parseComparison(): Expr {
    const left = this.parseUnary();
    if (this.isOp("=") || this.isOp("!=")) {
      const negate = this.isOp("!=");
      this.k++;
      const right = this.parseUnary();
      return (node, params, run) => compare(left(node, params, run), right(node, params, run), negate);
    }
    return left;
  }

  private parseUnary(): Expr {
    const t = this.peek();
    if (t.t === "str") {
      this.k++;
      const v = t.v;
      return () => v;
    }
    if (t.t === "name" && this.tokens[this.k + 1]?.t === "op" && (this.tokens[this.k + 1] as { v: string }).v === "(") {
      return this.parseFunction(t.v);
    }
    return this.parsePath();
  }

  private parseFunction(name: string): Expr {
    this.k += 2;
    const args: Expr[] = [];
    if (!this.isOp(")")) {
      args.push(this.parseComparison());
      while (this.isOp(",")) {
        this.k++;
        args.push(this.parseComparison());
      }
    }
    this.expectOp(")");
    if (args.length > 1) this.fail("con argumentos de más");
    const arg = args[0];
    if (name === "string") {
      return arg ? (n, p, r) => toStr(arg(n, p, r)) : (n) => stringOfNode(n);
    }
    if (name === "normalize-space") {
      return arg ? (n, p, r) => normalizeSpace(toStr(arg(n, p, r))) : (n) => normalizeSpace(stringOfNode(n));
    }
    return this.fail(`con una función no soportada (${name})`);
  }

  private parseNameTest(attribute: boolean): NameTest {
    const t = this.peek();
    if (t.t === "op" && t.v === "*") {
      this.k++;
      return { ns: null, local: "*" };
    }
    if (t.t !== "name") return this.fail();
    this.k++;
    const colon = t.v.indexOf(":");
    if (colon === -1) return { ns: "", local: t.v }; // XPath 1.0: no prefix, no namespace
    const prefix = t.v.slice(0, colon);
    const ns = this.cx.resolve(prefix);
    if (ns === undefined || ns === "") this.fail(`con un prefijo no declarado (${prefix})`);
    const local = t.v.slice(colon + 1);
    if (attribute && local === "*") return { ns, local: "*" };
    return { ns, local };
  }

  private parseStep(afterDescendant: boolean): Step {
    if (this.isOp(".")) {
      this.k++;
      if (afterDescendant) this.fail();
      return { axis: "self" };
    }
    if (this.isOp("..")) this.fail("con el eje parent (..)");
    if (this.isOp("@")) {
      this.k++;
      const test = this.parseNameTest(true);
      return afterDescendant ? { axis: "descendant-attribute", test } : { axis: "attribute", test };
    }
    const test = this.parseNameTest(false);
    return afterDescendant ? { axis: "descendant", test } : { axis: "child", test };
  }

  private parseRelative(steps: Step[], afterDescendant: boolean): void {
    steps.push(this.parseStep(afterDescendant));
    for (;;) {
      if (this.isOp("/")) {
        this.k++;
        steps.push(this.parseStep(false));
      } else if (this.isOp("//")) {
        this.k++;
        steps.push(this.parseStep(true));
      } else return;
    }
  }

  private parsePath(): Expr {
    const steps: Step[] = [];
    let start: "context" | "root" | "variable" = "context";
    let slot = -1;
    if (this.isOp("$")) {
      this.k++;
      const t = this.peek();
      if (t.t !== "name") this.fail();
      this.k++;
      const s = this.cx.slot((t as { v: string }).v);
      if (s === undefined) this.fail(`con una variable no declarada ($${(t as { v: string }).v})`);
      slot = s;
      start = "variable";
      if (this.isOp("/")) {
        this.k++;
        this.parseRelative(steps, false);
      } else if (this.isOp("//")) {
        this.k++;
        this.parseRelative(steps, true);
      }
    } else if (this.isOp("/")) {
      this.k++;
      start = "root";
      const t = this.peek();
      if (t.t === "name" || (t.t === "op" && (t.v === "@" || t.v === "*" || t.v === "."))) {
        this.parseRelative(steps, false);
      }
    } else if (this.isOp("//")) {
      this.k++;
      start = "root";
      this.parseRelative(steps, true);
    } else {
      this.parseRelative(steps, false);
    }
    return compilePath(start, slot, steps);
  }
}

function compare(a: Value, b: Value, negate: boolean): boolean {
  // XPath 1.0 "=" and "!=" without numbers: booleans compare as booleans, otherwise as strings, and a
  // node-set is equal when any of its nodes is.
  if (typeof a === "boolean" || typeof b === "boolean") return (toBool(a) === toBool(b)) !== negate;
  const as = typeof a === "string" ? [a] : a.map(stringOfNode);
  const bs = typeof b === "string" ? [b] : b.map(stringOfNode);
  for (const x of as) for (const y of bs) if ((x === y) !== negate) return true;
  return false;
}

function nameMatches(test: NameTest, ns: string, local: string): boolean {
  return (test.ns === null || test.ns === ns) && (test.local === "*" || test.local === local);
}

function attributesOf(el: XmlElement, test: NameTest, out: XNode[]): void {
  if (test.local !== "*" && test.ns === "") {
    const value = el.attrs.get(test.local);
    if (value !== undefined) out.push({ kind: "attr", owner: el, value });
    return;
  }
  for (const [key, value] of el.attrs) {
    let ns = "";
    let local = key;
    if (key.charCodeAt(0) === 123 /* { */) {
      const close = key.indexOf("}");
      ns = key.slice(1, close);
      local = key.slice(close + 1);
    }
    if (nameMatches(test, ns, local)) out.push({ kind: "attr", owner: el, value });
  }
}

function descendants(el: XmlElement, test: NameTest, out: XNode[]): void {
  for (const c of el.children) {
    if (nameMatches(test, c.ns, c.local)) out.push(c);
    descendants(c, test, out);
  }
}

function selfAndDescendantAttributes(el: XmlElement, test: NameTest, out: XNode[]): void {
  attributesOf(el, test, out);
  for (const c of el.children) selfAndDescendantAttributes(c, test, out);
}

type StepFn = (input: NodeSet) => NodeSet;

/** A step compiled for its axis and name test (the exact-name child step, by far the most common, has its own loop). */
function compileStep(step: Step): StepFn {
  if (step.axis === "self") return (input) => input;
  const test = step.test;
  if (step.axis === "child" && test.ns !== null && test.local !== "*") {
    const { ns, local } = test;
    return (input) => {
      let out: XNode[] | undefined;
      for (let i = 0; i < input.length; i++) {
        const n = input[i] as XNode;
        if (isElement(n)) {
          const children = n.children;
          for (let k = 0; k < children.length; k++) {
            const c = children[k] as XmlElement;
            if (c.local !== local || c.ns !== ns) continue;
            if (out === undefined) out = [c];
            else out.push(c);
          }
        } else if (n.kind === "root" && n.element.local === local && n.element.ns === ns) {
          if (out === undefined) out = [n.element];
          else out.push(n.element);
        }
      }
      return out ?? EMPTY;
    };
  }
  return (input) => {
    const out: XNode[] = [];
    for (const n of input) {
      const el = isElement(n) ? n : n.kind === "root" ? null : undefined;
      if (step.axis === "child") {
        if (el === null) {
          const root = (n as RootNode).element;
          if (nameMatches(test, root.ns, root.local)) out.push(root);
        } else if (el) {
          for (const c of el.children) if (nameMatches(test, c.ns, c.local)) out.push(c);
        }
      } else if (step.axis === "attribute") {
        if (el) attributesOf(el, test, out);
      } else if (step.axis === "descendant") {
        if (el === null) {
          const root = (n as RootNode).element;
          if (nameMatches(test, root.ns, root.local)) out.push(root);
          descendants(root, test, out);
        } else if (el) descendants(el, test, out);
      } else if (step.axis === "descendant-attribute") {
        if (el === null) selfAndDescendantAttributes((n as RootNode).element, test, out);
        else if (el) selfAndDescendantAttributes(el, test, out);
      }
    }
    return out;
  };
}

function orderKey(n: XNode): number {
  if (isElement(n)) return n.offset;
  if (n.kind === "attr") return n.owner.offset + 0.5;
  return -1;
}

/** Document order without duplicates (needed once a descendant step is followed by more steps). */
function documentOrder(nodes: NodeSet): NodeSet {
  const unique = [...new Set(nodes)];
  return unique.sort((a, b) => orderKey(a) - orderKey(b));
}

function compilePath(start: "context" | "root" | "variable", slot: number, steps: Step[]): Expr {
  // The hot case of every SAT stylesheet: ./@Attr (or @Attr) on the current element.
  const only = steps.length === 2 && steps[0]?.axis === "self" ? steps[1] : steps.length === 1 ? steps[0] : undefined;
  if (start === "context" && only?.axis === "attribute" && only.test.ns === "" && only.test.local !== "*") {
    const name = only.test.local;
    return (node) => {
      if (!isElement(node)) return EMPTY;
      const value = node.attrs.get(name);
      return value === undefined ? EMPTY : [{ kind: "attr", owner: node, value }];
    };
  }
  if (start === "context" && steps.length === 1 && steps[0]?.axis === "self") return (node) => [node];
  const needsSort = steps.some((s, k) => (s.axis === "descendant" || s.axis === "descendant-attribute") && k > 0);
  const lastDescendantIndex = steps.reduce(
    (last, s, k) => (s.axis === "descendant" || s.axis === "descendant-attribute" ? k : last),
    -1,
  );
  const sort = needsSort || (lastDescendantIndex !== -1 && lastDescendantIndex < steps.length - 1);
  const fns = steps.filter((st) => st.axis !== "self").map(compileStep);
  // ./a, a, ./a/b… from the current node, in document order already: no sorting, no variables.
  if (start === "context" && fns.length > 0 && !sort) {
    return (node) => {
      let nodes: NodeSet = [node];
      for (let k = 0; k < fns.length; k++) {
        nodes = (fns[k] as StepFn)(nodes);
        if (nodes.length === 0) return EMPTY;
      }
      return nodes;
    };
  }
  return (node, params, run) => {
    let nodes: NodeSet;
    if (start === "root") nodes = [run.root];
    else if (start === "variable") {
      const v = params[slot] as Value;
      if (typeof v !== "object") {
        if (steps.length === 0) return v;
        throw new XsltError("una ruta XPath aplicada a un valor que no es un conjunto de nodos");
      }
      nodes = v;
    } else nodes = [node];
    for (let k = 0; k < fns.length; k++) {
      nodes = (fns[k] as StepFn)(nodes);
      if (nodes.length === 0) return EMPTY;
    }
    return sort && nodes.length > 1 ? documentOrder(nodes) : nodes;
  };
}

function compileExpr(src: string, cx: ExprContext): Expr {
  return new ExprParser(tokenize(src, cx.where), src, cx).parseAll();
}

// ── Stylesheet compiler ────────────────────────────────────────────────────────────────────────────

const TOP_LEVEL_ATTRS: Record<string, readonly string[]> = {
  stylesheet: ["version", "id", "exclude-result-prefixes"],
  include: ["href"],
  output: ["method", "version", "encoding", "indent", "omit-xml-declaration", "media-type"],
  template: ["match", "name"],
};

const INSTRUCTION_ATTRS: Record<string, readonly string[]> = {
  "apply-templates": ["select"],
  "call-template": ["name"],
  "with-param": ["name", "select"],
  param: ["name", "select"],
  "for-each": ["select"],
  if: ["test"],
  choose: [],
  when: ["test"],
  otherwise: [],
  "value-of": ["select"],
  text: ["disable-output-escaping"],
};

function isWhitespace(s: string): boolean {
  return /^[ \t\r\n]*$/.test(s);
}

/** Joins a relative href to the directory of `from` ("a/b/c.xslt" + "../../d/e.xslt" → "d/e.xslt"). */
export function resolveHref(from: string, href: string): string {
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(href) || href.startsWith("/") || href.includes("\\")) {
    throw new XsltError(`xsl:include con una ruta no relativa «${href}» (${from})`);
  }
  const parts = from.split("/");
  parts.pop();
  for (const seg of href.split("/")) {
    if (seg === "..") {
      if (parts.length === 0 || parts[parts.length - 1] === "..") parts.push("..");
      else parts.pop();
    } else if (seg !== "." && seg !== "") parts.push(seg);
  }
  return parts.join("/");
}

interface Scope {
  readonly bindings: ReadonlyMap<string, string>;
}

function scopeOf(el: XmlElement, parent: Scope): Scope {
  let bindings: Map<string, string> | undefined;
  for (const [key, value] of el.attrs) {
    if (key === "xmlns" || key.startsWith("xmlns:")) {
      bindings ??= new Map(parent.bindings);
      bindings.set(key === "xmlns" ? "" : key.slice(6), value);
    }
  }
  return bindings ? { bindings } : parent;
}

/** Attributes of an XSLT element other than namespace declarations; an unknown one is refused. */
function xslAttrs(el: XmlElement, allowed: readonly string[], where: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of el.attrs) {
    if (key === "xmlns" || key.startsWith("xmlns:")) continue;
    if (!allowed.includes(key)) {
      throw new XsltError(`atributo no soportado ${key} en xsl:${el.local} (${where})`);
    }
    out.set(key, value);
  }
  return out;
}

function required(attrs: Map<string, string>, name: string, el: XmlElement, where: string): string {
  const v = attrs.get(name);
  if (v === undefined) throw new XsltError(`falta el atributo ${name} en xsl:${el.local} (${where})`);
  return v;
}

class Compiler {
  readonly program: CompiledProgram = {
    root: undefined,
    named: new Map(),
    byName: new Map(),
    byNamespace: new Map(),
    anyElement: undefined,
  };
  /** call-template instructions to link once every named template is known. */
  private readonly links: (() => void)[] = [];
  private readonly including: string[] = [];

  constructor(private readonly loader: StylesheetLoader) {}

  compileFile(path: string): void {
    if (this.including.includes(path)) throw new XsltError(`xsl:include circular de ${path}`);
    if (this.including.length > 20) throw new XsltError("demasiados niveles de xsl:include");
    let text: string;
    try {
      text = this.loader(path);
    } catch (e) {
      throw new XsltError(`no se pudo leer la hoja XSLT ${path}: ${(e as Error).message}`);
    }
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const parsed = parseXml(text, { keepNamespaceDeclarations: true, maxAttributes: 512 });
    if (!parsed.ok) throw new XsltError(`la hoja XSLT ${path} no es XML válido: ${parsed.error.message}`);
    const root = parsed.root;
    if (root.ns !== XSL_NS || (root.local !== "stylesheet" && root.local !== "transform")) {
      throw new XsltError(`${path} no es una hoja XSLT (elemento raíz ${root.qname})`);
    }
    const scope = scopeOf(root, { bindings: new Map([["xml", "http://www.w3.org/XML/1998/namespace"]]) });
    xslAttrs(root, TOP_LEVEL_ATTRS.stylesheet as readonly string[], path);
    this.including.push(path);
    root.texts?.forEach((t) => {
      if (t !== undefined && !isWhitespace(t)) throw new XsltError(`texto fuera de una plantilla en ${path}`);
    });
    for (const child of root.children) {
      const where = `${path}, ${child.qname}`;
      if (child.ns !== XSL_NS) continue; // top-level elements of other namespaces are ignored, as XSLT says
      if (child.local === "include") {
        const attrs = xslAttrs(child, TOP_LEVEL_ATTRS.include as readonly string[], where);
        this.compileFile(resolveHref(path, required(attrs, "href", child, where)));
      } else if (child.local === "output") {
        const attrs = xslAttrs(child, TOP_LEVEL_ATTRS.output as readonly string[], where);
        if (attrs.get("method") !== "text") throw new XsltError(`solo se admite xsl:output method="text" (${where})`);
        const encoding = attrs.get("encoding");
        if (encoding !== undefined && encoding.toUpperCase() !== "UTF-8") {
          throw new XsltError(`solo se admite la codificación UTF-8 (${where})`);
        }
      } else if (child.local === "template") {
        this.compileTemplate(child, scopeOf(child, scope), where);
      } else {
        throw new XsltError(`elemento XSLT no soportado xsl:${child.local} (${path})`);
      }
    }
    this.including.pop();
  }

  private compileTemplate(el: XmlElement, scope: Scope, where: string): void {
    const attrs = xslAttrs(el, TOP_LEVEL_ATTRS.template as readonly string[], where);
    const match = attrs.get("match");
    const name = attrs.get("name");
    if (match === undefined && name === undefined) throw new XsltError(`xsl:template sin match ni name (${where})`);
    const label = `${where}${match !== undefined ? ` match="${match}"` : ""}${name !== undefined ? ` name="${name}"` : ""}`;
    const template: Template = { where: label, paramNames: [], paramDefaults: [], body: [] };
    const cx = this.exprContext(scope, template, label);
    // Leading xsl:param elements declare the parameters.
    let first = 0;
    while (first < el.children.length) {
      const c = el.children[first] as XmlElement;
      if (c.ns !== XSL_NS || c.local !== "param") break;
      if (!isWhitespace(el.texts?.[first] ?? "")) break;
      const pa = xslAttrs(c, INSTRUCTION_ATTRS.param as readonly string[], label);
      const pname = required(pa, "name", c, label);
      if (c.children.length > 0 || (c.texts?.[0] ?? "") !== "") {
        throw new XsltError(`xsl:param con contenido no soportado (${label})`);
      }
      if (template.paramNames.includes(pname)) throw new XsltError(`parámetro repetido ${pname} (${label})`);
      template.paramNames.push(pname);
      const select = pa.get("select");
      template.paramDefaults.push(select === undefined ? null : compileExpr(select, cx));
      first++;
    }
    template.body = this.compileBody(el, first, scope, template, label);
    if (name !== undefined) this.program.named.set(name, template); // the last one wins, like the rest
    if (match !== undefined) this.addPattern(match.trim(), template, scope, label);
  }

  private addPattern(pattern: string, template: Template, scope: Scope, where: string): void {
    const p = this.program;
    if (pattern === "/") {
      p.root = template;
      return;
    }
    if (pattern === "*") {
      p.anyElement = template;
      return;
    }
    const m = /^([^\s:/|[\]@()*]+):(\*|[^\s:/|[\]@()*]+)$/u.exec(pattern) ?? /^()([^\s:/|[\]@()*]+)$/u.exec(pattern);
    if (!m) throw new XsltError(`patrón de plantilla no soportado «${pattern}» (${where})`);
    const prefix = m[1] as string;
    const local = m[2] as string;
    const ns = prefix === "" ? "" : scope.bindings.get(prefix);
    if (ns === undefined || (prefix !== "" && ns === "")) {
      throw new XsltError(`prefijo no declarado «${prefix}» en el patrón «${pattern}» (${where})`);
    }
    if (local === "*") {
      p.byNamespace.set(ns, template);
      return;
    }
    let locals = p.byName.get(ns);
    if (!locals) {
      locals = new Map();
      p.byName.set(ns, locals);
    }
    locals.set(local, template);
  }

  private exprContext(scope: Scope, template: Template, where: string): ExprContext {
    return {
      resolve: (prefix) => scope.bindings.get(prefix),
      slot: (name) => {
        const k = template.paramNames.indexOf(name);
        return k === -1 ? undefined : k;
      },
      where,
    };
  }

  private compileBody(el: XmlElement, from: number, scope: Scope, template: Template, where: string): Instr[] {
    const body: Instr[] = [];
    const texts = el.texts;
    const literal = (t: string | undefined) => {
      // Whitespace-only text in a stylesheet is stripped (outside xsl:text); any other text is output as is.
      if (t !== undefined && !isWhitespace(t)) {
        body.push((_n, _p, run) => emit(run, t));
      }
    };
    for (let k = from; k < el.children.length; k++) {
      literal(texts?.[k]);
      const c = el.children[k] as XmlElement;
      body.push(this.compileInstruction(c, scopeOf(c, scope), template, where));
    }
    literal(texts?.[el.children.length]);
    return body;
  }

  private compileInstruction(el: XmlElement, scope: Scope, template: Template, where: string): Instr {
    if (el.ns !== XSL_NS) {
      throw new XsltError(`elemento literal <${el.qname}> no soportado en la salida de texto (${where})`);
    }
    if (el.attrs.has("{http://www.w3.org/XML/1998/namespace}space")) {
      throw new XsltError(`xml:space no soportado (${where})`);
    }
    const allowed = INSTRUCTION_ATTRS[el.local];
    if (allowed === undefined || el.local === "param" || el.local === "with-param" || el.local === "when") {
      throw new XsltError(`instrucción XSLT no soportada o fuera de lugar: xsl:${el.local} (${where})`);
    }
    const attrs = xslAttrs(el, allowed, where);
    const cx = this.exprContext(scope, template, where);
    const noContent = () => {
      if (el.children.length > 0 || (el.texts ?? []).some((t) => t !== undefined && !isWhitespace(t))) {
        throw new XsltError(`contenido no soportado dentro de xsl:${el.local} (${where})`);
      }
    };
    switch (el.local) {
      case "value-of": {
        noContent();
        const select = compileExpr(required(attrs, "select", el, where), cx);
        return (node, params, run) => emit(run, toStr(select(node, params, run)));
      }
      case "text": {
        if (el.children.length > 0) throw new XsltError(`xsl:text con elementos (${where})`);
        const t = el.texts?.[0] ?? "";
        return (_n, _p, run) => emit(run, t);
      }
      case "apply-templates": {
        noContent();
        const src = attrs.get("select");
        if (src === undefined) {
          return (node, _p, run) => {
            if (isElement(node)) builtInChildren(node, run);
            else if (node.kind === "root") applyTo(node.element, run);
          };
        }
        const select = compileExpr(src, cx);
        return (node, params, run) => {
          const v = select(node, params, run);
          if (typeof v !== "object")
            throw new XsltError(`xsl:apply-templates sobre un valor que no es un conjunto de nodos (${where})`);
          applyTemplates(v, run);
        };
      }
      case "for-each": {
        const select = compileExpr(required(attrs, "select", el, where), cx);
        const body = this.compileBody(el, 0, scope, template, where);
        return (node, params, run) => {
          const v = select(node, params, run);
          if (typeof v !== "object")
            throw new XsltError(`xsl:for-each sobre un valor que no es un conjunto de nodos (${where})`);
          for (let i = 0; i < v.length; i++) {
            const n = v[i] as XNode;
            for (let j = 0; j < body.length; j++) (body[j] as Instr)(n, params, run);
          }
        };
      }
      case "if": {
        const test = compileExpr(required(attrs, "test", el, where), cx);
        const body = this.compileBody(el, 0, scope, template, where);
        return (node, params, run) => {
          if (!toBool(test(node, params, run))) return;
          for (let j = 0; j < body.length; j++) (body[j] as Instr)(node, params, run);
        };
      }
      case "choose": {
        const branches: { test: Expr | null; body: Instr[] }[] = [];
        el.texts?.forEach((t) => {
          if (t !== undefined && !isWhitespace(t)) throw new XsltError(`texto dentro de xsl:choose (${where})`);
        });
        el.children.forEach((c, k) => {
          const cscope = scopeOf(c, scope);
          const isWhen = c.ns === XSL_NS && c.local === "when";
          const isOtherwise = c.ns === XSL_NS && c.local === "otherwise";
          if (!isWhen && !isOtherwise)
            throw new XsltError(`xsl:choose admite solo xsl:when y xsl:otherwise (${where})`);
          if (isOtherwise && k !== el.children.length - 1)
            throw new XsltError(`xsl:otherwise debe ir al final (${where})`);
          const ca = xslAttrs(c, INSTRUCTION_ATTRS[c.local] as readonly string[], where);
          const test = isWhen
            ? compileExpr(required(ca, "test", c, where), this.exprContext(cscope, template, where))
            : null;
          branches.push({ test, body: this.compileBody(c, 0, cscope, template, where) });
        });
        if (branches.length === 0 || branches[0]?.test === null)
          throw new XsltError(`xsl:choose sin xsl:when (${where})`);
        return (node, params, run) => {
          for (const b of branches) {
            if (b.test === null || toBool(b.test(node, params, run))) {
              for (let j = 0; j < b.body.length; j++) (b.body[j] as Instr)(node, params, run);
              return;
            }
          }
        };
      }
      case "call-template": {
        const name = required(attrs, "name", el, where);
        const args: { name: string; expr: Expr }[] = [];
        el.texts?.forEach((t) => {
          if (t !== undefined && !isWhitespace(t)) throw new XsltError(`texto dentro de xsl:call-template (${where})`);
        });
        for (const c of el.children) {
          if (c.ns !== XSL_NS || c.local !== "with-param") {
            throw new XsltError(`xsl:call-template admite solo xsl:with-param (${where})`);
          }
          const wa = xslAttrs(c, INSTRUCTION_ATTRS["with-param"] as readonly string[], where);
          const select = wa.get("select");
          if (select === undefined || c.children.length > 0) {
            throw new XsltError(`xsl:with-param sin select no soportado (${where})`);
          }
          args.push({
            name: required(wa, "name", c, where),
            expr: compileExpr(select, this.exprContext(scopeOf(c, scope), template, where)),
          });
        }
        let target: Template | undefined;
        let slots: (Expr | null)[] = [];
        this.links.push(() => {
          target = this.program.named.get(name);
          if (!target) throw new XsltError(`no existe la plantilla con nombre ${name} (${where})`);
          const t = target;
          // Parameters the callee does not declare are ignored, as XSLT 1.0 says.
          slots = t.paramNames.map((p) => args.find((a) => a.name === p)?.expr ?? null);
        });
        return (node, params, run) => {
          const t = target as Template;
          const n = slots.length;
          const values: Value[] = new Array(n);
          for (let k = 0; k < n; k++) {
            const e = slots[k];
            if (e) values[k] = e(node, params, run);
            else {
              const d = t.paramDefaults[k];
              values[k] = d ? d(node, [], run) : "";
            }
          }
          runTemplate(t, node, values, run);
        };
      }
      default:
        throw new XsltError(`instrucción XSLT no soportada: xsl:${el.local} (${where})`);
    }
  }

  link(): void {
    for (const l of this.links) l();
  }
}

/**
 * Compiles the stylesheet at `path` and everything it includes. Throws XsltError on anything
 * outside the supported subset. Compile once and reuse: running is cheap, compiling is not.
 */
export function compileStylesheet(path: string, loader: StylesheetLoader): XsltProgram {
  const compiler = new Compiler(loader);
  compiler.compileFile(path);
  compiler.link();
  const program = compiler.program;
  return {
    run(root: XmlElement): string {
      const run: Run = { out: "", depth: 0, root: { kind: "root", element: root }, program };
      applyTo(run.root, run);
      return run.out;
    },
  };
}
