/** Part of the cadena-original XSLT interpreter (see index.ts): the compiled program and how it runs. */
import type { XmlElement } from "../xml";
import { isElement, type NodeSet, type RootNode, type Value, type XNode, XsltError } from "./model";

// ── Compiled program ───────────────────────────────────────────────────────────────────────────────

/** The current node and the values of the running template's parameters (by slot). */
export type Expr = (node: XNode, params: readonly Value[], run: Run) => Value;
export type Instr = (node: XNode, params: readonly Value[], run: Run) => void;

export interface Template {
  readonly where: string;
  readonly paramNames: string[];
  paramDefaults: (Expr | null)[];
  body: Instr[];
}

export interface Run {
  out: string;
  depth: number;
  readonly root: RootNode;
  readonly program: CompiledProgram;
}

export interface CompiledProgram {
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

export function emit(run: Run, text: string): void {
  run.out += text;
  if (run.out.length > MAX_OUTPUT) throw new XsltError("la cadena original excede el tamaño máximo");
}

export function runTemplate(t: Template, node: XNode, params: readonly Value[], run: Run): void {
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

export function applyTemplates(nodes: NodeSet, run: Run): void {
  for (let k = 0; k < nodes.length; k++) applyTo(nodes[k] as XNode, run);
}

export function applyTo(node: XNode, run: Run): void {
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
export function builtInChildren(el: XmlElement, run: Run): void {
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
