import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The API's bundle (apps/api/build.mjs) keeps every third-party package external and resolves it from
 * apps/api/node_modules at run time: a package that a workspace package imports but the API does not depend on
 * bundles fine and then fails to start (`ERR_MODULE_NOT_FOUND`). Every such import must be an API dependency.
 */
const raiz = join(__dirname, "..", "..", "..");
const dependencias = new Set(
  Object.keys(
    (JSON.parse(readFileSync(join(raiz, "apps/api/package.json"), "utf8")) as { dependencies: object }).dependencies,
  ),
);

function archivos(dir: string): string[] {
  return readdirSync(dir).flatMap((nombre) => {
    const ruta = join(dir, nombre);
    if (statSync(ruta).isDirectory()) return nombre === "node_modules" ? [] : archivos(ruta);
    return /\.(ts|tsx)$/.test(nombre) && !/\.(test|fixtures)\.tsx?$/.test(nombre) ? [ruta] : [];
  });
}

/** The package of a bare import: "csv-parse/sync" -> "csv-parse", "@scope/pkg/x" -> "@scope/pkg". */
const paquete = (especificador: string) =>
  especificador.startsWith("@") ? especificador.split("/").slice(0, 2).join("/") : (especificador.split("/")[0] ?? "");

describe("dependencias del paquete compilado", () => {
  it("every third-party package the API's code imports at run time is a dependency of @portal/api", () => {
    const faltan = new Set<string>();
    for (const dir of [
      "apps/api/src",
      "packages/db/src",
      "packages/erp-sim/src",
      "packages/seed/src",
      "packages/cfdi/src",
      "packages/contracts/src",
    ]) {
      for (const archivo of archivos(join(raiz, dir))) {
        // Value imports only: `import type` is erased by the bundler.
        for (const m of readFileSync(archivo, "utf8").matchAll(/^import (?!type )[^;]*?from "([^"]+)";/gms)) {
          const spec = m[1] as string;
          if (spec.startsWith(".") || spec.startsWith("node:") || spec.startsWith("@portal/")) continue;
          // CLI entry points and test helpers of the packages are not part of the API's bundle.
          if (/\/(cli|seed\/.*\.test)\//.test(archivo) || archivo.endsWith("testing.ts")) continue;
          if (!dependencias.has(paquete(spec))) faltan.add(`${paquete(spec)} (${archivo.slice(raiz.length + 1)})`);
        }
      }
    }
    expect([...faltan]).toEqual([]);
  });
});
