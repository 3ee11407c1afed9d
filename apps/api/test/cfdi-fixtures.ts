import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The real, published CFDI files the project ships with @portal/cfdi's tests (packages/cfdi/test/fixtures; their
 * sources, commits and MIT licences are in that folder's README). Found through the workspace package, so the
 * API tests read the repository's copies and nothing outside it.
 */
const CFDI_FIXTURES_DIR = join(
  dirname(createRequire(import.meta.url).resolve("@portal/cfdi/package.json")),
  "test",
  "fixtures",
);

/** One of those files as text, e.g. `cfdiFixture("cfdiutils__cfdi40-real.xml")`. */
export function cfdiFixture(file: string): string {
  return readFileSync(join(CFDI_FIXTURES_DIR, file), "utf8");
}
