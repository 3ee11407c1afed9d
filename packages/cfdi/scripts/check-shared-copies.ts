/**
 * Checks that the files this package copied from the team's originals (a folder kept beside the repository on
 * the team's machines, never part of it) are still byte for byte the same:
 *
 *   npm run check:shared            # from the repository root
 *   npx tsx scripts/check-shared-copies.ts [path/to/originals]
 *
 * Nothing in the repository needs the originals: tests, the seed and the build read the copies. This check is
 * optional and stays outside `npm test`. Without the originals' folder it compares nothing, says so and succeeds;
 * with one, it fails on any missing, extra or different file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
/** Where the originals sit on the team's machines: a folder beside the repository's root folder. */
export const DEFAULT_SHARED_DIR = join(packageDir, "../../../shared");

/** One copied file or folder: its place in the repository and among the originals. */
export interface SharedCopy {
  repo: string;
  shared: string;
  /** Which files of the folder are copies (a README the repository rewrote is not). */
  isCopied?: (file: string) => boolean;
  /** The repository keeps a selection: each file it has must be the original's, the others are not needed. */
  isSelection?: boolean;
}

/** Every copy the repository keeps of an original. */
export function sharedCopies(sharedDir: string): SharedCopy[] {
  const isXml = (file: string) => file.endsWith(".xml");
  const isNotMarkdown = (file: string) => !file.endsWith(".md");
  return [
    // Every published CFDI; the folder's README.md adds their provenance and licence.
    { repo: join(packageDir, "test/fixtures"), shared: join(sharedDir, "fixtures/cfdi"), isCopied: isXml },
    { repo: join(packageDir, "sat/catalogos.tsv"), shared: join(sharedDir, "sat/catalogos.tsv") },
    // The certificates, keys and licences; README-CfdiUtils.md lost its trailing blank lines to the formatter.
    { repo: join(packageDir, "sat/certs"), shared: join(sharedDir, "sat/certs"), isCopied: isNotMarkdown },
    // The stylesheets CFDI 4.0 and its complements need, not the older versions' nor the XSDs.
    { repo: join(packageDir, "sat/xslt"), shared: join(sharedDir, "sat/xslt"), isSelection: true },
  ];
}

/** The files under `path` (relative, sorted); a file is itself (""). Missing: none. */
function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [""];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(relative(path, full));
    }
  };
  walk(path);
  return out.sort();
}

/** The differences between one copy and its original, in words; empty when they are identical. */
export function compareCopy(copy: SharedCopy): string[] {
  const keep = (files: string[]) => (copy.isCopied ? files.filter(copy.isCopied) : files);
  const original = keep(filesUnder(copy.shared));
  const copied = keep(filesUnder(copy.repo));
  if (original.length === 0) return [`${copy.shared}: no existe o no tiene archivos que comparar`];
  const name = (root: string, file: string) => (file === "" ? root : join(root, file));
  const problems: string[] = [];
  for (const file of original) {
    if (!copied.includes(file)) {
      if (!copy.isSelection) problems.push(`falta ${name(copy.repo, file)} (copia de ${name(copy.shared, file)})`);
    } else if (!readFileSync(name(copy.repo, file)).equals(readFileSync(name(copy.shared, file)))) {
      problems.push(`${name(copy.repo, file)} difiere de ${name(copy.shared, file)}`);
    }
  }
  for (const file of copied) {
    if (!original.includes(file)) problems.push(`${name(copy.repo, file)} no está en ${copy.shared}`);
  }
  return problems;
}

function main(): number {
  const sharedDir = process.argv[2] ?? DEFAULT_SHARED_DIR;
  if (!existsSync(sharedDir)) {
    console.log(`No hay carpeta ${sharedDir}: no hay nada que comparar (el repositorio no la necesita).`);
    return 0;
  }
  const copies = sharedCopies(sharedDir);
  const problems = copies.flatMap(compareCopy);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) return 1;
  const total = copies.reduce((n, copy) => n + filesUnder(copy.repo).filter(copy.isCopied ?? (() => true)).length, 0);
  console.log(`Las copias de ${sharedDir} son idénticas (${total} archivos).`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();
