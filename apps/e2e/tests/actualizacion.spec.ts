import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";

/**
 * Spec §1, issue 16: the update prompt in a real browser. A tiny static server (inside this spec) serves the
 * production build of the web app as build "A", then as "B" and "C": each has its own worker (its VERSION
 * changed, so its bytes differ) and a marker in index.html. The open page finds the new worker by itself
 * (its periodic check, shortened through localStorage), asks 'Nueva versión disponible. ¿Quieres actualizar?',
 * keeps the page when declined and reloads into the new version when accepted.
 */
const DIST = fileURLToPath(new URL("../../web/dist/", import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PROMPT = "Nueva versión disponible. ¿Quieres actualizar?";
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".json": "application/json",
};

let build = "A";
let server: Server;

async function body(path: string): Promise<Buffer | string> {
  if (path === "/service-worker.js") {
    const worker = await readFile(join(DIST, "service-worker.js"), "utf8");
    const changed = worker.replace(/const VERSION = "([^"]*)"/, `const VERSION = "$1-${build}"`);
    if (changed === worker) throw new Error("The built worker has no VERSION to change");
    return changed;
  }
  if (path === "/index.html") {
    const html = await readFile(join(DIST, "index.html"), "utf8");
    return html.replace("</head>", `<meta name="portal-build" content="${build}"></head>`);
  }
  return readFile(join(DIST, path));
}

test.use({ serviceWorkers: "allow", baseURL: ORIGIN });

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", ORIGIN);
    const requested = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, "");
    // The app's screens are routes of index.html; the API is not part of this test.
    const path = url.pathname.startsWith("/api/")
      ? null
      : extname(requested) && requested !== "/"
        ? requested
        : "/index.html";
    if (!path) {
      response.writeHead(404, { "content-type": "application/json" }).end('{"status":"error","message":"-"}');
      return;
    }
    body(path).then(
      (content) => {
        response
          .writeHead(200, {
            "content-type": TYPES[extname(path)] ?? "application/octet-stream",
            "cache-control": "no-cache",
          })
          .end(content);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test("a new worker asks 'Nueva versión disponible'; declining keeps the page, accepting reloads into the new version", async ({
  page,
}) => {
  // The app's update check every second instead of every half hour (lib/service-worker.ts UPDATE_CHECK_KEY).
  await page.addInitScript(() => window.localStorage.setItem("portal.actualizacionCadaMs", "1000"));
  const prompts: string[] = [];
  let accept = false;
  page.on("dialog", (dialog) => {
    prompts.push(dialog.message());
    void (accept ? dialog.accept() : dialog.dismiss());
  });

  const marker = () => page.locator('meta[name="portal-build"]');
  const controllerVersion = () =>
    page.evaluate(
      () =>
        new Promise<string | null>((resolve) => {
          const controller = navigator.serviceWorker.controller;
          if (!controller) return resolve(null);
          // The worker answers GET_VERSION to the asking page (apps/web/service-worker.js).
          navigator.serviceWorker.addEventListener("message", (event) => resolve(event.data?.version ?? null), {
            once: true,
          });
          controller.postMessage({ type: "GET_VERSION" });
        }),
    );

  // Build A: the first install takes over nothing and asks nothing; the next load is controlled by A.
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Proveedor" })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect(marker()).toHaveAttribute("content", "A");
  await expect.poll(controllerVersion).toMatch(/-A$/);
  expect(prompts).toEqual([]);

  // Build B is deployed; the user says no: nothing reloads, A keeps control and B waits.
  await page.evaluate(() => {
    (window as Window & { sinRecargar?: boolean }).sinRecargar = true;
  });
  build = "B";
  await expect.poll(() => prompts.length).toBe(1);
  expect(prompts[0]).toBe(PROMPT);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting?.state ?? null)))
    .toBe("installed");
  expect(await page.evaluate(() => (window as Window & { sinRecargar?: boolean }).sinRecargar)).toBe(true);
  await expect(marker()).toHaveAttribute("content", "A");
  expect(await controllerVersion()).toMatch(/-A$/);
  await expect(page.getByRole("region", { name: "Proveedor" })).toBeVisible();

  // Build C is deployed; the user says yes: the page reloads and runs under C.
  accept = true;
  build = "C";
  await expect(marker()).toHaveAttribute("content", "C");
  expect(prompts).toEqual([PROMPT, PROMPT]);
  expect(await page.evaluate(() => (window as Window & { sinRecargar?: boolean }).sinRecargar)).toBeUndefined();
  await expect.poll(controllerVersion).toMatch(/-C$/);
  await expect(page.getByRole("region", { name: "Proveedor" })).toBeVisible();
});
