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

/** A small but well-formed one-page PDF (header, objects, cross-reference table, trailer). */
export function tinyPdf(text: string): Buffer {
  const content = `BT /F1 14 Tf 24 72 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}
