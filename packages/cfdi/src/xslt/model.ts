/** Part of the cadena-original XSLT interpreter (see index.ts): the node model and XPath values. */
import type { XmlElement } from "../xml";

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
export interface RootNode {
  readonly kind: "root";
  readonly element: XmlElement;
}
export type XNode = XmlElement | AttrNode | TextNode | RootNode;
export type NodeSet = readonly XNode[];
export type Value = NodeSet | string | boolean;

export const EMPTY: NodeSet = Object.freeze([]);

export function isElement(n: XNode): n is XmlElement {
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

export function stringOfNode(n: XNode): string {
  if (isElement(n)) return stringOfElement(n);
  if (n.kind === "root") return stringOfElement(n.element);
  return n.value;
}

export function toStr(v: Value): string {
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "true" : "false";
  const first = v[0];
  return first === undefined ? "" : stringOfNode(first);
}

export function toBool(v: Value): boolean {
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
