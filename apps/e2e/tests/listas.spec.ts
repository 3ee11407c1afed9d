import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { readSheet } from "read-excel-file/node";
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, mainMenu, signInOk } from "./support";

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
    const visible = await shownRows(page, table, "a");
    const headers = (await table.getByRole("columnheader").allInnerTexts()).map((text) => text.trim());
    // Sorted by Razón social, descending, as the URL asks.
    const razones = visible.map((row) => row[headers.indexOf("Razón social")] ?? "");
    expect(razones.length).toBeGreaterThan(1);
    expect(razones).toEqual([...razones].sort((a, b) => b.localeCompare(a, "es")));

    const csv = await download(page, "CSV");
    expect(csv.name).toMatch(/^catalogo-de-proveedores-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.text.startsWith("\uFEFF")).toBe(true);
    const csvRows = parseCsv(csv.text.slice(1));
    const csvHeaders = csvRows[0] ?? [];
    expect(csvHeaders.length).toBeGreaterThan(1);
    expect(csvHeaders.every((header) => headers.includes(header))).toBe(true);
    expect(csvRows).toHaveLength(visible.length + 1);

    const xlsx = await download(page, "Excel (.xlsx)");
    expect(xlsx.name).toMatch(/\.xlsx$/);
    const rows = (await readSheet(xlsx.path)) as unknown[][];
    expect(rows[0]).toEqual(csvHeaders);
    expect(rows).toHaveLength(visible.length + 1);
    // Every exported column equals the visible column of the same header, row by row, in order, in both files.
    for (const [index, header] of csvHeaders.entries()) {
      const column = visible.map((row) => row[headers.indexOf(header)] ?? "");
      expect(
        sameAsShown(
          csvRows.slice(1).map((row) => row[index] ?? ""),
          column,
        ),
        `CSV ${header}`,
      ).toEqual(column);
      const fromExcel = rows
        .slice(1)
        .map((row) => (row[index] === null || row[index] === undefined ? "" : String(row[index])));
      expect(sameAsShown(fromExcel, column), `Excel ${header}`).toEqual(column);
    }

    // A search typed in the box (debounced into the URL): the export holds exactly the rows it leaves on screen.
    await page.getByRole("searchbox", { name: "Buscar" }).fill("kemper");
    const filtered = await shownRows(page, table, "kemper");
    expect(filtered).toHaveLength(1);
    expect(filtered[0]?.[headers.indexOf("Razón social")]).toBe("ESCUELA KEMPER URGATE");
    const again = parseCsv((await download(page, "CSV")).text.slice(1));
    expect(again).toHaveLength(2);
    const razon = csvHeaders.indexOf("Razón social");
    expect(again[1]?.[razon]).toBe("ESCUELA KEMPER URGATE");
  });
});

// Signs in by hand (not the role fixture): Cerrar sesión revokes the session, and the fixture's is shared.
test("a list's remembered search does not outlive Cerrar sesión: the next user of the tab gets the plain list", async ({
  page,
}) => {
  const catalogo = () => mainMenu(page).getByRole("link", { name: "Catálogo de proveedores" });
  const find = page.getByRole("searchbox", { name: "Buscar" });
  await signInOk(page, "Empleado", "admin");
  await catalogo().click();
  await find.fill("kemper");
  await expect(page).toHaveURL(/\/Catalogo-Proveedores\?q=kemper$/);
  // By the menu, without params, the list comes back as it was left.
  await page.getByRole("button", { name: "Portal de Proveedores, ir a Home" }).click();
  await expect(page).toHaveURL(/\/Home$/);
  await catalogo().click();
  await expect(page).toHaveURL(/\/Catalogo-Proveedores\?q=kemper$/);
  await expect(find).toHaveValue("kemper");

  await page.getByRole("button", { name: "Portal de Proveedores, ir a Home" }).click();
  await page.getByRole("button", { name: "Menú de usuario" }).click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/$/);
  // The next user signs in in the same tab, without reloading the page (signIn() would start with a fresh load).
  await page.getByRole("region", { name: "Empleado" }).getByRole("button", { name: "Ingresar" }).click();
  await expect(page).toHaveURL(/\/Login$/);
  await page.getByRole("textbox", { name: "Usuario" }).fill("consulta");
  await page.getByLabel("Contraseña").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page).toHaveURL(/\/Home$/);
  await catalogo().click();
  await expect(
    page.getByRole("table", { name: "Catálogo de proveedores" }).locator("tbody tr[tabindex='0']"),
    // The demo's three suppliers (issue 42 added the foreign one).
  ).toHaveCount(3);
  await expect(page).toHaveURL(/\/Catalogo-Proveedores$/);
  await expect(find).toHaveValue("");
});

/**
 * The data rows once the table shows `search` applied: the list loaded (no spinner), no search pending (the box's
 * text reaches the rows through a deferred render, the table is aria-busy meanwhile), the box holding the text.
 */
async function shownRows(page: Page, table: Locator, search: string): Promise<string[][]> {
  await expect(page.getByRole("searchbox", { name: "Buscar" })).toHaveValue(search);
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
  const rows = table.locator("tbody tr[tabindex='0']");
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll("td")].map((cell) => (cell.textContent ?? "").trim())),
  );
}

/** Opens Exportar, picks `format` and returns the downloaded file. */
async function download(page: Page, format: "CSV" | "Excel (.xlsx)") {
  await page.getByRole("button", { name: "Exportar" }).click();
  const downloaded = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: format }).click();
  const file = await downloaded;
  const path = await file.path();
  return { name: file.suggestedFilename(), path, text: format === "CSV" ? readFileSync(path, "utf8") : "" };
}

/**
 * A cell the screen shortens ('first@mail…', the rest in a tooltip) is exported whole: an exported value that
 * starts with what the screen shows counts as the shown one.
 */
function sameAsShown(exported: string[], shown: string[]): string[] {
  return exported.map((value, i) => {
    const cell = shown[i] ?? "";
    const isShortened = cell.endsWith("…") && value.startsWith(cell.slice(0, -1)) && value.length >= cell.length;
    return isShortened || value === cell ? cell : value;
  });
}

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
