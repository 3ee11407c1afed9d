import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The import graph of the repository's TypeScript sources (decision 054). TypeScript 7 (the native compiler this
 * repository uses) has no JavaScript API, so a small scanner reads the specifiers: static imports, `import type`,
 * re-exports, side-effect imports and `import("…")`, comments and template literals left out. A type-only import
 * is a dependency too. Relative specifiers resolve to files; `@portal/<pkg>[/sub]` to the file the package's
 * `exports` name; anything else (third-party, `node:`, virtual modules) is outside the graph.
 */

/** The source with its comments and the text of its template literals blanked (strings kept). */
function codeOnly(source: string): string {
  let out = "";
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      while (i < source.length && source[i] !== "\n") i++;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      i = end === -1 ? source.length : end + 2;
      out += " ";
    } else if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < source.length && source[j] !== c && !(c !== "`" && source[j] === "\n"))
        j += source[j] === "\\" ? 2 : 1;
      out += c === "`" ? "``" : source.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

const SPECIFIERS = [
  /\b(?:import|export)\s+(?:type\s+)?[\w$*{}\s,]*?\bfrom\s*["']([^"'\n]+)["']/g,
  /\bimport\s*["']([^"'\n]+)["']/g,
  /\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)/g,
];

/** Every module specifier `source` imports or re-exports. */
export function importSpecifiers(source: string): string[] {
  const code = codeOnly(source);
  return SPECIFIERS.flatMap((re) => [...code.matchAll(re)].map((m) => m[1] as string));
}

/** The file a path without extension names: `x.ts`, `x.tsx`, `x/index.ts(x)`, or the path itself. */
function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every `.ts`/`.tsx` file under `dir` (no node_modules, no build output). */
export function sourceFiles(dir: string, skip: (path: string) => boolean = () => false): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (skip(path)) return [];
    if (statSync(path).isDirectory()) {
      return ["node_modules", "dist", "build", ".turbo"].includes(name) ? [] : sourceFiles(path, skip);
    }
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** `@portal/db/schema` -> packages/db/src/schema/index.ts, from every workspace package's `exports`. */
function workspaceExports(root: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const group of ["packages", "apps"]) {
    for (const name of readdirSync(join(root, group))) {
      const manifest = join(root, group, name, "package.json");
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { name: string; exports?: Record<string, string> };
      for (const [key, target] of Object.entries(pkg.exports ?? {})) {
        if (typeof target !== "string" || !/\.tsx?$/.test(target)) continue;
        map.set(key === "." ? pkg.name : `${pkg.name}/${key.slice(2)}`, resolve(join(root, group, name), target));
      }
    }
  }
  return map;
}

/** The import graph: file -> the files it imports (absolute paths). */
export function importGraph(root: string, files: string[]): Map<string, Set<string>> {
  const exportsMap = workspaceExports(root);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const fileName of importSpecifiers(readFileSync(file, "utf8"))) {
      const target = fileName.startsWith(".")
        ? resolveFile(resolve(dirname(file), fileName.replace(/\.js$/, "")))
        : (exportsMap.get(fileName) ?? null);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The graph's nodes grouped by `groupOf` (null: not in any group); edges inside one group are dropped. */
export function groupGraph(
  graph: Map<string, Set<string>>,
  groupOf: (file: string) => string | null,
): Map<string, Set<string>> {
  const grouped = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = groupOf(file);
    if (from === null) continue;
    const edges = grouped.get(from) ?? new Set<string>();
    grouped.set(from, edges);
    for (const target of targets) {
      const to = groupOf(target);
      if (to !== null && to !== from) edges.add(to);
    }
  }
  return grouped;
}

/**
 * The circles of a graph: its strongly connected components with more than one node (Tarjan), each given with one
 * closed path through it so the message shows where to cut. Sorted, so the answer is stable.
 */
export function circles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, indexOf.get(next) ?? 0));
      }
    }
    if (low.get(node) !== indexOf.get(node)) return;
    const component: string[] = [];
    for (;;) {
      const top = stack.pop() as string;
      onStack.delete(top);
      component.push(top);
      if (top === node) break;
    }
    if (component.length > 1) found.push(pathThrough(graph, new Set(component)));
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return found.sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
}

/** A shortest closed path from the component's first node (sorted) back to itself, inside the component. */
function pathThrough(graph: Map<string, Set<string>>, component: Set<string>): string[] {
  const start = [...component].sort()[0] as string;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!component.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at)) {
          path.splice(1, 0, at);
        }
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** A circle as one line, paths relative to `root`. */
export const describeCircle = (root: string, circle: string[]) =>
  circle.map((node) => (node.startsWith(root) ? relative(root, node) : node)).join(" → ");
