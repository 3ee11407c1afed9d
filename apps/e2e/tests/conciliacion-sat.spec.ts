import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { mainMenu, tinyPdf } from "./support";

/**
 * Issue 43 (decision 075): an administrator gives a sociedad the SAT's public test e.firma, runs the Descarga Masiva
 * against the simulator ('Ejecutar ahora') and reads the reconciliation. The only test FIEL in force is
 * EKU9003173C9's (demo/efirma/LEEME.md), a demo supplier and no demo sociedad, so the test creates a sociedad with
 * that RFC through the catalogue (under a unique name and SAP database; the demo's counts stay as they are).
 */

const EFIRMA = fileURLToPath(new URL("../../../demo/efirma/", import.meta.url));
const file = (name: string) => ({ name, mimeType: "application/octet-stream", buffer: readFileSync(EFIRMA + name) });
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.toUpperCase();

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

  test("an administrator uploads the sociedad's e.firma, runs the download now and reads the reconciliation", async ({
    page,
  }) => {
    const id = unique();
    const razonSocial = `CONCILIACION E2E ${id}`;
    await page.goto("/Home");
    await mainMenu(page).getByRole("link", { name: "Catálogo de sociedades" }).click();
    await page.getByRole("button", { name: "Agregar" }).click();
    await page.getByRole("textbox", { name: "Razón social" }).fill(razonSocial);
    await page.getByRole("textbox", { name: "RFC" }).fill("EKU9003173C9");
    await pickOption(page, "Régimen fiscal", "601 — General de Ley Personas Morales");
    await page.getByRole("textbox", { name: "Código postal" }).fill("06600");
    await page.getByRole("textbox", { name: "Usuario SAP" }).fill("manager");
    await page.getByLabel("Contraseña SAP").fill("B1Admin!");
    await page.getByRole("checkbox", { name: "Editar la base de datos SAP" }).check();
    await page.getByRole("textbox", { name: "Base de datos SAP" }).fill(`SBO_SAT_${id}`);
    await chooseFile(page, "Carta de situación fiscal", {
      name: "constancia.pdf",
      mimeType: "application/pdf",
      buffer: tinyPdf("constancia"),
    });
    await page.getByRole("button", { name: "Crear" }).click();
    await expect(page).toHaveURL(/\/Catalogo-Sociedades$/);
    await page.getByRole("searchbox", { name: "Buscar" }).fill(id);
    await page
      .getByRole("table", { name: "Catálogo de sociedades" })
      .getByRole("row", { name: new RegExp(id) })
      .dblclick();
    await expect(page).toHaveURL(/\/Catalogo-Sociedades\/Sociedad\/\d+$/);

    // The e.firma: a wrong password is refused in Spanish; the right one stores it and shows only its expiry.
    const efirma = page.getByRole("region", { name: "e.firma" });
    await expect(efirma).toContainText("No hay e.firma cargada.");
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
    await expect(efirma).toContainText("Vence el 2027-05-17. Certificado ");

    // The reconciliation: nothing downloaded yet; 'Ejecutar ahora' asks the simulator and the rows appear.
    await mainMenu(page).getByRole("link", { name: "Conciliación SAT" }).click();
    await expect(page).toHaveURL(/\/Conciliacion-SAT/);
    await pickOption(page, "Sociedad", razonSocial);
    const estado = page.getByRole("region", { name: "Estado de la descarga del SAT" });
    await expect(estado).toContainText("Aún no se ha descargado nada del SAT para esta sociedad");
    await page.getByRole("button", { name: "Ejecutar ahora" }).click();
    await expect(page.getByRole("status")).toContainText("sociedad(es) consultada(s)");
    // Like the SAT, the simulator answers the first verification 'en proceso'; the next run follows the request.
    await expect(estado).toContainText("Descarga del SAT: Solicitada al SAT");
    await expect(estado).toContainText("El SAT aún prepara los paquetes; se verificará de nuevo.");
    await page.getByRole("button", { name: "Ejecutar ahora" }).click();
    await expect(estado).toContainText("Descarga del SAT: Terminada.");
    // The simulator's CFDI of this month include one from an issuer that is no supplier of the portal.
    const ajenos = page.getByRole("table", { name: "CFDI de emisores que no son proveedores" });
    await expect(ajenos.getByRole("row").nth(1)).toContainText("Falta en el portal");
  });
});
