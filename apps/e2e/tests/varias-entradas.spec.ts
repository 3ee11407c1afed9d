import { randomUUID } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { issueTestFactura } from "@portal/cfdi/sello";
import { switchRole } from "./cambio-de-rol";
import { ENTRADA_README, type Entrada, entradasAbiertas, KEMPER, kemperToken, MCI, PNG_1X1 } from "./facturas-datos";
import { expect, test } from "./fixtures";
import { tinyPdf } from "./support";

/**
 * Issue 27, "One CFDI for several goods receipts", in Chromium: the supplier picks two of its open receipts in
 * 'Registro de la facturación' (the receipt picker is a multi-select), sees each receipt and their sum in 'Datos
 * de la entrada', registers one sealed and stamped CFDI for both, and finds it in /MisFacturas with both receipts;
 * a reviewer accepts it in /Facturas-Pendientes and the ERP's A/P invoice is created (both receipts' lines).
 * Issue 40 (decision 064): the files picked first stay while the receipts chosen may still be the XML's, and an
 * XML picked first proposes the receipts whose sum is its total; those two flows register nothing.
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

/** 'Datos de la entrada' with several receipts (issue 40): one row each, in the order picked, and their sum. */
async function expectTabla(page: Page, entradas: readonly Entrada[], total: number) {
  const tabla = page
    .getByRole("region", { name: "Datos de la entrada" })
    .getByRole("table", { name: "Entradas elegidas" });
  await expect(tabla.locator("tbody tr td:first-child")).toHaveText(entradas.map((e) => String(e.DocNum)));
  await expect(tabla.getByRole("row", { name: "Suma de las entradas" })).toHaveText(
    `Suma de las ${entradas.length} entradasMXN${conComas(total)}`,
  );
}

/**
 * Issue 40: two open receipts whose sum no other open receipt, nor any other pair, adds up to, so that an XML for
 * them proposes exactly them. Taken from `elegibles`, checked against every open MXN receipt (`todas`).
 */
function parUnico(elegibles: readonly Entrada[], todas: readonly Entrada[]): [Entrada, Entrada] {
  const suma = (x: Entrada, y: Entrada) => centavos(x.DocTotal) + centavos(y.DocTotal);
  for (const [i, a] of elegibles.entries()) {
    for (const b of elegibles.slice(i + 1)) {
      const objetivo = suma(a, b);
      const otraUna = todas.some((c) => centavos(c.DocTotal) === objetivo);
      const otroPar = todas.some((c, j) =>
        todas.slice(j + 1).some((d) => suma(c, d) === objetivo && !(c.DocNum === a.DocNum && d.DocNum === b.DocNum)),
      );
      if (!otraUna && !otroPar) return [a, b];
    }
  }
  throw new Error("el proveedor de demostración no tiene dos entradas abiertas cuya suma sea única en SBO_MCI");
}

/** The receipts the 'several receipts' form flows use: read only (nothing is registered, no receipt is taken). */
async function parParaLaPropuesta(request: APIRequestContext) {
  const token = await kemperToken(request);
  // The README's receipt is never chosen, but it is open: the proposal weighs it like any other.
  const todas = await entradasAbiertas(request, token, { conLaDelReadme: true });
  const par = parUnico(
    todas.filter((e) => e.NumAtCard !== ENTRADA_README),
    todas,
  );
  return { par, ...xmlPara(par, `PRO${Date.now().toString(36).toUpperCase()}`) };
}

async function openFormWithFiles(page: Page, xml: Buffer) {
  await page.goto("/MisFacturas/Factura/Nuevo");
  await page.getByRole("combobox", { name: "Razón social" }).click();
  await page.getByRole("option", { name: MCI.nombre, exact: true }).click();
  await expect(page.getByRole("combobox", { name: "Entrada de mercancia" })).toBeEnabled();
  await page.locator('input[data-archivo="pdf"]').setInputFiles({
    name: "factura.pdf",
    mimeType: "application/pdf",
    buffer: tinyPdf("P"),
  });
  await page
    .locator('input[data-archivo="xml"]')
    .setInputFiles({ name: "factura.xml", mimeType: "text/xml", buffer: xml });
  await page.locator('input[data-archivo="recepcion"]').setInputFiles({
    name: "recepcion.png",
    mimeType: "image/png",
    buffer: PNG_1X1,
  });
}

const expectArchivos = async (page: Page, count: number) => {
  for (const nombre of ["factura.pdf", "factura.xml", "recepcion.png"]) {
    await expect(page.getByText(nombre, { exact: true })).toHaveCount(count);
  }
};

test.describe(() => {
  test.use({ role: "proveedor" });

  test("issue 40: two receipts chosen after the files keep the files; a third past the XML's total clears them", async ({
    page,
    request,
  }) => {
    const { par, xml, total } = await parParaLaPropuesta(request);
    await openFormWithFiles(page, xml);
    await expect(page.getByRole("region", { name: "Entradas propuestas" })).toBeVisible();

    // Chosen by hand, one by one: the picker closes after each choice, and the files stay.
    const picker = page.getByRole("combobox", { name: "Entrada de mercancia" });
    const listbox = page.getByRole("listbox", { name: "Entrada de mercancia" });
    for (const entrada of par) {
      await picker.click();
      await listbox.getByRole("option", { name: new RegExp(`^${entrada.DocNum} · `) }).click();
      await expect(listbox).toBeHidden();
    }
    await expectTabla(page, par, total);
    await expectArchivos(page, 1);
    await expect(page.getByRole("alert").filter({ hasText: "Se quitaron los archivos" })).toHaveCount(0);

    // A third receipt passes the XML's total: the files go, and the form says why.
    await picker.click();
    const tercera = listbox.getByRole("option").filter({ hasText: / MXN$/ }).first();
    const etiqueta = (await tercera.textContent()) ?? "";
    const [, importe = ""] = /· ([\d,.]+) MXN$/.exec(etiqueta) ?? [];
    await tercera.click();
    const suma = total + centavos(importe.replaceAll(",", ""));
    await expect(page.getByRole("alert").filter({ hasText: "Se quitaron los archivos" })).toHaveText(
      `Se quitaron los archivos: la suma de las entradas elegidas (${conComas(suma)} MXN) supera el total del XML (${conComas(total)} MXN); vuelva a elegirlos.`,
    );
    await expectArchivos(page, 0);
  });

  test("issue 40: an XML for two receipts proposes both; accepting them keeps the files", async ({ page, request }) => {
    const { par, xml, total } = await parParaLaPropuesta(request);
    await openFormWithFiles(page, xml);
    const propuesta = page.getByRole("region", { name: "Entradas propuestas" });
    await expect(propuesta).toContainText(
      `Estas 2 entradas suman ${conComas(total)} MXN, el total del XML. Puede usarlas o elegir otras.`,
    );
    await expect(propuesta.getByRole("listitem")).toHaveCount(2);
    for (const entrada of par) {
      await expect(
        propuesta.getByRole("listitem").filter({ hasText: new RegExp(`^${entrada.DocNum} · `) }),
      ).toHaveCount(1);
    }
    await propuesta.getByRole("button", { name: "Usar estas entradas" }).click();
    await expect(propuesta).toHaveCount(0);
    const tabla = page.getByRole("table", { name: "Entradas elegidas" });
    await expect(tabla.locator("tbody tr")).toHaveCount(2);
    await expect(tabla.getByRole("row", { name: "Suma de las entradas" })).toHaveText(
      `Suma de las 2 entradasMXN${conComas(total)}`,
    );
    await expectArchivos(page, 1);
  });

  test("the supplier registers one CFDI for two receipts and a reviewer accepts it", async ({
    page,
    request,
    roleStates,
  }) => {
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
    // Issue 40: several receipts read as one table, in the order picked, with their sum.
    await expectTabla(page, pareja, total);

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

    // The reviewer, on the same browser: its saved sign-in replaces the supplier's cookies.
    await switchRole(page.context(), roleStates, "administrador");
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
