import { defineConfig } from "vitest/config";

// Ceilings against a hang, not timing assertions (as in apps/api, packages/seed and packages/db, decision 050): these
// tests create PostgreSQL databases, open embedded PGlite clusters and spawn the simulator's CLI, which on a busy
// 2-core machine can take longer than vitest's default 5 s per test.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
