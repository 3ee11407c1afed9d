/// <reference types="vitest/config" />
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/** Where the API listens in development (apps/api `src/server.ts`). Production serves both from one origin. */
const API_TARGET = "http://127.0.0.1:3000";

/**
 * Emits /service-worker.js (spec §1) with a version derived from the bundle's file names, so a deploy
 * with new code yields a new worker and the "Nueva versión disponible" question appears.
 */
function serviceWorker(): Plugin {
  return {
    name: "portal-service-worker",
    apply: "build",
    generateBundle(_options, bundle) {
      const version = createHash("sha256").update(Object.keys(bundle).sort().join("\n")).digest("hex").slice(0, 16);
      const template = readFileSync(new URL("./service-worker.js", import.meta.url), "utf8");
      this.emitFile({
        type: "asset",
        fileName: "service-worker.js",
        source: template.replace("__PORTAL_BUILD_VERSION__", version),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), serviceWorker()],
  server: {
    port: 5173,
    proxy: { "/api": { target: API_TARGET } },
  },
  preview: {
    port: 4173,
    proxy: { "/api": { target: API_TARGET } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Spec §9: lazy script chunks are served under static/js/ (the entry too, so one rule covers every script).
    assetsDir: "static",
    rolldownOptions: {
      output: {
        entryFileNames: "static/js/[name]-[hash].js",
        chunkFileNames: "static/js/[name]-[hash].js",
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith(".css"))
            ? "static/css/[name]-[hash][extname]"
            : "static/media/[name]-[hash][extname]",
      },
    },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    restoreMocks: true,
    // jsdom renders of whole Mantine screens take seconds on a 2-core machine; this is not a timing assertion.
    testTimeout: 20_000,
    unstubGlobals: true,
  },
});
