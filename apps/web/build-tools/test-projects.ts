import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * Which vitest project runs a test file (apps/web/vite.config.ts; decisions 043 and 052). Two rules, both read from
 * the file itself, so a new test lands in the right project without touching the configuration:
 * - the extension: `*.test.ts` is pure (Node), `*.test.tsx` needs the DOM (jsdom);
 * - a module mock (`vi.mock(`): the projects without isolation share one module graph per worker, where a module
 *   that another file already imported is not replaced by a later `vi.mock`. Files that mock run isolated.
 */

/** A module mock in the text: `vi.mock(` or `vi.doMock(`, as code (not in a line comment). */
export function mocksModules(text: string): boolean {
  return text.split("\n").some((line) => /^(?!\s*\/\/).*\bvi\.(?:do)?[mM]ock\(/.test(line));
}

function testFiles(dir: string): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The test files under `dirs` (relative to `root`) that mock a module, as paths relative to `root`. */
export function filesMockingModules(root: string, dirs: readonly string[]): string[] {
  return dirs
    .flatMap((dir) => testFiles(join(root, dir)))
    .filter((file) => mocksModules(readFileSync(file, "utf8")))
    .map((file) => relative(root, file).split("\\").join("/"))
    .sort();
}
