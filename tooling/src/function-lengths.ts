import type { ParsedSource } from "./sources";

/** A function of a source and how many lines it spans (its first line to its last, both counted). */
export interface FunctionLength {
  path: string;
  line: number;
  name: string;
  lines: number;
}

type AnyNode = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (value: unknown): value is AnyNode =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
const FUNCTION = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

/**
 * Every function of a parsed source with its length in lines (issue 38 step 3 reports those over 80 and forbids
 * those over 120 outside generated code and the simulator's tables). A function is named by its own name, else by
 * the variable, property or method it is assigned to, else "(anónima)".
 */
export function functionLengths(source: ParsedSource): FunctionLength[] {
  const lineStarts = [0];
  for (let i = 0; i < source.text.length; i++) if (source.text[i] === "\n") lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const found: FunctionLength[] = [];
  const nameOf = (node: AnyNode, parent: AnyNode | null): string => {
    const id = node.id;
    if (isNode(id) && typeof id.name === "string") return id.name;
    for (const key of ["id", "key"]) {
      const owner = parent?.[key];
      if (isNode(owner) && typeof owner.name === "string") return owner.name;
    }
    return "(anónima)";
  };
  const walk = (node: unknown, parent: AnyNode | null): void => {
    if (Array.isArray(node)) {
      for (const child of node) walk(child, parent);
      return;
    }
    if (!isNode(node)) return;
    if (FUNCTION.has(node.type)) {
      const line = lineOf(node.start);
      found.push({ path: source.path, line, name: nameOf(node, parent), lines: lineOf(node.end) - line + 1 });
    }
    for (const key of Object.keys(node)) {
      if (key !== "type" && key !== "start" && key !== "end") walk(node[key], node);
    }
  };
  walk(source.program, null);
  return found;
}
