import type { Locator, Page } from "@playwright/test";
import { switchRole } from "./cambio-de-rol";
import { PNG_1X1 } from "./facturas-datos";
import { expect, test } from "./fixtures";
import { apiSignIn, tinyPdf } from "./support";

/**
 * Issue 42 part 1 (decision 073), in Chromium: the demo's foreign supplier (ACME, generic RFC, signs in with its
 * CardCode) registers its USD invoice without CFDI — a PDF, the receipt image and its data — in 'Factura del
 * extranjero' against its demo receipt; /MisFacturas shows it; a reviewer accepts it in /Facturas-Pendientes and the
 * ERP's A/P invoice is created from the receipt (which closes).
 */
const ENTRADA = 9300001;
const KIJ = "KIJ, S.A DE C.V.";
const toast = (page: Page) => page.locator(".mantine-Notification-root");
const filaCon = (table: Locator, texto: string) => table.locator("tbody tr").filter({ hasText: texto });

test.describe(() => {
  test.use({ role: "extranjero" });

  test("a foreign supplier's USD invoice, from upload to the A/P invoice", async ({ page, request, roleStates }) => {
    const numero = `INV-${Date.now().toString(36).toUpperCase()}`;
    await page.goto("/MisFacturas/Factura/Nuevo");
    const form = page.getByRole("form", { name: "Factura del extranjero" });
    await expect(form).toBeVisible();
    // No XML: it is not a CFDI.
    await expect(form.locator('input[data-archivo="xml"]')).toHaveCount(0);
    await form.getByRole("combobox", { name: "Razón social" }).click();
    await page.getByRole("option", { name: KIJ, exact: true }).click();
    await form.getByRole("combobox", { name: "Entrada de mercancía" }).click();
    await page.getByRole("option", { name: new RegExp(`^${ENTRADA} · `) }).click();
    await expect(form.getByRole("textbox", { name: "Moneda" })).toHaveValue("USD");
    await form.getByRole("textbox", { name: "Número de factura" }).fill(numero);
    await form.getByLabel("Fecha de la factura").fill("2026-11-14");
    await form.getByRole("textbox", { name: "Subtotal" }).fill("1000.00");
    await form.getByRole("textbox", { name: "Impuestos" }).fill("160.00");
    await form.getByRole("textbox", { name: "Total", exact: true }).fill("1160.00");
    await page.locator('input[data-archivo="pdf"]').setInputFiles({
      name: `${numero}.pdf`,
      mimeType: "application/pdf",
      buffer: tinyPdf(numero),
    });
    await page.locator('input[data-archivo="recepcion"]').setInputFiles({
      name: "recepcion.png",
      mimeType: "image/png",
      buffer: PNG_1X1,
    });
    await form.getByRole("button", { name: "Agregar" }).click();
    await expect(toast(page).filter({ hasText: "Se registro con exito la factura!" })).toBeVisible();
    await expect(page).toHaveURL(/\/MisFacturas$/, { timeout: 10_000 });
    const lista = page.getByRole("table", { name: "Facturas" });
    await page.getByRole("searchbox", { name: "Buscar" }).fill(numero);
    await expect(filaCon(lista, numero)).toContainText("1,160.00 USD");

    // The reviewer accepts it like any invoice.
    await switchRole(page.context(), roleStates, "administrador");
    await page.goto("/Facturas-Pendientes");
    const pendientes = page.getByRole("table", { name: "Facturas pendientes" });
    const search = page.getByRole("searchbox", { name: "Buscar" });
    await search.fill(numero);
    const fila = filaCon(pendientes, numero);
    await expect(fila).toHaveCount(1);
    await expect(fila).toContainText("XEXX010101000");
    await fila.getByRole("combobox").click();
    await page.getByRole("option", { name: "Aceptada", exact: true }).click();
    await fila.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Agregar" }).click();
    const dialogo = page.getByRole("dialog", {
      name: "Se cambiara el estado de las facturas seleccionadas, estas seguro?",
    });
    await expect(dialogo).toContainText(numero);
    await dialogo.getByRole("button", { name: "Aceptar" }).click();
    await expect(toast(page).filter({ hasText: "Se proceso con exito el ó los registro(s)" })).toBeVisible();
    await page.getByLabel("Filtro de estatus").getByText("Todas", { exact: true }).click();
    await search.fill(numero);
    await expect(async () => {
      await page.getByRole("button", { name: "Recargar" }).click();
      await expect(filaCon(pendientes, numero)).toContainText(/Factura SAP \d+/, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });

    // The A/P invoice copied the receipt: it is closed, and the supplier's row has the A/P invoice's number.
    const token = await apiSignIn(request, "Proveedor", "P00003");
    const entrada = await request.post("/api/facturas/getEntradas", {
      headers: { "x-access-token": token },
      data: { BD: "SBO_KIJ", tipo: ENTRADA },
    });
    expect(((await entrada.json()) as { data: { DocStatus: string }[] }).data[0]?.DocStatus).toBe("C");
    const facturas = await request.post("/api/facturas/getFacturas", {
      headers: { "x-access-token": token },
      data: {},
    });
    const propia = (
      (await facturas.json()) as { data: { FolioFactura: string; UUID: string; FolioSAP: number | null }[] }
    ).data.find((f) => f.FolioFactura === numero);
    expect(propia?.UUID).toBe("");
    expect(propia?.FolioSAP).toBeGreaterThan(0);
  });

  test("a foreign supplier bills 60 % of its service order with its invoice's data", async ({ page, roleStates }) => {
    // Amendment of 2026-11-29 to decision 073: the demo order DEMO-SERVICIO-ACME-1, 1 × 2,500.00 USD + 16 %.
    const numero = `SRV-${Date.now().toString(36).toUpperCase()}`;
    await page.goto("/MisFacturas/Factura/Nuevo");
    await page.getByRole("link", { name: "Facturar servicios de un pedido (sin entrada de mercancía)" }).click();
    const form = page.getByRole("form", { name: "Facturar servicios de un pedido" });
    await expect(form).toBeVisible();
    await expect(form.locator('input[data-archivo="xml"]')).toHaveCount(0);
    await form.getByRole("combobox", { name: "Razón social" }).click();
    await page.getByRole("option", { name: KIJ, exact: true }).click();
    await form
      .getByRole("textbox", { name: /^Cantidad a facturar, pedido \d+, línea 0$/ })
      .first()
      .fill("0.6");
    await expect(form).toContainText("1,500.00 USD");
    await expect(form.getByRole("textbox", { name: "Moneda" })).toHaveValue("USD");
    await form.getByRole("textbox", { name: "Número de factura" }).fill(numero);
    await form.getByLabel("Fecha de la factura").fill("2026-11-14");
    await form.getByRole("textbox", { name: "Subtotal" }).fill("1500.00");
    await form.getByRole("textbox", { name: "Impuestos" }).fill("240.00");
    await form.getByRole("textbox", { name: "Total", exact: true }).fill("1740.00");
    await page.locator('input[data-archivo="pdf"]').setInputFiles({
      name: `${numero}.pdf`,
      mimeType: "application/pdf",
      buffer: tinyPdf(numero),
    });
    await page.locator('input[data-archivo="recepcion"]').setInputFiles({
      name: "recepcion.png",
      mimeType: "image/png",
      buffer: PNG_1X1,
    });
    await form.getByRole("button", { name: "Agregar" }).click();
    await expect(toast(page).filter({ hasText: "Se registro con exito la factura!" })).toBeVisible();
    await expect(page).toHaveURL(/\/MisFacturas$/, { timeout: 10_000 });
    await page.getByRole("searchbox", { name: "Buscar" }).fill(numero);
    const propia = filaCon(page.getByRole("table", { name: "Facturas" }), numero);
    await expect(propia).toContainText("1,740.00 USD");
    await expect(propia).toContainText(/Pedido \d+ \(Parcial\)/);

    // The reviewers see it in the review list, without CFDI.
    await switchRole(page.context(), roleStates, "administrador");
    await page.goto("/Facturas-Pendientes");
    await page.getByRole("searchbox", { name: "Buscar" }).fill(numero);
    const fila = filaCon(page.getByRole("table", { name: "Facturas pendientes" }), numero);
    await expect(fila).toHaveCount(1);
    await expect(fila).toContainText("XEXX010101000");
  });
});
