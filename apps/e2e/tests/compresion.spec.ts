import { expect, type Response, test } from "@playwright/test";

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
