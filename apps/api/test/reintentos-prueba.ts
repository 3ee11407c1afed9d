import { randomUUID } from "node:crypto";
import { issueTestFactura } from "@portal/cfdi/sello";
import { MSG, NOTA_CREDITO_MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { notaCreditoPrueba } from "./documentos-prueba";
import { facturaPrueba, nuevaEntradaKemper, payloadFactura } from "./factura-prueba";
import { login, type TestApp, withToken } from "./helpers";

/**
 * Issue 36 (decision 040), what the retry tests share: Kemper's invoices and credit notes registered and accepted
 * through the API (the ERP outbox gets its jobs as in production), and their rows and jobs as read back.
 */
export interface FacturaFila {
  IdFactura: number;
  UUID: string;
  FolioFactura: string;
  BD: string;
  Version: number;
  Entrada: number;
  FolioSAP: number | null;
  EstadoERP: string;
  ErrorERP: string;
}
export interface NotaFila {
  IdNotaCredito: number;
  UUID: string;
  FolioNotaCredito: string;
  Version: number;
  Estatus: string;
  DocNumERP: number | null;
  EstadoERP?: string;
  ErrorERP?: string;
}

/** A small seeded random source (mulberry32): the same wake-ups on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function documentosErp(t: () => TestApp) {
  const db = () => t().tdb.db;
  const tokens = { admin: "", kemper: "", consulta: "" };
  /** Sessions end 12 h after sign-in: the tests that move the clock a day sign in again. */
  async function signIn() {
    tokens.admin = await login(t().app, "admin", "Empleado");
    tokens.kemper = await login(t().app, "EKU9003173C9", "Proveedor");
    tokens.consulta = await login(t().app, "consulta", "Empleado");
  }
  const call = (token: string, url: string, payload: unknown, method: "POST" | "PATCH" = "POST") =>
    t().app.inject(withToken(token, { method, url, payload: payload as object }));
  const facturas = async (token = tokens.admin): Promise<FacturaFila[]> =>
    (await call(token, "/api/facturas/getFacturas", {})).json().data;
  const notas = async (token = tokens.admin): Promise<NotaFila[]> =>
    (await call(token, "/api/notasCredito/getNotasCredito", {})).json().data;
  const notasPendientes = async (): Promise<NotaFila[]> =>
    (await call(tokens.admin, "/api/notasCreditoPendientes/getNotasCredito", {})).json().data;
  const trabajoFactura = async (facturaId: number) =>
    (await db().select().from(schema.erpTrabajos).where(eq(schema.erpTrabajos.facturaId, facturaId)))[0];
  const trabajoNota = async (notaId: number) =>
    (await db().select().from(schema.erpTrabajos).where(eq(schema.erpTrabajos.notaCreditoId, notaId)))[0];
  /** The A/P invoices and A/P credit memos the ERP holds for a portal id (both adapters end in erp_mock). */
  const apDe = (facturaId: number) =>
    db().select().from(schema.erpFacturas).where(eq(schema.erpFacturas.portalId, facturaId));
  const memosDe = (notaId: number) =>
    db().select().from(schema.erpNotasCredito).where(eq(schema.erpNotasCredito.portalId, notaId));

  /** Kemper registers an invoice of 1,160.00 MXN on a new receipt and an employee accepts it (no ERP call yet). */
  async function facturaAceptada(): Promise<FacturaFila> {
    const docNum = await nuevaEntradaKemper(db());
    const uuid = randomUUID().toUpperCase();
    const xml = issueTestFactura(facturaPrueba({ uuid, folio: `RT-${docNum}` }));
    const res = await call(tokens.kemper, "/api/facturas/postFactura", payloadFactura(xml, docNum));
    expect(res.statusCode, res.body).toBe(200);
    const f = (await facturas()).find((x) => x.UUID === uuid) as FacturaFila;
    const review = await call(
      tokens.admin,
      "/api/facturasPendientes/patchfactura",
      [{ Factura: f.IdFactura, Estatus: "A", Comentarios: "", BD: f.BD, Version: f.Version }],
      "PATCH",
    );
    expect(review.json()).toEqual({ status: "success", message: MSG.revisionExito });
    return f;
  }

  /** Kemper registers a credit note of 116.00 against `factura` and an employee accepts it (no ERP call yet). */
  async function notaAceptada(factura: Pick<FacturaFila, "UUID">): Promise<NotaFila> {
    const { uuid, body } = notaCreditoPrueba([factura.UUID], { subtotal: "100.00", iva: "16.00", pdfPropio: true });
    const res = await call(tokens.kemper, "/api/notasCredito/postNotaCredito", body);
    expect(res.json()).toEqual({ status: "success", message: NOTA_CREDITO_MSG.registrada });
    const n = (await notas()).find((x) => x.UUID === uuid) as NotaFila;
    const review = await call(
      tokens.admin,
      "/api/notasCreditoPendientes/patchNotaCredito",
      [{ NotaCredito: n.IdNotaCredito, Estatus: "A", Comentarios: "", Version: n.Version }],
      "PATCH",
    );
    expect(review.json()).toEqual({ status: "success", message: MSG.revisionExito });
    return n;
  }

  return {
    tokens,
    signIn,
    call,
    facturas,
    notas,
    notasPendientes,
    trabajoFactura,
    trabajoNota,
    apDe,
    memosDe,
    facturaAceptada,
    notaAceptada,
  };
}
