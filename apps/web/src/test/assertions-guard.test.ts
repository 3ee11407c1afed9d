import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// An assertion such as `expect(screen.getByText("x")).toBeDefined()` cannot fail: `getBy…`/`findBy…` throw
// before `expect` sees anything, and what they return is never undefined. The suite writes
// `expect(screen.queryByText("x")).not.toBeNull()`, `expect(screen.queryAllByText("x")).not.toHaveLength(0)`
// or a plain `await screen.findByText("x")` instead. This test keeps the cannot-fail form from coming back.

const SRC = join(dirname(fileURLToPath(import.meta.url)), "..");
const SELF = fileURLToPath(import.meta.url);
const THROWING_QUERY = /\b(?:get|getAll|find|findAll)By[A-Z]\w*\s*\(/;
const EMPTY_MATCHER = /^\s*\)\s*\.(?:toBeDefined|toBeTruthy)\s*\(\s*\)/;

/** Index just after the `)` closing the `(` at `open`, skipping string literals; -1 if unbalanced. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === "`") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === "\\") i++;
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return -1;
}

/** 1-based line numbers of `expect(<throwing DOM query>).toBeDefined()` / `.toBeTruthy()` in `text`. */
export function cannotFailAssertions(text: string): number[] {
  const lines: number[] = [];
  for (let at = text.indexOf("expect("); at !== -1; at = text.indexOf("expect(", at + 1)) {
    if (at > 0 && /[\w$.]/.test(text[at - 1] ?? "")) continue;
    const open = at + "expect".length;
    const close = closingParen(text, open);
    if (close === -1) continue;
    const argument = text.slice(open + 1, close);
    if (THROWING_QUERY.test(argument) && EMPTY_MATCHER.test(text.slice(close))) {
      lines.push(text.slice(0, at).split("\n").length);
    }
  }
  return lines;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) && path !== SELF ? [path] : [];
  });
}

describe("assertions that cannot fail", () => {
  it("recognizes the cannot-fail form, on one line or several, and leaves the real ones alone", () => {
    const sample = [
      'expect(screen.getByText("a")).toBeDefined();',
      'expect(await screen.findByRole("heading", { name: "(b)" })).toBeTruthy();',
      "expect(",
      '  within(row).getAllByRole("button"),',
      ").toBeDefined();",
      'expect(screen.queryByText("c")).not.toBeNull();',
      'expect(screen.queryAllByText("d")).not.toHaveLength(0);',
      'await screen.findByText("e");',
      "await waitFor(() => expect(answer).toBeDefined());",
      'expect(screen.getByRole("button").disabled).toBe(true);',
    ].join("\n");
    expect(cannotFailAssertions(sample)).toEqual([1, 2, 3]);
  });

  it("no test file under apps/web/src asserts a getBy/findBy query with toBeDefined or toBeTruthy", () => {
    const files = testFiles(SRC);
    expect(files.length).toBeGreaterThan(10);
    const places = files.flatMap((file) =>
      cannotFailAssertions(readFileSync(file, "utf8")).map((line) => `${relative(SRC, file)}:${line}`),
    );
    expect(places, "use queryBy…(…) with .not.toBeNull(), or a plain await findBy…(…)").toEqual([]);
  });
});
