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

/**
 * The page size a list shows ('Filas por página'), the rows of its page and of the whole list, and the page size the
 * rule gives for the heights the browser laid out (decision 065: the rows that fit under the header in the table's
 * box, which reaches the window's bottom edge less the pagination's 96 px and is never under 55% of the window;
 * 5 to 50).
 */
async function pageOf(page: Page, table: Locator) {
  const filas = table.locator("tbody tr[aria-rowindex]");
  await expect(filas.first()).toBeVisible();
  const size = Number(await page.getByRole("combobox", { name: "Filas por página" }).inputValue());
  const rows = await filas.count();
  const range = (await page.getByText(/^\d+–\d+ de \d+$/).textContent()) ?? "";
  const alturas = await table.evaluate((element) => ({
    ventana: window.innerHeight,
    caja: (element.parentElement?.getBoundingClientRect().top ?? 0) + window.scrollY,
    fila: element.querySelector("tbody tr")?.getBoundingClientRect().height ?? 0,
    encabezado: element.querySelector("thead")?.getBoundingClientRect().height ?? 0,
  }));
  const alto = Math.max(alturas.ventana * 0.55, alturas.ventana - alturas.caja - 96);
  const caben = Math.floor((alto - alturas.encabezado) / alturas.fila);
  // The pagination stays in the window under the box.
  await expect(page.getByRole("combobox", { name: "Filas por página" })).toBeInViewport();
  return { size, rows, total: Number(range.split(" de ")[1]), esperado: Math.min(50, Math.max(5, caben)) };
}

test.describe("rows per page that fill the window (issue 40, decision 065)", () => {
  test.use({ role: "administrador" });

  test("a short list shows more rows at 1920×1080 than at 1366×768, and a page size chosen in the address wins", async ({
    page,
  }) => {
    // A catalogue (the spec's 5 a page) with one-line rows. (The review lists' rows, with their editors, are about
    // 106 px high: five of them already fill the table's box even at 1080 px.)
    const lista = "/Catalogo-Sociedades";
    const tabla = () => page.getByRole("table", { name: "Catálogo de sociedades" });
    await page.setViewportSize(SIZES[0]);
    await page.goto(lista);
    const portatil = await pageOf(page, tabla());
    await page.setViewportSize(SIZES[1]);
    await page.goto(lista);
    const grande = await pageOf(page, tabla());

    // The default page is the rows that fit the table's box, more in the taller window.
    expect(portatil.size).toBe(portatil.esperado);
    expect(grande.size).toBe(grande.esperado);
    expect(grande.size).toBeGreaterThan(portatil.size);
    expect(portatil.rows).toBe(Math.min(portatil.total, portatil.size));
    expect(grande.rows).toBe(Math.min(grande.total, grande.size));
    if (grande.total > portatil.rows) expect(grande.rows).toBeGreaterThan(portatil.rows);

    // The user's choice, kept in the address, wins over the window.
    await page.goto(`${lista}?filas=5`);
    const elegida = await pageOf(page, tabla());
    expect(elegida.size).toBe(5);
    expect(elegida.rows).toBe(Math.min(elegida.total, 5));
  });
});

/**
 * The reviewers' two lists (spec §2, /Facturas-Pendientes and /Pagos-Pendientes): the columns that say which
 * document a row is, its review status and its date are in view without scrolling the table sideways.
 */
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
      await expectInView(
        page,
        facturas,
        ["Folio", "Proveedor", "Total", "Estatus", "Revisado", "Comentarios", "Fecha"],
        "Facturas pendientes",
      );

      await page.goto("/Pagos-Pendientes");
      const pagos = page.getByRole("table", { name: "Complemento de pagos pendientes" });
      await page.getByLabel("Filtro de estatus").getByText("Todas", { exact: true }).click();
      await expect(pagos.getByRole("checkbox", { name: "Revisado, fila 1" })).toBeVisible();
      await expectInView(
        page,
        pagos,
        ["Pago", "Proveedor", "Total", "Estatus", "Revisado", "Comentarios", "Fecha de pago"],
        "Pagos pendientes",
      );
    }
  });
});
