/**
 * The Service Layer's `$filter` (SAP's manual, "Query options", MAN p32–34): operators `eq ne gt ge lt le and or not`
 * and parentheses, the functions `startswith`, `endswith`, `contains`, `substringof`, string literals with `''`
 * escapes, enums by name or value, the manual's DateTime literal forms ('2014-04-23', '20140423',
 * datetime'2014-04-23', '2014-04-23T12:21:21', '20140423000000'; the time part is ignored) and Time literals
 * ('18:38:00', '18:38', '183800', '1838', '…T18:38:00Z'; only HH:MM is effective). No arithmetic, no other
 * functions: SAP refuses them, and so does this parser (FilterError → 400 code 201).
 */

export type PropertyType =
  | { kind: "int" }
  | { kind: "number" }
  | { kind: "string" }
  | { kind: "date" }
  | { kind: "time" }
  /** SAP enum: names as the JSON carries them, each with its one-letter database value. */
  | { kind: "enum"; values: Record<string, string> }
  /** A complex property or collection (DocumentLines): selectable, not filterable. */
  | { kind: "complex" };

export class FilterError extends Error {
  override readonly name = "FilterError";
}

type Token =
  | { t: "id"; v: string }
  | { t: "str"; v: string }
  | { t: "dt"; v: string }
  | { t: "num"; v: number }
  | { t: "("; v?: undefined }
  | { t: ")"; v?: undefined }
  | { t: ","; v?: undefined };

const INVALID = "Query string error - Invalid filter condition";

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "(" || c === ")" || c === ",") {
      out.push({ t: c });
      i++;
    } else if (c === "'") {
      let value = "";
      i++;
      for (;;) {
        if (i >= text.length) throw new FilterError(INVALID);
        if (text[i] === "'") {
          if (text[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i];
        i++;
      }
      out.push({ t: "str", v: value });
    } else if (/[0-9-]/.test(c)) {
      const m = /^-?\d+(\.\d+)?/.exec(text.slice(i));
      if (!m) throw new FilterError(INVALID);
      out.push({ t: "num", v: Number(m[0]) });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i)) as RegExpExecArray;
      i += m[0].length;
      // datetime'2014-04-23' (v1 style typed literal)
      if (m[0].toLowerCase() === "datetime" && text[i] === "'") {
        const end = text.indexOf("'", i + 1);
        if (end < 0) throw new FilterError(INVALID);
        out.push({ t: "dt", v: text.slice(i + 1, end) });
        i = end + 1;
      } else {
        out.push({ t: "id", v: m[0] });
      }
    } else {
      throw new FilterError(INVALID);
    }
  }
  return out;
}

type Node =
  | { n: "and" | "or"; a: Node; b: Node }
  | { n: "not"; a: Node }
  | { n: "cmp"; op: string; a: Node; b: Node }
  | { n: "fn"; name: string; args: Node[] }
  | { n: "prop"; name: string }
  | { n: "lit"; v: string | number | boolean | null; typed?: "datetime" };

const COMPARISONS = new Set(["eq", "ne", "gt", "ge", "lt", "le"]);
const FUNCTIONS = new Set(["startswith", "endswith", "contains", "substringof"]);

/** The parser's position in the tokens. */
interface Cursor {
  tokens: Token[];
  pos: number;
}

const peek = (p: Cursor) => p.tokens[p.pos];
const isWord = (p: Cursor, w: string) => {
  const t = peek(p);
  return t?.t === "id" && t.v.toLowerCase() === w;
};
const expect = (p: Cursor, t: Token["t"]) => {
  if (peek(p)?.t !== t) throw new FilterError(INVALID);
  p.pos++;
};

function parse(tokens: Token[]): Node {
  const p: Cursor = { tokens, pos: 0 };
  const tree = orExpression(p);
  if (p.pos !== tokens.length) throw new FilterError(INVALID);
  return tree;
}

function orExpression(p: Cursor): Node {
  let left = andExpression(p);
  while (isWord(p, "or")) {
    p.pos++;
    left = { n: "or", a: left, b: andExpression(p) };
  }
  return left;
}

function andExpression(p: Cursor): Node {
  let left = unary(p);
  while (isWord(p, "and")) {
    p.pos++;
    left = { n: "and", a: left, b: unary(p) };
  }
  return left;
}

function unary(p: Cursor): Node {
  if (isWord(p, "not")) {
    p.pos++;
    return { n: "not", a: unary(p) };
  }
  return comparison(p);
}

function comparison(p: Cursor): Node {
  const left = primary(p);
  const t = peek(p);
  if (t?.t === "id" && COMPARISONS.has(t.v.toLowerCase())) {
    p.pos++;
    return { n: "cmp", op: t.v.toLowerCase(), a: left, b: primary(p) };
  }
  return left;
}

function primary(p: Cursor): Node {
  const t = peek(p);
  if (!t) throw new FilterError(INVALID);
  p.pos++;
  if (t.t === "(") {
    const inner = orExpression(p);
    expect(p, ")");
    return inner;
  }
  if (t.t === "str") return { n: "lit", v: t.v };
  if (t.t === "dt") return { n: "lit", v: t.v, typed: "datetime" };
  if (t.t === "num") return { n: "lit", v: t.v };
  if (t.t === "id") {
    const lower = t.v.toLowerCase();
    if (lower === "true" || lower === "false") return { n: "lit", v: lower === "true" };
    if (lower === "null") return { n: "lit", v: null };
    if (peek(p)?.t === "(") return functionCall(p, lower);
    return { n: "prop", name: t.v };
  }
  throw new FilterError(INVALID);
}

/** One of the four functions, with its two arguments. */
function functionCall(p: Cursor, lower: string): Node {
  if (!FUNCTIONS.has(lower)) throw new FilterError(INVALID);
  p.pos++;
  const args: Node[] = [orExpression(p)];
  while (peek(p)?.t === ",") {
    p.pos++;
    args.push(orExpression(p));
  }
  expect(p, ")");
  if (args.length !== 2) throw new FilterError(INVALID);
  return { n: "fn", name: lower, args };
}

/** 'YYYY-MM-DD' from any of the manual's DateTime literal forms, or undefined. */
export function parseDateLiteral(text: string): string | undefined {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})(?:(?:T|\s)?\d{2}:?\d{2}(?::?\d{2}(?:\.\d+)?)?Z?)?$/.exec(text.trim());
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const t = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(t) || !new Date(t).toISOString().startsWith(iso) ? undefined : iso;
}

/** 'HH:MM' from any of the manual's Time literal forms (seconds are not effective), or undefined. */
export function parseTimeLiteral(text: string): string | undefined {
  const trimmed = text.trim();
  const withDate = /T(\d{2}):?(\d{2})(?::?\d{2})?(?:\.\d+)?Z?$/.exec(trimmed);
  const m = withDate ?? /^(\d{2}):?(\d{2})(?::?\d{2})?$/.exec(trimmed);
  if (!m) return undefined;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h > 23 || min > 59 ? undefined : `${m[1]}:${m[2]}`;
}

export type Row = Record<string, unknown>;
export type Predicate = (row: Row) => boolean;

/**
 * Compiles a `$filter` into a predicate over rows whose properties are typed by `types`. Unknown properties and
 * malformed literals throw FilterError (SAP answers 400 code 201). `caseInsensitive`: the `B1S-CaseInsensitive`
 * header (HANA compares strings case-sensitively otherwise).
 */
export function compileFilter(
  text: string,
  types: ReadonlyMap<string, PropertyType>,
  caseInsensitive: boolean,
): Predicate {
  const tree = parse(tokenize(text));
  const fold = (s: string) => (caseInsensitive ? s.toLowerCase() : s);
  return compile({ types, fold }, tree);
}

/** What a filter is compiled against: the properties' types and the case folding of strings. */
interface Compiler {
  types: ReadonlyMap<string, PropertyType>;
  fold: (s: string) => string;
}

type Getter = { value: (row: Row) => unknown; type: PropertyType | undefined };

function operand(cx: Compiler, node: Node): Getter {
  if (node.n === "prop") {
    const type = cx.types.get(node.name);
    if (!type || type.kind === "complex") throw new FilterError(`Property '${node.name}' is invalid`);
    const name = node.name;
    return { value: (row) => row[name], type };
  }
  if (node.n === "lit") {
    const v = node.v;
    return { value: () => v, type: undefined };
  }
  const predicate = compile(cx, node);
  return { value: (row) => predicate(row), type: undefined };
}

/** A literal converted to the comparable form of the property it is compared with. */
function coerce(cx: Compiler, value: unknown, type: PropertyType | undefined): unknown {
  if (value === null || type === undefined) return value;
  switch (type.kind) {
    case "int":
    case "number": {
      const n = typeof value === "number" ? value : Number(value);
      if (typeof value === "boolean" || Number.isNaN(n)) throw new FilterError(INVALID);
      return n;
    }
    case "date": {
      const d = typeof value === "string" ? parseDateLiteral(value) : undefined;
      if (!d) throw new FilterError(INVALID);
      return d;
    }
    case "time": {
      const t = typeof value === "string" ? parseTimeLiteral(value) : undefined;
      if (!t) throw new FilterError(INVALID);
      return t;
    }
    case "enum": {
      const s = String(value);
      if (s in type.values) return s;
      const byValue = Object.entries(type.values).find(([, v]) => v === s);
      if (!byValue) throw new FilterError(INVALID);
      return byValue[0];
    }
    case "string":
      if (typeof value !== "string") return String(value);
      return cx.fold(value);
    default:
      throw new FilterError(INVALID);
  }
}

/** A property's value in the same comparable form. */
function normalize(cx: Compiler, value: unknown, type: PropertyType | undefined): unknown {
  if (value === null || value === undefined || type === undefined) return value ?? null;
  if (type.kind === "time") return String(value).slice(0, 5);
  if (type.kind === "string") return cx.fold(String(value));
  return value;
}

function compile(cx: Compiler, node: Node): Predicate {
  switch (node.n) {
    case "and": {
      const a = compile(cx, node.a);
      const b = compile(cx, node.b);
      return (row) => a(row) && b(row);
    }
    case "or": {
      const a = compile(cx, node.a);
      const b = compile(cx, node.b);
      return (row) => a(row) || b(row);
    }
    case "not": {
      const a = compile(cx, node.a);
      return (row) => !a(row);
    }
    case "fn":
      return compileFunction(cx, node);
    case "cmp":
      return compileComparison(cx, node);
    case "prop": {
      const g = operand(cx, node);
      return (row) => g.value(row) === true;
    }
    case "lit":
      if (typeof node.v === "boolean") {
        const v = node.v;
        return () => v;
      }
      throw new FilterError(INVALID);
  }
}

/** `startswith`, `endswith`, `contains` or `substringof` of a string property and a string literal. */
function compileFunction(cx: Compiler, node: Extract<Node, { n: "fn" }>): Predicate {
  const [first, second] = node.args as [Node, Node];
  // substringof('needle', Property) has its arguments the other way round.
  const [propNode, litNode] = node.name === "substringof" ? [second, first] : [first, second];
  const prop = operand(cx, propNode);
  if (prop.type?.kind !== "string" || litNode.n !== "lit" || typeof litNode.v !== "string") {
    throw new FilterError(INVALID);
  }
  const needle = cx.fold(litNode.v);
  const name = node.name;
  return (row) => {
    const v = prop.value(row);
    if (v === null || v === undefined) return false;
    const s = cx.fold(String(v));
    if (name === "startswith") return s.startsWith(needle);
    if (name === "endswith") return s.endsWith(needle);
    return s.includes(needle);
  };
}

function compileComparison(cx: Compiler, node: Extract<Node, { n: "cmp" }>): Predicate {
  let left = operand(cx, node.a);
  let right = operand(cx, node.b);
  let op = node.op;
  if (!left.type && right.type) {
    // 'x' eq Property: mirror so the property is on the left.
    [left, right] = [right, left];
    op = ({ gt: "lt", ge: "le", lt: "gt", le: "ge" } as Record<string, string>)[op] ?? op;
  }
  if (!left.type && !right.type && node.a.n === "lit" && node.b.n === "lit") throw new FilterError(INVALID);
  const type = left.type;
  // A literal on the right is converted once to the property's comparable form.
  const constant = right.type === undefined && (node.a.n === "lit" || node.b.n === "lit");
  const fixed = constant ? coerce(cx, right.value({}), type) : undefined;
  const rightValue = constant ? () => fixed : (row: Row) => normalize(cx, right.value(row), right.type);
  return (row) => compare(op, normalize(cx, left.value(row), type), rightValue(row));
}

/** Two comparable values; null equals only null and is neither greater nor less than anything. */
function compare(op: string, a: unknown, b: unknown): boolean {
  if (a === null || b === null) {
    if (op === "eq") return a === b;
    if (op === "ne") return a !== b;
    return false;
  }
  switch (op) {
    case "eq":
      return a === b;
    case "ne":
      return a !== b;
    case "gt":
      return (a as number) > (b as number);
    case "ge":
      return (a as number) >= (b as number);
    case "lt":
      return (a as number) < (b as number);
    default:
      return (a as number) <= (b as number);
  }
}
