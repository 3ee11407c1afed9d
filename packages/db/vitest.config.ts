import { defineConfig } from "vitest/config";

// Ceilings against a hang, not timing assertions (as in apps/api and packages/seed, decision 050): these tests create
// PostgreSQL databases, open embedded PGlite clusters and spawn processes. On a busy 2-core machine (the db lane runs
// beside the cfdi lane in `npm test`) one of them outlived vitest's default 5 s per test in CI at stop 49.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
