/** Part of the cadena-original XSLT interpreter (see index.ts): the XPath subset, compiled to closures. */
import type { XmlElement } from "../xml";
import {
  EMPTY,
  isElement,
  type NodeSet,
  normalizeSpace,
  type RootNode,
  stringOfNode,
  toBool,
  toStr,
  type Value,
  type XNode,
  XsltError,
} from "./model";
import type { Expr } from "./runtime";

// ── XPath subset ───────────────────────────────────────────────────────────────────────────────────

type Resolve = (prefix: string) => string | undefined;

export interface ExprContext {
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

export function compileExpr(src: string, cx: ExprContext): Expr {
  return new ExprParser(tokenize(src, cx.where), src, cx).parseAll();
}
