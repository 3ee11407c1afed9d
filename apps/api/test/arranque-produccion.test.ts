import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { schema } from "@portal/db";
import { createTestDatabase, type TestDatabase } from "@portal/db/testing";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { seedDemoStep } from "../src/demo-seed";

/**
 * Issue 38, step 4 (decision 055): the production app boots as production. `buildApp` reads as the list of what a
 * production process needs: it neither seeds the demo nor loads the simulated ERP; the demo seed is a step of its
 * own (src/demo-seed.ts), and the simulated ERP is imported only by the configuration that runs it (services.ts,
 * startErp).
 */
const src = join(import.meta.dirname, "..", "src");

/** The relative files a file imports with a static value import or re-export (`import type` is erased). */
function staticImports(file: string): { relative: string[]; packages: string[] } {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/^(?:import|export) (?!type )[^;]*?from "([^"]+)";/gms)].map((m) => m[1] as string);
  const relative = specs
    .filter((s) => s.startsWith("."))
    .map((s) => {
      const base = resolve(dirname(file), s);
      return [`${base}.ts`, join(base, "index.ts")].find((candidate) => existsSync(candidate)) ?? base;
    });
  return { relative, packages: specs.filter((s) => !s.startsWith(".")) };
}

/** Every file reachable from `entry` through static imports, with the workspace packages each imports. */
function reachable(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    const { relative, packages } = staticImports(file);
    seen.set(file, packages);
    pending.push(...relative);
  }
  return seen;
}

describe("the production process's static imports", () => {
  const demoOnly = /^@portal\/(seed|erp-sim)(\/|$)/;
  const offenders = (entry: string) =>
    [...reachable(join(src, entry))].flatMap(([file, packages]) =>
      packages.filter((p) => demoOnly.test(p)).map((p) => `${file.slice(src.length + 1)} → ${p}`),
    );

  it("buildApp (app.ts) reaches neither the demo seed nor the simulated ERP", () => {
    const files = reachable(join(src, "app.ts"));
    // The walk does follow the app's imports (a wrong path would make it vacuous).
    expect(files.size).toBeGreaterThan(100);
    expect([...files.keys()]).toContain(join(src, "services.ts"));
    expect(offenders("app.ts")).toEqual([]);
  });

  it("server.ts loads the seed step only when SEED_DEMO asks (a dynamic import), and nothing else of the demo", () => {
    expect(offenders("server.ts")).toEqual([]);
    expect(readFileSync(join(src, "server.ts"), "utf8")).toMatch(
      /if \(config\.SEED_DEMO\) await \(await import\("\.\/demo-seed"\)\)\.seedDemoStep\(/,
    );
  });
});

describe("seedDemoStep", () => {
  let tdb: TestDatabase | undefined;
  afterAll(async () => {
    await tdb?.drop();
  });

  it("seeds the demo once when several processes run it at once, and a later run writes nothing", async () => {
    tdb = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: "test",
      DATABASE_URL: tdb.url,
      APP_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64"),
      DB_POOL_MAX: "2",
    });
    const clock = () => new Date("2026-11-21T12:00:00.000Z");
    const rows = async () => {
      const db = tdb!.db;
      const n = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n;
      return {
        empleados: await n(db.select({ n: count() }).from(schema.empleados)),
        sociedades: await n(db.select({ n: count() }).from(schema.sociedades)),
        proveedores: await n(db.select({ n: count() }).from(schema.proveedores)),
        facturas: await n(db.select({ n: count() }).from(schema.facturas)),
      };
    };
    expect((await rows()).empleados).toBe(0);
    await Promise.all([1, 2].map(() => seedDemoStep(config, clock)));
    const seeded = await rows();
    expect(seeded).toMatchObject({ empleados: 3, sociedades: 4, proveedores: 3 });
    expect(seeded.facturas).toBeGreaterThan(0);
    await seedDemoStep(config, clock);
    expect(await rows()).toEqual(seeded);
  }, 120_000);
});
