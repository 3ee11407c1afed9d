import { issueTestFactura } from "@portal/cfdi/sello";
import { MSG } from "@portal/contracts";
import { MUESTRAS } from "@portal/contracts/muestras";
import { schema } from "@portal/db";
import { createProveedor } from "@portal/seed";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { umbralAlcanzado } from "../src/modules/proveedores/recordatorios";
import { facturaPrueba, nuevaEntradaKemper, payloadFactura } from "./factura-prueba";
import { createTestApp, login, pdfBase64, type TestApp, withToken } from "./helpers";

/**
 * Issue 15, compliance-document reminders: a supplier whose required document expires in 30, 15, 7 and 0 days
 * is mailed once per threshold and document version, at its stored addresses; an expired required document
 * makes its registration incomplete, so invoice and payment uploads are refused until it is replaced.
 */
const DIA = 86_400_000;
const TODOS = [
  "ActaConstitutiva",
  "IdentificacionOficial",
  "ComprobanteDomicilio",
  "CedulaFiscal",
  "EstadoCuenta",
  "OpinionCumplimiento",
  "CaratulaBancaria",
];
const ago = (iso: string, dias: number) => new Date(Date.parse(iso) - dias * DIA).toISOString().slice(0, 10);

describe("umbralAlcanzado", () => {
  it("is the smallest threshold not below the days left, none past expiry, none as long as the validity", () => {
    const de = (dias: number, vigencia = 90) => umbralAlcanzado({ dias, vigencia });
    expect([31, 30, 29, 16, 15, 8, 7, 1, 0, -1].map((d) => de(d))).toEqual([null, 30, 30, 30, 15, 15, 7, 7, 0, null]);
    // A 30-day document (the tax-compliance opinion) is not "30 days from expiry" the day it is loaded.
    expect([30, 16, 15].map((d) => de(d, 30))).toEqual([null, null, 15]);
  });
});

describe("recordatorios de documentos por vencer", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const correosA = (para: string) =>
    t.tdb.db
      .select()
      .from(schema.correoOutbox)
      .where(eq(schema.correoOutbox.para, para))
      .orderBy(asc(schema.correoOutbox.id));

  it("mails each threshold exactly once, none before 30 days, the 0-day one on the expiry day", async () => {
    const inicio = t.time.clock().toISOString();
    // Only its bank statement (90 days) is a required document that expires; it has 31 days left today.
    const x = (await createProveedor(t.tdb.db, {
      tipoPersona: "M",
      email: "cumplimiento@proveedor-x.mx, tesoreria@proveedor-x.mx",
      documentos: {
        cargados: TODOS,
        fecha: ago(inicio, 59),
        val: { ComprobanteDomicilio: "N", CedulaFiscal: "N", OpinionCumplimiento: "N" },
      },
    }))!;
    // Its bank statement has 10 days left: the 30-day threshold is already behind it.
    const y = (await createProveedor(t.tdb.db, {
      tipoPersona: "M",
      email: "pagos@proveedor-y.mx",
      documentos: {
        cargados: TODOS,
        fecha: ago(inicio, 80),
        val: { ComprobanteDomicilio: "N", CedulaFiscal: "N", OpinionCumplimiento: "N" },
      },
    }))!;
    // Its required documents do not expire (or it does not require them): never reminded.
    const z = (await createProveedor(t.tdb.db, {
      tipoPersona: "M",
      email: "z@proveedor-z.mx",
      documentos: {
        cargados: TODOS,
        fecha: ago(inicio, 80),
        val: { ComprobanteDomicilio: "N", CedulaFiscal: "N", OpinionCumplimiento: "N", EstadoCuenta: "N" },
      },
    }))!;
    const para = x.email;
    const asuntos = async () => (await correosA(para)).map((c) => c.texto.split("\n")[2]);

    const recorrido: Record<number, number> = {};
    for (let dia = 0; dia <= 33; dia++) {
      if (dia > 0) t.time.advance(DIA);
      const hechas = await t.app.services.tareas.runPending();
      expect(hechas.filter((h) => h.name === "recordatorios-documentos").map((h) => h.ok)).toEqual([true]);
      expect(hechas.every((h) => h.ok)).toBe(true);
      recorrido[dia] = (await correosA(para)).length;
      if (dia === 4) {
        // Y replaces its bank statement: the new version has 90 days ahead and no reminder is due for it.
        const token = await login(t.app, y.rfc, "Proveedor");
        const res = await t.app.inject(
          withToken(token, {
            method: "POST",
            url: "/api/proveedores/updateProveedor",
            payload: {
              CardCode: y.cardCode,
              EstadoCuenta: { Archivo: "estado.pdf", Archivo64: pdfBase64("Estado Y") },
            },
          }),
        );
        expect(res.statusCode).toBe(200);
      }
    }
    // Day 0: 31 days left. Day 1: 30. Day 16: 15. Day 24: 7. Day 31: the expiry day. Day 32: expired.
    expect(recorrido[0]).toBe(0);
    expect([recorrido[1], recorrido[15]]).toEqual([1, 1]);
    expect([recorrido[16], recorrido[23]]).toEqual([2, 2]);
    expect([recorrido[24], recorrido[30]]).toEqual([3, 3]);
    expect([recorrido[31], recorrido[33]]).toEqual([4, 4]);
    expect(await asuntos()).toEqual([
      "Su documento «Estado de cuenta» vence en 30 días, el 2026-12-22.",
      "Su documento «Estado de cuenta» vence en 15 días, el 2026-12-22.",
      "Su documento «Estado de cuenta» vence en 7 días, el 2026-12-22.",
      "Su documento «Estado de cuenta» vence hoy (2026-12-22).",
    ]);
    const [primero] = await correosA(para);
    // At its stored addresses only, through the outbox.
    expect(primero).toMatchObject({
      para: "cumplimiento@proveedor-x.mx, tesoreria@proveedor-x.mx",
      asunto: "Portal de Proveedores: documentos por vencer",
      estado: "pendiente",
    });
    expect(primero!.texto).toContain(`Estimado proveedor ${x.cardName}:`);
    expect(primero!.texto).toContain("no podrá registrar facturas ni complementos de pago");

    // Y: the 15-day reminder on day 0 (10 days left), the 7-day one on day 3; then a new file, nothing more.
    expect((await correosA(y.email)).map((c) => c.texto.split("\n")[2])).toEqual([
      "Su documento «Estado de cuenta» vence en 10 días, el 2026-12-01.",
      "Su documento «Estado de cuenta» vence en 7 días, el 2026-12-01.",
    ]);
    expect(await correosA(z.email)).toEqual([]);
    const enviados = await t.tdb.db
      .select()
      .from(schema.recordatoriosDocumentos)
      .where(eq(schema.recordatoriosDocumentos.cardCode, x.cardCode));
    expect(enviados.map((r) => r.umbral).sort((a, b) => a - b)).toEqual([0, 7, 15, 30]);
  });
});

describe("un documento requerido vencido bloquea las cargas hasta que se reemplaza", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("postFactura and postPago answer the spec's message; after replacing the document they no longer do", async () => {
    const kemper = () => login(t.app, "EKU9003173C9", "Proveedor");
    const [pago] = (
      await t.app.inject(withToken(await kemper(), { method: "POST", url: "/api/pagos/getPagos", payload: {} }))
    ).json().data as { DocNum: number; U_SYS_PMSNBD: string }[];
    expect(pago).toBeDefined();
    const uploadPago = async (token: string) =>
      (
        await t.app.inject(
          withToken(token, {
            method: "POST",
            url: "/api/pagos/postPago",
            payload: { ...MUESTRAS.postPago.request, BD: pago!.U_SYS_PMSNBD, PagoSAP: pago!.DocNum },
          }),
        )
      ).json();
    const uploadFactura = async (token: string) =>
      (
        await t.app.inject(
          withToken(token, {
            method: "POST",
            url: "/api/facturas/postFactura",
            payload: payloadFactura(issueTestFactura(facturaPrueba()), await nuevaEntradaKemper(t.tdb.db)),
          }),
        )
      ).json();

    // The demo loads Kemper's tax-compliance opinion (30 days) today: on day 30 it is still valid…
    t.time.advance(30 * DIA);
    let token = await kemper();
    expect((await uploadPago(token)).message).not.toBe(MSG.registroIncompletoPagos);
    // …and on day 31 it has expired: both uploads are refused with the spec's message.
    t.time.advance(DIA);
    token = await kemper();
    expect(await uploadFactura(token)).toEqual({ status: "error", message: MSG.registroIncompletoFacturas });
    expect(await uploadPago(token)).toEqual({ status: "error", message: MSG.registroIncompletoPagos });

    const res = await t.app.inject(
      withToken(token, {
        method: "POST",
        url: "/api/proveedores/updateProveedor",
        payload: {
          CardCode: "P00001",
          OpinionCumplimiento: { Archivo: "opinion.pdf", Archivo64: pdfBase64("Opinión de cumplimiento nueva") },
        },
      }),
    );
    expect(res.json()).toEqual({ status: "success", message: MSG.proveedorActualizado });
    // Replaced: the invoice goes through, the payment is judged on its own content again.
    expect(await uploadFactura(token)).toEqual({ status: "success", message: MSG.facturaRegistrada });
    expect((await uploadPago(token)).message).not.toBe(MSG.registroIncompletoPagos);
  });
});
