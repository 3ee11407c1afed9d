import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { mainMenu, signInOk } from "./support";

/**
 * Issue 43 (decision 075): the demo's sociedad with the RFC of the SAT's only test FIEL in force (EKU9003173C9,
 * `SBO_EKU`, demo/efirma/LEEME.md) comes with that FIEL seeded. An administrator sees it in the catalogue, uploads it
 * again (a wrong password refused first), runs the Descarga Masiva against the simulator ('Ejecutar ahora'), reads
 * the reconciliation and downloads the month's XML; an employee with 'Consulta la conciliación con el SAT'
 * (`tesoreria`) reads it without the administrator's buttons.
 */

const EFIRMA = fileURLToPath(new URL("../../../demo/efirma/", import.meta.url));
const file = (name: string) => ({ name, mimeType: "application/octet-stream", buffer: readFileSync(EFIRMA + name) });
const SOCIEDAD = "ESCUELA KEMPER URGATE SA DE CV";

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

async function chooseFile(page: Page, label: string, chosen: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: label }).click();
  await (await chooser).setFiles(chosen);
}

test.describe(() => {
  test.use({ role: "administrador" });

  test("an administrator finds the demo's e.firma, runs the download now, reads the reconciliation and gets the XML", async ({
    page,
  }) => {
    await page.goto("/Home");
    await mainMenu(page).getByRole("link", { name: "Catálogo de sociedades" }).click();
    await page.getByRole("searchbox", { name: "Buscar" }).fill("KEMPER URGATE");
    const catalogo = page.getByRole("table", { name: "Catálogo de sociedades" });
    // The header and the one sociedad found (the list re-renders once the search applies).
    await expect(catalogo.getByRole("row")).toHaveCount(2);
    await catalogo.getByRole("row", { name: new RegExp(SOCIEDAD) }).dblclick();
    await expect(page).toHaveURL(/\/Catalogo-Sociedades\/Sociedad\/\d+$/);

    // The seeded e.firma shows only its expiry; a wrong password is refused in Spanish; the right one is stored.
    const efirma = page.getByRole("region", { name: "e.firma" });
    await expect(efirma).toContainText("Vence el 2027-05-17. Certificado 30001000000500003415");
    await chooseFile(page, "Certificado (.cer)", file("EKU9003173C9_FIEL.cer"));
    await chooseFile(page, "Llave privada (.key)", file("EKU9003173C9_FIEL.key"));
    await efirma.getByLabel("Contraseña de la llave privada").fill("otra-contraseña");
    await efirma.getByRole("button", { name: "Cargar e.firma" }).click();
    await expect(page.getByText(/^No se pudo abrir la e\.firma/)).toBeVisible();
    await chooseFile(page, "Certificado (.cer)", file("EKU9003173C9_FIEL.cer"));
    await chooseFile(page, "Llave privada (.key)", file("EKU9003173C9_FIEL.key"));
    await efirma.getByLabel("Contraseña de la llave privada").fill("12345678a");
    await efirma.getByRole("button", { name: "Cargar e.firma" }).click();
    await expect(page.getByText("e.firma guardada. Vence el 2027-05-17.")).toBeVisible();

    // 'Ejecutar ahora' asks the simulator; like the SAT it answers the first verification 'en proceso', so the next
    // press follows the request to its package (the scheduled job may have made one already: pressed until done).
    await mainMenu(page).getByRole("link", { name: "Conciliación SAT" }).click();
    await expect(page).toHaveURL(/\/Conciliacion-SAT/);
    await pickOption(page, "Sociedad", SOCIEDAD);
    const estado = page.getByRole("region", { name: "Estado de la descarga del SAT" });
    await expect(async () => {
      await page.getByRole("button", { name: "Ejecutar ahora" }).click();
      await expect(page.getByRole("status").first()).toContainText("sociedad(es) consultada(s)");
      await expect(estado).toContainText("Descarga del SAT: Terminada.", { timeout: 3_000 });
    }).toPass({ timeout: 40_000 });
    // The simulator's CFDI of this month include one from an issuer that is no supplier of the portal.
    const ajenos = page.getByRole("table", { name: "CFDI de emisores que no son proveedores" });
    await expect(ajenos.getByRole("row").nth(1)).toContainText("Falta en el portal");
    // And one from each of the portal's suppliers that never reached it: a supplier's row, and its one mail.
    const recibidos = page.getByRole("table", { name: "CFDI recibidos" });
    await expect(recibidos.getByRole("row", { name: /BERENICE XIMO QUEZADA/ }).first()).toContainText(
      "Falta en el portal",
    );
    await page.getByRole("button", { name: "Avisar a BERENICE XIMO QUEZADA" }).click();
    await page
      .getByRole("dialog", { name: "Avisar al proveedor" })
      .getByRole("button", { name: "Enviar correo" })
      .click();
    await expect(
      page.getByText(/^Se envió al proveedor P00002 un correo con \d+ CFDI que faltan en el portal\.$/),
    ).toBeVisible();

    // 'Descargar XML': asked, then followed to its package; the row then offers the XML the SAT gave.
    await expect(async () => {
      await page.getByRole("button", { name: "Descargar XML" }).click();
      await expect(page.getByRole("status").last()).toContainText(/Se guardó el XML de \d+ CFDI/, { timeout: 3_000 });
    }).toPass({ timeout: 40_000 });
    await expect(ajenos.getByRole("row").nth(1).getByRole("button", { name: "Visualizar XML" })).toBeVisible();
  });
});

test("an employee with 'Consulta la conciliación con el SAT' reads it, without the administrator's buttons", async ({
  page,
}) => {
  await signInOk(page, "Empleado", "tesoreria");
  await mainMenu(page).getByRole("link", { name: "Conciliación SAT" }).click();
  await expect(page).toHaveURL(/\/Conciliacion-SAT/);
  await pickOption(page, "Sociedad", SOCIEDAD);
  await expect(page.getByRole("table", { name: "CFDI recibidos" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ejecutar ahora" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Descargar XML" })).toHaveCount(0);
});
