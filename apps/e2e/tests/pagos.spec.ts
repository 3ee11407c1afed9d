import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { issueTestComplemento } from "@portal/cfdi/sello";
import { switchRole } from "./cambio-de-rol";
import { entradasAbiertas, KEMPER, kemperToken, MCI, register } from "./facturas-datos";
import { expect, test } from "./fixtures";
import { apiSignIn, tinyPdf } from "./support";

/**
 * Issue 14 in Chromium, the product's whole cycle with two roles: the supplier registers a PPD invoice, the
 * reviewer accepts it, the ERP gets the A/P invoice, the accountants pay part of it with `npm run erp`, the
 * supplier uploads the payment complement the portal says it must issue, and the reviewer accepts it.
 */

/** What POST /api/pagos/getComplementoEsperado answers (packages/contracts complementoEsperadoSchema). */
interface ComplementoEsperado {
  FechaPago: string;
  FormaDePagoP: string;
  MonedaP: string;
  TipoCambioP: string;
  Monto: string;
  FechaLimite: string;
  Documentos: {
    IdDocumento: string;
    Serie: string;
    Folio: string;
    MonedaDR: string;
    EquivalenciaDR: string;
    NumParcialidad: number;
    ImpSaldoAnt: string;
    ImpPagado: string;
    ImpSaldoInsoluto: string;
  }[];
}

const REPO = fileURLToPath(new URL("../../..", import.meta.url));
const toast = (page: Page) => page.locator(".mantine-Notification-root");
const filaCon = (table: Locator, texto: string) => table.locator("tbody tr").filter({ hasText: texto });
/**
 * The row of payment `docNum` of MUNICIPIO DE CUAUTITLAN IZCALLI: DocNums are numbered per company database, so
 * another sociedad can have a payment with the same number.
 */
const filaPago = (table: Locator, docNum: string) =>
  table
    .locator("tbody tr")
    .filter({ has: table.page().getByRole("cell", { name: docNum, exact: true }) })
    .filter({ hasText: MCI.nombre });

/** `npm run erp -- …` against the e2e server's database, as the buying company's accountants would. */
function erp(...args: string[]): string {
  const url = process.env.E2E_DATABASE_URL;
  expect(url, "El ciclo completo paga con npm run erp: necesita E2E_DATABASE_URL (npm test la define).").toBeTruthy();
  return execFileSync(
    process.execPath,
    ["scripts/pnpm.mjs", "--silent", "--dir", "packages/erp-sim", "run", "erp", ...args],
    {
      cwd: REPO,
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    },
  );
}

async function token(request: APIRequestContext, usuario: string, operador: string) {
  return apiSignIn(request, operador as "Empleado" | "Proveedor", usuario);
}

test.describe(() => {
  test.use({ role: "administrador" });

  test("invoice, review, A/P invoice, payment in the ERP, complement, review: the whole cycle", async ({
    page,
    request,
    roleStates,
  }) => {
    test.setTimeout(120_000);
    const kemper = await kemperToken(request);
    const entrada = (await entradasAbiertas(request, kemper)).filter((e) => e.GroupNum > 0).at(-1);
    expect(entrada, "Kemper necesita una entrada abierta con días de crédito (PPD)").toBeDefined();
    const folio = `CIC${Date.now().toString(36).toUpperCase()}`;
    await register(request, kemper, entrada!, folio);

    // 1. The reviewer accepts the invoice; the ERP gets its A/P invoice.
    await page.goto("/Facturas-Pendientes");
    const facturas = page.getByRole("table", { name: "Facturas pendientes" });
    await page.getByRole("searchbox", { name: "Buscar" }).fill(folio);
    const fila = filaCon(facturas, folio);
    await expect(fila).toHaveCount(1);
    await fila.getByRole("combobox").click();
    await page.getByRole("option", { name: "Aceptada", exact: true }).click();
    await fila.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Agregar" }).click();
    await page
      .getByRole("dialog", { name: "Se cambiara el estado de las facturas seleccionadas, estas seguro?" })
      .getByRole("button", { name: "Aceptar" })
      .click();
    await expect(toast(page).filter({ hasText: "Se proceso con exito el ó los registro(s)" })).toBeVisible();
    // Decided, the invoice has left 'Por revisar' (issue 23): 'Todas' shows it.
    await page.getByLabel("Filtro de estatus").getByText("Todas", { exact: true }).click();
    let folioSap = "";
    await expect(async () => {
      await page.getByRole("button", { name: "Recargar" }).click();
      const texto = (await filaCon(facturas, folio).textContent({ timeout: 1000 })) ?? "";
      folioSap = /Factura SAP (\d+)/.exec(texto)?.[1] ?? "";
      expect(folioSap).not.toBe("");
    }).toPass({ timeout: 20_000 });

    // 2. The accountants pay half of it in the ERP.
    const total = Number(entrada!.DocTotal);
    const mitad = (Math.round(total * 50) / 100).toFixed(2);
    const salida = erp("pagar", "--bd", "SBO_MCI", "--factura", `${folioSap}:${mitad}`, "--fecha", "2026-11-20");
    const pagoSap = /Pago (\d+) registrado/.exec(salida)?.[1];
    expect(pagoSap, salida).toBeDefined();

    // 3. The supplier sees the payment and what the complement must say, and uploads it.
    await switchRole(page.context(), roleStates, "proveedor");
    await page.goto("/Pagos");
    await expect(page.getByRole("heading", { level: 1, name: "Complemento de pagos" })).toBeVisible();
    const pagos = page.getByRole("table", { name: "Complemento de pagos" });
    await page.getByRole("searchbox", { name: "Buscar" }).fill(pagoSap!);
    await expect(filaPago(pagos, pagoSap!)).toHaveCount(1);
    await filaPago(pagos, pagoSap!).dblclick();
    await expect(
      page.getByRole("heading", { level: 1, name: `Registar documentos del pago #${pagoSap}` }),
    ).toBeVisible();
    await expect(page.getByText("Complemento esperado").first()).toBeVisible();
    const esperado = (
      (await (
        await request.post("/api/pagos/getComplementoEsperado", {
          headers: { "x-access-token": kemper },
          data: { BD: "SBO_MCI", PagoSAP: Number(pagoSap) },
        })
      ).json()) as { data: ComplementoEsperado }
    ).data;
    expect(esperado.Documentos).toEqual([
      expect.objectContaining({ Folio: folio, NumParcialidad: 1, ImpPagado: mitad, EquivalenciaDR: "1" }),
    ]);
    const xml = issueTestComplemento({
      emisor: KEMPER,
      receptor: { rfc: MCI.rfc, nombre: MCI.nombre, cp: MCI.cp, regimen: MCI.regimen },
      lugarExpedicion: entrada!.CP,
      fecha: "2026-11-21T09:00:00",
      pagos: [{ ...esperado, Documentos: esperado.Documentos }],
      uuid: randomUUID(),
      fechaTimbrado: "2026-11-21T09:01:00",
    });
    await page.locator('input[data-archivo="pdf"]').setInputFiles({
      name: `rep-${pagoSap}.pdf`,
      mimeType: "application/pdf",
      buffer: tinyPdf(`Complemento ${pagoSap}`),
    });
    await page.locator('input[data-archivo="xml"]').setInputFiles({
      name: `rep-${pagoSap}.xml`,
      mimeType: "text/xml",
      buffer: Buffer.from(xml),
    });
    await page.getByRole("button", { name: "Agregar" }).click();
    await expect(toast(page).filter({ hasText: "Se agrego con exito los documentos!" })).toBeVisible();
    await expect(page).toHaveURL(/\/Pagos(\?.*)?$/);
    await page.getByRole("searchbox", { name: "Buscar" }).fill(pagoSap!);
    await expect(filaPago(pagos, pagoSap!)).toContainText("Pendiente");

    // 4. The reviewer accepts the complement.
    await switchRole(page.context(), roleStates, "administrador");
    await page.goto("/Pagos-Pendientes");
    await expect(page.getByRole("heading", { level: 1, name: "Complemento de pagos pendientes" })).toBeVisible();
    const pendientes = page.getByRole("table", { name: "Complemento de pagos pendientes" });
    await page.getByRole("searchbox", { name: "Buscar" }).fill(pagoSap!);
    const pendiente = filaPago(pendientes, pagoSap!);
    await expect(pendiente).toHaveCount(1);
    await pendiente.getByRole("combobox").click();
    await page.getByRole("option", { name: "Aceptada", exact: true }).click();
    await pendiente.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Agregar" }).click();
    const dialogo = page.getByRole("dialog", {
      name: "Se cambiara el estado de los pagos seleccionados, estas seguro?",
    });
    await expect(dialogo).toContainText(pagoSap!);
    await dialogo.getByRole("button", { name: "Aceptar" }).click();
    await expect(toast(page).filter({ hasText: "Se proceso con exito el ó los registro(s)" })).toBeVisible();

    // 5. The supplier sees it accepted; its documents are read-only now.
    await switchRole(page.context(), roleStates, "proveedor");
    await page.goto("/Pagos");
    await page.getByRole("searchbox", { name: "Buscar" }).fill(pagoSap!);
    await expect(filaPago(pagos, pagoSap!)).toContainText("Aceptada");
    await filaPago(pagos, pagoSap!).dblclick();
    await expect(page.getByRole("button", { name: "Agregar" })).toBeDisabled();
    const admin = await token(request, "admin", "Empleado");
    const fila2 = (
      (await (
        await request.post("/api/pagos/getPagos", { headers: { "x-access-token": admin }, data: {} })
      ).json()) as { data: { DocNum: number; U_SYS_PMSNBD: string; U_SYS_PMESPA: string }[] }
    ).data.find((p) => p.DocNum === Number(pagoSap) && p.U_SYS_PMSNBD === "SBO_MCI");
    expect(fila2?.U_SYS_PMESPA).toBe("A");
  });
});
