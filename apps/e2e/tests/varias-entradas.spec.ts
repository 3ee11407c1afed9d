import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { issueTestFactura } from "@portal/cfdi/sello";
import { type Entrada, entradasAbiertas, KEMPER, kemperToken, MCI, PNG_1X1 } from "./facturas-datos";
import { expect, test } from "./fixtures";
import { signInOk, tinyPdf } from "./support";

/**
 * Issue 27, "One CFDI for several goods receipts", in Chromium: the supplier picks two of its open receipts in
 * 'Registro de la facturación' (the receipt picker is a multi-select), sees each receipt and their sum in 'Datos
 * de la entrada', registers one sealed and stamped CFDI for both, and finds it in /MisFacturas with both receipts;
 * a reviewer accepts it in /Facturas-Pendientes and the ERP's A/P invoice is created (both receipts' lines).
 */

const toast = (page: Page) => page.locator(".mantine-Notification-root");
const filaCon = (table: Locator, texto: string) => table.locator("tbody tr").filter({ hasText: texto });
const centavos = (amount: string) => Math.round(Number(amount) * 100);
const importe = (cents: number) => (cents / 100).toFixed(2);
const conComas = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Two open receipts the same CFDI can bill: same payment form, main use and issuer postal code. */
function dosCompatibles(entradas: readonly Entrada[]): [Entrada, Entrada] {
  for (const a of entradas) {
    const b = entradas.find(
      (x) =>
        x.DocNum !== a.DocNum &&
        x.PeyMethod === a.PeyMethod &&
        x.U_B1SYS_MainUsage === a.U_B1SYS_MainUsage &&
        x.CP === a.CP,
    );
    if (b) return [a, b];
  }
  throw new Error("el proveedor de demostración no tiene dos entradas abiertas compatibles en SBO_MCI");
}

/** One CFDI 4.0 for both receipts, sealed with the EKU test CSD and stamped by the test PAC: their sum. */
function xmlPara([a, b]: [Entrada, Entrada], folio: string) {
  const total = centavos(a.DocTotal) + centavos(b.DocTotal);
  const subtotal = Math.round(total / 1.16);
  const uuid = randomUUID().toUpperCase();
  const xml = issueTestFactura({
    emisor: KEMPER,
    receptor: { ...MCI, uso: a.U_B1SYS_MainUsage },
    lugarExpedicion: a.CP,
    // A fixed day inside the test certificate's validity, so the test means the same on any day.
    fecha: "2026-11-16T10:00:00",
    folio,
    formaPago: a.PeyMethod,
    // PPD when any receipt has credit days.
    metodoPago: a.GroupNum > 0 || b.GroupNum > 0 ? "PPD" : "PUE",
    subtotal: importe(subtotal),
    iva: importe(total - subtotal),
    uuid,
    fechaTimbrado: "2026-11-16T10:05:00",
  });
  return { xml: Buffer.from(xml, "utf8"), uuid, total };
}

test.describe(() => {
  test.use({ role: "proveedor" });

  test("the supplier registers one CFDI for two receipts and a reviewer accepts it", async ({ page, request }) => {
    const token = await kemperToken(request);
    const pareja = dosCompatibles(await entradasAbiertas(request, token));
    const [a, b] = pareja;
    const folio = `VAR${Date.now().toString(36).toUpperCase()}`;
    const { xml, uuid, total } = xmlPara(pareja, folio);

    // The supplier: both receipts in the picker.
    await page.goto("/MisFacturas/Factura/Nuevo");
    await expect(page.getByRole("heading", { level: 1, name: "Registro de la facturación" })).toBeVisible();
    await page.getByRole("combobox", { name: "Razón social" }).click();
    await page.getByRole("option", { name: MCI.nombre, exact: true }).click();
    const picker = page.getByRole("combobox", { name: "Entrada de mercancia" });
    for (const entrada of pareja) {
      await picker.click();
      await page.getByRole("option", { name: new RegExp(`^${entrada.DocNum} · `) }).click();
    }
    const datos = page.getByRole("region", { name: "Datos de la entrada" });
    await expect(datos).toContainText(`Entrada${a.DocNum}`);
    await expect(datos).toContainText(`Entrada${b.DocNum}`);
    await expect(datos.getByLabel("Suma de las entradas")).toHaveText(`Suma de las 2 entradas: ${conComas(total)} MXN`);
    await page.keyboard.press("Escape");

    await page.locator('input[data-archivo="pdf"]').setInputFiles({
      name: `${folio}.pdf`,
      mimeType: "application/pdf",
      buffer: tinyPdf(folio),
    });
    await page.locator('input[data-archivo="xml"]').setInputFiles({
      name: `${folio}.xml`,
      mimeType: "text/xml",
      buffer: xml,
    });
    await page.locator('input[data-archivo="recepcion"]').setInputFiles({
      name: "recepcion.png",
      mimeType: "image/png",
      buffer: PNG_1X1,
    });
    await page.getByRole("button", { name: "Agregar" }).click();
    await expect(toast(page).filter({ hasText: "Se registro con exito la factura!" })).toBeVisible();
    await expect(page).toHaveURL(/\/MisFacturas$/, { timeout: 10_000 });

    const lista = page.getByRole("table", { name: "Facturas" });
    // Searched by its UUID (a hidden column, issue 40, still searched); the row is told by its folio.
    await page.getByRole("searchbox", { name: "Buscar" }).fill(uuid);
    const [menor, mayor] = [a.DocNum, b.DocNum].sort((x, y) => x - y);
    await expect(filaCon(lista, folio)).toContainText(`${menor}, ${mayor}`);
    await filaCon(lista, folio).dblclick();
    await expect(page.getByRole("textbox", { name: "Entradas" })).toHaveValue(`${menor}, ${mayor}`);

    // The reviewer, on the same browser once the supplier's cookies are gone.
    await page.context().clearCookies();
    await signInOk(page, "Empleado", "admin");
    await page.goto("/Facturas-Pendientes");
    await expect(page.getByRole("heading", { level: 1, name: "Facturas pendientes" })).toBeVisible();
    const pendientes = page.getByRole("table", { name: "Facturas pendientes" });
    const search = page.getByRole("searchbox", { name: "Buscar" });
    await search.fill(folio);
    const fila = filaCon(pendientes, folio);
    await expect(fila).toHaveCount(1);
    await expect(fila).toContainText(`${menor}, ${mayor}`);
    await fila.getByRole("combobox").click();
    await page.getByRole("option", { name: "Aceptada", exact: true }).click();
    await fila.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Agregar" }).click();
    const dialogo = page.getByRole("dialog", {
      name: "Se cambiara el estado de las facturas seleccionadas, estas seguro?",
    });
    await expect(dialogo).toContainText(folio);
    await dialogo.getByRole("button", { name: "Aceptar" }).click();
    await expect(toast(page).filter({ hasText: "Se proceso con exito el ó los registro(s)" })).toBeVisible();
    // The worker creates the A/P invoice over both receipts at once; decided, the row is under 'Todas'.
    await page.getByLabel("Filtro de estatus").getByText("Todas", { exact: true }).click();
    await search.fill(folio);
    await expect(async () => {
      await page.getByRole("button", { name: "Recargar" }).click();
      await expect(filaCon(pendientes, folio)).toContainText(/Factura SAP \d+/, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });

    // Both receipts are invoiced in the ERP (their lines copied into the one A/P invoice): both closed.
    for (const entrada of pareja) {
      const answer = await request.post("/api/facturas/getEntradas", {
        headers: { "x-access-token": token },
        data: { BD: "SBO_MCI", tipo: entrada.DocNum },
      });
      expect(((await answer.json()) as { data: Entrada[] }).data[0]?.DocStatus).toBe("C");
    }
  });
});
