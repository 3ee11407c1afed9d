import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signInOk, tinyPdf } from "./support";

/**
 * Issue 41 items 1 and 2 (decision 069): a bank-account change from the supplier's request to the approval by an
 * employee with 'Aprueba cambios de cuenta bancaria' (the demo's `tesoreria`): the request shows pending and the
 * approved accounts stay as they were until then; afterwards the supplier's accounts show the new one. Both screens
 * and the review dialog are checked with axe (WCAG 2.1 A/AA, serious and critical findings).
 */
const CLABE = "072180009876543213";

/** The serious and critical axe findings (WCAG 2.1 A and AA) of the page as it is now. */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode()
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}

test("a supplier requests a new CLABE and tesoreria approves it", async ({ browser }) => {
  const proveedor = await browser.newPage();
  await signInOk(proveedor, "Proveedor", "XIQB891116QE4");
  await proveedor
    .getByRole("navigation", { name: "Menú principal" })
    .getByRole("link", { name: "Cuentas bancarias" })
    .click();
  await expect(proveedor.getByRole("heading", { level: 1, name: "Cuentas bancarias" })).toBeVisible();
  await proveedor.getByRole("textbox", { name: "CLABE" }).fill(CLABE);
  await expect(proveedor.getByText("Banco: Banco Mercantil del Norte")).toBeVisible();
  expect(await axeProblems(proveedor)).toEqual([]);
  await proveedor
    .locator('input[data-archivo="comprobante-cuenta"]')
    .setInputFiles({ name: "carta-banorte.pdf", mimeType: "application/pdf", buffer: tinyPdf("Carta Banorte") });
  await proveedor.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(
    proveedor.getByText("La solicitud de cambio de cuenta bancaria quedó registrada.", { exact: false }),
  ).toBeVisible();
  const mias = proveedor.getByRole("table", { name: "Solicitudes de cambio de cuenta bancaria" });
  await expect(mias.getByText("Pendiente")).toBeVisible();
  await expect(proveedor.getByRole("table", { name: "Cuentas aprobadas" })).toHaveCount(0);

  const empleado = await browser.newPage();
  await signInOk(empleado, "Empleado", "tesoreria");
  await empleado
    .getByRole("navigation", { name: "Menú principal" })
    .getByRole("link", { name: "Solicitudes de cuenta bancaria" })
    .click();
  await empleado.getByRole("button", { name: /Revisar la solicitud \d+ de BERENICE XIMO QUEZADA/ }).click();
  const dialog = empleado.getByRole("dialog");
  await expect(dialog.getByText(`CLABE ${CLABE}`, { exact: false })).toBeVisible();
  expect(await axeProblems(empleado)).toEqual([]);
  await dialog.getByRole("button", { name: "Aprobar" }).click();
  await expect(empleado.getByText("Solicitud aprobada.", { exact: false })).toBeVisible();

  await proveedor.reload();
  const aprobadas = proveedor.getByRole("table", { name: "Cuentas aprobadas" });
  await expect(aprobadas.getByText(`CLABE ${CLABE}`, { exact: false })).toBeVisible();
  await expect(mias.getByText("Aprobada")).toBeVisible();
  expect(await axeProblems(proveedor)).toEqual([]);
});
