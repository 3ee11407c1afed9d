import { issueTestFactura } from "@portal/cfdi/sello";
import { MSG, NOTA_CREDITO_MSG, REVISION_MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { payFacturas } from "@portal/erp-sim";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErpAdapter } from "../src/erp/types";
import { createFacturaFixture, notaCreditoPrueba } from "./documentos-prueba";
import { facturaPrueba, nuevaEntradaKemper, payloadFactura } from "./factura-prueba";
import { createTestApp, loginTodos, type TestApp, withToken } from "./helpers";

/**
 * Issue 27, credit notes (CFDI de Egreso, decision 034): a supplier registers one against its accepted invoices, an
 * employee accepts it, it becomes one A/P credit memo in the ERP whatever the network does, and the invoice's
 * balance — its payment status and the complement its payment owes — drops by it.
 */

/** The ERP behind a network that loses the answer of the next credit memo creations (the memo is created). */
const red = { respuestasPerdidas: 0, llamadas: 0 };
const wrap = (real: ErpAdapter): ErpAdapter => ({
  ...real,
  async createNotaCreditoProveedor(input) {
    red.llamadas++;
    const creada = await real.createNotaCreditoProveedor(input);
    if (red.respuestasPerdidas > 0) {
      red.respuestasPerdidas--;
      throw new Error("La operación excedió el tiempo de espera (60 s)");
    }
    return creada;
  },
});

interface NotaFila {
  IdNotaCredito: number;
  FolioNotaCredito: string;
  UUID: string;
  Estatus: string;
  Total: string;
  Version: number;
  DocNumERP: number | null;
  Facturas: { IdFactura: number; FolioFactura: string; UUID: string; Importe: string }[];
}
interface FacturaFila {
  IdFactura: number;
  UUID: string;
  FolioFactura: string;
  EstatusFactura: string;
  Version: number;
  BD: string;
  Entrada: number;
  PaidToDate: string;
  FolioSAP: number | null;
}

let t: TestApp;
const tokens = { admin: "", consulta: "", kemper: "", berenice: "" };

const call = (token: string, url: string, payload: unknown, method: "POST" | "PATCH" = "POST") =>
  t.app.inject(withToken(token, { method, url, payload: payload as object }));
const notas = async (token: string): Promise<NotaFila[]> =>
  (await call(token, "/api/notasCredito/getNotasCredito", {})).json().data;
const facturas = async (token: string): Promise<FacturaFila[]> =>
  (await call(token, "/api/facturas/getFacturas", {})).json().data;

/** Kemper's invoice of 1,160.00 MXN (PPD, 30 days), registered, accepted and created in the ERP. */
async function facturaAceptada(): Promise<FacturaFila> {
  const docNum = await nuevaEntradaKemper(t.tdb.db, { groupNum: 30, peyMethod: "99" });
  const xml = issueTestFactura(facturaPrueba({ folio: `F-${docNum}`, metodoPago: "PPD", formaPago: "99" }));
  const res = await call(tokens.kemper, "/api/facturas/postFactura", payloadFactura(xml, docNum));
  expect(res.statusCode, res.body).toBe(200);
  const f = (await facturas(tokens.admin)).find((x) => x.Entrada === docNum) as FacturaFila;
  const review = await call(
    tokens.admin,
    "/api/facturasPendientes/patchfactura",
    [{ Factura: f.IdFactura, Estatus: "A", Comentarios: "", BD: f.BD, Version: f.Version }],
    "PATCH",
  );
  expect(review.json()).toEqual({ status: "success", message: MSG.revisionExito });
  expect(await t.app.services.erpOutbox.flush()).toBe(1);
  return (await facturas(tokens.kemper)).find((x) => x.IdFactura === f.IdFactura) as FacturaFila;
}

/** Kemper's credit note (CFDI de Egreso) relating these invoice UUIDs, as the browser sends it. */
const notaCredito = (uuids: string[], o: { subtotal: string; iva: string; tipoRelacion?: string }) =>
  notaCreditoPrueba(uuids, o);
const register = (body: unknown, token = tokens.kemper) => call(token, "/api/notasCredito/postNotaCredito", body);

// Both ERP adapters: the mock, and the Service Layer adapter over its bundled simulator (same erp_mock tables).
describe.each(["mock", "service-layer"] as const)("notas de crédito (ERP %s)", (adapter) => {
  let factura: FacturaFila;
  let nota: NotaFila;

  beforeAll(async () => {
    t = await createTestApp(adapter === "service-layer" ? { ERP_ADAPTER: "service-layer" } : {}, { erp: wrap });
    Object.assign(tokens, await loginTodos(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("registers a credit note against an accepted invoice, listed for its supplier only", async () => {
    factura = await facturaAceptada();
    expect(factura.FolioSAP).not.toBeNull();
    const { uuid, body } = notaCredito([factura.UUID], { subtotal: "100.00", iva: "16.00" });
    const res = await register(body);
    expect(res.json()).toEqual({ status: "success", message: NOTA_CREDITO_MSG.registrada });
    nota = (await notas(tokens.kemper)).find((n) => n.UUID === uuid) as NotaFila;
    expect(nota).toMatchObject({
      Estatus: "P",
      Total: "116.00",
      DocNumERP: null,
      Facturas: [
        { IdFactura: factura.IdFactura, FolioFactura: factura.FolioFactura, UUID: factura.UUID, Importe: "116.00" },
      ],
    });
    // Another supplier sees none of Kemper's; employees see every one.
    expect((await notas(tokens.berenice)).some((n) => n.UUID === uuid)).toBe(false);
    expect((await notas(tokens.consulta)).some((n) => n.UUID === uuid)).toBe(true);
    // The same CFDI again: its UUID is registered once in the whole portal.
    expect((await register(body)).json()).toEqual({ status: "error", message: NOTA_CREDITO_MSG.uuidRegistrado(uuid) });
  });

  it("refuses more than what is left of the invoice (pending credit notes count), in Spanish", async () => {
    // 1,160.00 − the pending 116.00 leaves 1,044.00; a note of 1,100.00 does not fit.
    const { body } = notaCredito([factura.UUID], { subtotal: "948.28", iva: "151.72" });
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: "error",
      message: NOTA_CREDITO_MSG.excedeSaldo("1100.00 MXN", "1044.00 MXN"),
    });
  });

  it("refuses another supplier's invoice, an invoice not accepted, and a note that relates none", async () => {
    const ajena = await createFacturaFixture(t.tdb.db, { proveedor: "berenice", estatus: "A" });
    const [deBerenice] = await t.tdb.db.select().from(schema.facturas).where(eq(schema.facturas.id, ajena.id));
    const uuidAjena = (deBerenice as { uuid: string }).uuid;
    const res = await register(notaCredito([uuidAjena], { subtotal: "10.00", iva: "1.60" }).body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOTA_CREDITO_MSG.facturaNoExiste(uuidAjena));

    const pendiente = await createFacturaFixture(t.tdb.db, { estatus: "P", folio: "PEND-1" });
    const [p] = await t.tdb.db.select().from(schema.facturas).where(eq(schema.facturas.id, pendiente.id));
    const noAceptada = await register(
      notaCredito([(p as { uuid: string }).uuid], { subtotal: "10.00", iva: "1.60" }).body,
    );
    expect(noAceptada.json().message).toBe(NOTA_CREDITO_MSG.facturaNoAceptada("PEND-1"));

    const sinRelacion = await register(
      notaCredito([factura.UUID], { subtotal: "10.00", iva: "1.60", tipoRelacion: "04" }).body,
    );
    expect(sinRelacion.json().message).toBe(NOTA_CREDITO_MSG.sinRelacion);
    // Nothing was saved by any refusal.
    expect(
      (await notas(tokens.kemper)).filter((n) => n.Facturas.some((f) => f.IdFactura === factura.IdFactura)),
    ).toHaveLength(1);
  });

  it("is reviewed only by employees with the pending-documents permission", async () => {
    const fila = [{ NotaCredito: nota.IdNotaCredito, Estatus: "A", Comentarios: "", Version: nota.Version }];
    for (const token of [tokens.consulta, tokens.kemper]) {
      expect((await call(token, "/api/notasCreditoPendientes/getNotasCredito", {})).statusCode).toBe(403);
      expect((await call(token, "/api/notasCreditoPendientes/patchNotaCredito", fila, "PATCH")).statusCode).toBe(403);
    }
    expect((await call(tokens.kemper, "/api/notasCredito/postNotaCredito", {})).statusCode).toBe(400);
    expect((await call(tokens.admin, "/api/notasCredito/postNotaCredito", nota)).statusCode).toBe(403);
    const lista = (await call(tokens.admin, "/api/notasCreditoPendientes/getNotasCredito", {})).json()
      .data as NotaFila[];
    expect(lista.find((n) => n.IdNotaCredito === nota.IdNotaCredito)).toMatchObject({ Estatus: "P" });
    // A rejection needs its reason.
    const sinMotivo = await call(
      tokens.admin,
      "/api/notasCreditoPendientes/patchNotaCredito",
      [{ ...fila[0], Estatus: "R" }],
      "PATCH",
    );
    expect(sinMotivo.json().message).toBe(
      [MSG.revisionError, REVISION_MSG.notaCredito.sinComentario(nota.FolioNotaCredito)].join("\n"),
    );
  });

  it("once accepted becomes exactly one A/P credit memo in the ERP, even when the answer is lost, and the invoice's balance drops", async () => {
    red.respuestasPerdidas = 1;
    red.llamadas = 0;
    const res = await call(
      tokens.admin,
      "/api/notasCreditoPendientes/patchNotaCredito",
      [{ NotaCredito: nota.IdNotaCredito, Estatus: "A", Comentarios: "Conforme", Version: nota.Version }],
      "PATCH",
    );
    expect(res.json()).toEqual({ status: "success", message: MSG.revisionExito });
    // The first attempt created the memo but lost the answer: retried later, it finds the memo and creates nothing.
    await t.app.services.erpOutbox.flush();
    const [trabajo] = await t.tdb.db
      .select()
      .from(schema.erpTrabajos)
      .where(eq(schema.erpTrabajos.notaCreditoId, nota.IdNotaCredito));
    expect(trabajo).toMatchObject({ tipo: "crear_nota_credito", estado: "pendiente", intentos: 1 });
    t.time.advance(60_000);
    await t.app.services.erpOutbox.flush();
    t.time.advance(60_000);
    await t.app.services.erpOutbox.flush();
    expect(red.llamadas).toBe(1);
    const memos = await t.tdb.db
      .select()
      .from(schema.erpNotasCredito)
      .where(and(eq(schema.erpNotasCredito.bd, "SBO_MCI"), eq(schema.erpNotasCredito.portalId, nota.IdNotaCredito)));
    expect(memos).toHaveLength(1);
    expect(memos[0]).toMatchObject({
      cardCode: "P00001",
      uuid: nota.UUID,
      docTotal: "116.00",
      numAtCard: nota.FolioNotaCredito,
    });
    const lineas = await t.tdb.db
      .select()
      .from(schema.erpNotaCreditoLineas)
      .where(
        and(
          eq(schema.erpNotaCreditoLineas.bd, "SBO_MCI"),
          eq(schema.erpNotaCreditoLineas.docEntry, memos[0]!.docEntry),
        ),
      );
    const [ap] = await t.tdb.db
      .select()
      .from(schema.erpFacturas)
      .where(and(eq(schema.erpFacturas.bd, "SBO_MCI"), eq(schema.erpFacturas.portalId, factura.IdFactura)));
    // Decision 049 (F5): LineTotal is net, SAP adds the invoice line's 16 % VAT on top.
    expect(lineas.map((l) => [l.baseType, l.baseEntry, l.lineTotal, l.vatSum])).toEqual([
      [18, ap!.docEntry, "100.00", "16.00"],
    ]);
    expect(
      (
        await t.tdb.db.select().from(schema.erpTrabajos).where(eq(schema.erpTrabajos.notaCreditoId, nota.IdNotaCredito))
      )[0],
    ).toMatchObject({ estado: "hecho" });
    expect((await notas(tokens.kemper)).find((n) => n.IdNotaCredito === nota.IdNotaCredito)).toMatchObject({
      Estatus: "A",
      DocNumERP: memos[0]!.docNum,
    });
    // The A/P invoice's balance dropped by the memo; the supplier's list follows the ERP.
    expect(ap?.paidToDate).toBe("116.00");
    expect((await facturas(tokens.kemper)).find((f) => f.IdFactura === factura.IdFactura)?.PaidToDate).toBe("116.00");
  });

  it("leaves the rest to pay: the payment settles the invoice and the expected complement starts from the balance", async () => {
    const [ap] = await t.tdb.db
      .select()
      .from(schema.erpFacturas)
      .where(and(eq(schema.erpFacturas.bd, "SBO_MCI"), eq(schema.erpFacturas.portalId, factura.IdFactura)));
    // The ERP's own payment of what is open: 1,160.00 − 116.00.
    const pago = await payFacturas(t.tdb.db, {
      bd: "SBO_MCI",
      fecha: "2026-12-02",
      moneda: "MXN",
      facturas: [{ docNum: ap!.docNum }],
    });
    expect(pago.total).toBe("1044.00");
    // Time passes, as between two portal calls: the Service Layer adapter's mirror reads the ERP again.
    t.time.advance(120_000);
    const fila = (await facturas(tokens.kemper)).find((f) => f.IdFactura === factura.IdFactura) as FacturaFila & {
      EstatusPago?: string;
    };
    expect(fila.PaidToDate).toBe("1160.00");
    const esperado = (
      await call(tokens.kemper, "/api/pagos/getComplementoEsperado", { BD: "SBO_MCI", PagoSAP: pago.docNum })
    ).json().data;
    expect(esperado.Documentos).toEqual([
      expect.objectContaining({
        IdDocumento: factura.UUID,
        NumParcialidad: 1,
        ImpSaldoAnt: "1044.00",
        ImpPagado: "1044.00",
        ImpSaldoInsoluto: "0.00",
      }),
    ]);
  });
});
