import { describe, expect, it } from "vitest";
import { budgetViolations, FIRST_SCREEN_BUDGET, type Manifest, routeReports, staticClosure } from "./budget";

// A small manifest shaped as Vite writes it: an entry with a shared chunk, two first screens and a heavy route.
const manifest: Manifest = {
  "index.html": {
    file: "static/js/index-a.js",
    isEntry: true,
    imports: ["_react-b.js"],
    dynamicImports: ["src/routes/landing.lazy.tsx", "src/routes/login.lazy.tsx", "src/routes/pedidos.lazy.tsx"],
    css: ["static/css/index-a.css"],
  },
  "_react-b.js": { file: "static/js/react-b.js" },
  "_table-c.js": { file: "static/js/table-c.js", css: ["static/css/table-c.css"] },
  "_zod-d.js": { file: "static/js/zod-d.js" },
  "src/routes/landing.lazy.tsx": {
    file: "static/js/landing-e.js",
    isDynamicEntry: true,
    imports: ["_react-b.js"],
    // Loaded later, not part of the screen.
    dynamicImports: ["_zod-d.js"],
  },
  "src/routes/login.lazy.tsx": { file: "static/js/login-f.js", isDynamicEntry: true, imports: ["_zod-d.js"] },
  "src/routes/pedidos.lazy.tsx": {
    file: "static/js/pedidos-g.js",
    isDynamicEntry: true,
    imports: ["_table-c.js", "_react-b.js"],
  },
};
const sizes: Record<string, number> = {
  "static/js/index-a.js": 10_000,
  "static/css/index-a.css": 5_000,
  "static/js/react-b.js": 50_000,
  "static/js/table-c.js": 20_000,
  "static/css/table-c.css": 3_000,
  "static/js/zod-d.js": 70_000,
  "static/js/landing-e.js": 2_000,
  "static/js/login-f.js": 4_000,
  "static/js/pedidos-g.js": 6_000,
};
// gzip = the figure above, brotli 80% of it, raw 4x.
const size = (file: string) => {
  const gzip = sizes[file];
  if (gzip === undefined) throw new Error(file);
  return { raw: gzip * 4, gzip, br: gzip * 0.8 };
};

describe("first-screen budget calculator", () => {
  it("follows static imports and CSS, never dynamic imports", () => {
    const landing = staticClosure(manifest, "src/routes/landing.lazy.tsx");
    expect([...landing.js].sort()).toEqual(["static/js/landing-e.js", "static/js/react-b.js"]);
    const pedidos = staticClosure(manifest, "src/routes/pedidos.lazy.tsx");
    expect([...pedidos.css]).toEqual(["static/css/table-c.css"]);
  });

  it("sums entry + route, and what each route adds over the entry", () => {
    const reports = routeReports(manifest, size);
    expect(reports.map((r) => r.route)).toEqual([
      "(entrada)",
      "src/routes/landing.lazy.tsx",
      "src/routes/login.lazy.tsx",
      "src/routes/pedidos.lazy.tsx",
    ]);
    const [entrada, landing, login, pedidos] = reports;
    expect(entrada?.total.js.gzip).toBe(60_000);
    expect(entrada?.total.css.gzip).toBe(5_000);
    expect(landing?.total.js).toEqual({ raw: 248_000, gzip: 62_000, br: 49_600 });
    expect(landing?.added.js.gzip).toBe(2_000);
    expect(landing?.added.files).toBe(1);
    expect(login?.total.js.gzip).toBe(134_000);
    expect(pedidos?.added.js.gzip).toBe(26_000);
    expect(pedidos?.added.css.gzip).toBe(3_000);
    expect(pedidos?.total.css.gzip).toBe(8_000);
  });

  it("fails the routes over budget and only those", () => {
    const reports = routeReports(manifest, size);
    expect(budgetViolations(reports, { ...FIRST_SCREEN_BUDGET, jsGzip: 150_000 })).toEqual([]);
    const violations = budgetViolations(reports);
    expect(violations).toEqual(["src/routes/login.lazy.tsx: 134.0 KB de JavaScript (gzip) > 120.0 KB"]);
    expect(budgetViolations(reports, { ...FIRST_SCREEN_BUDGET, cssGzip: 4_000 })).toHaveLength(3);
  });

  it("enforces brotli JavaScript, gzip JavaScript and gzip CSS each on its own", () => {
    const reports = routeReports(manifest, size);
    // login: 134,000 gzip, 107,200 brotli.
    expect(budgetViolations(reports, { ...FIRST_SCREEN_BUDGET, jsBr: 100_000, jsGzip: 200_000 })).toEqual([
      "src/routes/login.lazy.tsx: 107.2 KB de JavaScript (brotli) > 100.0 KB",
    ]);
    expect(budgetViolations(reports, { ...FIRST_SCREEN_BUDGET, jsBr: 200_000, jsGzip: 130_000 })).toEqual([
      "src/routes/login.lazy.tsx: 134.0 KB de JavaScript (gzip) > 130.0 KB",
    ]);
    expect(FIRST_SCREEN_BUDGET).toMatchObject({ jsBr: 120_000, jsGzip: 120_000, cssGzip: 40_000 });
  });
});
