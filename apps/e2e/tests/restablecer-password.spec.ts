import { type APIRequestContext, expect, test } from "@playwright/test";
import { decodeQuotedPrintable, type SmtpSink, startSmtpSink } from "./correo-sink";
import { apiSignIn, DEMO_PASSWORD, signIn } from "./support";

/**
 * Issue 41 item 4 (decision 067): password reset by e-mail through the real screens and the real mail. The
 * demo users' password is every other spec's, so this spec resets an employee of its own, created here through
 * the API; the link is read from the mail the portal sends to this spec's SMTP sink (E2E_SMTP_PORT, the port the
 * server under test sends to: playwright.config.ts).
 */

let sink: SmtpSink | null = null;
const usuario = `restablece${Date.now() % 1_000_000}`;
const correo = `${usuario}@empresa.com.mx`;
const NUEVA = "Tlacuache7Verde42";

async function createEmpleado(request: APIRequestContext) {
  const token = await apiSignIn(request, "Empleado", "admin");
  const headers = { "x-access-token": token };
  const areas = (await (await request.get("/api/empleados/getAreas", { headers })).json()).data as { IdArea: number }[];
  const created = await request.post("/api/empleados/createEmpleado", {
    headers,
    data: {
      Usuario: usuario,
      RolEmpleado: "G",
      Nombre: "Reyna",
      Apellidos: "Olvido Clave",
      Correo: correo,
      Area: areas[0]!.IdArea,
      Estatus: "A",
      Contraseña: "Inicio2026",
      ViDocPen: "N",
    },
  });
  expect(created.status()).toBe(200);
  await request.post("/api/logout", { headers });
}

test.beforeAll(async ({ request }) => {
  const port = Number(process.env.E2E_SMTP_PORT ?? 0);
  expect(port, "sin E2E_SMTP_PORT no hay receptor SMTP").toBeGreaterThan(0);
  sink = await startSmtpSink(port);
  await createEmpleado(request);
});

test.afterAll(async () => {
  await sink?.close();
});

test("an employee asks for a link on Recuperar contraseña, sets a new password through it and signs in with it", async ({
  page,
}) => {
  await page.goto("/RecuperarPassword");
  // The spec's static instructions stay.
  await expect(page.getByText("El administrador le responderá con una nueva contraseña.")).toBeVisible();
  const form = page.getByRole("region", { name: "Recibir un enlace por correo" });
  await form.getByText("Empleado", { exact: true }).click();
  await form.getByRole("textbox", { name: "Usuario, RFC o correo electrónico" }).fill(usuario);
  await form.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(form.getByRole("status")).toContainText("Si los datos corresponden a una cuenta activa");

  // The outbox's worker sends the mail to the employee's registered address.
  const link = async () => {
    const mail = (sink?.mails ?? []).find((m) => m.to.includes(correo));
    return mail
      ? (/https?:\/\/\S+\/RestablecerPassword\?token=[A-Za-z0-9_-]{43}/.exec(decodeQuotedPrintable(mail.raw))?.[0] ??
          null)
      : null;
  };
  await expect.poll(link, { timeout: 20_000 }).not.toBeNull();
  const url = new URL((await link())!);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole("heading", { name: "Restablecer contraseña" })).toBeVisible();
  // The token leaves the address bar once read.
  await expect(page).toHaveURL(/\/RestablecerPassword$/);

  const nueva = page.getByLabel(/^Nueva contraseña/);
  const confirmacion = page.getByLabel("Confirme la nueva contraseña");
  await nueva.fill(DEMO_PASSWORD);
  await confirmacion.fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page.getByText("La nueva contraseña debe tener al menos 12 caracteres.")).toBeVisible();
  await nueva.fill(NUEVA);
  await confirmacion.fill(NUEVA);
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page.getByRole("status")).toContainText("Su contraseña se restableció");

  // The old password no longer opens the account; the new one does.
  await signIn(page, "Empleado", usuario, "Inicio2026");
  await expect(page.getByText("Usuario o contraseña incorrectos.")).toBeVisible();
  await signIn(page, "Empleado", usuario, NUEVA);
  await expect(page).toHaveURL(/\/Home$/);
});
