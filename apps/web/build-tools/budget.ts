/**
 * The first-screen budget (issue 16, decision 017): what each route loads, from Vite's manifest, in compressed
 * bytes. A route's screen loads the entry (index.html's script, its static imports and their CSS) plus its
 * lazy route module and that module's static imports; dynamic imports are not followed (they load later).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** One entry of Vite's `.vite/manifest.json` (the fields used here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Sizes {
  raw: number;
  gzip: number;
  br: number;
}
const ZERO: Sizes = { raw: 0, gzip: 0, br: 0 };
const add = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, br: a.br + b.br });

/** Files (JS and CSS) a manifest key loads: its own file, its CSS and, recursively, its static imports. */
export function staticClosure(manifest: Manifest, key: string): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) throw new Error(`El manifiesto no tiene ${k}`);
    if (chunk.file.endsWith(".css")) css.add(chunk.file);
    else js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(key);
  return { js, css };
}

export interface RouteReport {
  /** The route module (manifest key) or "(entrada)". */
  route: string;
  /** Everything the screen loads: entry + route. */
  total: { js: Sizes; css: Sizes; files: number };
  /** What the route adds to what the entry already loaded. */
  added: { js: Sizes; css: Sizes; files: number };
}

const sum = (files: Iterable<string>, size: (file: string) => Sizes) => {
  let s = ZERO;
  for (const f of files) s = add(s, size(f));
  return s;
};

/** The entry's key (index.html) and every lazily loaded route module (src/routes/*.lazy.tsx). */
export function routeReports(manifest: Manifest, size: (file: string) => Sizes): RouteReport[] {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error("El manifiesto no tiene entrada");
  const entry = staticClosure(manifest, entryKey);
  const reports: RouteReport[] = [
    {
      route: "(entrada)",
      total: { js: sum(entry.js, size), css: sum(entry.css, size), files: entry.js.size + entry.css.size },
      added: { js: ZERO, css: ZERO, files: 0 },
    },
  ];
  const routes = Object.keys(manifest)
    .filter((k) => /(^|\/)routes\/[^/]+\.lazy\.tsx$/.test(k))
    .sort();
  for (const key of routes) {
    const own = staticClosure(manifest, key);
    const js = new Set([...entry.js, ...own.js]);
    const css = new Set([...entry.css, ...own.css]);
    const addedJs = [...own.js].filter((f) => !entry.js.has(f));
    const addedCss = [...own.css].filter((f) => !entry.css.has(f));
    reports.push({
      route: key,
      total: { js: sum(js, size), css: sum(css, size), files: js.size + css.size },
      added: { js: sum(addedJs, size), css: sum(addedCss, size), files: addedJs.length + addedCss.length },
    });
  }
  return reports;
}

export interface Budget {
  routes: string[];
  /** Brotli bytes of JavaScript: what every supported browser is sent (the API serves the .br files). */
  jsBr: number;
  /** Gzip bytes of JavaScript: what a client without brotli is sent. */
  jsGzip: number;
  cssGzip: number;
}

/**
 * The first screens (landing `/` and login, issue 16): at most 120 KB of compressed JavaScript, whether the browser
 * is sent brotli (all supported browsers) or gzip, and 40 KB of compressed CSS. History (JS gzip / brotli): when
 * the check was added, landing 281.8 KB, login 290.1 KB; after the cuts of decision 017: 191.5 / 236.0 KB; signed-in
 * shell, toasts and login call out of the first screen: 150.7 / 166.2 KB; without Mantine's AppShell: 142.3 /
 * 157.8 KB; React Query's client, the form library and most messages out: 130.6 / 136.7 KB (112.4 / 117.9 brotli);
 * landing and login as plain HTML, Mantine's provider loaded with the first screen that uses it: 111.0 / 111.6 KB
 * (95.8 / 96.3 brotli).
 */
export const FIRST_SCREEN_BUDGET: Budget = {
  // The screens that load no Mantine JavaScript (src/components/mantine-gate.tsx FIRST_SCREEN_PATHS).
  routes: ["src/routes/landing.lazy.tsx", "src/routes/login.lazy.tsx"],
  jsBr: 120_000,
  jsGzip: 120_000,
  cssGzip: 40_000,
};

/** The budget's verdicts: one message per route over budget (empty: within budget). */
export function budgetViolations(reports: RouteReport[], budget: Budget = FIRST_SCREEN_BUDGET): string[] {
  const out: string[] = [];
  for (const route of budget.routes) {
    const r = reports.find((x) => x.route === route);
    if (!r) {
      out.push(`${route}: no está en el manifiesto`);
      continue;
    }
    if (r.total.js.br > budget.jsBr)
      out.push(`${route}: ${kb(r.total.js.br)} de JavaScript (brotli) > ${kb(budget.jsBr)}`);
    if (r.total.js.gzip > budget.jsGzip)
      out.push(`${route}: ${kb(r.total.js.gzip)} de JavaScript (gzip) > ${kb(budget.jsGzip)}`);
    if (r.total.css.gzip > budget.cssGzip)
      out.push(`${route}: ${kb(r.total.css.gzip)} de CSS (gzip) > ${kb(budget.cssGzip)}`);
  }
  return out;
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export function formatReports(reports: RouteReport[]): string {
  const rows = reports.map((r) => [
    r.route.replace(/^src\/routes\//, "").replace(/\.lazy\.tsx$/, ""),
    `${kb(r.total.js.gzip)} / ${kb(r.total.js.br)}`,
    `${kb(r.total.css.gzip)} / ${kb(r.total.css.br)}`,
    `${kb(r.added.js.gzip)} / ${kb(r.added.js.br)}`,
    `${kb(r.added.css.gzip)} / ${kb(r.added.css.br)}`,
    String(r.added.files),
  ]);
  const head = ["ruta", "JS total gzip/br", "CSS total gzip/br", "JS propio gzip/br", "CSS propio gzip/br", "archivos"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cols: string[]) => cols.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
  return [line(head), ...rows.map(line)].join("\n");
}

/** File types worth precompressing (text); images such as PNG are already compressed. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map|xml|ico)$/;

/**
 * Writes NAME.br (brotli quality 11) and NAME.gz (gzip level 9) next to every compressible file of `dir` of
 * at least `minBytes`, once at build time, for the API's @fastify/static `preCompressed`.
 * Returns the sizes of every file it compressed, keyed by path relative to `dir`.
 */
export function precompress(dir: string, minBytes = 0): Map<string, Sizes> {
  const sizes = new Map<string, Sizes>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (COMPRESSIBLE.test(name) && !name.endsWith(".map")) {
        const data = readFileSync(path);
        if (data.length < minBytes) continue;
        const br = brotliCompressSync(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        });
        const gz = gzipSync(data, { level: 9 });
        writeFileSync(`${path}.br`, br);
        writeFileSync(`${path}.gz`, gz);
        sizes.set(relative(dir, path), { raw: data.length, gzip: gz.length, br: br.length });
      }
    }
  };
  walk(dir);
  return sizes;
}
