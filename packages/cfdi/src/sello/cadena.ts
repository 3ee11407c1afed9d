/**
 * The cadena original of a comprobante and of its stamp, computed with the SAT's own stylesheets
 * shipped in sat/xslt (see src/xslt/ for the interpreter). Compiled programs are cached for the
 * life of the process: compiling the CFDI 4.0 stylesheet and its 33 complements takes milliseconds,
 * running it over a 5 KB invoice takes microseconds.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SAT_NS } from "../cfdi";
import type { XmlElement } from "../xml";
import { compileStylesheet, type XsltProgram } from "../xslt";

const SAT_XSLT_BASE = "www.sat.gob.mx/sitio_internet/cfd";

/** Stylesheet of each document kind, relative to sat/xslt/www.sat.gob.mx/sitio_internet/cfd. */
export const CADENA_STYLESHEETS = {
  cfdi40: "4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt",
  cfdi33: "3/cadenaoriginal_3_3/cadenaoriginal_3_3.xslt",
  tfd11: "TimbreFiscalDigital/cadenaoriginal_TFD_1_1.xslt",
} as const;

let dataDir: string | undefined;

/**
 * The package directory holding sat/ and pac-pruebas/: CFDI_DATA_DIR when set, else this source
 * tree (tests, tsx), else the installed @portal/cfdi package (a bundle such as apps/api/dist).
 */
export function packageDataDir(): string {
  if (dataDir !== undefined) return dataDir;
  const candidates = [process.env.CFDI_DATA_DIR, join(dirname(fileURLToPath(import.meta.url)), "..", "..")];
  try {
    candidates.push(dirname(createRequire(import.meta.url).resolve("@portal/cfdi/package.json")));
  } catch {
    // not installed as a package: the source tree is the only candidate
  }
  for (const dir of candidates) {
    if (dir && existsSync(join(dir, "sat", "xslt", SAT_XSLT_BASE))) {
      dataDir = dir;
      return dir;
    }
  }
  throw new Error("No se encontraron las hojas XSLT del SAT (sat/xslt) de @portal/cfdi; defina CFDI_DATA_DIR.");
}

const programs = new Map<string, XsltProgram>();

/** The compiled stylesheet (cached). `relative` is a path under sat/xslt/www.sat.gob.mx/sitio_internet/cfd. */
export function satStylesheet(relative: string): XsltProgram {
  let program = programs.get(relative);
  if (!program) {
    const base = join(packageDataDir(), "sat", "xslt", SAT_XSLT_BASE);
    program = compileStylesheet(relative, (path) => readFileSync(join(base, path), "utf8"));
    programs.set(relative, program);
  }
  return program;
}

/** Which stylesheet a comprobante's cadena needs, or a description of why there is none. */
export function comprobanteStylesheet(root: XmlElement): { path: string } | { unsupported: string } {
  if (root.local === "Comprobante" && root.ns === SAT_NS.cfdi40) {
    const version = root.attrs.get("Version");
    if (version === "4.0") return { path: CADENA_STYLESHEETS.cfdi40 };
    return { unsupported: `un CFDI con Version «${version ?? ""}» en el espacio de nombres de la versión 4.0` };
  }
  if (root.local === "Comprobante" && root.ns === SAT_NS.cfdi3) {
    const version = root.attrs.get("Version") ?? root.attrs.get("version");
    if (version === "3.3") return { path: CADENA_STYLESHEETS.cfdi33 };
    return { unsupported: `un CFDI versión ${version ?? "3.x"}` };
  }
  return { unsupported: `un documento ${root.qname} que no es un CFDI` };
}

/** The issuer's cadena original of a CFDI 4.0 or 3.3 (root element). Throws XsltError or Error. */
export function cadenaOriginal(root: XmlElement): string {
  const which = comprobanteStylesheet(root);
  if ("unsupported" in which) throw new Error(`No hay cadena original para ${which.unsupported}.`);
  return satStylesheet(which.path).run(root);
}

/** The cadena original of a TimbreFiscalDigital 1.1 element (taken as a document of its own). */
export function cadenaOriginalTimbre(tfd: XmlElement): string {
  return satStylesheet(CADENA_STYLESHEETS.tfd11).run(tfd);
}
