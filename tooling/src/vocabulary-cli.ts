import { readSource, sourceFiles } from "./sources";
import { vocabularyFindings } from "./vocabulary";

// `npm run vocabulary`: lists the names that break the vocabulary rule (vocabulary.ts), one per line.
const findings = sourceFiles().flatMap((path) => vocabularyFindings(readSource(path)));
for (const f of findings) console.log(`${f.path}:${f.line} ${f.name} (${f.why}, ${f.kind})`);
console.log(`${findings.length} nombres fuera de la regla.`);
process.exitCode = findings.length > 0 ? 1 : 0;
