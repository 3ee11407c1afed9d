import { defineConfig } from "vitest/config";

/**
 * Three projects (issue 38, decision 053), run together in one pool and reported as one run (one JSON under
 * `npm test`); `vitest run --project <name>` runs one of them:
 * - unit: no database, no process — the modules' own tests, the pure parts of test/;
 * - system: files that start real processes or servers and wait on them (the cluster behind HAProxy, the supervisor,
 *   a database cut by a TCP proxy, `pg_sleep`, an SMTP server, the Service Layer app, slow uploads);
 * - integration: everything else under test/ — the app on a real PostgreSQL database of its own per file.
 * unit and system files run isolated (a fresh module graph per file: fake timers, a stubbed environment, child
 * processes); integration files share their worker's imports.
 */
const UNIT = [
  "src/**/*.test.ts",
  "bench/**/*.test.ts",
  "test/dependencias.test.ts",
  "test/circulos-importacion.test.ts",
  "test/documentacion-erp.test.ts",
  "test/ops.test.ts",
  "test/reloj-fuentes.test.ts",
  "test/service-layer-monedas-codigos.test.ts",
  "test/sl-aprobaciones-unidad.test.ts",
];
const SYSTEM = [
  "test/cluster*.test.ts",
  "test/supervisor.test.ts",
  "test/disponibilidad.test.ts",
  "test/correo-procesos.test.ts",
  "test/carga-lenta.test.ts",
  "test/service-layer-app.test.ts",
];

export default defineConfig({
  test: {
    // Ceilings against a hang, not timing assertions: on a busy 2-core machine a test file's database copy and its
    // first requests take longer than vitest's default 10 s hook limit.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vitest's default on 2 cores is one worker (cores - 1): the files ran one after another while most of each
    // file's time is spent waiting on PostgreSQL, on a child process or on a socket. Four files at a time keep both
    // cores busy (measured in decision 053); `--maxWorkers` on the command line still overrides it.
    maxWorkers: 4,
    projects: [
      { extends: true, test: { name: "unit", include: UNIT } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/**/*.test.ts"],
          exclude: [...UNIT, ...SYSTEM],
          // A worker runs its files one after another on the modules it already imported (the app, the simulator,
          // the CFDI tools): importing them again for every file cost more than a third of a file's time. Each file
          // still has its own database and its own app; none of these files changes process.env or the timers.
          isolate: false,
        },
      },
      { extends: true, test: { name: "system", include: SYSTEM } },
    ],
  },
});
