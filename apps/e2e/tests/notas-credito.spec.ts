import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { issueTestFactura } from "@portal/cfdi/sello";
import { switchRole } from "./cambio-de-rol";
import { KEMPER, MCI } from "./facturas-datos";
import { expect, test } from "./fixtures";
import { tinyPdf } from "./support";

/**
 * Issue 27 in Chromium (decision 034): the supplier registers a credit note (CFDI de Egreso) against its accepted
 * invoice in /Notas-Credito; the reviewer accepts it in /Notas-Credito-Pendientes and it reaches the ERP as an A/P
 * credit memo. Issue 40 (decision 065): each note opens its own detail with its Historial, and the form has its own
 * address.
 */

/** The demo's accepted PUE invoice of Kemper (folio 1187, SBO_MCI), in the ERP and unpaid. */
const UUID_FACTURA = "8E2D4B61-7C3A-4F90-B1D2-3A4B5C6D7E82";

const toast = (page: Page) => page.locator(".mantine-Notification-root");
const filaCon = (table: Locator, texto: string) => table.locator("tbody tr").filter({ hasText: texto });

/** Kemper's credit note of 116.00 MXN on invoice 1187, sealed and stamped like the demo's CFDIs. */
function notaCredito(folio: string) {
  return issueTestFactura({
    emisor: KEMPER,
    receptor: { ...MCI, uso: "G02" },
    lugarExpedicion: "86000",
    fecha: "2026-11-18T10:00:00",
    folio,
    formaPago: "15",
    metodoPago: "PUE",
    subtotal: "100.00",
    iva: "16.00",
    uuid: randomUUID(),
    fechaTimbrado: "2026-11-18T10:05:00",
    tipo: "E",
    cfdiRelacionados: [{ TipoRelacion: "01", UUIDs: [UUID_FACTURA] }],
  });
}

test.describe(() => {
  test.use({ role: "proveedor" });

  test("the supplier registers a credit note and the reviewer accepts it", async ({ page, roleStates }) => {
    test.setTimeout(90_000);
    const folio = `NC${Date.now().toString(36).toUpperCase()}`;

    // The supplier.
    await page.goto("/Notas-Credito");
    await expect(page.getByRole("heading", { level: 1, name: "Notas de crédito" })).toBeVisible();
    await page.getByRole("button", { name: "Nueva nota de crédito" }).click();
    await page.getByRole("combobox", { name: "Razón social" }).click();
    await page.getByRole("option", { name: MCI.nombre, exact: true }).click();
    await page.locator('input[data-archivo="pdf"]').setInputFiles({
      name: `${folio}.pdf`,
      mimeType: "application/pdf",
      buffer: tinyPdf(folio),
    });
    await page.locator('input[data-archivo="xml"]').setInputFiles({
      name: `${folio}.xml`,
      mimeType: "text/xml",
      buffer: Buffer.from(notaCredito(folio), "utf8"),
    });
    await page.getByRole("button", { name: "Agregar" }).click();
    await expect(toast(page).filter({ hasText: "Se registró con éxito la nota de crédito." })).toBeVisible();
    const lista = page.getByRole("table", { name: "Notas de crédito" });
    await page.getByRole("searchbox", { name: "Buscar" }).fill(folio);
    await expect(filaCon(lista, folio)).toContainText("Pendiente");
    await expect(filaCon(lista, folio)).toContainText("1187 (116.00 MXN)");
    // Issue 40: a double-click opens the note's own detail, with its Historial; 'Regresar' comes back to the list.
    await filaCon(lista, folio).getByRole("cell", { name: folio, exact: true }).dblclick();
    await expect(page).toHaveURL(/\/Notas-Credito\/Nota\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Nota de crédito" })).toBeVisible();
    await expect(page.getByLabel("Folio", { exact: true })).toHaveValue(folio);
    await expect(page.getByLabel("Total", { exact: true })).toHaveValue("116.00 MXN");
    const historialProveedor = page.getByRole("table", { name: "Historial" });
    await expect(historialProveedor).toContainText("Registrada (Pendiente)");
    await expect(historialProveedor).toContainText("facturas 1187");
    await page.getByRole("button", { name: "Regresar" }).click();
    await expect(page).toHaveURL(/\/Notas-Credito(\?.*)?$/);
    await expect(lista).toBeVisible();

    // The reviewer, on the same browser: its saved sign-in replaces the supplier's session cookies.
    await switchRole(page.context(), roleStates, "administrador");
    await page.goto("/Notas-Credito-Pendientes");
    await expect(page.getByRole("heading", { level: 1, name: "Notas de crédito pendientes" })).toBeVisible();
    const table = page.getByRole("table", { name: "Notas de crédito pendientes" });
    const find = page.getByRole("searchbox", { name: "Buscar" });
    await find.fill(folio);
    const fila = filaCon(table, folio);
    await expect(fila).toHaveCount(1);
    await fila.getByRole("combobox").click();
    await page.getByRole("option", { name: "Aceptada", exact: true }).click();
    await fila.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Agregar" }).click();
    const dialogo = page.getByRole("dialog", {
      name: "Se cambiara el estado de las notas de crédito seleccionadas, estas seguro?",
    });
    await expect(dialogo).toContainText(folio);
    await dialogo.getByRole("button", { name: "Aceptar" }).click();
    await expect(toast(page).filter({ hasText: "Se proceso con exito el ó los registro(s)" })).toBeVisible();
    // Accepted, it reaches the ERP as an A/P credit memo; decided, it has left 'Por revisar'.
    await page.getByLabel("Filtro de estatus").getByText("Todas", { exact: true }).click();
    await find.fill(folio);
    await expect(async () => {
      await page.getByRole("button", { name: "Recargar" }).click();
      await expect(filaCon(table, folio)).toContainText(/Nota de crédito SAP \d+/, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });

    // Issue 40: from the review list too, the detail with the decision in its Historial, and back to the review.
    await filaCon(table, folio).getByRole("cell", { name: folio, exact: true }).dblclick();
    await expect(page).toHaveURL(/\/Notas-Credito\/Nota\/\d+\?desde=pendientes$/);
    const historial = page.getByRole("table", { name: "Historial" });
    await expect(historial).toContainText("Registrada (Pendiente)");
    await expect(historial).toContainText("Aceptada");
    await expect(historial).toContainText("Administrador del Portal");
    await expect(page.getByText(/Nota de crédito SAP \d+/)).toBeVisible();
    await page.getByRole("button", { name: "Regresar" }).click();
    await expect(page).toHaveURL(/\/Notas-Credito-Pendientes/);
    await expect(table).toBeVisible();
  });

  test("'Nueva nota de crédito' has its own address: Back returns to the list (issue 40)", async ({ page }) => {
    await page.goto("/Notas-Credito");
    await expect(page.getByRole("heading", { level: 1, name: "Notas de crédito" })).toBeVisible();
    await page.getByRole("button", { name: "Nueva nota de crédito" }).click();
    await expect(page).toHaveURL(/\/Notas-Credito\/Nueva$/);
    await expect(page.getByRole("form", { name: "Registro de la nota de crédito" })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/Notas-Credito$/);
    await expect(page.getByRole("table", { name: "Notas de crédito" })).toBeVisible();
    // And forward again: the form, not a blank module.
    await page.goForward();
    await expect(page.getByRole("heading", { level: 1, name: "Nueva nota de crédito" })).toBeVisible();
  });
});
