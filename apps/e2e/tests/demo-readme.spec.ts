import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { switchRole } from "./cambio-de-rol";
import { ENTRADA_README, entradasAbiertas, kemperToken, MCI } from "./facturas-datos";
import { expect, test } from "./fixtures";
import { mainMenu } from "./support";

/**
 * Issue 40 (decision 062), 'the README demo': the README's cycle followed literally on the demo database — the
 * supplier generates a test CFDI for DEMO-FACTURA-4 and registers it, the reviewer accepts it, `npm run erp -- pagar`
 * pays part of it, the supplier generates and uploads the complement, the reviewer accepts it; then the credit note.
 */

const REPO = fileURLToPath(new URL("../../..", import.meta.url));
const toast = (page: Page) => page.locator(".mantine-Notification-root");
const filaCon = (table: Locator, texto: string) => table.locator("tbody tr").filter({ hasText: texto });

function erp(...args: string[]): string {
  const url = process.env.E2E_DATABASE_URL;
  expect(url, "El README paga con npm run erp: necesita E2E_DATABASE_URL (npm test la define).").toBeTruthy();
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

/** 'Generar CFDI de prueba' and the UUID its toast names. */
async function generate(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Generar CFDI de prueba" }).click();
  const aviso = toast(page).filter({ hasText: "Se generó el CFDI de prueba" });
  await expect(aviso).toBeVisible();
  const uuid = /CFDI de prueba ([0-9A-F-]{36})/.exec((await aviso.textContent()) ?? "")?.[1] ?? "";
  expect(uuid).not.toBe("");
  await aviso.getByRole("button", { name: "Cerrar mensaje" }).click();
  return uuid;
}

type SavedSignIns = Parameters<typeof switchRole>[1];

/** As `admin`, 'Aceptada' for the row with `texto` in a review list, then 'Agregar' and 'Aceptar'. */
async function accept(
  page: Page,
  roleStates: SavedSignIns,
  path: string,
  tabla: string,
  texto: string,
  dialogo: string,
) {
  await switchRole(page.context(), roleStates, "administrador");
  await page.goto(path);
  const table = page.getByRole("table", { name: tabla });
  await page.getByRole("searchbox", { name: "Buscar" }).fill(texto);
  const fila = filaCon(table, texto);
  await expect(fila).toHaveCount(1);
  await fila.getByRole("combobox").click();
  await page.getByRole("option", { name: "Aceptada", exact: true }).click();
  await fila.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Agregar" }).click();
  await page.getByRole("dialog", { name: dialogo }).getByRole("button", { name: "Aceptar" }).click();
  await expect(toast(page).filter({ hasText: "Se proceso con exito el ó los registro(s)" })).toBeVisible();
  return { table, find: page.getByRole("searchbox", { name: "Buscar" }) };
}

test("the README demo: invoice, review, payment in the ERP, complement, review; then a credit note", async ({
  page,
  request,
  roleStates,
}) => {
  test.setTimeout(180_000);
  // Step 1, as EKU9003173C9: Mis facturas → Agregar, MUNICIPIO DE CUAUTITLAN IZCALLI, receipt DEMO-FACTURA-4.
  const abiertas = await entradasAbiertas(request, await kemperToken(request), { conLaDelReadme: true });
  const entrada = abiertas.find((e) => e.NumAtCard === ENTRADA_README);
  expect(entrada, "la entrada DEMO-FACTURA-4 de la demostración está abierta").toBeDefined();
  expect(entrada?.GroupNum).toBeGreaterThan(0);
  await switchRole(page.context(), roleStates, "proveedor");
  await page.goto("/Home");
  await mainMenu(page).getByRole("link", { name: "Mis facturas" }).click();
  await page.getByRole("button", { name: "Agregar" }).click();
  await page.getByRole("combobox", { name: "Razón social" }).click();
  await page.getByRole("option", { name: MCI.nombre, exact: true }).click();
  await page.getByRole("combobox", { name: "Entrada de mercancia" }).click();
  await page.getByRole("option", { name: /· DEMO-FACTURA-4 ·/ }).click();
  const uuid = await generate(page);
  const folio = uuid.slice(0, 8);
  await expect(page.locator('input[data-archivo="xml"]').locator("..").locator("..")).toContainText(".xml");
  await page.locator('input[data-archivo="recepcion"]').setInputFiles({
    name: "recepcion.png",
    mimeType: "image/png",
    buffer: readFileSync(`${REPO}/demo/cfdi-prueba/recepcion.png`),
  });
  await page.getByRole("button", { name: "Agregar" }).click();
  await expect(toast(page).filter({ hasText: "Se registro con exito la factura!" })).toBeVisible();

  // Step 2, as admin: Facturas pendientes, accepted; the ERP column shows 'Factura SAP N'.
  const facturas = await accept(
    page,
    roleStates,
    "/Facturas-Pendientes",
    "Facturas pendientes",
    folio,
    "Se cambiara el estado de las facturas seleccionadas, estas seguro?",
  );
  await page.getByLabel("Filtro de estatus").getByText("Todas", { exact: true }).click();
  await facturas.find.fill(folio);
  let folioSap = "";
  await expect(async () => {
    await page.getByRole("button", { name: "Recargar" }).click();
    folioSap =
      /Factura SAP (\d+)/.exec((await filaCon(facturas.table, folio).textContent({ timeout: 1000 })) ?? "")?.[1] ?? "";
    expect(folioSap).not.toBe("");
  }).toPass({ timeout: 20_000 });

  // Step 3: npm run erp -- pagar --bd SBO_MCI --factura N:1000 (with DATABASE_URL the portal keeps running).
  const salida = erp("pagar", "--bd", "SBO_MCI", "--factura", `${folioSap}:1000`);
  const pagoSap = /Pago (\d+) registrado/.exec(salida)?.[1] ?? "";
  expect(pagoSap, salida).not.toBe("");

  // Step 4, as the supplier: Complemento de pagos, the new payment, 'Generar CFDI de prueba', Agregar.
  await switchRole(page.context(), roleStates, "proveedor");
  await page.goto("/Pagos");
  const pagos = page.getByRole("table", { name: "Complemento de pagos" });
  await page.getByRole("searchbox", { name: "Buscar" }).fill(pagoSap);
  const pago = pagos
    .locator("tbody tr")
    .filter({ has: page.getByRole("cell", { name: pagoSap, exact: true }) })
    .filter({ hasText: MCI.nombre });
  await pago.dblclick();
  await expect(page.getByText("Complemento esperado").first()).toBeVisible();
  await generate(page);
  await page.getByRole("button", { name: "Agregar" }).click();
  await expect(toast(page).filter({ hasText: "Se agrego con exito los documentos!" })).toBeVisible();

  // Step 5, as admin: Complemento de pagos pendientes, accepted.
  await accept(
    page,
    roleStates,
    "/Pagos-Pendientes",
    "Complemento de pagos pendientes",
    pagoSap,
    "Se cambiara el estado de los pagos seleccionados, estas seguro?",
  );

  // The credit note: Notas de crédito → Nueva nota de crédito, the accepted invoice, 'Generar CFDI de prueba'.
  await switchRole(page.context(), roleStates, "proveedor");
  await page.goto("/Notas-Credito");
  await page.getByRole("button", { name: "Nueva nota de crédito" }).click();
  await page.getByRole("combobox", { name: "Razón social" }).click();
  await page.getByRole("option", { name: MCI.nombre, exact: true }).click();
  await page.getByRole("combobox", { name: "Factura a acreditar (CFDI de prueba)" }).click();
  await page.getByRole("option", { name: new RegExp(folio) }).click();
  const nota = (await generate(page)).slice(0, 8);
  await page.getByRole("button", { name: "Agregar" }).click();
  await expect(toast(page).filter({ hasText: "Se registró con éxito la nota de crédito." })).toBeVisible();
  const notas = await accept(
    page,
    roleStates,
    "/Notas-Credito-Pendientes",
    "Notas de crédito pendientes",
    nota,
    "Se cambiara el estado de las notas de crédito seleccionadas, estas seguro?",
  );
  await page.getByLabel("Filtro de estatus").getByText("Todas", { exact: true }).click();
  await notas.find.fill(nota);
  await expect(async () => {
    await page.getByRole("button", { name: "Recargar" }).click();
    await expect(filaCon(notas.table, nota)).toContainText(/Nota de crédito SAP \d+/, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
});
