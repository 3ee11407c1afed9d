import { defineConfig } from "vitest/config";

// Ceilings against a hang, not timing assertions: the property tests and the xsltproc/openssl comparisons take
// seconds on a busy 2-core machine (speed figures live in bench/).
export default defineConfig({
  test: {
    testTimeout: 30_000,
  },
});
