import { RESULTADOS_TAREA, TILES_CON_CONTEO } from "@portal/contracts";
import type { ParsedSource } from "./sources";

/**
 * The messages rule (issue 38 step 5, decision 056's amendment): a sentence a user reads lives in @portal/contracts
 * (MSG, CORREO_MSG, SAT_MSG, TAREAS_MSG, …), so API, web and tests say the same words; the API's services name it,
 * they do not spell it. In `apps/api/src/modules/**` (tests apart) no string or template literal reads as a
 * sentence: a capitalised word followed by two more words ("La factura no existe.", `Ya existe un … ${rfc}.`).
 * Log lines and job keys start in lower case and pass; so do SQL (tagged templates) and one- or two-word labels.
 */
export const SENTENCE_SCOPE = "apps/api/src/modules/";

/**
 * Files that still spell their sentences, set apart until they are moved: none since issue 39 landed (its rules'
 * and credit notes' sentences are in @portal/contracts: FACTURA_REGLAS_MSG, PAGO_REGLAS_MSG, NOTA_CREDITO_MSG).
 */
export const SENTENCE_FILES_PENDING: readonly string[] = [];

/** The contract's own values that read like a sentence: wire values compared or typed, not messages. */
const WIRE_VALUES: ReadonlySet<string> = new Set<string>([...TILES_CON_CONTEO, ...RESULTADOS_TAREA]);

const SENTENCE = /^[¿¡]?[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+(\s+\S+){2,}/;

export interface SentenceFinding {
  path: string;
  line: number;
  text: string;
}

type AnyNode = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (value: unknown): value is AnyNode =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";

/** Whether `text` (a template's parts joined by '…') reads as a sentence and is not a wire value. */
export function isSentence(text: string): boolean {
  const trimmed = text.trim();
  return SENTENCE.test(trimmed) && !WIRE_VALUES.has(trimmed);
}

/** Whether the rule covers `path` (before the pending files are set apart). */
export const inSentenceScope = (path: string): boolean =>
  path.startsWith(SENTENCE_SCOPE) && /\.ts$/.test(path) && !/\.test\.ts$/.test(path);

/** The sentences `source` spells in string and (untagged) template literals. */
export function literalSentences(source: ParsedSource): SentenceFinding[] {
  const found: SentenceFinding[] = [];
  const lineOf = (offset: number) => source.text.slice(0, offset).split("\n").length;
  const walk = (node: unknown, parentType: string): void => {
    if (Array.isArray(node)) {
      for (const child of node) walk(child, parentType);
      return;
    }
    if (!isNode(node)) return;
    let text: string | null = null;
    if (node.type === "Literal" && typeof node.value === "string") text = node.value;
    if (node.type === "TemplateLiteral" && parentType !== "TaggedTemplateExpression") {
      text = (node.quasis as { value: { cooked: string | null; raw: string } }[])
        .map((q) => q.value.cooked ?? q.value.raw)
        .join("…");
    }
    if (text !== null && isSentence(text)) found.push({ path: source.path, line: lineOf(node.start), text });
    for (const key of Object.keys(node)) {
      if (key !== "type" && key !== "start" && key !== "end") walk(node[key], node.type);
    }
  };
  walk(source.program, "");
  return found;
}
