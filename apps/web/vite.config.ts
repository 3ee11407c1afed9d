/// <reference types="vitest/config" />
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { configDefaults } from "vitest/config";
import {
  budgetViolations,
  FIRST_SCREEN_BUDGET,
  formatReports,
  kb,
  type Manifest,
  precompress,
  routeReports,
} from "./build-tools/budget.ts";
import { filesMockingModules } from "./build-tools/test-projects.ts";
import { themeVariablesCss } from "./build-tools/theme-css.ts";

/**
 * Mantine's toast store without its package index (which also pulls the toast component, its transitions and
 * scroll lock into the first screen). The component loads with the first toast (components/notifications-host);
 * both resolve to the same store module, so there is one store. The package exports no deep paths, hence
 * the alias to the file itself (decision 017).
 */
const NOTIFICATIONS_STORE = join(
  dirname(createRequire(import.meta.url).resolve("@mantine/notifications")),
  "..",
  "esm",
  "notifications.store.mjs",
);

/** Test files that mock a module: they run in the isolated `dom-mocks` project (build-tools/test-projects.ts). */
const MOCKING_FILES = filesMockingModules(dirname(fileURLToPath(import.meta.url)), ["src", "build-tools"]);

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

/**
 * `virtual:portal-theme.css`: the theme's CSS variables computed from src/theme.ts at build time, so the first
 * screen, which has no Mantine JavaScript, is styled with them from the first paint (decision 017).
 */
function themeVariables(): Plugin {
  const id = "virtual:portal-theme.css";
  const resolved = `\0${id}`;
  return {
    name: "portal-theme-variables",
    resolveId: (source) => (source === id ? resolved : undefined),
    load: (loading) => (loading === resolved ? themeVariablesCss() : undefined),
  };
}

/**
 * After the bundle is written: brotli and gzip files next to every text asset (served by the API with
 * `preCompressed`), the compressed JS/CSS each route loads (from the manifest), and a failed build when the
 * landing or login screen is over its budget (decision 017).
 */
function compressedBudget(): Plugin {
  let outDir = "dist";
  return {
    name: "portal-compressed-budget",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir.startsWith("/") ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      handler() {
        const sizes = precompress(outDir);
        const manifest = JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;
        const reports = routeReports(manifest, (file) => {
          const s = sizes.get(file);
          if (!s) throw new Error(`Sin tamaño comprimido de ${file}`);
          return s;
        });
        console.log(
          `\n[presupuesto] JS y CSS comprimidos por ruta (entrada + ruta; propio = lo que añade la ruta)\n${formatReports(reports)}`,
        );
        const violations = budgetViolations(reports);
        if (violations.length > 0) {
          throw new Error(`Presupuesto de la primera pantalla excedido:\n  ${violations.join("\n  ")}`);
        }
        console.log(
          `[presupuesto] landing y login dentro del límite (JS ${kb(FIRST_SCREEN_BUDGET.jsBr)} brotli y ${kb(FIRST_SCREEN_BUDGET.jsGzip)} gzip; CSS ${kb(FIRST_SCREEN_BUDGET.cssGzip)} gzip)`,
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), themeVariables(), serviceWorker(), compressedBudget()],
  resolve: { alias: { "portal:notifications-store": NOTIFICATIONS_STORE } },
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
    // Read by the budget check (compressedBudget above): which files each route loads.
    manifest: true,
    // Spec §9: lazy script chunks are served under static/js/ (the entry too, so one rule covers every script).
    assetsDir: "static",
    rolldownOptions: {
      output: {
        // Fewer, larger files compress better (decision 017): everything the entry loads statically is one chunk,
        // and Mantine's text inputs (the login's fields, shared by every form) another, instead of a file each.
        codeSplitting: {
          groups: [
            { name: "inicio", tags: ["$initial"] },
            {
              name: "acceso",
              test: /@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput|ActionIcon)[\\/]/,
            },
          ],
        },
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
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // jsdom renders of whole Mantine screens take seconds on a 2-core machine; this is not a timing assertion.
    testTimeout: 20_000,
    // Every core: vitest's default for `vitest run` (cores - 1) is a single worker on a 2-core machine, and the
    // main process is mostly idle while the workers run (decision 043: 207 s with one worker, 139 s with two).
    maxWorkers: availableParallelism(),
    // Three projects, chosen by what the file says (build-tools/test-projects.ts; docs/code-style.md, "Tests";
    // decisions 043 and 052):
    // - `logic`: `*.test.ts`, pure functions in Node, no DOM;
    // - `dom`: `*.test.tsx`, whatever renders or needs `window`/`document`, in jsdom;
    // - `dom-mocks`: the files that mock a module (`vi.mock`), in jsdom with a fresh module graph per file.
    // `logic` and `dom` run without per-file isolation: a worker imports React, Mantine, the router and the screens
    // once, not once per file (decision 052); `src/test/setup.ts` resets what a file could leave behind.
    // A `.test.ts` that needs the DOM fails in `logic` (`document is not defined`): rename it to `.test.tsx`.
    projects: [
      {
        extends: true,
        test: {
          name: "logic",
          include: ["src/**/*.test.ts", "build-tools/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...MOCKING_FILES],
          environment: "node",
          isolate: false,
          setupFiles: ["./src/test/setup-logic.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          include: ["src/**/*.test.tsx", "build-tools/**/*.test.tsx"],
          exclude: [...configDefaults.exclude, ...MOCKING_FILES],
          environment: "jsdom",
          isolate: false,
          setupFiles: ["./src/test/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "dom-mocks",
          // An empty list would fall back to every test file.
          include: MOCKING_FILES.length > 0 ? MOCKING_FILES : ["no-file-mocks-a-module"],
          environment: "jsdom",
          setupFiles: ["./src/test/setup.ts"],
        },
      },
    ],
  },
});
