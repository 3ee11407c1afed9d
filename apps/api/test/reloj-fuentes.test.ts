import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue 9: production code reads "now" only from the injected clock. This test walks the production sources
 * (apps/api/src and packages/<pkg>/src, tests excluded) and fails on any wall-clock read outside the clock module.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const CLOCK_MODULE = "packages/contracts/src/clock.ts";

const WALL_CLOCK: ReadonlyArray<{ re: RegExp; what: string }> = [
  { re: /\bDate\.now\s*\(/, what: "Date.now()" },
  { re: /\bnew\s+Date\s*\(\s*\)/, what: "new Date()" },
  { re: /\bnew\s+Date\s*(?![\s(])/, what: "new Date" },
  { re: /\bTemporal\.Now\b/, what: "Temporal.Now" },
  { re: /(?<![.\w])(now\(\)|current_timestamp|current_date|localtimestamp|clock_timestamp\(\))/i, what: "SQL now()" },
];

/** Comments may talk about the wall clock; only code counts. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, " ")).replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

export function wallClockReads(source: string): string[] {
  const found: string[] = [];
  withoutComments(source)
    .split("\n")
    .forEach((line, i) => {
      for (const { re, what } of WALL_CLOCK) if (re.test(line)) found.push(`${i + 1}: ${what}`);
    });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("el reloj del sistema solo se lee en el módulo del reloj", () => {
  it("detects every kind of wall-clock read (the check itself works)", () => {
    expect(wallClockReads("const t = Date.now();")).toHaveLength(1);
    expect(wallClockReads("const d = new Date();")).toHaveLength(1);
    expect(wallClockReads("const d = new Date;")).toHaveLength(1);
    expect(wallClockReads("sql`update t set at = now()`")).toHaveLength(1);
    expect(wallClockReads("const n = Temporal.Now.instant();")).toHaveLength(1);
    expect(wallClockReads("const d = new Date(clock().getTime() + 5);")).toEqual([]);
    expect(wallClockReads("const t0 = performance.now();")).toEqual([]);
    expect(wallClockReads("// new Date() in a comment\n/* Date.now() */")).toEqual([]);
    expect(wallClockReads("created: timestamp('c').defaultNow(),")).toEqual([]);
  });

  it("no production source outside the clock module reads the wall clock", () => {
    const packages = readdirSync(join(root, "packages")).map((pkg) => join(root, "packages", pkg, "src"));
    const dirs = [join(root, "apps", "api", "src"), ...packages.filter((src) => existsSync(src))];
    const offenders = dirs
      .flatMap(sourceFiles)
      .map((file) => relative(root, file).replaceAll("\\", "/"))
      .filter((file) => file !== CLOCK_MODULE)
      .flatMap((file) => wallClockReads(readFileSync(join(root, file), "utf8")).map((hit) => `${file}:${hit}`));
    expect(offenders).toEqual([]);
    // apps/api plus contracts, cfdi and db at least: the walk really looked.
    expect(dirs.length).toBeGreaterThanOrEqual(4);
  });
});
