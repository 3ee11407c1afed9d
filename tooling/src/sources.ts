import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { type ESTree, parseSync } from "vite";

/** The repository's root (this file is tooling/src/sources.ts). */
export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Where the portal's own sources live; generated output, dependencies and data are not sources. */
const SOURCE_DIRS = ["apps", "packages", "tooling", "scripts"];
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".turbo", ".data", ".tools", "reports", "migrations"]);
const SOURCE_FILE = /\.(ts|tsx|mts|mjs)$/;

/** Every TypeScript/JavaScript source of the portal, as paths relative to `root` with '/' separators. */
export function sourceFiles(root = REPO_ROOT): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith(".")) walk(join(dir, entry.name));
      } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        files.push(relative(root, join(dir, entry.name)).split(sep).join("/"));
      }
    }
  };
  for (const dir of SOURCE_DIRS) {
    try {
      walk(join(root, dir));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return files.sort();
}

/** A name token in a source: where it starts and ends (UTF-16 offsets, as JavaScript strings index). */
export interface NameToken {
  name: string;
  start: number;
  end: number;
}

/** A name the source declares (a variable, function, parameter, field or method) and what declares it. */
export interface DeclaredName extends NameToken {
  kind: "variable" | "function" | "parameter" | "field";
}

export interface ParsedSource {
  path: string;
  text: string;
  /** Identifier tokens only: never strings, template text, JSX text or comments. */
  names: NameToken[];
  declared: DeclaredName[];
  errors: string[];
  /** The parser's tree (ESTree with TypeScript nodes), for tools that need more than names. */
  program: unknown;
}

type AnyNode = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is AnyNode =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";

const langOf = (path: string) => (path.endsWith(".tsx") ? "tsx" : path.endsWith(".mjs") ? "js" : "ts");

const DECLARING: Record<string, { key: string; kind: DeclaredName["kind"] }> = {
  VariableDeclarator: { key: "id", kind: "variable" },
  FunctionDeclaration: { key: "id", kind: "function" },
  FunctionExpression: { key: "id", kind: "function" },
  MethodDefinition: { key: "key", kind: "field" },
  PropertyDefinition: { key: "key", kind: "field" },
  TSPropertySignature: { key: "key", kind: "field" },
  TSMethodSignature: { key: "key", kind: "field" },
  Property: { key: "key", kind: "field" },
};

/** Parses one source and lists its name tokens and the names it declares. */
export function parseSource(path: string, text: string): ParsedSource {
  const result = parseSync(path, text, { lang: langOf(path) });
  const names: NameToken[] = [];
  const declared: DeclaredName[] = [];
  // An identifier with a type annotation (`a: number`) spans the annotation too: the name is its first characters.
  const token = (node: AnyNode): NameToken => {
    const name = String(node.name);
    if (text.slice(node.start, node.start + name.length) !== name) {
      throw new Error(`${path}: el nombre ${name} no está en la posición ${node.start} que informa el analizador`);
    }
    return { name, start: node.start, end: node.start + name.length };
  };
  const declare = (node: unknown, kind: DeclaredName["kind"]) => {
    if (isNode(node) && node.type === "Identifier") declared.push({ ...token(node), kind });
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) walk(child);
      return;
    }
    if (!isNode(node)) return;
    if (node.type === "Identifier" || node.type === "JSXIdentifier") names.push(token(node));
    const declaring = DECLARING[node.type];
    if (declaring && node.computed !== true) declare(node[declaring.key], declaring.kind);
    if (/Function|ArrowFunctionExpression|TSMethodSignature/.test(node.type)) {
      for (const param of (node.params as unknown[] | undefined) ?? []) {
        declare(isNode(param) && param.type === "AssignmentPattern" ? param.left : param, "parameter");
      }
    }
    for (const key of Object.keys(node)) {
      if (key !== "type" && key !== "start" && key !== "end") walk(node[key]);
    }
  };
  walk((result as { program: ESTree.Program }).program);
  // A shorthand property ({ a }) is one token reported as key and value: keep it once.
  const seen = new Set<number>();
  const unique = names.filter((n) => !seen.has(n.start) && seen.add(n.start));
  return { path, text, names: unique, declared, errors: result.errors.map((e) => e.message), program: result.program };
}

/** Reads and parses a source of the repository. */
export function readSource(path: string, root = REPO_ROOT): ParsedSource {
  return parseSource(path, readFileSync(join(root, path), "utf8"));
}
