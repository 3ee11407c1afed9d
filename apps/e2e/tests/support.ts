import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Portal2026";
export const SESSION_COOKIES = ["access", "usuario", "tipoEmpleado", "operador", "id", "ViDocPen"];

/** Signs in through the real screens: landing card → /Login → /Home. */
export async function signIn(
  page: Page,
  operador: "Empleado" | "Proveedor",
  usuario: string,
  password = DEMO_PASSWORD,
) {
  await page.goto("/");
  await page.getByRole("region", { name: operador }).getByRole("button", { name: "Ingresar" }).click();
  await expect(page).toHaveURL(/\/Login$/);
  await page.getByRole("textbox", { name: operador === "Empleado" ? "Usuario" : "RFC" }).fill(usuario);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Ingresar" }).click();
}

export async function signInOk(page: Page, operador: "Empleado" | "Proveedor", usuario: string) {
  await signIn(page, operador, usuario);
  await expect(page).toHaveURL(/\/Home$/);
}

export const mainMenu = (page: Page) => page.getByRole("navigation", { name: "Menú principal" });
