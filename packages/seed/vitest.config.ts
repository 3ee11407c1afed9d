import { defineConfig } from "vitest/config";

// Ceilings against a hang, not timing assertions (as in apps/api): every test file here creates a PostgreSQL database
// and seeds the whole demo into it, twice for the idempotence check, which on a busy 2-core machine takes longer than
// vitest's default 5 s per test (decision 050).
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
