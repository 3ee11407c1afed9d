import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  circles,
  describeCircle,
  groupGraph,
  importGraph,
  importSpecifiers,
  sourceFiles,
} from "./circulos-importacion";

/**
 * Decision 054 (issue 38): no import circles — between files (every apps/* and packages/* source, tests included),
 * between the API's modules (apps/api/src/modules/*) and between the web's features (apps/web/src/features/*), as
 * bulletproof-react's `import/no-restricted-paths` zones hold its features. Type-only imports count. For modules and
 * features only production files count: a test may look at two features at once.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const groupUnder = (folder: string) => (file: string) =>
  file.startsWith(folder) && !isTest(file) ? (file.slice(folder.length).split("/")[0] ?? null) : null;

const graph = importGraph(
  root,
  ["apps", "packages"].flatMap((group) => sourceFiles(join(root, group))),
);
const shown = (found: string[][]) => found.map((c) => describeCircle(root, c));

describe("import circles (decision 054)", () => {
  it("reads every kind of import and finds a circle (the check itself works)", () => {
    expect(
      importSpecifiers(`import a from "./a";
import type { B } from "./b";
import { type C, d } from "./c";
export * from "./e";
export { f } from "./f";
import "./g";
const h = () => import("./h");
// import x from "./comment";
/* import y from "./block"; */
const s = \`import z from "./template"\`;`),
    ).toEqual(["./a", "./b", "./c", "./e", "./f", "./g", "./h"]);
    const g = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
      ["d", new Set(["a"])],
    ]);
    expect(circles(g)).toEqual([["a", "b", "c", "a"]]);
    expect(
      circles(
        new Map([
          ["a", new Set(["b"])],
          ["b", new Set<string>()],
        ]),
      ),
    ).toEqual([]);
    const grouped = groupGraph(
      new Map([
        ["m1/x", new Set(["m2/y"])],
        ["m2/y", new Set(["m1/z"])],
        ["m1/z", new Set<string>()],
      ]),
      (f) => f.split("/")[0] ?? null,
    );
    expect(circles(grouped)).toEqual([["m1", "m2", "m1"]]);
    // The repository's own graph is read: the API's composition root imports the outbox.
    expect(graph.get(join(root, "apps/api/src/services.ts"))).toContain(
      join(root, "apps/api/src/modules/erp-outbox/service.ts"),
    );
    expect(graph.size).toBeGreaterThan(500);
  });

  it("no file imports itself through others", () => {
    expect(shown(circles(graph))).toEqual([]);
  });

  it("no API module imports itself through other modules (apps/api/src/modules/*)", () => {
    const modules = groupGraph(graph, groupUnder(join(root, "apps/api/src/modules/")));
    expect(modules.size).toBeGreaterThan(15);
    expect(circles(modules).map((c) => c.join(" → "))).toEqual([]);
  });

  it("no web feature imports itself through other features (apps/web/src/features/*)", () => {
    const features = groupGraph(graph, groupUnder(join(root, "apps/web/src/features/")));
    expect(features.size).toBeGreaterThan(10);
    expect(circles(features).map((c) => c.join(" → "))).toEqual([]);
  });

  it("no workspace package imports itself through another (apps/*, packages/*)", () => {
    const packages = groupGraph(graph, (file) => /\/(?:apps|packages)\/([^/]+)\//.exec(file)?.[1] ?? null);
    expect(circles(packages).map((c) => c.join(" → "))).toEqual([]);
  });
});
