import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { readSheet } from "read-excel-file/node";
import { expect, test } from "./fixtures";

/**
 * Issue 23, everyday things: a search finds accented text typed without accents and amounts typed without
 * thousands separators; 'Exportar' writes amounts as numbers (with their currency beside them) and dates as dates.
 */

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Buscar" });

/** The data rows once the table shows the search in the box (loaded, no deferred render pending). */
async function shownRows(page: Page, table: Locator): Promise<string[][]> {
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
  const rows = table.locator("tbody tr[tabindex='0']");
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll("td")].map((cell) => (cell.textContent ?? "").trim())),
  );
}

async function headersOf(table: Locator): Promise<string[]> {
  return (await table.getByRole("columnheader").allInnerTexts()).map((text) => text.trim());
}

/** "47,820.76 MXN" → 47820.76 and "MXN". */
function parseShownAmount(text: string): { amount: number; currency: string } {
  const match = /^(-?[\d,]+\.\d{2}) ([A-Z]{3})$/.exec(text);
  if (!match) throw new Error(`No es un importe: ${text}`);
  return { amount: Number((match[1] ?? "").replaceAll(",", "")), currency: match[2] ?? "" };
}

test.describe("búsqueda", () => {
  test.use({ role: "administrador" });

  test("a search without accents finds accented text", async ({ page }) => {
    await page.goto("/Catalogo-Proveedores");
    const table = page.getByRole("table", { name: "Catálogo de proveedores" });
    await expect(table.getByRole("row").nth(1)).toBeVisible();
    // The demo supplier's contact is 'Rosa María Kemper': typed without the accent, and in capitals, it is found.
    for (const query of ["rosa maria", "ROSA MARIA", "Rosa María"]) {
      await searchBox(page).fill(query);
      await expect(searchBox(page)).toHaveValue(query);
      await expect(table.getByRole("row", { name: /Rosa María Kemper/ })).toHaveCount(1);
      await expect(table.locator("tbody tr[tabindex='0']")).toHaveCount(1);
    }
    await searchBox(page).fill("rosa mariaz");
    await expect(page.getByText("Ningún registro coincide con la búsqueda")).toBeVisible();
  });
});

test.describe("importes", () => {
  test.use({ role: "proveedor" });

  test("an amount typed without thousands separators finds the amount shown with them", async ({ page }) => {
    await page.goto("/Pedidos?filas=All");
    const table = page.getByRole("table", { name: "Pedidos" });
    const rows = await shownRows(page, table);
    const headers = await headersOf(table);
    const totals = rows.map((row) => row[headers.indexOf("Total")] ?? "");
    const withSeparator = totals.find((total) => total.includes(","));
    expect(withSeparator, "a total of 1,000 or more").toBeDefined();
    const plain = (withSeparator ?? "").split(" ")[0]?.replaceAll(",", "") ?? "";
    await searchBox(page).fill(plain);
    const found = await shownRows(page, table);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((row) => (row[headers.indexOf("Total")] ?? "").replaceAll(",", "").includes(plain))).toBe(true);
    expect(found.map((row) => row[headers.indexOf("Total")])).toContain(withSeparator);
  });

  test("the Excel export's Total cells are numbers, with the currency beside them and dates as dates", async ({
    page,
  }) => {
    // The first page on screen; the export holds every row of the list, the page's first and in the same order.
    await page.goto("/Pedidos");
    const table = page.getByRole("table", { name: "Pedidos" });
    const rows = await shownRows(page, table);
    const headers = await headersOf(table);

    await page.getByRole("button", { name: "Exportar" }).click();
    const downloaded = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Excel (.xlsx)" }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toMatch(/^pedidos-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = (await readSheet(await file.path())) as unknown[][];
    const [sheetHeaders = [], ...sheetRows] = sheet;
    expect(sheetRows.length).toBeGreaterThanOrEqual(rows.length);
    const total = sheetHeaders.indexOf("Total");
    const moneda = sheetHeaders.indexOf("Moneda");
    const fecha = sheetHeaders.indexOf("Fecha");
    expect(moneda).toBe(total + 1);

    expect(sheetRows.every((row) => typeof row[total] === "number")).toBe(true);
    expect(sheetRows.every((row) => row[fecha] instanceof Date)).toBe(true);
    for (const [i, row] of rows.entries()) {
      const shown = parseShownAmount(row[headers.indexOf("Total")] ?? "");
      const cell = sheetRows[i]?.[total];
      expect(typeof cell, `Total de la fila ${i + 1}`).toBe("number");
      expect(cell).toBeCloseTo(shown.amount, 2);
      expect(sheetRows[i]?.[moneda]).toBe(shown.currency);
      const date = sheetRows[i]?.[fecha];
      expect(date).toBeInstanceOf(Date);
      expect((date as Date).toISOString().slice(0, 10)).toBe(row[headers.indexOf("Fecha")]);
    }

    // The CSV has plain numbers ('.' decimal, no thousands separators) and ISO dates.
    await page.getByRole("button", { name: "Exportar" }).click();
    const csvDownload = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "CSV" }).click();
    const csv = parseCsv(readFileSync(await (await csvDownload).path(), "utf8").slice(1));
    const csvHeaders = csv[0] ?? [];
    const firstShown = parseShownAmount(rows[0]?.[headers.indexOf("Total")] ?? "");
    const firstCsv = csv[1] ?? [];
    expect(Number(firstCsv[csvHeaders.indexOf("Total")])).toBeCloseTo(firstShown.amount, 2);
    expect(firstCsv[csvHeaders.indexOf("Total")]).toMatch(/^-?\d+(\.\d+)?$/);
    expect(firstCsv[csvHeaders.indexOf("Fecha")]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

/** RFC 4180 as the export writes it: comma separated, CRLF, fields with commas, quotes or breaks in quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 1;
    } else field += char;
  }
  return rows;
}

/**
 * Texts a screen cuts: an element whose content is wider than its box while it hides the overflow (an ellipsis or
 * a clip), among the table cells' badges and amounts. Scrolling tables are fine: a cell out of view is not cut.
 */
async function cutTexts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((element) => {
        const style = getComputedStyle(element);
        const hides = style.overflow !== "visible" || style.textOverflow === "ellipsis";
        return hides && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => (element.textContent ?? "").trim()),
  );
}

const BADGES_AND_AMOUNTS = ".mantine-Badge-root, .mantine-Badge-label, td[style*='text-align: right']";

test.describe("a 1366 px screen", () => {
  test.use({ role: "proveedor", viewport: { width: 1366, height: 768 } });

  test("cuts no status badge in the invoice list and no amount in an order's lines; tabs are titled", async ({
    page,
  }) => {
    await page.goto("/MisFacturas?filas=All");
    const facturas = page.getByRole("table", { name: "Facturas" });
    await expect(facturas.locator("tbody tr[tabindex='0']").first()).toBeVisible();
    await expect(page).toHaveTitle("Facturas — Portal de Proveedores");
    expect(await cutTexts(page, BADGES_AND_AMOUNTS)).toEqual([]);

    await page.goto("/Pedidos");
    const pedidos = page.getByRole("table", { name: "Pedidos" });
    await expect(pedidos.locator("tbody tr[tabindex='0']").first()).toBeVisible();
    await expect(page).toHaveTitle("Pedidos — Portal de Proveedores");
    expect(await cutTexts(page, BADGES_AND_AMOUNTS)).toEqual([]);
    await pedidos.locator("tbody tr[tabindex='0']").first().dblclick();
    await expect(page).toHaveURL(/\/Pedidos\/Pedido\/\d+$/);
    await expect(page).toHaveTitle(/^Pedido #\d+ — Portal de Proveedores$/);
    const partidas = page.getByRole("table", { name: "Partidas" });
    await expect(partidas.getByRole("row").nth(1)).toBeVisible();
    expect(await cutTexts(page, BADGES_AND_AMOUNTS)).toEqual([]);
    // The lines' Total column is whole on screen: its right edge inside the page and the scroll box (no clip).
    const total = partidas.locator("tbody tr").first().locator("td").last();
    const box = await total.boundingBox();
    const region = await page.getByRole("region", { name: "Partidas (desplazable)" }).boundingBox();
    expect(box && region ? box.x + box.width <= region.x + region.width + 1 : false).toBe(true);
    expect(box ? box.x + box.width <= 1366 : false).toBe(true);

    // The other lists and details a supplier works with.
    for (const [path, name, title] of [
      ["/Entradas-Mercancia", "Entradas de mercancía", "Entradas de mercancía"],
      ["/Pagos", "Complemento de pagos", "Complemento de pagos"],
    ] as const) {
      await page.goto(path);
      const list = page.getByRole("table", { name });
      await expect(list.locator("tbody tr[tabindex='0']").first()).toBeVisible();
      await expect(page).toHaveTitle(`${title} — Portal de Proveedores`);
      expect(await cutTexts(page, BADGES_AND_AMOUNTS), path).toEqual([]);
      await list.locator("tbody tr[tabindex='0']").first().dblclick();
      await expect(page).not.toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator("h1")).toBeVisible();
      await expect(page).toHaveTitle(/ — Portal de Proveedores$/);
      expect(await cutTexts(page, BADGES_AND_AMOUNTS), `${path}: detalle`).toEqual([]);
    }
    // A detail opens from its list (a detail whose list is not loaded goes back to the list).
    await page.goto("/MisFacturas");
    await page.getByRole("table", { name: "Facturas" }).locator("tbody tr[tabindex='0']").first().dblclick();
    await expect(page).toHaveURL(/\/MisFacturas\/MiFactura\/\d+$/);
    await expect(page).toHaveTitle("Datos generales de la factura — Portal de Proveedores");
    await expect(page.locator("h1")).toBeVisible();
    expect(await cutTexts(page, BADGES_AND_AMOUNTS), "detalle de factura").toEqual([]);
  });
});
