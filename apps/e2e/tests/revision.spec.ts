import type { Locator, Page } from "@playwright/test";
import { switchRole } from "./cambio-de-rol";
import { entradasAbiertas, kemperToken, register } from "./facturas-datos";
import { expect, test } from "./fixtures";
import { tinyPdf } from "./support";

/**
 * Issue 13 in Chromium: the reviewer accepts one invoice and rejects another with a comment in
 * /Facturas-Pendientes; the supplier sees the accepted one read-only and the rejected one with the comment,
 * corrects it, and it is Pendiente again.
 */

const toast = (page: Page) => page.locator(".mantine-Notification-root");
const filaCon = (table: Locator, folio: string) => table.locator("tbody tr").filter({ hasText: folio });

test.describe(() => {
  test.use({ role: "administrador" });

  test("the reviewer accepts one invoice and rejects another; the supplier sees both and corrects the rejected one", async ({
    page,
    request,
    roleStates,
  }) => {
    const kemper = await kemperToken(request);
    const entradas = (await entradasAbiertas(request, kemper)).filter((e) => e.GroupNum > 0);
    expect(entradas.length).toBeGreaterThanOrEqual(2);
    const sufijo = Date.now().toString(36).toUpperCase();
    const [accept, rechazar] = [`ACE${sufijo}`, `REC${sufijo}`];
    await register(request, kemper, entradas[0]!, accept);
    await register(request, kemper, entradas[1]!, rechazar);

    // The reviewer.
    await page.goto("/Facturas-Pendientes");
    await expect(page.getByRole("heading", { level: 1, name: "Facturas pendientes" })).toBeVisible();
    const table = page.getByRole("table", { name: "Facturas pendientes" });
    const find = page.getByRole("searchbox", { name: "Buscar" });
    for (const [folio, estatus, comentario] of [
      [accept, "Aceptada", ""],
      [rechazar, "Rechazada", "El importe no coincide con la orden de compra."],
    ] as const) {
      await find.fill(folio);
      const fila = filaCon(table, folio);
      await expect(fila).toHaveCount(1);
      await fila.getByRole("combobox").click();
      await page.getByRole("option", { name: estatus, exact: true }).click();
      if (comentario) await fila.getByRole("textbox").fill(comentario);
      await fila.getByRole("checkbox").check();
    }
    await page.getByRole("button", { name: "Agregar" }).click();
    const dialogo = page.getByRole("dialog", {
      name: "Se cambiara el estado de las facturas seleccionadas, estas seguro?",
    });
    await expect(dialogo).toContainText(accept);
    await expect(dialogo).toContainText(rechazar);
    await dialogo.getByRole("button", { name: "Aceptar" }).click();
    await expect(toast(page).filter({ hasText: "Se proceso con exito el ó los registro(s)" })).toBeVisible();
    // The accepted invoice reaches the ERP (issue 13): the worker creates its A/P invoice at once. Decided, it has
    // left 'Por revisar' (issue 23): 'Todas' shows it.
    await page.getByLabel("Filtro de estatus").getByText("Todas", { exact: true }).click();
    await find.fill(accept);
    await expect(async () => {
      await page.getByRole("button", { name: "Recargar" }).click();
      await expect(filaCon(table, accept)).toContainText(/Factura SAP \d+/, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });

    // The supplier, in its own browser context.
    // The supplier, on the same browser: its saved sign-in replaces the reviewer's session cookies.
    await switchRole(page.context(), roleStates, "proveedor");
    const proveedor = page;
    await proveedor.goto("/MisFacturas");
    const lista = proveedor.getByRole("table", { name: "Facturas" });
    const searchBox = proveedor.getByRole("searchbox", { name: "Buscar" });

    await searchBox.fill(accept);
    await expect(filaCon(lista, accept)).toContainText("Aceptada");
    await filaCon(lista, accept).dblclick();
    await expect(proveedor.getByRole("heading", { level: 1, name: "Datos generales" })).toBeVisible();
    await expect(proveedor.getByRole("button", { name: "Actualizar" })).toBeDisabled();
    await expect(proveedor.getByRole("button", { name: /^Ver/ }).first()).toBeVisible();
    await proveedor.goBack();

    await searchBox.fill(rechazar);
    await expect(filaCon(lista, rechazar)).toContainText("Rechazada");
    await filaCon(lista, rechazar).dblclick();
    await expect(proveedor.getByText("El importe no coincide con la orden de compra.").first()).toBeVisible();
    await proveedor.locator('input[data-archivo="pdf"]').setInputFiles({
      name: `${rechazar}-corregida.pdf`,
      mimeType: "application/pdf",
      buffer: tinyPdf(`${rechazar} corregida`),
    });
    await proveedor.getByRole("button", { name: "Actualizar" }).click();
    await expect(
      toast(proveedor).filter({ hasText: `Se actualizo con exito la factura con folio ${rechazar}!` }),
    ).toBeVisible();
    await expect(proveedor).toHaveURL(/\/MisFacturas(\?.*)?$/, { timeout: 10_000 });
    await proveedor.getByRole("searchbox", { name: "Buscar" }).fill(rechazar);
    await expect(filaCon(proveedor.getByRole("table", { name: "Facturas" }), rechazar)).toContainText("Pendiente");
  });
});
