import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseRule, planRename } from "./rename";
import { REPO_ROOT, readSource, sourceFiles } from "./sources";

// `npm run rename -- [--dry] from=to[@path/] …` (docs/code-style.md): renames identifiers across the repository's
// sources with a parser, never by text search. Nothing is written when any file would have a clash.
const args = process.argv.slice(2).filter((a) => a !== "--");
const dry = args.includes("--dry");
const rules = args.filter((a) => a !== "--dry").map(parseRule);
if (rules.length === 0) {
  console.error("Uso: npm run rename -- [--dry] nombre=nuevoNombre[@ruta/] …");
  process.exit(2);
}
const plan = planRename(
  sourceFiles().map((path) => readSource(path)),
  rules,
);
for (const rule of rules) {
  console.log(
    `${rule.from} → ${rule.to}${rule.under ? ` (en ${rule.under})` : ""}: ${plan.counts.get(rule)} apariciones`,
  );
}
if (plan.conflicts.length > 0) {
  for (const c of plan.conflicts) console.error(`${c.path}: ya existe ${c.rule.to}; no se renombra ${c.rule.from}`);
  process.exit(1);
}
if (!dry) for (const [path, text] of plan.changes) writeFileSync(join(REPO_ROOT, path), text);
console.log(`${dry ? "Cambiarían" : "Cambiados"} ${plan.changes.size} archivos.`);
