import { type Browser, expect, type Page, test } from "@playwright/test";
import { apiSignIn, freshCode, rememberSecret } from "./support";

/**
 * Issue 41 item 5 (decision 071): an employee's sign-in with a second factor through the real screens and the real
 * clock. The demo admin gives its code (computed from the demo seed's secret); an employee of this spec's own, who
 * reviews documents (VisuDocPen), enrols on its first sign-in, and its recovery codes serve once each — so the demo
 * admin's are never spent.
 */

const usuario = `segundo${Date.now() % 1_000_000}`;
const PASSWORD = "Inicio2026";
const CODIGO_INCORRECTO = "El código de verificación no es correcto o ya se usó.";

const signedOut = (browser: Browser) => browser.newContext({ storageState: { cookies: [], origins: [] } });

/** /Login's password for an employee, up to the second factor's screen. */
async function password(page: Page, quien: string, clave: string) {
  await page.goto("/");
  await page.getByRole("region", { name: "Empleado" }).getByRole("button", { name: "Ingresar" }).click();
  await page.getByRole("textbox", { name: "Usuario" }).fill(quien);
  await page.getByLabel("Contraseña").fill(clave);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page).toHaveURL(/\/SegundoFactor$/);
}

async function code(page: Page, codigo: string) {
  await page.getByRole("textbox", { name: "Código de verificación" }).fill(codigo);
  await page.getByRole("button", { name: "Verificar" }).click();
}

test("the demo administrator signs in with its code; a wrong code is refused and nothing opens meanwhile", async ({
  page,
}) => {
  await password(page, "admin", "Portal2026");
  await expect(page.getByRole("heading", { level: 1, name: "Código de verificación" })).toBeVisible();
  // No session cookies yet: the signed-in screens are not reachable.
  expect((await page.context().cookies()).some((c) => c.name === "access")).toBe(false);
  await code(page, "000000");
  await expect(page.getByRole("alert")).toContainText(CODIGO_INCORRECTO);
  await expect(page).toHaveURL(/\/SegundoFactor$/);
  await code(page, await freshCode("Empleado", "admin"));
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.getByRole("navigation", { name: "Menú principal" })).toBeVisible();
});

test("an employee who reviews documents enrols on first sign-in; a recovery code works once", async ({
  browser,
  request,
}) => {
  const token = await apiSignIn(request, "Empleado", "admin");
  const headers = { "x-access-token": token };
  const areas = (await (await request.get("/api/empleados/getAreas", { headers })).json()).data as { IdArea: number }[];
  const created = await request.post("/api/empleados/createEmpleado", {
    headers,
    data: {
      Usuario: usuario,
      RolEmpleado: "G",
      Nombre: "Rita",
      Apellidos: "Revisa Documentos",
      Correo: `${usuario}@empresa.com.mx`,
      Area: areas[0]!.IdArea,
      Estatus: "A",
      Contraseña: PASSWORD,
      ViDocPen: "Y",
    },
  });
  expect(created.status()).toBe(200);

  // First sign-in: the enrolment (QR code and key), its first code, then the recovery codes shown once.
  const first = await (await signedOut(browser)).newPage();
  await password(first, usuario, PASSWORD);
  await expect(first.getByRole("heading", { level: 1, name: "Configurar la verificación en dos pasos" })).toBeVisible();
  await first.getByRole("button", { name: "Generar clave" }).click();
  await expect(first.getByRole("img", { name: "Código QR para su aplicación de autenticación" })).toBeVisible();
  const secret = await first.getByRole("textbox", { name: "Clave para la aplicación" }).inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  rememberSecret("Empleado", usuario, secret);
  await first.getByRole("textbox", { name: "Código de verificación" }).fill(await freshCode("Empleado", usuario));
  await first.getByRole("button", { name: "Confirmar" }).click();
  const lista = first.getByRole("list", { name: "Códigos de recuperación" });
  await expect(lista.getByRole("listitem")).toHaveCount(10);
  const codigos = (await lista.getByRole("listitem").allInnerTexts()).map((c) => c.trim());
  await first.getByRole("button", { name: "Continuar" }).click();
  await expect(first).toHaveURL(/\/Home$/);
  await first.context().close();

  // A recovery code instead of the app's code: it serves once.
  const second = await (await signedOut(browser)).newPage();
  await password(second, usuario, PASSWORD);
  await code(second, codigos[0]!);
  await expect(second).toHaveURL(/\/Home$/);
  await second.context().close();

  const third = await (await signedOut(browser)).newPage();
  await password(third, usuario, PASSWORD);
  await code(third, codigos[0]!);
  await expect(third.getByRole("alert")).toContainText(CODIGO_INCORRECTO);
  await code(third, codigos[1]!);
  await expect(third).toHaveURL(/\/Home$/);
  await third.context().close();
});
