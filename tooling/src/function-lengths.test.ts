import { describe, expect, it } from "vitest";
import { functionLengths } from "./function-lengths";
import { parseSource } from "./sources";

describe("function lengths (issue 38 step 3's report)", () => {
  it("measures each function from its first line to its last and names it by its declaration", () => {
    const text = [
      "export function uno() {",
      "  return 1;",
      "}",
      "const dos = () => {",
      "  const tres = function () { return 3; };",
      "  return tres();",
      "};",
      "const o = { cuatro() { return 4; } };",
    ].join("\n");
    const found = functionLengths(parseSource("a.ts", text)).map((f) => [f.name, f.line, f.lines]);
    expect(found).toEqual([
      ["uno", 1, 3],
      ["dos", 4, 4],
      ["tres", 5, 1],
      ["cuatro", 8, 1],
    ]);
  });
});
