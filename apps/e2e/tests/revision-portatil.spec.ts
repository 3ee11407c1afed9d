import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Issue 40: the reviewers' two lists (spec §2, /Facturas-Pendientes and /Pagos-Pendientes) on a 1366×768 laptop
 * and at 1920×1080: the columns that say which document a row is, its review status and its date are in view
 * without scrolling the table sideways.
 */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

async function expectHeadersInView(page: Page, table: Locator, headers: readonly string[], label: string) {
  const width = page.viewportSize()?.width ?? 0;
  await expect(table.locator("tbody tr").first()).toBeVisible();
  for (const header of headers) {
    const box = await table.getByRole("columnheader", { name: header, exact: true }).boundingBox();
    expect(box, `${label}: ${header} a ${width} px`).not.toBeNull();
    expect(box!.x, `${label}: ${header} a ${width} px`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${label}: ${header} a ${width} px`).toBeLessThanOrEqual(width);
  }
}

test.describe("the review lists at 1366 px", () => {
  test.use({ role: "administrador" });

  test("Facturas pendientes and Pagos pendientes show status and dates without sideways scrolling", async ({
    page,
  }) => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto("/Facturas-Pendientes");
      const facturas = page.getByRole("table", { name: "Facturas pendientes" });
      // 'Todas' shows the demo's reviewed invoices too: the check is about real rows, not an empty table.
      await page.getByLabel("Filtro de estatus").getByText("Todas", { exact: true }).click();
      await expect(facturas.getByRole("checkbox", { name: "Revisado, fila 1" })).toBeVisible();
      await expectHeadersInView(
        page,
        facturas,
        ["Folio", "Proveedor", "Total", "Estatus", "Revisado", "Comentarios", "Fecha"],
        "Facturas pendientes",
      );

      await page.goto("/Pagos-Pendientes");
      const pagos = page.getByRole("table", { name: "Complemento de pagos pendientes" });
      await page.getByLabel("Filtro de estatus").getByText("Todas", { exact: true }).click();
      await expect(pagos.getByRole("checkbox", { name: "Revisado, fila 1" })).toBeVisible();
      await expectHeadersInView(
        page,
        pagos,
        ["Pago", "Proveedor", "Total", "Estatus", "Revisado", "Comentarios", "Fecha de pago"],
        "Pagos pendientes",
      );
    }
  });
});
