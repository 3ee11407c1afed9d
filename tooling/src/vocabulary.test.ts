import { describe, expect, it } from "vitest";
import { parseSource, readSource, sourceFiles } from "./sources";
import { vocabularyBreach, vocabularyFindings, WIRE_NAMES } from "./vocabulary";
import { inSentenceScope, literalSentences, SENTENCE_FILES_PENDING } from "./vocabulary-sentences";

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

describe("the messages rule (issue 38 step 5): the API's services spell no sentence", () => {
  const scoped = sourceFiles().filter(inSentenceScope);
  const pending = (path: string) => SENTENCE_FILES_PENDING.some((p) => path.startsWith(p));

  it("holds over apps/api/src/modules: every sentence a user reads is in @portal/contracts", () => {
    expect(scoped.length).toBeGreaterThan(100);
    expect(scoped).toContain("apps/api/src/modules/facturas/review.ts");
    const findings = scoped.filter((path) => !pending(path)).flatMap((path) => literalSentences(readSource(path)));
    expect(findings.map((f) => `${f.path}:${f.line} ${f.text}`)).toEqual([]);
  }, 60_000);

  it("sets apart files that exist (issue 39 moves their sentences)", () => {
    for (const prefix of SENTENCE_FILES_PENDING) {
      expect(
        scoped.some((path) => path.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it("finds sentences in strings and templates, and leaves logs, SQL, labels, wire values and comments", () => {
    const source = parseSource(
      "apps/api/src/modules/muestra/service.ts",
      [
        'throw new NotFound("La factura no existe.");',
        `const m = (u: string) => \`Ya existe un empleado con el usuario \${u}.\`;`,
        'const q = "¿Quieres actualizar la versión?";',
        'warn(error, "falló la tarea programada de prueba");',
        `const s = sql\`Select x from facturas where id = \${1}\`;`,
        'const a = "En curso", b = "Notas de crédito pendientes", c = "recordatorios-documentos";',
        "// const d = 'La sociedad no existe.';",
      ].join("\n"),
    );
    expect(literalSentences(source).map((f) => [f.line, f.text])).toEqual([
      [1, "La factura no existe."],
      [2, "Ya existe un empleado con el usuario …."],
      [3, "¿Quieres actualizar la versión?"],
    ]);
    expect(inSentenceScope("apps/api/src/modules/facturas/review.ts")).toBe(true);
    expect(inSentenceScope("apps/api/src/modules/tareas/programa.test.ts")).toBe(false);
    expect(inSentenceScope("apps/api/src/erp/service-layer/client-errors.ts")).toBe(false);
  });
});
