import { describe, expect, it } from "vitest";
import { parseRule, planRename } from "./rename";
import { parseSource } from "./sources";

const SOURCE = [
  "// puedeReintentar: a comment stays",
  "const puedeReintentar = (x: number): boolean => x > 0; // — non-ASCII before the next line",
  "export function f(puedeReintentar: boolean) {",
  '  const o = { puedeReintentar, otro: "puedeReintentar" };',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source under test holds a template literal
  "  return `${o.puedeReintentar} puedeReintentar`;",
  "}",
  "const el = <Boton puedeReintentar={true}>puedeReintentar</Boton>;",
].join("\n");

describe("rename over parsed sources (docs/code-style.md)", () => {
  it("replaces identifier tokens only: never comments, strings, template text or JSX text", () => {
    const plan = planRename([parseSource("a.tsx", SOURCE)], [parseRule("puedeReintentar=canRetry")]);
    expect(plan.conflicts).toEqual([]);
    expect(plan.changes.get("a.tsx")).toBe(
      [
        "// puedeReintentar: a comment stays",
        "const canRetry = (x: number): boolean => x > 0; // — non-ASCII before the next line",
        "export function f(canRetry: boolean) {",
        '  const o = { canRetry, otro: "puedeReintentar" };',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the expected source holds a template literal
        "  return `${o.canRetry} puedeReintentar`;",
        "}",
        "const el = <Boton canRetry={true}>puedeReintentar</Boton>;",
      ].join("\n"),
    );
    // The declaration, the parameter, the shorthand property (one token), the member and the JSX attribute.
    expect([...plan.counts.values()]).toEqual([5]);
  });

  it("refuses a file where the new name already exists, and changes nothing there", () => {
    const source = parseSource("b.ts", "const esX = 1; const isX = 2; export { esX, isX };");
    const plan = planRename([source], [parseRule("esX=isX")]);
    expect(plan.conflicts).toEqual([{ path: "b.ts", rule: { from: "esX", to: "isX" } }]);
    expect(plan.changes.size).toBe(0);
  });

  it("applies the rule with the longest path prefix to a file, and a scoped rule only under its path", () => {
    const a = parseSource("apps/api/x.ts", "const quitar = 1;");
    const b = parseSource("apps/web/y.ts", "const quitar = 2;");
    const plan = planRename([a, b], ["quitar=remove", "quitar=liftBlock@apps/web/"].map(parseRule));
    expect(plan.changes.get("apps/api/x.ts")).toBe("const remove = 1;");
    expect(plan.changes.get("apps/web/y.ts")).toBe("const liftBlock = 2;");
  });

  it("refuses rules that are not identifier pairs", () => {
    expect(() => parseRule("a-b=c")).toThrow(/Regla no válida/);
    expect(() => parseRule("a=")).toThrow(/Regla no válida/);
    expect(parseRule("a=b@apps/")).toEqual({ from: "a", to: "b", under: "apps/" });
  });
});
