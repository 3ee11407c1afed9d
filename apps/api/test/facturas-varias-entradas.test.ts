import { randomUUID } from "node:crypto";
import { issueTestFactura } from "@portal/cfdi/sello";
import { MAX_ENTRADAS_POR_FACTURA, MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FACTURA_MSG } from "../src/modules/facturas/reglas";
import { facturaPrueba, nuevaEntradaKemper, payloadFactura } from "./factura-prueba";
import { createTestApp, loginTodos, type TestApp, withToken } from "./helpers";

/**
 * Issue 27, "One CFDI for several goods receipts" (decision 033): postFactura takes EntradaMercancia as one
 * receipt number or a list of them; the §5 checks compare the CFDI with the receipts together; a receipt carries at
 * most one invoice Pendiente or Aceptada (the database decides, also between two simultaneous uploads); the lists
 * and the history show every receipt; accepted, the A/P invoice (default mock ERP) copies every receipt's lines.
 */
interface Fila {
  IdFactura: number;
  FolioFactura: string;
  EstatusFactura: string;
  BD: string;
  Version: number;
  Entrada: number;
  EntradasMercancia?: number[];
  MetodoPago: string;
  Total: string;
}

let t: TestApp;
const tokens = { admin: "", consulta: "", kemper: "", berenice: "" };
beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await loginTodos(t.app));
}, 60_000);
afterAll(async () => t?.close());

const call = (token: string, method: "POST" | "PATCH", url: string, payload: unknown) =>
  t.app.inject(withToken(token, { method, url, payload: payload as object }));
const post = (body: object) => call(tokens.kemper, "POST", "/api/facturas/postFactura", body);
const lista = async (token: string): Promise<Fila[]> =>
  (await call(token, "POST", "/api/facturas/getFacturas", {})).json().data;
const pendientes = async (): Promise<Fila[]> =>
  (await call(tokens.admin, "POST", "/api/facturasPendientes/getFacturas", {})).json().data;
const guardadas = async () => (await t.tdb.db.select({ n: count() }).from(schema.facturas))[0]!.n;
/** A CFDI of Kemper for 1,000.00 + IVA (1,160.00), its folio unique. */
const cfdi = (o: Parameters<typeof facturaPrueba>[0] = {}) =>
  issueTestFactura(facturaPrueba({ folio: `V-${randomUUID().slice(0, 8)}`, ...o }));
/** The postFactura body for these receipts (one number or a list), as the browser builds it. */
const payload = (xml: string, entradas: number | number[], extra: Record<string, unknown> = {}) =>
  payloadFactura(xml, 0, { EntradaMercancia: entradas, ...extra });
/** Two open receipts of Kemper that add up to 1,160.00: 600.00 (one line) and 400.00 (two lines), plus IVA. */
async function dosEntradas(extra: Parameters<typeof nuevaEntradaKemper>[1] = {}) {
  const a = await nuevaEntradaKemper(t.tdb.db, { lineas: [{ priceBefDi: "600.00" }], ...extra });
  const b = await nuevaEntradaKemper(t.tdb.db, {
    lineas: [{ priceBefDi: "150.00" }, { priceBefDi: "250.00", itemCode: "ART-0099" }],
    ...extra,
  });
  return [a, b] as const;
}

describe("una factura para varias entradas", () => {
  it("registers against two receipts; the lists, the review and the history show both; accepted, the A/P invoice copies both receipts' lines", async () => {
    const [a, b] = await dosEntradas();
    const nuevas = async () =>
      (
        (await call(tokens.kemper, "POST", "/api/facturas/getEntradas", { BD: "SBO_MCI", tipo: "Nuevo" })).json()
          .data as { DocNum: number }[]
      ).map((e) => e.DocNum);
    expect(await nuevas()).toEqual(expect.arrayContaining([a, b]));
    const res = await post(payload(cfdi(), [b, a]));
    expect(res.json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
    // Neither receipt is offered again.
    expect(await nuevas()).not.toContain(a);
    expect(await nuevas()).not.toContain(b);

    const propia = (await lista(tokens.kemper)).find((f) => f.EntradasMercancia?.includes(b));
    expect(propia).toMatchObject({ Entrada: a, EntradasMercancia: [a, b], Total: "1160.00", EstatusFactura: "P" });
    const enRevision = (await pendientes()).find((f) => f.IdFactura === propia?.IdFactura) as Fila;
    expect(enRevision).toMatchObject({ Entrada: a, EntradasMercancia: [a, b] });
    const historial = (
      await call(tokens.kemper, "POST", "/api/facturas/getHistorial", { IdFactura: enRevision.IdFactura })
    ).json().data;
    expect(historial[0]).toMatchObject({ Campo: "registro" });
    expect(historial[0].A).toContain(`entradas ${a}, ${b}`);

    const aceptar = await call(tokens.admin, "PATCH", "/api/facturasPendientes/patchfactura", [
      { Factura: enRevision.IdFactura, Estatus: "A", Comentarios: "", BD: "SBO_MCI", Version: enRevision.Version },
    ]);
    expect(aceptar.json()).toEqual({ status: "success", message: MSG.revisionExito });
    expect(await t.app.services.erpOutbox.flush()).toBe(1);

    const [ap] = await t.tdb.db
      .select()
      .from(schema.erpFacturas)
      .where(eq(schema.erpFacturas.portalId, enRevision.IdFactura));
    expect(ap).toMatchObject({ bd: "SBO_MCI", cardCode: "P00001", docTotal: "1160.00", entradaDocNum: a });
    expect(ap?.comments).toContain(`entradas ${a}, ${b}`);
    const entradas = await t.tdb.db
      .select()
      .from(schema.erpEntradas)
      .where(and(eq(schema.erpEntradas.bd, "SBO_MCI"), inArray(schema.erpEntradas.docNum, [a, b])))
      .orderBy(schema.erpEntradas.docNum);
    expect(entradas.map((e) => e.docStatus)).toEqual(["C", "C"]);
    const lineas = await t.tdb.db
      .select()
      .from(schema.erpFacturaLineas)
      .where(and(eq(schema.erpFacturaLineas.bd, "SBO_MCI"), eq(schema.erpFacturaLineas.docEntry, ap!.docEntry)))
      .orderBy(schema.erpFacturaLineas.lineNum);
    const [ea, eb] = entradas;
    expect(lineas.map((l) => [l.lineNum, l.baseType, l.baseEntry, l.baseLine, l.lineTotal])).toEqual([
      [0, 20, ea!.docEntry, 0, "600.00"],
      [1, 20, eb!.docEntry, 0, "150.00"],
      [2, 20, eb!.docEntry, 1, "250.00"],
    ]);
    // The worker again (a retry) creates nothing more.
    expect(await t.app.services.erpOutbox.flush()).toBe(0);
    expect(
      await t.tdb.db.select().from(schema.erpFacturas).where(eq(schema.erpFacturas.portalId, enRevision.IdFactura)),
    ).toHaveLength(1);
  });

  it("one receipt as a number still registers as the spec says; as a one-element list too", async () => {
    const [a, b] = [await nuevaEntradaKemper(t.tdb.db), await nuevaEntradaKemper(t.tdb.db)];
    expect((await post(payload(cfdi(), a))).json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
    expect((await post(payload(cfdi(), [b]))).json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
    const filas = await lista(tokens.kemper);
    expect(filas.find((f) => f.Entrada === a)?.EntradasMercancia).toEqual([a]);
    expect(filas.find((f) => f.Entrada === b)?.EntradasMercancia).toEqual([b]);
  });

  it("a total that differs names the receipts' sum and each receipt's total", async () => {
    const a = await nuevaEntradaKemper(t.tdb.db, { lineas: [{ priceBefDi: "600.00" }] });
    const b = await nuevaEntradaKemper(t.tdb.db, { lineas: [{ priceBefDi: "500.00" }] });
    const antes = await guardadas();
    const res = await post(payload(cfdi(), [a, b]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(
      `${MSG.totalEntrada} — se esperaba «1,276.00»; el XML trae «1,160.00» (suma de las entradas ${a} (696.00) + ${b} (580.00) = 1,276.00).`,
    );
    expect(await guardadas()).toBe(antes);
  });

  it("PPD when any receipt has credit days", async () => {
    const a = await nuevaEntradaKemper(t.tdb.db, { lineas: [{ priceBefDi: "600.00" }] });
    const b = await nuevaEntradaKemper(t.tdb.db, { lineas: [{ priceBefDi: "400.00" }], groupNum: 30 });
    const pue = await post(payload(cfdi(), [a, b]));
    expect(pue.json().message).toContain(MSG.metodoPagoEntrada);
    const ppd = await post(payload(cfdi({ metodoPago: "PPD", formaPago: "99" }), [a, b]));
    // The payment form of the receipts is 03: the PPD CFDI's 99 is refused too, with both messages naming values.
    expect(ppd.json().message).not.toContain(MSG.metodoPagoEntrada);
    expect(ppd.json().message).toContain(MSG.formaPagoEntrada);
  });

  it("refuses receipts in two currencies, repeats, an empty list, too many, and another supplier's receipt", async () => {
    const a = await nuevaEntradaKemper(t.tdb.db);
    const usd = await nuevaEntradaKemper(t.tdb.db, { docCur: "USD", docRate: "17.5" });
    const antes = await guardadas();
    const monedas = await post(payload(cfdi(), [a, usd]));
    expect(monedas.statusCode).toBe(400);
    expect(monedas.json().message).toBe(
      FACTURA_MSG.entradasDeVariasMonedas([
        { docNum: a, moneda: "MXN" },
        { docNum: usd, moneda: "USD" },
      ]),
    );
    const repetida = await post(payload(cfdi(), [a, a]));
    expect(repetida.statusCode).toBe(400);
    expect(repetida.json().message).toContain("repite una entrada");
    const vacia = await post(payload(cfdi(), []));
    expect(vacia.json().message).toContain("Seleccione al menos una entrada de mercancía.");
    const muchas = await post(
      payload(
        cfdi(),
        Array.from({ length: MAX_ENTRADAS_POR_FACTURA + 1 }, (_, i) => i + 1),
      ),
    );
    expect(muchas.json().message).toContain(`como máximo ${MAX_ENTRADAS_POR_FACTURA} entradas`);
    const ajena = await nuevaEntradaKemper(t.tdb.db, { cardCode: "P00002" });
    const otra = await post(payload(cfdi(), [a, ajena]));
    expect(otra.json().message).toContain(FACTURA_MSG.entradaNoExiste(ajena));
    expect(await guardadas()).toBe(antes);
  });
});

describe("monedas (issue 39)", () => {
  it("refuses receipts in USD and MXN in Spanish, each with its currency, and never adds them into one number", async () => {
    // 301.26 + IVA = 349.46 USD and 18,365.06 + IVA = 21,303.47 MXN: '21,652.93' would be their meaningless sum.
    const usd = await nuevaEntradaKemper(t.tdb.db, {
      docCur: "USD",
      docRate: "17.5",
      lineas: [{ priceBefDi: "301.26" }],
    });
    const mxn = await nuevaEntradaKemper(t.tdb.db, { lineas: [{ priceBefDi: "18365.06" }] });
    const antes = await guardadas();
    for (const xml of [cfdi(), cfdi({ moneda: "USD", tipoCambio: "17.5" })]) {
      const res = await post(payload(xml, [usd, mxn]));
      expect(res.statusCode).toBe(400);
      const [menor, mayor] = usd < mxn ? [usd, mxn] : [mxn, usd];
      const moneda = (n: number) => (n === usd ? "USD" : "MXN");
      expect(res.json().message).toBe(
        `Las entradas de mercancía ${menor} (${moneda(menor)}) y ${mayor} (${moneda(mayor)}) están en monedas distintas; una factura solo puede amparar entradas de la misma moneda: registre una factura por cada moneda.`,
      );
      expect(res.json().message).not.toMatch(/21,?652\.93|\+|suma de las entradas|se esperaba/);
    }
    expect(await guardadas()).toBe(antes);
  });
});

describe("una entrada, una sola factura pendiente o aceptada", () => {
  it("a receipt already in an invoice is refused in another, alone or in a list; rejected, it is free again", async () => {
    const [a, b] = await dosEntradas();
    const c = await nuevaEntradaKemper(t.tdb.db, { lineas: [{ priceBefDi: "400.00" }] });
    expect((await post(payload(cfdi(), [a, b]))).statusCode).toBe(200);
    const sola = await post(payload(cfdi(), b));
    expect(sola.json().message).toContain(FACTURA_MSG.entradaConFactura(b));
    const enLista = await post(payload(cfdi(), [a, c]));
    expect(enLista.json().message).toContain(FACTURA_MSG.entradaConFactura(a));
    // Rejected, both receipts may be invoiced again.
    const f = (await pendientes()).find((x) => x.EntradasMercancia?.includes(b)) as Fila;
    const rechazo = await call(tokens.admin, "PATCH", "/api/facturasPendientes/patchfactura", [
      { Factura: f.IdFactura, Estatus: "R", Comentarios: "Falta una entrada", BD: "SBO_MCI", Version: f.Version },
    ]);
    expect(rechazo.json().message).toBe(MSG.revisionExito);
    expect((await post(payload(cfdi(), [a, c]))).json().message).toBe(MSG.facturaRegistrada);
    // Corrected, the rejected invoice would take receipt a back from the new one: the database refuses it.
    const rechazada = (await lista(tokens.kemper)).find((x) => x.IdFactura === f.IdFactura) as Fila;
    const correccion = await call(tokens.kemper, "PATCH", "/api/facturas/patchfactura", {
      ...payloadFactura(cfdi({ folio: rechazada.FolioFactura }), a),
      IdFactura: f.IdFactura,
      BD: "SBO_MCI",
    });
    expect(correccion.statusCode).toBe(400);
    expect(correccion.json().message).toBe(FACTURA_MSG.entradasConFactura([a, b]));
    expect((await lista(tokens.kemper)).find((x) => x.IdFactura === f.IdFactura)?.EstatusFactura).toBe("R");
    // Nor may a reviewer bring it back to Pendiente or Aceptada: the refusal names the receipt taken, nothing changes.
    const revision = (await pendientes()).find((x) => x.IdFactura === f.IdFactura) as Fila;
    for (const Estatus of ["A", "P"] as const) {
      const otraVez = await call(tokens.admin, "PATCH", "/api/facturasPendientes/patchfactura", [
        { Factura: f.IdFactura, Estatus, Comentarios: "", BD: "SBO_MCI", Version: revision.Version },
      ]);
      expect(otraVez.statusCode).toBe(400);
      expect(otraVez.json().message).toBe(
        `${MSG.revisionError}\n${FACTURA_MSG.entradasTomadas(revision.FolioFactura, [a])}`,
      );
    }
    expect((await lista(tokens.kemper)).find((x) => x.IdFactura === f.IdFactura)?.EstatusFactura).toBe("R");
  });

  it("two simultaneous uploads sharing a receipt give exactly one invoice (the database decides)", async () => {
    for (let vuelta = 0; vuelta < 3; vuelta++) {
      const [a, b] = await dosEntradas();
      const c = await nuevaEntradaKemper(t.tdb.db, { lineas: [{ priceBefDi: "600.00" }] });
      const antes = await guardadas();
      const answers = await Promise.all([post(payload(cfdi(), [a, b])), post(payload(cfdi(), [c, b]))]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const refused = answers.find((r) => r.statusCode === 400)?.json().message as string;
      expect(
        [
          FACTURA_MSG.entradaConFactura(b),
          FACTURA_MSG.entradasConFactura([a, b]),
          FACTURA_MSG.entradasConFactura([b, c]),
        ].some((m) => refused.includes(m)),
      ).toBe(true);
      expect(await guardadas()).toBe(antes + 1);
      const activas = await t.tdb.db
        .select()
        .from(schema.facturaEntradas)
        .where(and(eq(schema.facturaEntradas.entradaDocNum, b), eq(schema.facturaEntradas.activa, true)));
      expect(activas).toHaveLength(1);
    }
  });

  it("the database itself refuses a second active invoice on a receipt, whoever writes", async () => {
    const [a, b] = await dosEntradas();
    expect((await post(payload(cfdi(), [a, b]))).statusCode).toBe(200);
    const [f] = await t.tdb.db.select().from(schema.facturas).where(eq(schema.facturas.entradaDocNum, a));
    const { id: _id, uuid: _uuid, ...copia } = f!;
    await expect(
      t.tdb.db.insert(schema.facturas).values({ ...copia, uuid: randomUUID().toUpperCase(), entradaDocNum: b }),
    ).rejects.toThrow();
  });
});
