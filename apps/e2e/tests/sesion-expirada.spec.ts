import { expect, test } from "@playwright/test";
import { signIn, signInOk } from "./support";

/**
 * Issue 16: a session that ends on its own (the server answers 401, or the cookies are gone) lands on /
 * with a Spanish notice, and the next sign-in returns to the page the user was on, search included.
 */
const NOTICE = "Su sesión expiró. Inicie sesión de nuevo para continuar.";
const SUPPLIER = "EKU9003173C9";

test("a 401 (session revoked on the server) → / with the notice → sign in → back on the same page", async ({
  page,
  context,
}) => {
  await signInOk(page, "Proveedor", SUPPLIER);
  await page.goto("/Perfil?seccion=documentos&pagina=2");
  await expect(page).toHaveURL(/\/Perfil\?seccion=documentos&pagina=2$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Sign-out from elsewhere: the server revokes the token; this tab still holds its cookies.
  const token = (await context.cookies()).find((c) => c.name === "access")?.value;
  expect(token).toBeTruthy();
  const logout = await page.request.post("/api/logout", { headers: { "x-access-token": token ?? "" } });
  expect(logout.ok()).toBe(true);

  // The user acts (reloads the screen): its calls answer 401.
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status").filter({ hasText: NOTICE })).toBeVisible();

  // A wrong password at sign-in is a form error, not another ended session.
  await signIn(page, "Proveedor", SUPPLIER, "NoEsLaClave1");
  await expect(page.getByRole("alert")).toContainText("Error al iniciar la sesión,");
  await expect(page).toHaveURL(/\/Login$/);

  await page.getByLabel("Contraseña").fill("Portal2026");
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page).toHaveURL(/\/Perfil\?seccion=documentos&pagina=2$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Once back, the notice is gone: a later visit to / (signed in) goes to /Home without it.
  await page.goto("/");
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.getByText(NOTICE)).toHaveCount(0);
});

test("cookies gone in a signed-in tab → the next screen goes to / with the notice and returns after sign-in", async ({
  page,
  context,
}) => {
  await signInOk(page, "Proveedor", SUPPLIER);
  // Home's own calls answered while the session existed (a call made after the cookies vanish is a 401 on Home,
  // which ends the session there and would make Home the page to return to).
  await page.waitForLoadState("networkidle");
  await context.clearCookies();
  await page.goto("/Pagos?q=Pendiente");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status").filter({ hasText: NOTICE })).toBeVisible();
  await signIn(page, "Proveedor", SUPPLIER);
  await expect(page).toHaveURL(/\/Pagos\?q=Pendiente$/);
});

test("a visitor who never signed in, and Cerrar sesión, get no notice", async ({ page }) => {
  await page.goto("/Pedidos?buscar=x");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("region", { name: "Proveedor" })).toBeVisible();
  await expect(page.getByText(NOTICE)).toHaveCount(0);

  await signInOk(page, "Proveedor", SUPPLIER);
  await page.getByRole("button", { name: "Menú de usuario" }).click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("region", { name: "Proveedor" })).toBeVisible();
  await expect(page.getByText(NOTICE)).toHaveCount(0);
});
