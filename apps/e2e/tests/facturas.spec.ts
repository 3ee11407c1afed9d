import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { issueTestFactura } from "@portal/cfdi/sello";
import { type Entrada, entradasAbiertas, KEMPER, kemperToken, MCI, PNG_1X1 } from "./facturas-datos";
import { expect, test } from "./fixtures";
import { apiSignIn, mainMenu, signInOk, tinyPdf } from "./support";

/**
 * Invoices (issue 12) in Chromium: a supplier registers a real, sealed and stamped CFDI issued here against one of
 * its open receipts, sees it in /MisFacturas as Pendiente, opens it and replaces its PDF; a supplier whose profile
 * is incomplete gets the spec's message; an XML whose receiver is another sociedad's gets the receiver messages.
 */

const BERENICE = { rfc: "XIQB891116QE4", cardCode: "P00002" } as const;
const KIJ = { rfc: "KIJ0906199R1", nombre: "KIJ, S.A DE C.V.", cp: "59820", regimen: "601" };

interface FacturaRow {
  Fila: number;
  FolioFactura: string;
  UUID: string;
  PDF: string;
  EstatusFactura: string;
}

async function misFacturas(request: APIRequestContext, token: string): Promise<FacturaRow[]> {
  const answer = await request.post("/api/facturas/getFacturas", { headers: { "x-access-token": token }, data: {} });
  return ((await answer.json()) as { data: FacturaRow[] }).data;
}

const centavos = (amount: string) => Math.round(Number(amount) * 100);
const importe = (cents: number) => (cents / 100).toFixed(2);

/**
 * The CFDI's date: a fixed day inside the EKU9003173C9 test certificate's validity (2023-05-18 to 2027-05-18), so
 * the test means the same on any day (a date relative to today would fall outside it in 2027).
 */
const FECHA_CFDI = "2026-11-16";

/**
 * A real CFDI 4.0 for `entrada`, sealed with the EKU test CSD and stamped by the project's test PAC: its total,
 * payment form, main use, issuer postal code and method match the receipt.
 */
function xmlPara(
  entrada: Entrada,
  receptor: typeof MCI,
  folio: string,
  distinto: Partial<{
    uso: string;
    formaPago: string;
    metodoPago: "PPD" | "PUE";
    lugarExpedicion: string;
    mas: number;
  }> = {},
): { xml: Buffer; uuid: string } {
  const total = centavos(entrada.DocTotal) + (distinto.mas ?? 0);
  const subtotal = Math.round(total / 1.16);
  const dia = FECHA_CFDI;
  const uuid = randomUUID().toUpperCase();
  const xml = issueTestFactura({
    emisor: KEMPER,
    receptor: { ...receptor, uso: distinto.uso ?? entrada.U_B1SYS_MainUsage },
    lugarExpedicion: distinto.lugarExpedicion ?? entrada.CP,
    fecha: `${dia}T10:00:00`,
    folio,
    formaPago: distinto.formaPago ?? entrada.PeyMethod,
    metodoPago: distinto.metodoPago ?? (entrada.GroupNum > 0 ? "PPD" : "PUE"),
    subtotal: importe(subtotal),
    iva: importe(total - subtotal),
    uuid,
    fechaTimbrado: `${dia}T10:05:00`,
  });
  return { xml: Buffer.from(xml, "utf8"), uuid };
}

const archivo = (page: Page, clave: "pdf" | "xml" | "recepcion") => page.locator(`input[data-archivo="${clave}"]`);

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Opens the form from /MisFacturas and chooses the sociedad and the receipt. */
async function openForm(page: Page, entrada: Entrada) {
  await page.goto("/Home");
  await mainMenu(page).getByRole("link", { name: "Mis facturas" }).click();
  await expect(page).toHaveURL(/\/MisFacturas$/);
  await page.getByRole("button", { name: "Agregar" }).click();
  await expect(page).toHaveURL(/\/MisFacturas\/Factura\/Nuevo$/);
  await expect(page.getByRole("heading", { level: 1, name: "Registro de la facturación" })).toBeVisible();
  await pickOption(page, "Razón social", MCI.nombre);
  // Issue 23: each receipt reads 'number · reference · date · total'.
  await page.getByRole("combobox", { name: "Entrada de mercancia" }).click();
  await page.getByRole("option", { name: new RegExp(`^${entrada.DocNum} · `) }).click();
  await expect(page.getByRole("region", { name: "Datos de la entrada" })).toContainText(`Entrada${entrada.DocNum}`);
}

async function uploadArchivos(page: Page, xml: Buffer, folio: string) {
  await archivo(page, "pdf").setInputFiles({
    name: `${folio}.pdf`,
    mimeType: "application/pdf",
    buffer: tinyPdf(folio),
  });
  await archivo(page, "xml").setInputFiles({ name: `${folio}.xml`, mimeType: "text/xml", buffer: xml });
  await archivo(page, "recepcion").setInputFiles({ name: "recepcion.png", mimeType: "image/png", buffer: PNG_1X1 });
}

const toast = (page: Page) => page.locator(".mantine-Notification-root");

test.describe(() => {
  test.use({ role: "proveedor" });

  test("a supplier registers an invoice, sees it Pendiente, opens it and replaces its PDF", async ({
    page,
    request,
  }) => {
    const token = await kemperToken(request);
    // A receipt with credit days: its invoice is PPD, so the list shows its review status (a PUE one reads Pagada).
    const entrada = (await entradasAbiertas(request, token)).find((e) => e.GroupNum > 0);
    if (!entrada) throw new Error("el proveedor de demostración no tiene entradas abiertas a crédito en SBO_MCI");
    const folio = `E2E${Date.now().toString(36).toUpperCase()}`;
    const { xml, uuid } = xmlPara(entrada, MCI, folio);

    await openForm(page, entrada);
    await uploadArchivos(page, xml, folio);
    await page.getByRole("button", { name: "Agregar" }).click();
    await expect(toast(page).filter({ hasText: "Se registro con exito la factura!" })).toBeVisible();
    await expect(page).toHaveURL(/\/MisFacturas$/, { timeout: 10_000 });

    const table = page.getByRole("table", { name: "Facturas" });
    await page.getByRole("searchbox", { name: "Buscar" }).fill(uuid);
    // The UUID column is hidden by default (issue 40); the search still finds it.
    const row = table.locator("tbody tr").filter({ hasText: folio });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(folio);
    await expect(row).toContainText("Pendiente");
    await expect(row.getByRole("button", { name: "Visualizar PDF" })).toBeVisible();

    const antes = (await misFacturas(request, token)).find((f) => f.UUID === uuid);
    if (!antes) throw new Error("la factura registrada no está en getFacturas");
    await row.dblclick();
    await expect(page).toHaveURL(new RegExp(`/MisFacturas/MiFactura/${antes.Fila}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Datos generales" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Folio" })).toHaveValue(folio);
    await expect(page.getByRole("textbox", { name: "Estatus", exact: true })).toHaveValue("Pendiente");

    await archivo(page, "pdf").setInputFiles({
      name: `${folio}-corregida.pdf`,
      mimeType: "application/pdf",
      buffer: tinyPdf(`${folio} corregida`),
    });
    await page.getByRole("button", { name: "Actualizar" }).click();
    await expect(
      toast(page).filter({ hasText: `Se actualizo con exito la factura con folio ${folio}!` }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/MisFacturas(\?.*)?$/, { timeout: 10_000 });

    const despues = (await misFacturas(request, token)).find((f) => f.UUID === uuid);
    expect(despues?.PDF).toMatch(/^\/api\/archivos\//);
    expect(despues?.PDF).not.toBe(antes.PDF);
  });

  test("an invoice wrong in eight ways shows every message inside the window", async ({ page, request }) => {
    const token = await kemperToken(request);
    const [entrada] = await entradasAbiertas(request, token);
    if (!entrada) throw new Error("el proveedor de demostración no tiene entradas abiertas en SBO_MCI");
    const folio = `E2EKIJ${Date.now().toString(36).toUpperCase()}`;
    // Another sociedad's receiver (name, regime, postal code), and a use, payment form, payment method, issuing
    // postal code and total that are not the receipt's: eight messages in one refusal.
    const { xml } = xmlPara(entrada, KIJ, folio, {
      uso: entrada.U_B1SYS_MainUsage === "G01" ? "G03" : "G01",
      formaPago: entrada.PeyMethod === "03" ? "04" : "03",
      metodoPago: entrada.GroupNum > 0 ? "PUE" : "PPD",
      lugarExpedicion: entrada.CP === "06000" ? "06010" : "06000",
      mas: 1000,
    });

    await openForm(page, entrada);
    await uploadArchivos(page, xml, folio);
    await page.getByRole("button", { name: "Agregar" }).click();
    const error = toast(page).filter({
      hasText: "El nombre del receptor no es mismo de la sociedad seleccionada en el XML",
    });
    await expect(error).toBeVisible();
    await expect(error).toContainText(
      "El régimen fiscal del receptor no es mismo de la sociedad seleccionada en el XML",
    );
    await expect(error).toContainText(
      "El código postal del receptor no es mismo de la sociedad seleccionada en el XML",
    );
    await expect(page).toHaveURL(/\/MisFacturas\/Factura\/Nuevo$/);
    expect((await misFacturas(request, token)).some((f) => f.FolioFactura === folio)).toBe(false);
    // Issue 40: every message of the refusal is a line inside the window (Mantine cut them at 200 px), and a
    // toast with several stays until it is closed.
    const lines = error.getByRole("region", { name: "Mensajes" }).getByRole("listitem");
    expect(await lines.count()).toBeGreaterThanOrEqual(7);
    for (const texto of [
      "El total de la entrada no es el mismo del XML",
      "La forma de pago de la entrada no es el mismo del XML",
      "El uso principal del emisor de la entrada no es el mismo del XML",
      "El código postal del emisor no es mismo de la sociedad seleccionada en el XML",
    ]) {
      await expect(error).toContainText(texto);
    }
    const viewport = page.viewportSize();
    if (!viewport) throw new Error("sin tamaño de ventana");
    for (const line of await lines.all()) {
      const box = await line.boundingBox();
      expect(box).not.toBeNull();
      expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
    }
    // Closing the toast from the keyboard leaves the focus on the screen's heading, not lost on the page.
    await error.getByRole("button", { name: "Cerrar mensaje" }).press("Enter");
    await expect(error).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });
});

test("a supplier with an incomplete profile sees the registration message", async ({ page, request }) => {
  // The demo seed gives her every required document (issue 40): her registration is made incomplete here by its
  // record status (Pendiente, which getProveedor also refuses), and set back to Completo afterwards for the specs
  // that follow.
  const adminToken = await apiSignIn(request, "Empleado", "admin");
  const estatus = (U_SYS_PMESPR: "P" | "C") =>
    request.post("/api/proveedores/updateProveedor", {
      headers: { "x-access-token": adminToken },
      data: { CardCode: BERENICE.cardCode, U_SYS_PMESPR, MOTRECHAZO: "" },
    });
  expect((await estatus("P")).status()).toBe(200);
  try {
    await signInOk(page, "Proveedor", BERENICE.rfc);
    await mainMenu(page).getByRole("link", { name: "Mis facturas" }).click();
    await page.getByRole("button", { name: "Agregar" }).click();
    await expect(page).toHaveURL(/\/MisFacturas\/Factura\/Nuevo$/);
    await expect(
      page.getByText(
        "Revisar el estatus de su registro ya que debe de cargar o actualizar los archivos en tu perfil para poder cargar facturas",
      ),
    ).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Razón social" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Agregar" })).toHaveCount(0);
  } finally {
    expect((await estatus("C")).status()).toBe(200);
  }
});
