import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Locator } from "@playwright/test";
import { KEMPER, kemperToken, MCI } from "./facturas-datos";
import { expect, test } from "./fixtures";
import { apiSignIn } from "./support";

/**
 * Issue 23, "what a supplier sees that is not true", in Chromium with the demo data: a rejected PUE invoice reads
 * Rechazada (not 'Pagada') in the list and the detail and is found by searching 'rechazada'; a payment of a PUE
 * invoice reads 'No requiere complemento' and offers no upload (the server refuses one too).
 */

const REPO = fileURLToPath(new URL("../../..", import.meta.url));
/** The demo's rejected PUE invoice of Kemper (folio 1209, SBO_KIJ). */
const UUID_RECHAZADA = "1A9B8C7D-6E5F-4A3B-8C2D-1E0F9A8B7C63";
/** The demo's accepted PUE invoice of Kemper (folio 1187, SBO_MCI), an unpaid A/P invoice in the ERP. */
const UUID_PUE_ACEPTADA = "8E2D4B61-7C3A-4F90-B1D2-3A4B5C6D7E82";

/** `npm run erp -- …` against the e2e server's database, as the buying company's accountants would. */
function erp(...args: string[]): string {
  const url = process.env.E2E_DATABASE_URL;
  expect(url, "Pagar en el ERP necesita E2E_DATABASE_URL (npm test la define).").toBeTruthy();
  return execFileSync(
    process.execPath,
    ["scripts/pnpm.mjs", "--silent", "--dir", "packages/erp-sim", "run", "erp", ...args],
    { cwd: REPO, env: { ...process.env, DATABASE_URL: url }, encoding: "utf8" },
  );
}

async function adminToken(request: APIRequestContext): Promise<string> {
  return apiSignIn(request, "Empleado", "admin");
}

/** The payment `docNum` of MUNICIPIO DE CUAUTITLAN IZCALLI (DocNums are numbered per company database). */
const filaPago = (table: Locator, docNum: string) =>
  table
    .locator("tbody tr")
    .filter({ has: table.page().getByRole("cell", { name: docNum, exact: true }) })
    .filter({ hasText: MCI.nombre });

test.describe(() => {
  test.use({ role: "proveedor" });

  test("a rejected PUE invoice reads Rechazada in the list and the detail and is found by searching 'rechazada'", async ({
    page,
  }) => {
    // The UUID column shown through the list's URL (issue 40: hidden by default).
    await page.goto("/MisFacturas?columnas=UUID");
    await expect(page.getByRole("heading", { level: 1, name: "Facturas" })).toBeVisible();
    const facturas = page.getByRole("table", { name: "Facturas" });
    await page.getByRole("searchbox", { name: "Buscar" }).fill("rechazada");
    const fila = facturas.locator("tbody tr").filter({ hasText: UUID_RECHAZADA });
    await expect(fila).toHaveCount(1);
    await expect(fila).toContainText("PUE");
    await expect(fila).toContainText("Rechazada");
    await expect(fila).not.toContainText("Pagada");
    // Every row the search leaves reads Rechazada.
    for (const texto of await facturas.locator("tbody tr").allTextContents()) expect(texto).toContain("Rechazada");

    await fila.dblclick();
    await expect(page.getByRole("heading", { level: 1, name: "Datos generales" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Estatus", exact: true })).toHaveValue("Rechazada");
    await expect(page.getByRole("textbox", { name: "Estatus del pago" })).toHaveValue("Pendiente");
    await expect(page.getByRole("textbox", { name: "Fecha pago" })).toHaveValue("");
  });

  test("a PUE payment reads 'No requiere complemento' and offers no upload", async ({ page, request }) => {
    test.setTimeout(90_000);
    // The accountants pay the demo's accepted PUE invoice in full in the ERP.
    const admin = await adminToken(request);
    const facturas = (
      (await (
        await request.post("/api/facturas/getFacturas", { headers: { "x-access-token": admin }, data: {} })
      ).json()) as { data: { UUID: string; FolioSAP?: number | null; BD: string }[] }
    ).data;
    const pue = facturas.find((f) => f.UUID.toUpperCase() === UUID_PUE_ACEPTADA);
    expect(pue?.FolioSAP, "La factura PUE aceptada de la demostración debe estar en el ERP").toEqual(
      expect.any(Number),
    );
    const salida = erp("pagar", "--bd", pue!.BD, "--factura", String(pue!.FolioSAP), "--fecha", "2026-11-20");
    const pagoSap = /Pago (\d+) registrado/.exec(salida)?.[1];
    expect(pagoSap, salida).toBeDefined();

    await page.goto("/Pagos");
    await expect(page.getByRole("heading", { level: 1, name: "Complemento de pagos" })).toBeVisible();
    const pagos = page.getByRole("table", { name: "Complemento de pagos" });
    await page.getByRole("searchbox", { name: "Buscar" }).fill(pagoSap!);
    const fila = filaPago(pagos, pagoSap!);
    await expect(fila).toHaveCount(1);
    await expect(fila).toContainText("No requiere complemento");
    await expect(fila).not.toContainText("Complemento vencido");

    await fila.dblclick();
    await expect(
      page.getByRole("heading", { level: 1, name: `Registar documentos del pago #${pagoSap}` }),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Estatus del complemento" })).toHaveValue("No requiere complemento");
    await expect(page.getByText("solo liquida facturas PUE")).toBeVisible();
    await expect(page.locator('input[data-archivo="pdf"]')).toHaveCount(0);
    await expect(page.locator('input[data-archivo="xml"]')).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Agregar" })).toBeDisabled();

    // The server refuses a complement for it, in Spanish, whatever the browser does.
    const kemper = await kemperToken(request);
    const answer = await request.post("/api/pagos/postPago", {
      headers: { "x-access-token": kemper },
      data: {
        operador: "Proveedor",
        PagoSAP: Number(pagoSap),
        BD: pue!.BD,
        PDF: "rep.pdf",
        PDF64: Buffer.from("%PDF-1.4\n%%EOF\n").toString("base64"),
        XML: "rep.xml",
        XML64: Buffer.from("<cfdi:Comprobante/>").toString("base64"),
        FechaPago: "2026-11-20T12:00:00",
        Folio: "S/F",
        Total: "1.00",
        RFCEmisor: KEMPER.rfc,
        RFCReceptor: MCI.rfc,
        NombreEmisor: KEMPER.nombre,
        NombreReceptor: MCI.nombre,
        UUID: "00000000-0000-4000-8000-000000000000",
        Detalle: [],
      },
    });
    expect(await answer.json()).toEqual({
      status: "error",
      message: expect.stringContaining("no requiere complemento de pago"),
    });
  });
});
