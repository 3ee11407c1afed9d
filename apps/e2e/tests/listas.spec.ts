import { readFileSync } from "node:fs";
import { readSheet } from "read-excel-file/node";
import { expect, test } from "./fixtures";

/**
 * Lists (issue 16): search, sort, page and page size live in the URL, so a detail and back, and a reload,
 * keep them; 'Exportar' gives the filtered, sorted rows as CSV and Excel under the visible headers.
 */
test.describe("listas", () => {
  test.use({ role: "administrador" });

  test("the suppliers list keeps its search and sort across a detail, back and a reload", async ({ page }) => {
    await page.goto("/Catalogo-Proveedores");
    const table = page.getByRole("table", { name: "Catálogo de proveedores" });
    await expect(table.getByRole("row").nth(1)).toBeVisible();
    await page.getByRole("searchbox", { name: "Buscar" }).fill("a");
    await table.getByRole("button", { name: "Razón social" }).click();
    await table.getByRole("button", { name: "Razón social" }).click();
    await expect(page).toHaveURL(/q=a/);
    await expect(page).toHaveURL(/dir=desc/);
    const firstRow = (await table.getByRole("row").nth(1).textContent()) ?? "";

    await table.getByRole("row").nth(1).dblclick();
    await expect(page).toHaveURL(/\/Catalogo-Proveedores\/Proveedor\/\d+/);
    await page.goBack();
    await expect(page).toHaveURL(/q=a.*dir=desc|dir=desc.*q=a/);
    await expect(page.getByRole("searchbox", { name: "Buscar" })).toHaveValue("a");
    await expect(table.getByRole("row").nth(1)).toHaveText(firstRow);

    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Buscar" })).toHaveValue("a");
    await expect(table.getByRole("row").nth(1)).toHaveText(firstRow);

    await page.getByRole("searchbox", { name: "Buscar" }).fill("zzz-ninguno-zzz");
    await expect(page.getByText("Ningún registro coincide con la búsqueda")).toBeVisible();
    // Garbage in the URL falls back to the defaults instead of breaking the screen.
    await page.goto("/Catalogo-Proveedores?pagina=abc&filas=-3&orden=%3Cx%3E&q=");
    await expect(table.getByRole("row").nth(1)).toBeVisible();
  });

  test("Exportar gives the filtered, sorted rows as CSV and Excel", async ({ page }) => {
    await page.goto("/Catalogo-Proveedores?q=a&orden=CardName&dir=desc&filas=All");
    const table = page.getByRole("table", { name: "Catálogo de proveedores" });
    await expect(table.getByRole("row").nth(1)).toBeVisible();
    const headers = (await table.getByRole("columnheader").allInnerTexts()).map((text) => text.trim());
    const visible = await table
      .getByRole("row")
      .evaluateAll((rows) =>
        rows.slice(1).map((row) => [...row.querySelectorAll("td")].map((cell) => (cell.textContent ?? "").trim())),
      );

    await page.getByRole("button", { name: "Exportar" }).click();
    const csvDownload = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "CSV" }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/^catalogo-de-proveedores-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await csv.path(), "utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).trimEnd().split("\r\n");
    const csvHeaders = lines[0]?.split(",") ?? [];
    expect(csvHeaders.every((header) => headers.includes(header))).toBe(true);
    expect(lines).toHaveLength(visible.length + 1);

    await page.getByRole("button", { name: "Exportar" }).click();
    const xlsxDownload = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Excel (.xlsx)" }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const rows = (await readSheet(await xlsx.path())) as unknown[][];
    expect(rows[0]).toEqual(csvHeaders);
    expect(rows).toHaveLength(visible.length + 1);
    // Every exported column equals the visible column of the same header, row by row, in order, in both files.
    const csvRows = parseCsv(text.slice(1));
    expect(csvRows[0]).toEqual(csvHeaders);
    expect(csvHeaders.length).toBeGreaterThan(1);
    // A cell the screen shortens ('first@mail…', the rest in a tooltip) is exported whole: it must start with
    // what the screen shows.
    const sameAs = (exported: string, shown: string) =>
      shown.endsWith("…")
        ? exported.startsWith(shown.slice(0, -1)) && exported.length >= shown.length
        : exported === shown;
    for (const [index, header] of csvHeaders.entries()) {
      const shown = headers.indexOf(header);
      const column = visible.map((row) => row[shown] ?? "");
      const fromCsv = csvRows.slice(1).map((row) => row[index] ?? "");
      const fromExcel = rows
        .slice(1)
        .map((row) => (row[index] === null || row[index] === undefined ? "" : String(row[index])));
      expect(
        fromCsv.map((value, i) => (sameAs(value, column[i] ?? "") ? column[i] : value)),
        `CSV ${header}`,
      ).toEqual(column);
      expect(
        fromExcel.map((value, i) => (sameAs(value, column[i] ?? "") ? column[i] : value)),
        `Excel ${header}`,
      ).toEqual(column);
    }
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
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
