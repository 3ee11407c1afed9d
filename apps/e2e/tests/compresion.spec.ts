import { expect, type Page, type Request, type Response, test } from "@playwright/test";

// Decision 017: the browser receives the web app's scripts and styles precompressed, cached for a year,
// and the page itself never cached.
test("the landing's scripts and styles arrive precompressed and immutable", async ({ page }) => {
  const assets: Response[] = [];
  page.on("response", (response) => {
    if (/\/static\/(js|css)\//.test(new URL(response.url()).pathname)) assets.push(response);
  });
  const document = await page.goto("/");
  expect(document?.status()).toBe(200);
  // Chromium asks for br (or gzip where it does not offer br on http); never the uncompressed file.
  expect(await document?.headerValue("content-encoding")).toMatch(/^(br|gzip)$/);
  expect(await document?.headerValue("cache-control")).toBe("no-cache");
  await expect(page.getByRole("button", { name: "Ingresar" }).first()).toBeVisible();
  expect(assets.length).toBeGreaterThan(1);
  for (const asset of assets) {
    const headers = await asset.allHeaders();
    expect(headers["content-encoding"], asset.url()).toMatch(/^(br|gzip)$/);
    expect(headers.vary ?? "", asset.url()).toMatch(/accept-encoding/i);
    expect(headers["cache-control"], asset.url()).toBe("public, max-age=31536000, immutable");
  }
});

/** Bytes of JavaScript a fresh visit to `path` receives (response bodies as sent, i.e. compressed). */
async function scriptBytes(page: Page, path: string, ready: () => Promise<void>) {
  const scripts: Request[] = [];
  page.on("requestfinished", (request) => {
    if (/\/static\/js\//.test(new URL(request.url()).pathname)) scripts.push(request);
  });
  await page.goto(path);
  await ready();
  await page.waitForLoadState("networkidle");
  let bytes = 0;
  for (const request of scripts) {
    const response = await request.response();
    expect(await response?.headerValue("content-encoding"), request.url()).toBe("br");
    bytes += (await request.sizes()).responseBodySize;
  }
  return { bytes, files: scripts.length };
}

// Issue 16's first-screen budget as a browser gets it: the build checks the same files (build-tools/budget.ts).
test("the landing and the login screen each receive at most 120 KB of compressed JavaScript", async ({
  page,
  browser,
  baseURL,
}) => {
  const landing = await scriptBytes(page, "/", () =>
    expect(page.getByRole("button", { name: "Ingresar" }).first()).toBeVisible(),
  );
  expect(landing.bytes).toBeGreaterThan(0);
  expect(landing.bytes).toBeLessThanOrEqual(120_000);

  // /Login opened directly in a new context (nothing cached); the operador chosen on the landing is a cookie.
  const fresh = await browser.newContext({ baseURL });
  await fresh.addCookies([{ name: "operador", value: "Proveedor", url: baseURL ?? "" }]);
  const login = await fresh.newPage();
  const loginScreen = await scriptBytes(login, "/Login", () =>
    expect(login.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible(),
  );
  expect(loginScreen.bytes).toBeLessThanOrEqual(120_000);
  await fresh.close();
  test.info().annotations.push({
    type: "JavaScript comprimido",
    description: `landing ${landing.bytes} bytes en ${landing.files} archivos; login ${loginScreen.bytes} en ${loginScreen.files}`,
  });
});
