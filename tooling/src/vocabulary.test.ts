import { describe, expect, it } from "vitest";
import { parseSource, readSource, sourceFiles } from "./sources";
import { vocabularyBreach, vocabularyFindings, WIRE_NAMES } from "./vocabulary";

describe("the vocabulary rule (docs/code-style.md, issue 38)", () => {
  it("holds over every source of the repository: no Spanish verb or predicate heads a declared name", () => {
    const files = sourceFiles();
    // The walk finds the tree (a broken walk would find nothing and pass).
    expect(files.length).toBeGreaterThan(500);
    expect(files).toContain("apps/api/src/app.ts");
    expect(files).toContain("apps/web/src/main.tsx");
    const findings = files.flatMap((path) => vocabularyFindings(readSource(path)));
    expect(findings.map((f) => `${f.path}:${f.line} ${f.name} (${f.why})`)).toEqual([]);
    // A ceiling against a hang, not a timing assertion: parsing the whole tree takes 1–2 s alone, more on a busy
    // 2-core machine than vitest's default 5 s.
  }, 60_000);

  it("finds Spanish predicates and verbs heading variables, functions, parameters and fields", () => {
    const source = parseSource(
      "muestra.tsx",
      [
        "const esProveedor = true;",
        "function puedeReintentar(hayDescuento: boolean) { return hayDescuento; }",
        "const crearFactura = async () => 1;",
        "interface Kit { construir(): void; tieneFilas: boolean }",
        "const o = { guardar() {}, obtenerPagos: () => [] };",
      ].join("\n"),
    );
    expect(vocabularyFindings(source).map((f) => [f.name, f.kind, f.why, f.line])).toEqual([
      ["esProveedor", "variable", "predicado", 1],
      ["puedeReintentar", "function", "predicado", 2],
      ["hayDescuento", "parameter", "predicado", 2],
      ["crearFactura", "variable", "verbo", 3],
      ["construir", "field", "verbo", 4],
      ["tieneFilas", "field", "predicado", 4],
      ["guardar", "field", "verbo", 5],
      ["obtenerPagos", "field", "verbo", 5],
    ]);
  });

  it("leaves English heads with the spec's nouns, words that merely start alike, and text alone", () => {
    const source = parseSource(
      "muestra.tsx",
      [
        'const isProveedor = (s: string) => s === "esProveedor";',
        "const createFactura = 1, estatus = 'A', establishment = 2, estimate = 3, tomorrow = 4;",
        "// const crearFactura = 2;",
        "const el = <p>guardar</p>;",
      ].join("\n"),
    );
    expect(vocabularyFindings(source).map((f) => f.name)).toEqual([]);
  });

  it("allows the call registry's wire names and the schemas named after them", () => {
    expect(WIRE_NAMES).toContain("renovarSesion");
    expect(WIRE_NAMES).toContain("reintentarErp");
    expect(vocabularyBreach("renovarSesion")).toBeNull();
    expect(vocabularyBreach("reintentarErpRequestSchema")).toBeNull();
    expect(vocabularyBreach("reintentarErpNotaCreditoAnswerSchema")).toBeNull();
    // A wire name's prefix is not a licence for any name that starts alike.
    expect(vocabularyBreach("reintentarErpnow")).toBe("verbo");
    expect(vocabularyBreach("guardar")).toBe("verbo");
  });
});
