/**
 * The optional check of the repository's copies against the team's originals (scripts/check-shared-copies.ts,
 * `npm run check:shared`, outside `npm test`), on folders this test writes itself: it never reads the originals,
 * which a clone does not have.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compareCopy, sharedCopies } from "../scripts/check-shared-copies";

const work = mkdtempSync(join(tmpdir(), "cfdi-copias-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let folders = 0;
/** A folder with these files (nested paths allowed). */
function folder(files: Record<string, string>): string {
  const dir = join(work, String(folders++));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}

const ORIGINAL = { "a.xml": "<a/>", "sub/b.xslt": "<b/>", "README.md": "original" };

describe("compareCopy", () => {
  it("finds nothing when every file is byte for byte the original", () => {
    expect(compareCopy({ repo: folder(ORIGINAL), shared: folder(ORIGINAL) })).toEqual([]);
  });

  it("names a file whose bytes differ, a missing one and one the original does not have", () => {
    const shared = folder(ORIGINAL);
    const repo = folder({ "a.xml": "<a />", "README.md": "original", "c.xml": "<c/>" });
    expect(compareCopy({ repo, shared })).toEqual([
      `${join(repo, "a.xml")} difiere de ${join(shared, "a.xml")}`,
      `falta ${join(repo, "sub/b.xslt")} (copia de ${join(shared, "sub/b.xslt")})`,
      `${join(repo, "c.xml")} no está en ${shared}`,
    ]);
  });

  it("compares only the copied files, and a selection only the files it keeps", () => {
    const shared = folder(ORIGINAL);
    const rewritten = folder({ ...ORIGINAL, "README.md": "con procedencia y licencia" });
    expect(compareCopy({ repo: rewritten, shared, isCopied: (f) => !f.endsWith(".md") })).toEqual([]);
    const selection = folder({ "a.xml": "<a/>" });
    expect(compareCopy({ repo: selection, shared, isSelection: true })).toEqual([]);
    const changed = folder({ "a.xml": "<a>" });
    expect(compareCopy({ repo: changed, shared, isSelection: true })).toEqual([
      `${join(changed, "a.xml")} difiere de ${join(shared, "a.xml")}`,
    ]);
  });

  it("compares a single file, and says so when the original is missing", () => {
    const shared = folder({ "catalogos.tsv": "x\ty\n" });
    const repo = folder({ "catalogos.tsv": "x\ty\r\n" });
    expect(compareCopy({ repo: join(repo, "catalogos.tsv"), shared: join(shared, "catalogos.tsv") })).toEqual([
      `${join(repo, "catalogos.tsv")} difiere de ${join(shared, "catalogos.tsv")}`,
    ]);
    expect(compareCopy({ repo, shared: join(work, "no-existe") })).toEqual([
      `${join(work, "no-existe")}: no existe o no tiene archivos que comparar`,
    ]);
  });
});

describe("sharedCopies", () => {
  it("points at the copies the package ships, each present and not empty", () => {
    const copies = sharedCopies("/en-ningun-lado/shared");
    expect(copies.map((c) => c.shared)).toEqual([
      "/en-ningun-lado/shared/fixtures/cfdi",
      "/en-ningun-lado/shared/sat/catalogos.tsv",
      "/en-ningun-lado/shared/sat/certs",
      "/en-ningun-lado/shared/sat/xslt",
    ]);
    for (const { repo } of copies) {
      expect(existsSync(repo), repo).toBe(true);
      expect(statSync(repo).isDirectory() ? readdirSync(repo).length : statSync(repo).size, repo).toBeGreaterThan(0);
    }
  });
});
