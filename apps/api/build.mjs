// Bundles the API and the workspace packages it uses into dist/server.mjs, and the demo seed step (src/seed.ts,
// decision 055) into dist/seed.mjs. Third-party packages stay
// external (PGlite, for one, loads its WebAssembly relative to its own files) and are resolved from
// node_modules at run time. The committed SQL migrations are copied beside the bundle.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: { server: "src/server.ts", seed: "src/seed.ts" },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  plugins: [
    {
      name: "externals-except-workspace",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@portal/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: "warning",
});
cpSync("../../packages/db/migrations", "dist/migrations", { recursive: true });
console.log("API compilada en apps/api/dist/server.mjs (y la siembra de demostración en apps/api/dist/seed.mjs)");
