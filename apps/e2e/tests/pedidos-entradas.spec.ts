/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: the DOM types describe them.
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { mainMenu } from "./support";

/** The count a Home tile shows ("1,234 registros" → 1234). */
async function tileCount(page: Page, section: string, tile: string): Promise<number> {
  const link = page
    .getByRole("region", { name: section })
    .getByRole("link", { name: new RegExp(`^${tile} [\\d,]+ registros?$`) });
  await expect(link).toContainText(/\d+\s+registros?/);
  const text = (await link.textContent()) ?? "";
  return Number((/([\d,]+)\s+registros?/.exec(text)?.[1] ?? "").replaceAll(",", ""));
}

/** The body rows of a list (the header row is the first). */
const bodyRows = (table: Locator) => table.locator("tbody tr");
/** Text of one column of the visible rows, by its header position (1-based, as nth-child). */
const columnTexts = (table: Locator, position: number) =>
  table.locator(`tbody tr td:nth-child(${position})`).allTextContents();

async function sessionToken(page: Page): Promise<string> {
  const access = (await page.context().cookies()).find((cookie) => cookie.name === "access");
  if (!access) throw new Error("sin cookie access");
  return decodeURIComponent(access.value);
}

test.describe(() => {
  test.use({ role: "proveedor" });

  test("a supplier opens an order and downloads its PDF", async ({ page }) => {
    await page.goto("/Home"); // signed in once per role by the fixture
    const count = await tileCount(page, "Pedidos y entradas", "Pedidos");
    expect(count).toBeGreaterThan(50);

    // Which of the supplier's orders has a PDF (the list does not show it; the API says).
    const answer = await page.request.post("/api/pedidos/getPedidos", {
      headers: { "x-access-token": await sessionToken(page) },
      data: {},
    });
    const pedidos = (await answer.json()).data as { Fila: number; DocNum: number; U_SYS_PMDPDF: string }[];
    const conPdf = pedidos.find((pedido) => pedido.U_SYS_PMDPDF !== "");
    if (!conPdf) throw new Error("el proveedor de demostración no tiene pedidos con PDF");

    await mainMenu(page).getByRole("link", { name: "Pedidos", exact: true }).click();
    await expect(page).toHaveURL(/\/Pedidos$/);
    const table = page.getByRole("table", { name: "Pedidos" });
    // The tile counts exactly the rows of the list.
    await expect(page.getByText(`1–50 de ${count}`)).toBeVisible();
    await expect(bodyRows(table)).toHaveCount(50);

    await page.getByRole("searchbox", { name: "Buscar" }).fill(String(conPdf.DocNum));
    const row = bodyRows(table).filter({
      has: page.locator("td:first-child", { hasText: new RegExp(`^${conPdf.Fila}$`) }),
    });
    await row.dblclick();
    await expect(page).toHaveURL(new RegExp(`/Pedidos/Pedido/${conPdf.Fila}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Pedido #${conPdf.DocNum}` })).toBeVisible();
    await expect(page.getByRole("region", { name: "Datos generales" })).toContainText("ESCUELA KEMPER URGATE");
    await expect(page.getByRole("table", { name: "Partidas" }).locator("tbody tr").first()).toBeVisible();
    await expect(page.getByLabel("Totales")).toContainText("Total");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Descargar PDF" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^Pedido-.+-${conPdf.DocNum}\\.pdf$`));
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
  });
});

test.describe(() => {
  test.use({ role: "consulta" });

  test("an employee searches receipts, sorts by date, pages through 50-row pages and opens one", async ({ page }) => {
    await page.goto("/Home"); // signed in once per role by the fixture
    const count = await tileCount(page, "Pedidos y entradas", "Entradas de mercancia");
    expect(count).toBeGreaterThan(150);

    await mainMenu(page).getByRole("link", { name: "Entradas de mercancía", exact: true }).click();
    await expect(page).toHaveURL(/\/Entradas-Mercancia$/);
    const table = page.getByRole("table", { name: "Entradas de mercancía" });
    await expect(page.getByText(`1–50 de ${count}`)).toBeVisible();
    await expect(bodyRows(table)).toHaveCount(50);

    // Pages of 50.
    await page.getByRole("button", { name: "Página 2" }).click();
    await expect(page.getByText(`51–100 de ${count}`)).toBeVisible();
    expect((await columnTexts(table, 1))[0]).toBe("51");
    await page.getByRole("button", { name: "Página siguiente" }).click();
    await expect(page.getByText(`101–150 de ${count}`)).toBeVisible();
    await expect(bodyRows(table)).toHaveCount(50);

    // Sort by date (column 7: #, Sociedad, Proveedor, Entrada, Pedido, Estatus, Fecha): ascending, then descending.
    const fecha = table.getByRole("columnheader", { name: "Fecha", exact: true });
    await fecha.getByRole("button").click();
    await expect(fecha).toHaveAttribute("aria-sort", "ascending");
    await expect(page.getByText(`1–50 de ${count}`)).toBeVisible();
    const ascending = await columnTexts(table, 7);
    expect(ascending).toEqual([...ascending].sort());
    await fecha.getByRole("button").click();
    await expect(fecha).toHaveAttribute("aria-sort", "descending");
    const descending = await columnTexts(table, 7);
    expect(descending).toEqual([...descending].sort().reverse());
    expect(descending[0]! >= ascending[ascending.length - 1]!).toBe(true);

    // Case-insensitive search: every row left mentions the supplier.
    await page.getByRole("searchbox", { name: "Buscar" }).fill("kemper");
    await expect(page.getByText(`1–50 de ${count}`)).toHaveCount(0);
    const proveedores = await columnTexts(table, 3);
    expect(proveedores.length).toBeGreaterThan(0);
    for (const proveedor of proveedores) expect(proveedor).toContain("ESCUELA KEMPER URGATE");

    // Double-click opens the receipt.
    const first = bodyRows(table).first();
    const [fila, entrada, pedido] = await Promise.all([
      first.locator("td:nth-child(1)").textContent(),
      first.locator("td:nth-child(4)").textContent(),
      first.locator("td:nth-child(5)").textContent(),
    ]);
    await first.dblclick();
    await expect(page).toHaveURL(new RegExp(`/Entradas-Mercancia/EntradaMercancia/${fila}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Entrada de mercancía #${entrada}` })).toBeVisible();
    const datos = page.getByRole("region", { name: "Datos generales" });
    await expect(datos).toContainText(`Entrada${entrada}`);
    await expect(datos).toContainText(`Pedido${pedido}`);
    await expect(page.getByRole("table", { name: "Partidas" }).locator("tbody tr").first()).toBeVisible();
    await expect(page.getByLabel("Totales")).toContainText("Impuestos");

    // A reload loses the loaded list: the detail goes back to its list.
    await page.reload();
    await expect(page).toHaveURL(/\/Entradas-Mercancia$/);
  });
});

/** 10,000 orders that follow the contract (pedidos.ts), for measuring the browser, not the API. */
function manyPedidos(total: number) {
  const sociedades = ["KIJ, S.A DE C.V.", "MUNICIPIO DE CUAUTITLAN IZCALLI", "INDISTRIA ILUMINADORA DE ALMACENES"];
  const proveedores = ["ESCUELA KEMPER URGATE", "BERENICE XIMO QUEZADA", "ACEROS Y TORNILLOS DEL BAJIO SA DE CV"];
  return Array.from({ length: total }, (_, i) => {
    const docNum = 200_000 + i;
    const cents = (i * 7919) % 10_000_000;
    const total = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
    return {
      Fila: i + 1,
      U_SYS_PMSNBD: sociedades[i % 3],
      CardName: `${proveedores[i % 3]} ${i % 97}`,
      DocNum: docNum,
      DocStatus: i % 4 === 0 ? "C" : "O",
      DocDate: `2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
      DocDueDate: "2026-12-31",
      GroupNum: i % 2 === 0 ? 0 : 30,
      U_B1SYS_MainUsage: "G03",
      PeyMethod: i % 2 === 0 ? "03" : "99",
      DocTotal: total,
      NumAtCard: `OC-${docNum}`,
      Comments: "",
      DiscPrcnt: "0",
      DiscSum: "0.00",
      VatSum: "0.00",
      U_SYS_PMDPDF: "",
      BD: "SBO_KIJ",
      DocCur: "MXN",
      DetallePedido: [
        {
          IdPedido: docNum,
          Fila: 1,
          ItemCode: "FER-0142",
          ItemName: "Tornillo hexagonal 1/2 x 2",
          FrgnName: "Hex bolt 1/2 x 2",
          LineStatus: "O",
          UomCode: "PZA",
          Quantity: "10",
          OpenQty: "4",
          PriceBefDi: total,
          DiscPrcnt: "0",
          LineTotal: total,
        },
      ],
    };
  });
}

test.describe(() => {
  test.use({ role: "administrador" });

  test("10,000 orders with 'All' selected repaint after every keystroke of a search (the time is printed)", async ({
    page,
  }) => {
    const rows = manyPedidos(10_000);
    await page.goto("/Home"); // signed in once per role by the fixture
    await page.route("**/api/pedidos/getPedidos", (route) =>
      route.fulfill({ json: { status: "success", message: "OK", data: rows } }),
    );
    await mainMenu(page).getByRole("link", { name: "Pedidos", exact: true }).click();
    await expect(page.getByText("1–50 de 10000")).toBeVisible();
    await page.getByRole("combobox", { name: "Filas por página" }).click();
    await page.getByRole("option", { name: "All", exact: true }).click();
    await expect(page.getByText("1–10000 de 10000")).toBeVisible();

    // In the page: from each keydown (its event timestamp) to the first frame painted after the table finished
    // re-rendering for it. The table marks itself aria-busy while the filtered rows are being computed.
    await page.evaluate(() => {
      const results: number[] = [];
      Object.assign(window, { __repaints: results });
      const input = document.querySelector<HTMLInputElement>('input[aria-label="Buscar"]');
      const scroll = document.querySelector('table[aria-label="Pedidos"]')?.parentElement;
      if (!input || !scroll) throw new Error("no search box or table");
      let start: number | null = null;
      input.addEventListener("keydown", (event) => (start = event.timeStamp), true);
      new MutationObserver(() => {
        if (start === null || scroll.getAttribute("aria-busy") !== "false") return;
        const from = start;
        start = null;
        // rAF runs just before the paint; a task queued from it runs after that paint.
        requestAnimationFrame(() => setTimeout(() => results.push(performance.now() - from), 0));
      }).observe(scroll, { attributes: true, attributeFilter: ["aria-busy"] });
    });

    const search = page.getByRole("searchbox", { name: "Buscar" });
    await search.focus();
    const query = "urgate 42";
    const keys = [...query.split(""), ...query.split("").map(() => "Backspace")];
    for (const [n, key] of keys.entries()) {
      await page.keyboard.press(key === " " ? "Space" : key);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __repaints: number[] }).__repaints.length))
        .toBe(n + 1);
    }
    await expect(page.getByText("1–10000 de 10000")).toBeVisible();

    const repaints = await page.evaluate(() => (window as unknown as { __repaints: number[] }).__repaints);
    const sorted = [...repaints].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const max = sorted[sorted.length - 1] ?? 0;
    console.log(
      `[medición] búsqueda sobre 10,000 pedidos con 'All': ${repaints.length} teclas, ` +
        `mediana ${median.toFixed(1)} ms, máximo ${max.toFixed(1)} ms hasta el repintado ` +
        `(${repaints.map((ms) => ms.toFixed(0)).join(", ")})`,
    );
    // A measurement, not a timing test (speed targets are figures, never assertions): every keystroke repainted.
    expect(repaints).toHaveLength(keys.length);
  });
});
