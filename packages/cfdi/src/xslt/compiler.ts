/** Part of the cadena-original XSLT interpreter (see index.ts): the stylesheet compiler. */
import { parseXml, type XmlElement } from "../xml";
import { isElement, type StylesheetLoader, toBool, toStr, type Value, type XNode, XSL_NS, XsltError } from "./model";
import {
  applyTemplates,
  applyTo,
  builtInChildren,
  type CompiledProgram,
  type Expr,
  emit,
  type Instr,
  type Run,
  runTemplate,
  type Template,
  type XsltProgram,
} from "./runtime";
import { compileExpr, type ExprContext } from "./xpath";

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

/** What an instruction's handler gets: the element, its checked attributes and what it needs of the compiler. */
interface InstructionSite {
  readonly el: XmlElement;
  readonly attrs: Map<string, string>;
  readonly scope: Scope;
  readonly where: string;
  /** The XPath context in `scope` (the instruction's own by default). */
  cx(scope?: Scope): ExprContext;
  /** The compiled content of `of` (the instruction by default) in `scope`. */
  body(of?: XmlElement, scope?: Scope): Instr[];
  /** Throws unless the instruction has no content other than whitespace. */
  noContent(): void;
  /** Runs `fn` once every named template is known. */
  link(fn: () => void): void;
  named(name: string): Template | undefined;
}

/** Throws on text (other than whitespace) inside an instruction that admits only elements. */
function noText(s: InstructionSite): void {
  s.el.texts?.forEach((t) => {
    if (t !== undefined && !isWhitespace(t)) throw new XsltError(`texto dentro de xsl:${s.el.local} (${s.where})`);
  });
}

function compileValueOf(s: InstructionSite): Instr {
  s.noContent();
  const select = compileExpr(required(s.attrs, "select", s.el, s.where), s.cx());
  return (node, params, run) => emit(run, toStr(select(node, params, run)));
}

function compileText(s: InstructionSite): Instr {
  if (s.el.children.length > 0) throw new XsltError(`xsl:text con elementos (${s.where})`);
  const t = s.el.texts?.[0] ?? "";
  return (_n, _p, run) => emit(run, t);
}

function compileApplyTemplates(s: InstructionSite): Instr {
  s.noContent();
  const src = s.attrs.get("select");
  if (src === undefined) {
    return (node, _p, run) => {
      if (isElement(node)) builtInChildren(node, run);
      else if (node.kind === "root") applyTo(node.element, run);
    };
  }
  const select = compileExpr(src, s.cx());
  const where = s.where;
  return (node, params, run) => {
    const v = select(node, params, run);
    if (typeof v !== "object")
      throw new XsltError(`xsl:apply-templates sobre un valor que no es un conjunto de nodos (${where})`);
    applyTemplates(v, run);
  };
}

function compileForEach(s: InstructionSite): Instr {
  const select = compileExpr(required(s.attrs, "select", s.el, s.where), s.cx());
  const body = s.body();
  const where = s.where;
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

function compileIf(s: InstructionSite): Instr {
  const test = compileExpr(required(s.attrs, "test", s.el, s.where), s.cx());
  const body = s.body();
  return (node, params, run) => {
    if (!toBool(test(node, params, run))) return;
    for (let j = 0; j < body.length; j++) (body[j] as Instr)(node, params, run);
  };
}

function compileChoose(s: InstructionSite): Instr {
  const { el, where } = s;
  const branches: { test: Expr | null; body: Instr[] }[] = [];
  noText(s);
  el.children.forEach((c, k) => {
    const cscope = scopeOf(c, s.scope);
    const isWhen = c.ns === XSL_NS && c.local === "when";
    const isOtherwise = c.ns === XSL_NS && c.local === "otherwise";
    if (!isWhen && !isOtherwise) throw new XsltError(`xsl:choose admite solo xsl:when y xsl:otherwise (${where})`);
    if (isOtherwise && k !== el.children.length - 1) throw new XsltError(`xsl:otherwise debe ir al final (${where})`);
    const ca = xslAttrs(c, INSTRUCTION_ATTRS[c.local] as readonly string[], where);
    const test = isWhen ? compileExpr(required(ca, "test", c, where), s.cx(cscope)) : null;
    branches.push({ test, body: s.body(c, cscope) });
  });
  if (branches.length === 0 || branches[0]?.test === null) throw new XsltError(`xsl:choose sin xsl:when (${where})`);
  return (node, params, run) => {
    for (const b of branches) {
      if (b.test === null || toBool(b.test(node, params, run))) {
        for (let j = 0; j < b.body.length; j++) (b.body[j] as Instr)(node, params, run);
        return;
      }
    }
  };
}

function compileCallTemplate(s: InstructionSite): Instr {
  const { el, where } = s;
  const name = required(s.attrs, "name", el, where);
  const args: { name: string; expr: Expr }[] = [];
  noText(s);
  for (const c of el.children) {
    if (c.ns !== XSL_NS || c.local !== "with-param") {
      throw new XsltError(`xsl:call-template admite solo xsl:with-param (${where})`);
    }
    const wa = xslAttrs(c, INSTRUCTION_ATTRS["with-param"] as readonly string[], where);
    const select = wa.get("select");
    if (select === undefined || c.children.length > 0) {
      throw new XsltError(`xsl:with-param sin select no soportado (${where})`);
    }
    args.push({ name: required(wa, "name", c, where), expr: compileExpr(select, s.cx(scopeOf(c, s.scope))) });
  }
  let target: Template | undefined;
  let slots: (Expr | null)[] = [];
  s.link(() => {
    target = s.named(name);
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

/** The instructions allowed inside a template, by local name (xsl:when and xsl:otherwise only in xsl:choose). */
const INSTRUCTIONS: Record<string, (s: InstructionSite) => Instr> = {
  "value-of": compileValueOf,
  text: compileText,
  "apply-templates": compileApplyTemplates,
  "for-each": compileForEach,
  if: compileIf,
  choose: compileChoose,
  "call-template": compileCallTemplate,
};

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
    const handler = Object.hasOwn(INSTRUCTIONS, el.local) ? INSTRUCTIONS[el.local] : undefined;
    if (!handler) throw new XsltError(`instrucción XSLT no soportada: xsl:${el.local} (${where})`);
    return handler({
      el,
      attrs,
      scope,
      where,
      cx: (s = scope) => this.exprContext(s, template, where),
      body: (of = el, s = scope) => this.compileBody(of, 0, s, template, where),
      noContent: () => {
        if (el.children.length > 0 || (el.texts ?? []).some((t) => t !== undefined && !isWhitespace(t))) {
          throw new XsltError(`contenido no soportado dentro de xsl:${el.local} (${where})`);
        }
      },
      link: (fn) => this.links.push(fn),
      named: (name) => this.program.named.get(name),
    });
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
