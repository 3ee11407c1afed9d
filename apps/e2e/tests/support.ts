import { createHmac } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Portal2026";
/**
 * The demo seed's TOTP secret (packages/seed, DEMO_TOTP_SECRET; README, "Demo"): the demo employees whose role
 * requires a second factor are enrolled with it (decision 071).
 */
export const DEMO_TOTP_SECRET = "PORTALPROVEEDORESDEMOTOTPSECRET2";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const base32Bytes = (text: string): Buffer => {
  const bytes: number[] = [];
  let value = 0;
  let bits = 0;
  for (const char of text.toUpperCase()) {
    value = (value << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
};

/** The 6-digit TOTP code of one 30-second step (RFC 6238, HMAC-SHA1), what an authenticator app shows. */
export function totpCode(secret: string, step: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", base32Bytes(secret)).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** Secrets of accounts a test enrolled (by operador and user). */
const secrets = new Map<string, string>();
/**
 * The last step each account's code was sent for, in a file per server port: Playwright runs spec files with other
 * fixtures in new worker processes, and the server remembers the step across them.
 */
const STEPS_FILE = join(tmpdir(), `portal-e2e-totp-${process.env.E2E_PORT ?? "3100"}.json`);
const readSteps = (): Record<string, number> => {
  try {
    return JSON.parse(readFileSync(STEPS_FILE, "utf8")) as Record<string, number>;
  } catch {
    return {};
  }
};
const accountKey = (operador: string, usuario: string) => `${operador}:${usuario.toLowerCase()}`;

export const rememberSecret = (operador: string, usuario: string, secret: string) =>
  secrets.set(accountKey(operador, usuario), secret);
export const secretOf = (operador: string, usuario: string) =>
  secrets.get(accountKey(operador, usuario)) ?? DEMO_TOTP_SECRET;

/**
 * A code the server has not accepted before: the server takes each 30-second step once (replay) and ±1 step around
 * its clock, so up to three sign-ins of one account within a step use the previous, current and next step's codes,
 * and a fourth waits for the step to pass.
 */
export async function freshCode(operador: string, usuario: string): Promise<string> {
  const key = accountKey(operador, usuario);
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const steps = readSteps();
    // The server takes the previous step too: used while it is not about to leave the window (5 s margin).
    const earliest = Date.now() % 30_000 < 25_000 ? now - 1 : now;
    const step = Math.max(earliest, (steps[key] ?? Number.NEGATIVE_INFINITY) + 1);
    if (step <= now + 1) {
      writeFileSync(STEPS_FILE, JSON.stringify({ ...steps, [key]: step }));
      return totpCode(secretOf(operador, usuario), step);
    }
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 100));
  }
}

/**
 * The step /Login leaves when the account has a second factor ('Código de verificación') or its role requires one it
 * has not set up (the enrolment: the secret read from the screen and remembered, the code, the recovery codes).
 */
async function completeSecondFactor(page: Page, operador: string, usuario: string, paso: string) {
  await expect(page).toHaveURL(/\/SegundoFactor$/);
  if (paso === "inscribir") {
    await page.getByRole("button", { name: "Generar clave" }).click();
    const secret = await page.getByRole("textbox", { name: "Clave para la aplicación" }).inputValue();
    rememberSecret(operador, usuario, secret);
    await page.getByRole("textbox", { name: "Código de verificación" }).fill(await freshCode(operador, usuario));
    await page.getByRole("button", { name: "Confirmar" }).click();
    await page.getByRole("button", { name: "Continuar" }).click();
    return;
  }
  await page.getByRole("textbox", { name: "Código de verificación" }).fill(await freshCode(operador, usuario));
  await page.getByRole("button", { name: "Verificar" }).click();
}
export const SESSION_COOKIES = ["access", "usuario", "tipoEmpleado", "operador", "id", "ViDocPen"];

/**
 * Signs in through the real screens: landing card → /Login → /Home, with the second factor's step between them when
 * the account has one (the code computed from its secret with the real clock).
 */
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
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/login") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Ingresar" }).click();
  // Decision 071: an employee whose role requires a second factor (the demo admin) gives its code next.
  const response = await answer;
  if (!response.ok()) return;
  const paso = ((await response.json()) as { data?: { segundoFactor?: string } }).data?.segundoFactor;
  if (paso) await completeSecondFactor(page, operador, usuario, paso);
}

/**
 * A session token through the API (POST /api/login), its second factor given when the account has one (decision 071:
 * the demo admin), for specs that prepare or check data through the API.
 */
export async function apiSignIn(
  request: APIRequestContext,
  operador: "Empleado" | "Proveedor",
  usuario: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const answer = await request.post("/api/login", { data: { usuario, password, operador } });
  expect(answer.ok(), `inicio de sesión de ${usuario}`).toBe(true);
  const data = ((await answer.json()) as { data: { token: string; segundoFactor?: string } }).data;
  if (data.segundoFactor === "verificar") {
    const verified = await request.post("/api/segundoFactor/verificar", {
      headers: { "x-access-token": data.token },
      data: { codigo: await freshCode(operador, usuario) },
    });
    expect(verified.ok(), `código de verificación de ${usuario}`).toBe(true);
  }
  return data.token;
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
