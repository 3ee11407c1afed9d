import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { issueTestFactura } from "@portal/cfdi/sello";
import { KEMPER, kemperToken, MCI, PNG_1X1 } from "./facturas-datos";
import { expect, test } from "./fixtures";
import { mainMenu, tinyPdf } from "./support";

/**
 * Issue 23, 'What slows a supplier down', in Chromium as the demo supplier: the receipt picker shows
 * 'number · reference · date · total' and finds SAT-PRUEBA-2025 by typing 'SAT-PRUEBA'; an XML picked before the
 * receipt proposes its receipt, and accepting it keeps the files; choosing another receipt says the files were
 * taken away; a CFDI against the wrong receipt lists each message with the values compared. Nothing is registered.
 */

interface EntradaAbierta {
  DocNum: number;
  DocTotal: string;
  DocCur: string;
  DocDate: string;
  NumAtCard: string;
  PeyMethod: string;
  U_B1SYS_MainUsage: string;
  CP: string;
  GroupNum: number;
}

const REFERENCIA_SAT = "SAT-PRUEBA-2025";

async function entradasNuevas(request: APIRequestContext): Promise<EntradaAbierta[]> {
  const answer = await request.post("/api/facturas/getEntradas", {
    headers: { "x-access-token": await kemperToken(request) },
    data: { BD: "SBO_MCI", tipo: "Nuevo" },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: EntradaAbierta[] }).data;
}

/** The demo's receipt of the SAT's test CFDI (3,327.01 MXN, payment form 01, PUE), open for a new invoice. */
async function entradaSat(request: APIRequestContext): Promise<EntradaAbierta> {
  const entrada = (await entradasNuevas(request)).find((e) => e.NumAtCard === REFERENCIA_SAT);
  if (!entrada) throw new Error(`la entrada ${REFERENCIA_SAT} de la demostración no está abierta en SBO_MCI`);
  return entrada;
}

const dosDecimales = (amount: string) =>
  Number(amount).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const etiqueta = (e: EntradaAbierta) =>
  `${e.DocNum} · ${e.NumAtCard || "Sin referencia"} · ${e.DocDate} · ${dosDecimales(e.DocTotal)} ${e.DocCur}`;

/** A sealed and stamped CFDI matching `entrada` (its total, payment form, use, CP and method), with `folio`. */
function xmlPara(entrada: EntradaAbierta, folio: string, receptor: typeof MCI = MCI): Buffer {
  const total = Math.round(Number(entrada.DocTotal) * 100);
  const subtotal = Math.round(total / 1.16);
  return Buffer.from(
    issueTestFactura({
      emisor: KEMPER,
      receptor: { ...receptor, uso: entrada.U_B1SYS_MainUsage },
      lugarExpedicion: entrada.CP,
      fecha: "2026-11-16T10:00:00",
      folio,
      formaPago: entrada.PeyMethod,
      metodoPago: entrada.GroupNum > 0 ? "PPD" : "PUE",
      subtotal: (subtotal / 100).toFixed(2),
      iva: ((total - subtotal) / 100).toFixed(2),
      uuid: randomUUID(),
      fechaTimbrado: "2026-11-16T10:05:00",
    }),
    "utf8",
  );
}

const archivo = (page: Page, clave: "pdf" | "xml" | "recepcion") => page.locator(`input[data-archivo="${clave}"]`);
const selectEntrada = (page: Page) => page.getByRole("combobox", { name: "Entrada de mercancia" });
const datosEntrada = (page: Page) => page.getByRole("region", { name: "Datos de la entrada" });

/** Opens the form from /MisFacturas and chooses MUNICIPIO DE CUAUTITLAN IZCALLI. */
async function openForm(page: Page) {
  await page.goto("/Home");
  await mainMenu(page).getByRole("link", { name: "Mis facturas" }).click();
  await page.getByRole("button", { name: "Agregar" }).click();
  await expect(page).toHaveURL(/\/MisFacturas\/Factura\/Nuevo$/);
  await page.getByRole("combobox", { name: "Razón social" }).click();
  await page.getByRole("option", { name: MCI.nombre, exact: true }).click();
  await expect(selectEntrada(page)).toBeEnabled();
}

async function uploadArchivos(page: Page, xml: Buffer) {
  await archivo(page, "pdf").setInputFiles({ name: "factura.pdf", mimeType: "application/pdf", buffer: tinyPdf("F") });
  await archivo(page, "xml").setInputFiles({ name: "factura.xml", mimeType: "text/xml", buffer: xml });
  await archivo(page, "recepcion").setInputFiles({ name: "recepcion.png", mimeType: "image/png", buffer: PNG_1X1 });
}

test.describe(() => {
  test.use({ role: "proveedor" });

  test("the receipt picker finds SAT-PRUEBA-2025 by typing 'SAT-PRUEBA'", async ({ page, request }) => {
    const sat = await entradaSat(request);
    const todas = await entradasNuevas(request);
    await openForm(page);

    // Every receipt as 'number · reference · date · total', newest first.
    await selectEntrada(page).click();
    const listbox = page.getByRole("listbox", { name: "Entrada de mercancia" });
    await expect(listbox.getByRole("option")).toHaveCount(todas.length);
    const mostradas = await listbox.getByRole("option").allTextContents();
    const fechas = mostradas.map((texto) => texto.split(" · ")[2] ?? "");
    expect(fechas).toEqual([...fechas].sort().reverse());
    expect(mostradas).toContain(etiqueta(sat));

    await selectEntrada(page).fill("SAT-PRUEBA");
    await expect(listbox.getByRole("option")).toHaveText([etiqueta(sat)]);
    // Without accents or case, and the total without thousands commas.
    await selectEntrada(page).fill("sat-prueba 3327.01");
    await expect(listbox.getByRole("option")).toHaveText([etiqueta(sat)]);

    await listbox.getByRole("option", { name: etiqueta(sat), exact: true }).click();
    // A multi-select (issue 27, decision 033): the typed search is cleared and the receipt is taken, in the panel.
    await expect(selectEntrada(page)).toHaveValue("");
    await expect(datosEntrada(page)).toContainText(`Entrada${sat.DocNum}`);
    await expect(datosEntrada(page)).toContainText(`Referencia${REFERENCIA_SAT}`);
  });

  test("an XML picked first proposes its receipt; accepting keeps the files, another receipt past its total takes them away", async ({
    page,
    request,
  }) => {
    const sat = await entradaSat(request);
    await openForm(page);
    await uploadArchivos(page, xmlPara(sat, REFERENCIA_SAT));

    const propuesta = page.getByRole("region", { name: "Entrada propuesta" });
    await expect(propuesta).toContainText(`La entrada ${etiqueta(sat)} coincide con el total y la referencia del XML.`);
    await expect(datosEntrada(page)).toHaveCount(0);
    await propuesta.getByRole("button", { name: "Usar esta entrada" }).click();
    await expect(datosEntrada(page)).toContainText(`Entrada${sat.DocNum}`);
    await expect(page.getByText("factura.xml")).toBeVisible();
    await expect(page.getByText("factura.pdf")).toBeVisible();
    await expect(page.getByText("recepcion.png")).toBeVisible();

    // Another receipt too: their sum passes the XML's total, so the files go, and the form says why (issue 40).
    const otra = (await entradasNuevas(request)).find((e) => e.DocNum !== sat.DocNum && e.DocCur === "MXN");
    if (!otra) throw new Error("el proveedor de demostración no tiene otra entrada abierta en MXN en SBO_MCI");
    await selectEntrada(page).click();
    await page.getByRole("option", { name: etiqueta(otra), exact: true }).click();
    const suma = (Math.round(Number(sat.DocTotal) * 100) + Math.round(Number(otra.DocTotal) * 100)) / 100;
    await expect(page.getByRole("alert").filter({ hasText: "Se quitaron los archivos" })).toHaveText(
      `Se quitaron los archivos: la suma de las entradas elegidas (${dosDecimales(String(suma))} MXN) supera el total del XML (3,327.01 MXN); vuelva a elegirlos.`,
    );
    await expect(page.getByText("factura.xml")).toHaveCount(0);
  });

  test("a CFDI for another receipt lists each message with the expected and found values", async ({
    page,
    request,
  }) => {
    const sat = await entradaSat(request);
    const otra = (await entradasNuevas(request)).find(
      (e) => e.DocNum !== sat.DocNum && e.DocCur === "MXN" && Number(e.DocTotal) !== Number(sat.DocTotal),
    );
    if (!otra) throw new Error("el proveedor de demostración no tiene otra entrada abierta en MXN en SBO_MCI");
    await openForm(page);
    await selectEntrada(page).click();
    await page.getByRole("option", { name: etiqueta(otra), exact: true }).click();
    await uploadArchivos(page, xmlPara(sat, REFERENCIA_SAT));
    await page.getByRole("button", { name: "Agregar" }).click();

    const toast = page.locator(".mantine-Notification-root").filter({ hasText: "El total de la entrada" });
    await expect(toast.getByRole("listitem").first()).toBeVisible();
    await expect(toast.getByRole("listitem").filter({ hasText: "El total de la entrada" })).toHaveText(
      `El total de la entrada no es el mismo del XML — se esperaba «${dosDecimales(otra.DocTotal)}»; el XML trae «3,327.01».`,
    );
    if (otra.PeyMethod !== sat.PeyMethod) {
      await expect(toast.getByRole("listitem").filter({ hasText: "La forma de pago" })).toHaveText(
        `La forma de pago de la entrada no es el mismo del XML — se esperaba «${otra.PeyMethod}»; el XML trae «${sat.PeyMethod}».`,
      );
    }
    await expect(page).toHaveURL(/\/MisFacturas\/Factura\/Nuevo$/);
  });

  test("a CFDI for another sociedad says the expected and found receiver, one message a line", async ({
    page,
    request,
  }) => {
    const sat = await entradaSat(request);
    const kij = { rfc: "KIJ0906199R1", nombre: "KIJ, S.A DE C.V.", cp: "59820", regimen: "601" };
    await openForm(page);
    await selectEntrada(page).click();
    await page.getByRole("option", { name: etiqueta(sat), exact: true }).click();
    await uploadArchivos(page, xmlPara(sat, "E2E-KIJ", kij));
    await page.getByRole("button", { name: "Agregar" }).click();

    const toast = page.locator(".mantine-Notification-root").filter({ hasText: "El nombre del receptor" });
    await expect(toast.getByRole("listitem")).toHaveText([
      `El nombre del receptor no es mismo de la sociedad seleccionada en el XML — se esperaba «${MCI.nombre}»; el XML trae «${kij.nombre}».`,
      `El régimen fiscal del receptor no es mismo de la sociedad seleccionada en el XML — se esperaba «${MCI.regimen}»; el XML trae «${kij.regimen}».`,
      `El código postal del receptor no es mismo de la sociedad seleccionada en el XML — se esperaba «${MCI.cp}»; el XML trae «${kij.cp}».`,
      `El RFC del receptor del XML (${kij.rfc}) no es el RFC de la sociedad seleccionada (${MCI.rfc}).`,
    ]);
  });
});
