#!/usr/bin/env node
// `npm test`: installs, provides PostgreSQL, Chromium and xsltproc, then runs every check — lint, typecheck, build,
// unit and API integration tests (vitest, real PostgreSQL) and the e2e suite (Playwright + Chromium) —
// and ends with the line `N passed, N failed`. CI runs exactly this (.ci/run).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root } from "./lib/root.mjs";
import { createDatabase, dropDatabases, ensureChromium, ensurePostgres, ensureXsltproc } from "./lib/services.mjs";
import { ensurePnpm, runPnpm, toolEnv } from "./pnpm.mjs";

const started = Date.now();
const reports = join(root, "reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const results = []; // { stage, passed, failed, seconds }
let stageStarted = Date.now();
/** A stage's figures; its seconds since the previous stage ended, unless it ran beside others and says its own. */
const record = (stage, passed, failed, ownSeconds) => {
  const seconds = ownSeconds ?? Math.round((Date.now() - stageStarted) / 1000);
  stageStarted = Date.now();
  results.push({ stage, passed, failed, seconds });
  console.log(`\n[test] ${stage}: ${passed} passed, ${failed} failed\n`);
};
const finish = (code) => {
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  console.log("\n[test] Resumen por etapa:");
  for (const r of results) {
    console.log(`  ${r.stage.padEnd(28)} ${`${r.passed} passed, ${r.failed} failed`.padEnd(22)} ${r.seconds} s`);
  }
  console.log(`[test] duración: ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(code ?? (failed > 0 ? 1 : 0));
};

const pnpm = ensurePnpm();
const exec = (args, opts = {}) =>
  spawnSync(process.execPath, [pnpm, ...args], { stdio: "inherit", cwd: root, ...opts, env: toolEnv(opts.env) })
    .status ?? 1;
/**
 * `exec` beside other commands: its output is held and written in one piece when it ends, so two commands running
 * at once never interleave their lines. Resolves with the exit status and the seconds it took.
 */
const execHeld = (args, opts = {}) =>
  new Promise((resolve) => {
    const t0 = Date.now();
    const chunks = [];
    const child = spawn(process.execPath, [pnpm, ...args], {
      cwd: root,
      ...opts,
      env: toolEnv(opts.env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (c) => chunks.push(c));
    child.stderr.on("data", (c) => chunks.push(c));
    const done = (status) => {
      process.stdout.write(Buffer.concat(chunks));
      resolve({ status, seconds: Math.round((Date.now() - t0) / 1000) });
    };
    child.on("error", () => done(1));
    child.on("close", (code) => done(code ?? 1));
  });

// 1. Install (frozen: CI must build exactly what the lockfile says).
if (runPnpm(["install", "--frozen-lockfile"]) !== 0) {
  record("install", 0, 1);
  finish(1);
}

// 2. Real components.
const serverUrl = await ensurePostgres(root);
const chromium = ensureChromium();
// Without xsltproc only packages/cfdi's differential test fails (it does not skip); the rest still runs.
ensureXsltproc();
if (!serverUrl || !chromium) {
  record("servicios (PostgreSQL, Chromium)", 0, 1);
  finish(1);
}
stageStarted = Date.now();
const runId = `portal_run_${Date.now().toString(36)}`;
const runDbUrl = await createDatabase(root, serverUrl, runId);
const testEnv = {
  TEST_DATABASE_URL: runDbUrl,
  TEST_DB_PREFIX: `${runId}_t`,
  // Test databases are copies of templates built once per run (packages/db/src/testing.ts).
  TEST_DB_TEMPLATES: "1",
  CHROMIUM_PATH: chromium,
  CI: process.env.CI ?? "",
};
console.log(`[test] PostgreSQL: base de datos ${runId}; Chromium: ${chromium}`);

try {
  // 3. Lint and format (one tool for the whole workspace).
  record("lint (biome)", ...(exec(["exec", "biome", "check", "."]) === 0 ? [1, 0] : [0, 1]));

  // 4. Typecheck every package.
  const packages = [
    "packages/contracts",
    "packages/erp",
    "packages/cfdi",
    "packages/db",
    "packages/erp-sim",
    "packages/seed",
    "apps/api",
    "apps/web",
    "apps/e2e",
    "tooling",
  ];
  for (const dir of packages) {
    const ok = exec(["exec", "tsc", "-p", "tsconfig.json"], { cwd: join(root, dir) }) === 0;
    record(`typecheck ${dir}`, ok ? 1 : 0, ok ? 0 : 1);
  }

  // 5. Build (the e2e suite runs the production build).
  const built = exec(["exec", "turbo", "run", "build", "--filter=@portal/api", "--filter=@portal/web"]) === 0;
  record("build", built ? 1 : 0, built ? 0 : 1);

  // 6. Unit and API integration tests. The packages' suites are small and mostly wait on one process each
  // (xsltproc, openssl, PostgreSQL): two lanes run side by side; the API and web suites use both cores alone.
  const vitestRun = (dir) => {
    const out = join(reports, `vitest-${dir.replace("/", "-")}.json`);
    const args = ["exec", "vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`];
    return { out, args, opts: { cwd: join(root, dir), env: testEnv } };
  };
  const recordVitest = (dir, out, seconds) => {
    if (existsSync(out)) {
      const r = JSON.parse(readFileSync(out, "utf8"));
      const failedSuites = (r.testResults ?? []).filter(
        (s) => s.status === "failed" && s.assertionResults.length === 0,
      );
      record(
        `vitest ${dir}`,
        r.numPassedTests,
        r.numFailedTests + failedSuites.length + (r.numPendingTests ?? 0),
        seconds,
      );
    } else {
      record(`vitest ${dir}`, 0, 1, seconds);
    }
  };
  const lane = async (dirs) => {
    const ran = [];
    for (const dir of dirs) {
      const { out, args, opts } = vitestRun(dir);
      const { seconds } = await execHeld(args, opts);
      ran.push({ dir, out, seconds });
    }
    return ran;
  };
  const lanes = await Promise.all([
    lane(["packages/cfdi", "packages/erp-sim", "packages/contracts"]),
    lane(["packages/db", "packages/seed"]),
  ]);
  for (const { dir, out, seconds } of lanes.flat()) recordVitest(dir, out, seconds);
  for (const dir of ["apps/api", "apps/web", "tooling"]) {
    const { out, args, opts } = vitestRun(dir);
    const t0 = Date.now();
    exec(args, opts);
    recordVitest(dir, out, Math.round((Date.now() - t0) / 1000));
  }

  // 7. End to end in Chromium against the production build.
  /** Runs Playwright with `args` and records its figures under `name`. */
  const playwright = (name, file, args, env) => {
    const out = join(reports, file);
    exec(["exec", "playwright", "test", ...args], {
      cwd: join(root, "apps/e2e"),
      env: { ...testEnv, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    });
    if (existsSync(out)) {
      const report = JSON.parse(readFileSync(out, "utf8"));
      const s = report.stats ?? {};
      const passed = (s.expected ?? 0) + (s.flaky ?? 0);
      // A server that does not start, or a spec that does not load, runs no test at all: that is a failure too.
      const errors = (report.errors ?? []).length;
      const failed = (s.unexpected ?? 0) + (s.skipped ?? 0) + errors;
      record(name, passed, passed + failed === 0 ? 1 : failed);
    } else {
      record(name, 0, 1);
    }
  };
  if (built) {
    playwright("e2e (Playwright)", "e2e.json", [], { E2E_DATABASE_URL: runDbUrl });
    // The whole cycle once more through the real Service Layer adapter (issue 24): a server with
    // ERP_ADAPTER=service-layer and its bundled simulator, on a database of its own.
    const slDbUrl = await createDatabase(root, serverUrl, `${runId}_sl`);
    playwright("e2e con Service Layer (Playwright)", "e2e-sl.json", ["pagos.spec.ts", "-g", "the whole cycle"], {
      E2E_DATABASE_URL: slDbUrl,
      E2E_ERP_ADAPTER: "service-layer",
      E2E_PORT: "3300",
    });
  } else {
    record("e2e (Playwright)", 0, 1);
    record("e2e con Service Layer (Playwright)", 0, 1);
  }
} finally {
  await dropDatabases(root, serverUrl, runId).catch((e) => console.error("[test] no se pudo limpiar:", e.message));
  // The run's PGlite templates (apps/api/test/pglite-demo.ts), named by its TEST_DB_PREFIX.
  const pgliteTemplates = join(tmpdir(), "portal-pglite-plantillas");
  if (existsSync(pgliteTemplates)) {
    for (const name of readdirSync(pgliteTemplates)) {
      if (name.startsWith(testEnv.TEST_DB_PREFIX))
        rmSync(join(pgliteTemplates, name), { recursive: true, force: true });
    }
  }
}
finish();
