import { defineConfig } from "vitest/config";

// Ceilings against a hang, not timing assertions: each test file creates and seeds its own PostgreSQL database,
// which on a busy 2-core machine takes longer than vitest's default 10 s hook limit.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
