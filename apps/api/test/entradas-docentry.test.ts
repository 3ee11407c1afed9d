import { randomUUID } from "node:crypto";
import { issueTestFactura } from "@portal/cfdi/sello";
import { MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { createErpEntrada } from "@portal/db/factories";
import type { TestDatabase } from "@portal/db/testing";
import { addReceiptInSecondSeries } from "@portal/erp-sim";
import type { ServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FACTURA_MSG } from "../src/modules/facturas/reglas";
import { entradaKemper, facturaPrueba, KEMPER, payloadFactura } from "./factura-prueba";
import { createTestApp, createTestAppOn, type createTestClock, login, type TestApp, withToken } from "./helpers";
import { demoWithServiceLayer } from "./service-layer-demo";

/**
 * Issue 37 (decision 051): the portal "identifies documents by DocEntry (not DocNum) wherever it stores a reference".
 * SAP's DocNum repeats across numbering series (decision 048, F8); here two receipts of Kemper in SBO_MCI share one
 * number (the simulator's second series, @portal/erp-sim addReceiptInSecondSeries), with either ERP adapter: both
 * are listed with their DocEntry, each is invoiced on its own (the second is not "already invoiced"), the A/P invoice
 * copies the chosen receipt's lines, and a number alone is refused in words.
 */
const BD = "SBO_MCI";

interface Entrada {
  DocNum: number;
  DocEntry: number;
}
interface Fila {
  IdFactura: number;
  Entrada: number;
  BD: string;
  Version: number;
  FolioFactura: string;
}

interface Montaje {
  t: TestApp;
  tdb: TestDatabase;
  time: ReturnType<typeof createTestClock>;
  close: () => Promise<void>;
}

async function conMock(): Promise<Montaje> {
  const t = await createTestApp();
  return { t, tdb: t.tdb, time: t.time, close: () => t.close() };
}

async function conServiceLayer(): Promise<Montaje> {
  const { time, tdb, sim } = await demoWithServiceLayer();
  const t = await createTestAppOn(tdb, time, { ERP_ADAPTER: "service-layer", SAP_SL_URL: sim.url });
  const simulador: ServiceLayerSimulator = sim;
  return {
    t,
    tdb,
    time,
    close: async () => {
      await t.close();
      await simulador.close();
      await tdb.drop();
    },
  };
}

describe.each([
  ["mock", conMock],
  ["service-layer", conServiceLayer],
] as const)("ERP_ADAPTER=%s: two receipts sharing a DocNum in two numbering series", (_nombre, montar) => {
  let m: Montaje;
  const tokens = { admin: "", kemper: "" };
  /** The receipt of the first series and its twin of the second (same DocNum), each with its own item code. */
  let a: Entrada;
  let b: Entrada;

  beforeAll(async () => {
    m = await montar();
    tokens.admin = await login(m.t.app, "admin", "Empleado");
    tokens.kemper = await login(m.t.app, KEMPER.rfc, "Proveedor");
    // 1,000.00 + IVA = 1,160.00, PUE, Kemper's CP: what facturaPrueba's CFDI bills.
    const primera = await entradaKemper(m.tdb.db, { lineas: [{ priceBefDi: "1000.00", itemCode: "ART-SERIE-1" }] });
    const gemela = await addReceiptInSecondSeries(m.tdb.db, BD, primera.docEntry);
    await m.tdb.db.execute(sql`update erp_mock.entrada_lineas set item_code = 'ART-SERIE-2'
      where bd = ${BD} and doc_entry = ${gemela.docEntry}`);
    a = { DocNum: primera.docNum, DocEntry: primera.docEntry };
    b = { DocNum: gemela.docNum, DocEntry: gemela.docEntry };
    // The Service Layer mirror reads changes from a minute back (mirror-sync.ts).
    m.time.advance(60_000);
  }, 120_000);
  afterAll(async () => m?.close());

  const call = (token: string, method: "POST" | "PATCH", url: string, payload: unknown) =>
    m.t.app.inject(withToken(token, { method, url, payload: payload as object }));
  const nuevas = async (): Promise<Entrada[]> =>
    (await call(tokens.kemper, "POST", "/api/facturas/getEntradas", { BD, tipo: "Nuevo" })).json().data;
  const cfdi = () => issueTestFactura(facturaPrueba({ folio: `S-${randomUUID().slice(0, 8)}` }));
  const upload = (extra: Record<string, unknown>) =>
    call(tokens.kemper, "POST", "/api/facturas/postFactura", payloadFactura(cfdi(), a.DocNum, extra));
  const guardadas = async (docEntry: number) =>
    m.tdb.db.select().from(schema.facturas).where(eq(schema.facturas.entradaDocEntry, docEntry));

  it("both receipts are listed, each with its DocEntry (invoice form and receipts list)", async () => {
    expect(a.DocNum).toBe(b.DocNum);
    expect(a.DocEntry).not.toBe(b.DocEntry);
    const delNumero = (await nuevas()).filter((e) => e.DocNum === a.DocNum);
    expect(delNumero.map((e) => e.DocEntry).sort()).toEqual([a.DocEntry, b.DocEntry].sort());
    const lista = (await call(tokens.kemper, "POST", "/api/entradasMercancia/getEntradasMercancia", {})).json()
      .data as (Entrada & { U_SYS_PMSNBD: string; BD: string })[];
    // In this company database: another may number a receipt of the supplier the same (DocNum and DocEntry).
    const mias = lista.filter((e) => e.DocNum === a.DocNum && e.BD === BD);
    // Same date, company database and number: the higher DocEntry first (a total, stable order).
    expect(mias.map((e) => e.DocEntry)).toEqual([b.DocEntry, a.DocEntry]);
  });

  it("a twin added after the list was read is listed on the next read: every receipt once, none skipped", async () => {
    const c = await createErpEntrada(m.tdb.db, {
      bd: BD,
      cardCode: "P00001",
      cardName: KEMPER.nombre,
      cp: "86000",
      docDate: "2026-11-11",
    });
    m.time.advance(60_000);
    // Every receipt of Kemper, keyed by company database (U_SYS_PMSNBD) and DocEntry: DocEntry is unique per database.
    const lista = async () =>
      (
        (await call(tokens.kemper, "POST", "/api/entradasMercancia/getEntradasMercancia", {})).json()
          .data as (Entrada & {
          U_SYS_PMSNBD: string;
        })[]
      ).map((e) => `${e.U_SYS_PMSNBD}|${e.DocNum}|${e.DocEntry}`);
    const antes = await lista();
    const clave = (docEntry: number) => antes.find((k) => k.endsWith(`|${c.docNum}|${docEntry}`))?.split("|")[0];
    const sociedad = clave(c.docEntry);
    expect(sociedad).toBeDefined();
    // The incremental read after this (the Service Layer's watermark) must bring the twin, though its number and
    // date are those of a document the mirror already has.
    const gemela = await addReceiptInSecondSeries(m.tdb.db, BD, c.docEntry);
    m.time.advance(60_000);
    const despues = await lista();
    expect(despues).toHaveLength(antes.length + 1);
    expect(new Set(despues).size).toBe(despues.length);
    // Same date, database and number: the higher DocEntry first, then the other.
    const i = despues.indexOf(`${sociedad}|${c.docNum}|${gemela.docEntry}`);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(despues[i + 1]).toBe(`${sociedad}|${c.docNum}|${c.docEntry}`);
  });

  it("one CFDI may bill both receipts of a shared number, named by DocEntry; by number the list is a repeat", async () => {
    const mitad = await entradaKemper(m.tdb.db, { docDate: "2026-11-12", lineas: [{ priceBefDi: "500.00" }] });
    const otra = await addReceiptInSecondSeries(m.tdb.db, BD, mitad.docEntry);
    m.time.advance(60_000);
    const numeros = [mitad.docNum, otra.docNum];
    const repetida = await call(
      tokens.kemper,
      "POST",
      "/api/facturas/postFactura",
      payloadFactura(cfdi(), 0, { EntradaMercancia: numeros }),
    );
    expect(repetida.statusCode).toBe(400);
    expect(repetida.json().message).toContain("repite una entrada");
    const ambas = await call(
      tokens.kemper,
      "POST",
      "/api/facturas/postFactura",
      payloadFactura(cfdi(), 0, { EntradaMercancia: numeros, EntradaDocEntry: [otra.docEntry, mitad.docEntry] }),
    );
    expect(ambas.json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
    const [f] = await guardadas(mitad.docEntry);
    const filas = await m.tdb.db
      .select()
      .from(schema.facturaEntradas)
      .where(eq(schema.facturaEntradas.facturaId, f!.id));
    expect(filas.map((r) => [r.entradaDocNum, r.entradaDocEntry]).sort()).toEqual(
      [
        [mitad.docNum, mitad.docEntry],
        [otra.docNum, otra.docEntry],
      ].sort(),
    );
  });

  it("an upload naming the number only is refused with a clear message; nothing is stored", async () => {
    const res = await upload({});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FACTURA_MSG.entradaAmbigua(a.DocNum, 2));
    expect(await guardadas(a.DocEntry)).toEqual([]);
    expect(await guardadas(b.DocEntry)).toEqual([]);
  });

  it("a DocEntry that does not go with the number sent, or a list where one was a number, is refused", async () => {
    const otra = await call(tokens.kemper, "POST", "/api/facturas/postFactura", {
      ...payloadFactura(cfdi(), a.DocNum + 1, { EntradaDocEntry: a.DocEntry }),
    });
    expect(otra.statusCode).toBe(400);
    expect(otra.json().message).toContain(FACTURA_MSG.entradaNoCorresponde(a.DocNum + 1));
    const forma = await upload({ EntradaDocEntry: [a.DocEntry, b.DocEntry] });
    expect(forma.statusCode).toBe(400);
    expect(forma.json().message).toBe(FACTURA_MSG.entradaDocEntryDistinta);
  });

  it("each receipt is invoiced on its own; accepted, each A/P invoice copies its own receipt's lines", async () => {
    const segunda = await upload({ EntradaDocEntry: b.DocEntry });
    expect(segunda.json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
    // The first series' receipt is still offered, the second's is not.
    const quedan = (await nuevas()).filter((e) => e.DocNum === a.DocNum).map((e) => e.DocEntry);
    expect(quedan).toEqual([a.DocEntry]);
    // Not "already invoiced": the same number, another receipt.
    const primera = await upload({ EntradaDocEntry: a.DocEntry });
    expect(primera.json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
    expect((await nuevas()).some((e) => e.DocNum === a.DocNum)).toBe(false);
    // Either receipt again is refused.
    const otraVez = await upload({ EntradaDocEntry: a.DocEntry });
    expect(otraVez.statusCode).toBe(400);
    expect(otraVez.json().message).toContain(FACTURA_MSG.entradaConFactura(a.DocNum));

    const [fa] = await guardadas(a.DocEntry);
    const [fb] = await guardadas(b.DocEntry);
    expect(fa).toMatchObject({ entradaDocNum: a.DocNum, entradaDocEntry: a.DocEntry });
    expect(fb).toMatchObject({ entradaDocNum: b.DocNum, entradaDocEntry: b.DocEntry });
    const filas = await m.tdb.db
      .select()
      .from(schema.facturaEntradas)
      .where(sql`${schema.facturaEntradas.facturaId} in (${fa!.id}, ${fb!.id})`);
    expect(filas.map((f) => [f.facturaId, f.entradaDocNum, f.entradaDocEntry, f.activa]).sort()).toEqual(
      [
        [fa!.id, a.DocNum, a.DocEntry, true],
        [fb!.id, b.DocNum, b.DocEntry, true],
      ].sort(),
    );

    // The employee sees both with the number users read ("Entrada"), and accepts the first series' one.
    const pendientes: Fila[] = (await call(tokens.admin, "POST", "/api/facturasPendientes/getFacturas", {})).json()
      .data;
    const filaA = pendientes.find((f) => f.IdFactura === fa!.id) as Fila;
    expect(filaA.Entrada).toBe(a.DocNum);
    expect(pendientes.find((f) => f.IdFactura === fb!.id)?.Entrada).toBe(b.DocNum);
    const aceptar = await call(tokens.admin, "PATCH", "/api/facturasPendientes/patchfactura", [
      { Factura: filaA.IdFactura, Estatus: "A", Comentarios: "", BD, Version: filaA.Version },
    ]);
    expect(aceptar.json()).toEqual({ status: "success", message: MSG.revisionExito });
    expect(await m.t.app.services.erpOutbox.flush()).toBe(1);

    const [ap] = await m.tdb.db
      .select()
      .from(schema.erpFacturas)
      .where(and(eq(schema.erpFacturas.bd, BD), eq(schema.erpFacturas.portalId, fa!.id)));
    expect(ap).toBeDefined();
    const lineas = await m.tdb.db
      .select()
      .from(schema.erpFacturaLineas)
      .where(and(eq(schema.erpFacturaLineas.bd, BD), eq(schema.erpFacturaLineas.docEntry, ap!.docEntry)));
    expect(lineas.map((l) => [l.baseType, l.baseEntry, l.itemCode])).toEqual([[20, a.DocEntry, "ART-SERIE-1"]]);
    // The receipt copied is closed; its twin of the other series is still open (its invoice is Pendiente).
    const estados = await m.tdb.db
      .select({ docEntry: schema.erpEntradas.docEntry, docStatus: schema.erpEntradas.docStatus })
      .from(schema.erpEntradas)
      .where(and(eq(schema.erpEntradas.bd, BD), eq(schema.erpEntradas.docNum, a.DocNum)));
    expect(Object.fromEntries(estados.map((e) => [e.docEntry, e.docStatus]))).toEqual({
      [a.DocEntry]: "C",
      [b.DocEntry]: "O",
    });
  });

  it("the update form reads an invoice's receipt by its DocEntry; by the number alone it is told the number is shared", async () => {
    const [fb] = await guardadas(b.DocEntry);
    const filas: (Fila & { EntradasMercancia: number[]; EntradasDocEntry: (number | null)[] })[] = (
      await call(tokens.kemper, "POST", "/api/facturas/getFacturas", {})
    ).json().data;
    expect(filas.find((f) => f.IdFactura === fb!.id)).toMatchObject({
      Entrada: b.DocNum,
      EntradasMercancia: [b.DocNum],
      EntradasDocEntry: [b.DocEntry],
    });
    const porNumero = await call(tokens.kemper, "POST", "/api/facturas/getEntradas", { BD, tipo: b.DocNum });
    expect(porNumero.statusCode).toBe(400);
    expect(porNumero.json().message).toBe(FACTURA_MSG.entradaAmbigua(b.DocNum, 2));
    const porEntry = await call(tokens.kemper, "POST", "/api/facturas/getEntradas", {
      BD,
      tipo: b.DocNum,
      DocEntry: b.DocEntry,
    });
    expect((porEntry.json().data as Entrada[]).map((e) => [e.DocNum, e.DocEntry])).toEqual([[b.DocNum, b.DocEntry]]);
    // A DocEntry of another number is no receipt of that number.
    const otro = await call(tokens.kemper, "POST", "/api/facturas/getEntradas", {
      BD,
      tipo: b.DocNum + 1,
      DocEntry: b.DocEntry,
    });
    expect(otro.json().data).toEqual([]);
  });
});
