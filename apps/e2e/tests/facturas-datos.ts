import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { buildPostFacturaPayload, readInvoice } from "@portal/cfdi";
import { issueTestFactura } from "@portal/cfdi/sello";
import { expect } from "./fixtures";
import { DEMO_PASSWORD, tinyPdf } from "./support";

/** The parties and files of the invoice flows (facturas.spec.ts, revision.spec.ts). */
export const KEMPER = { rfc: "EKU9003173C9", nombre: "ESCUELA KEMPER URGATE", regimen: "601" } as const;
export const MCI = { rfc: "MCI7306249Y1", nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI", cp: "54700", regimen: "603" };
/** The demo's second sociedad of Kemper: its receipts are left to specs that need their own (saldo.spec.ts). */
export const KIJ = { rfc: "KIJ0906199R1", nombre: "KIJ, S.A DE C.V.", cp: "59820", regimen: "601" };

/** A sociedad as the specs address it: its ERP database and the CFDI's receiver. */
export interface SociedadPrueba {
  bd: string;
  receptor: { rfc: string; nombre: string; cp: string; regimen: string };
}
const EN_MCI: SociedadPrueba = { bd: "SBO_MCI", receptor: MCI };
export const EN_KIJ: SociedadPrueba = { bd: "SBO_KIJ", receptor: KIJ };

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
  /** The supplier's reference (SAT-PRUEBA-2025 is the receipt of the SAT's published test CFDI). */
  NumAtCard?: string;
  /** Issue 42: partial invoices already bill it (entrada-en-partes.spec.ts); only its quantities can be billed. */
  EnPartes?: boolean;
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

/** The receipt the README's demo cycle invoices (demo-readme.spec.ts): no other spec takes it (issue 40). */
export const ENTRADA_README = "DEMO-FACTURA-4";

/**
 * Kemper's open MXN receipts in a sociedad (MUNICIPIO DE CUAUTITLAN IZCALLI unless told), without an invoice yet
 * (issue 42: nor billed in parts, which 'Nuevo' still offers);
 * without the README's receipt unless asked for, so that specs running in parallel leave it to the README's cycle.
 */
export async function entradasAbiertas(
  request: APIRequestContext,
  token: string,
  { sociedad = EN_MCI, conLaDelReadme = false }: { sociedad?: SociedadPrueba; conLaDelReadme?: boolean } = {},
): Promise<Entrada[]> {
  const answer = await request.post("/api/facturas/getEntradas", {
    headers: { "x-access-token": token },
    data: { BD: sociedad.bd, tipo: "Nuevo" },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: Entrada[] }).data.filter(
    (e) =>
      e.DocStatus === "O" &&
      e.DocCur === "MXN" &&
      e.EnPartes !== true &&
      (conLaDelReadme || e.NumAtCard !== ENTRADA_README),
  );
}

/** Registers, as the supplier, a sealed and stamped invoice for an open receipt with credit days (PPD). */
export async function register(
  request: APIRequestContext,
  kemper: string,
  entrada: Entrada,
  folio: string,
  sociedad: SociedadPrueba = EN_MCI,
) {
  const total = Math.round(Number(entrada.DocTotal) * 100);
  const subtotal = Math.round(total / 1.16);
  const xml = issueTestFactura({
    emisor: KEMPER,
    receptor: { ...sociedad.receptor, uso: entrada.U_B1SYS_MainUsage },
    lugarExpedicion: entrada.CP,
    fecha: "2026-11-16T10:00:00",
    folio,
    formaPago: entrada.PeyMethod,
    metodoPago: entrada.GroupNum > 0 ? "PPD" : "PUE",
    subtotal: (subtotal / 100).toFixed(2),
    iva: ((total - subtotal) / 100).toFixed(2),
    uuid: randomUUID(),
    fechaTimbrado: "2026-11-16T10:05:00",
  });
  const leida = readInvoice(xml);
  if (!leida.ok) throw new Error(leida.errors.join(" "));
  const answer = await request.post("/api/facturas/postFactura", {
    headers: { "x-access-token": kemper },
    // The browser's own mapping (@portal/cfdi).
    data: buildPostFacturaPayload(leida.data, {
      RazonSocial: sociedad.bd,
      EntradaMercancia: entrada.DocNum,
      archivos: {
        pdf: { name: `${folio}.pdf`, base64: tinyPdf(folio).toString("base64") },
        xml: { name: `${folio}.xml`, base64: Buffer.from(xml).toString("base64") },
        recepcion: { name: "recepcion.png", base64: PNG_1X1.toString("base64") },
      },
    }),
  });
  expect(await answer.json()).toEqual({ status: "success", message: "Se registro con exito la factura!" });
}
