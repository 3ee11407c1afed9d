import { functionLengths } from "./function-lengths";
import { readSource, sourceFiles } from "./sources";

// `npm run function-lengths`: the production functions over 80 lines (tests, benches and fixtures left out), the
// longest first, and their count (issue 38 step 3).
const production = sourceFiles().filter(
  (path) => !/\.(test|spec)\.tsx?$|\.fixtures\.ts$|\/(test|tests|bench)\//.test(path),
);
const long = production
  .flatMap((path) => functionLengths(readSource(path)))
  .filter((f) => f.lines > 80)
  .sort((a, b) => b.lines - a.lines);
for (const f of long) console.log(`${String(f.lines).padStart(5)}  ${f.path}:${f.line} ${f.name}`);
console.log(`${long.length} funciones de más de 80 líneas; ${long.filter((f) => f.lines > 120).length} de más de 120.`);
