import { expect, type Page, test } from "@playwright/test";
import { decodeQuotedPrintable, type SmtpSink, startSmtpSink } from "./correo-sink";
import { mainMenu, signIn, signInOk } from "./support";

/**
 * Issue 41 item 3 (decision 070): an administrator invites a supplier by RFC, name and e-mail; the invitation mail
 * reaches this spec's SMTP sink (E2E_SMTP_PORT, playwright.config.ts); the supplier opens the link, registers with its
 * own password and signs in, pending approval; the administrator approves, which creates the business partner in the
 * ERP; the supplier then signs in with its record complete.
 */

let sink: SmtpSink | null = null;
const RFC = "VIN200220JK0";
const CORREO = "ventas@vinos-del-norte.mx";
const NOMBRE = "Vinos del Norte";
const PASSWORD = "Tlacuache7Verde42";

test.beforeAll(async () => {
  const port = Number(process.env.E2E_SMTP_PORT ?? 0);
  expect(port, "sin E2E_SMTP_PORT no hay receptor SMTP").toBeGreaterThan(0);
  sink = await startSmtpSink(port);
});

test.afterAll(async () => {
  await sink?.close();
});

/** The invitation's link, once its mail arrived at the sink. */
async function invitationLink(): Promise<string | null> {
  const mail = (sink?.mails ?? []).find((m) => m.to.includes(CORREO));
  return mail
    ? (/https?:\/\/\S+\/Registro\?token=[A-Za-z0-9_-]{43}/.exec(decodeQuotedPrintable(mail.raw))?.[0] ?? null)
    : null;
}

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.goto("/");
}

test("an administrator invites a supplier, the supplier registers through the mailed link, the administrator approves", async ({
  page,
}) => {
  // The administrator signs in twice through the screens, each time with a TOTP code of its own: the second may wait
  // up to a 30-second step for a code not used yet (decision 071, replay refused), and the mail poll takes up to 20 s.
  test.setTimeout(120_000);
  await signInOk(page, "Empleado", "admin");
  await mainMenu(page).getByRole("link", { name: "Invitaciones de proveedores" }).click();
  await expect(page).toHaveURL(/\/Invitaciones$/);
  await page.getByRole("button", { name: "Invitar proveedor" }).click();
  const dialog = page.getByRole("dialog", { name: "Invitar proveedor" });
  // A wrong check digit is the server's clear refusal.
  await dialog.getByRole("textbox", { name: "RFC" }).fill("VIN200220JK1");
  await dialog.getByRole("textbox", { name: "Razón social o nombre" }).fill(NOMBRE);
  await dialog.getByRole("textbox", { name: "Correo electrónico" }).fill(CORREO);
  await dialog.getByRole("combobox", { name: "Sociedad" }).click();
  await page.getByRole("option").first().click();
  await dialog.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(page.getByText("su dígito verificador no corresponde")).toBeVisible();
  await dialog.getByRole("textbox", { name: "RFC" }).fill(RFC);
  await dialog.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(page.getByText(`Invitación enviada a ${CORREO}`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(RFC) })).toContainText("Invitada");

  // The outbox's worker sends the mail; the supplier opens its link.
  await expect.poll(invitationLink, { timeout: 20_000 }).not.toBeNull();
  const url = new URL((await invitationLink())!);
  await signOut(page);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole("heading", { name: "Registro de proveedor" })).toBeVisible();
  await expect(page).toHaveURL(/\/Registro$/);
  await expect(page.getByText(`invitó a ${NOMBRE}`)).toBeVisible();
  await page.getByRole("textbox", { name: "RFC" }).fill(RFC);
  await page.getByLabel(/^Nueva contraseña/).fill(PASSWORD);
  await page.getByLabel("Confirme la nueva contraseña").fill(PASSWORD);
  await page.getByRole("textbox", { name: "Persona de contacto" }).fill("Rosa Méndez");
  await page.getByRole("button", { name: "Registrarme" }).click();
  await expect(page.getByRole("status")).toContainText("Su registro quedó hecho");

  // Pending approval it signs in (to load its documents).
  await signIn(page, "Proveedor", RFC, PASSWORD);
  await expect(page).toHaveURL(/\/Home$/);
  await signOut(page);

  // The administrator approves: the business partner is created in the ERP.
  await signInOk(page, "Empleado", "admin");
  await page.goto("/Invitaciones");
  const fila = page.getByRole("row", { name: new RegExp(RFC) });
  await expect(fila).toContainText("Por aprobar");
  await fila.getByRole("button", { name: "Aprobar" }).click();
  await expect(page.getByText(`se creó el socio de negocio P${RFC} en SAP`)).toBeVisible();
  await expect(fila).toContainText("Aprobada");
  await signOut(page);

  // The link was for one use only.
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole("alert")).toContainText("El enlace de registro no es válido");

  // The supplier signs in with its own password and finds its sociedad on Home.
  await signIn(page, "Proveedor", RFC, PASSWORD);
  await expect(page).toHaveURL(/\/Home$/);
});
