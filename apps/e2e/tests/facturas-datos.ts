import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";
import { DEMO_PASSWORD } from "./support";

/** The parties and files of the invoice flows (facturas.spec.ts, revision.spec.ts). */
export const KEMPER = { rfc: "EKU9003173C9", nombre: "ESCUELA KEMPER URGATE", regimen: "601" } as const;
export const MCI = { rfc: "MCI7306249Y1", nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI", cp: "54700", regimen: "603" };

/** A goods receipt as getEntradas answers it (the fields the flows use). */
export interface Entrada {
  DocNum: number;
  DocTotal: string;
  DocCur: string;
  PeyMethod: string;
  U_B1SYS_MainUsage: string;
  CP: string;
  GroupNum: number;
  DocStatus: string;
}

/** A 1x1 PNG: the goods-receipt image. */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** A kemper session of its own for the API look-ups (POST /api/login), apart from the page's. */
export async function kemperToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post("/api/login", {
    data: { usuario: KEMPER.rfc, password: DEMO_PASSWORD, operador: "Proveedor" },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

/** Kemper's open MXN receipts in MUNICIPIO DE CUAUTITLAN IZCALLI, without an invoice yet. */
export async function entradasAbiertas(request: APIRequestContext, token: string): Promise<Entrada[]> {
  const answer = await request.post("/api/facturas/getEntradas", {
    headers: { "x-access-token": token },
    data: { BD: "SBO_MCI", tipo: "Nuevo" },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: Entrada[] }).data.filter((e) => e.DocStatus === "O" && e.DocCur === "MXN");
}
