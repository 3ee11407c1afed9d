import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Issue 40 (decision 063): on a 1366×768 laptop (and at 1920×1080) the columns a person opens each list for are
 * in view without scrolling the table sideways: status, balance and dates right after the columns that say which
 * document a row is.
 */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

async function expectInView(page: Page, table: Locator, headers: readonly string[], label: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await expect(table.locator("tbody tr").first()).toBeVisible();
  for (const header of headers) {
    const box = await table.getByRole("columnheader", { name: header, exact: true }).boundingBox();
    expect(box, `${label}: ${header} a ${width} px`).not.toBeNull();
    expect(box!.x, `${label}: ${header} a ${width} px`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${label}: ${header} a ${width} px`).toBeLessThanOrEqual(width);
  }
}

test.describe("a supplier's lists at 1366 px", () => {
  test.use({ role: "proveedor" });

  test("Mis facturas, Pagos and Notas de crédito show status and dates without sideways scrolling", async ({
    page,
  }) => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto("/MisFacturas");
      const facturas = page.getByRole("table", { name: "Facturas" });
      await expectInView(page, facturas, ["Folio", "Total", "Saldo", "Estatus", "Fecha probable de pago"], "Facturas");
      // A supplier's own list does not repeat its name and RFC.
      await expect(facturas.getByRole("columnheader", { name: "Proveedor", exact: true })).toHaveCount(0);
      await expect(facturas.getByRole("columnheader", { name: "RFC emisor", exact: true })).toHaveCount(0);

      await page.goto("/Pagos");
      const pagos = page.getByRole("table", { name: "Complemento de pagos" });
      await expectInView(
        page,
        pagos,
        ["Pago", "Fecha de pago", "Total", "Estatus del complemento", "Fecha de carga del complemento"],
        "Pagos",
      );

      await page.goto("/Notas-Credito");
      const notas = page.getByRole("table", { name: "Notas de crédito" });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if ((await notas.locator("tbody tr[tabindex='0']").count()) > 0) {
        await expectInView(page, notas, ["Folio", "Fecha", "Total", "Estatus"], "Notas de crédito");
      }
    }
  });

  test("'Columnas' shows the UUID and keeps it in the address", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto("/MisFacturas");
    const facturas = page.getByRole("table", { name: "Facturas" });
    await expect(facturas.locator("tbody tr").first()).toBeVisible();
    await expect(facturas.getByRole("columnheader", { name: "UUID", exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Columnas" }).click();
    await page.getByRole("checkbox", { name: "UUID" }).check();
    await expect(facturas.getByRole("columnheader", { name: "UUID", exact: true })).toBeVisible();
    await expect(page).toHaveURL(/columnas=UUID/);
    await page.reload();
    await expect(
      page.getByRole("table", { name: "Facturas" }).getByRole("columnheader", { name: "UUID", exact: true }),
    ).toBeVisible();
  });
});
