import { createErpEntrada, createErpFactura, createErpPago, type ErpEntradaInput } from "@portal/db/factories";
import {
  erpEntradaLineas,
  erpEntradas,
  erpFacturaLineas,
  erpFacturas,
  erpPagoFacturas,
  erpPagos,
} from "@portal/db/schema";
import { createTestDatabase, type TestDatabase } from "@portal/db/testing";
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cancelFacturaProveedor,
  cancelFacturaProveedorByKey,
  ErpRechazo,
  type FacturaProveedorNueva,
  insertFacturaProveedor,
  selectFacturaProveedor,
  selectFacturasProveedor,
} from "./facturas-proveedor";
import { cancelPago, payFacturas } from "./pagos-proveedor";

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await tdb?.drop();
});

// Each test works in its own company database, so numbering and counts start from nothing.
let bds = 0;
const nuevaBd = () => `SBO_T${++bds}`;
let portalIds = 100;

/** A goods receipt of supplier P00001 (one line of 1,000.00 + 16 % VAT unless told otherwise). */
const entrada = (bd: string, input: Partial<ErpEntradaInput> = {}) =>
  createErpEntrada(tdb.db, { bd, cardCode: "P00001", cardName: "ESCUELA KEMPER URGATE", ...input });

/** What the portal sends for an accepted invoice over a receipt. */
const nueva = (
  bd: string,
  e: { docNum: number; cardCode: string; docTotal: string; vatSum: string },
  over: Partial<FacturaProveedorNueva> = {},
): FacturaProveedorNueva => ({
  bd,
  portalId: ++portalIds,
  cardCode: e.cardCode,
  entradaDocNum: e.docNum,
  numAtCard: `A${portalIds}`,
  uuid: `6c1f2a40-3b7e-4d58-9a61-${String(portalIds).padStart(12, "0")}`,
  docDate: "2026-11-04",
  docTotal: e.docTotal,
  vatSum: e.vatSum,
  wtSum: "0.00",
  docCur: "MXN",
  docRate: "1",
  comments: "Factura del portal",
  ...over,
});

/** A receipt and its A/P invoice; returns the invoice as the ERP reads it. */
async function facturaCreada(
  bd: string,
  input: Partial<ErpEntradaInput> = {},
  over: Partial<FacturaProveedorNueva> = {},
) {
  const e = await entrada(bd, input);
  const n = nueva(bd, e, over);
  await insertFacturaProveedor(tdb.db, n);
  return (await selectFacturaProveedor(tdb.db, bd, n.portalId))!;
}

const read = async (bd: string, portalId: number) => (await selectFacturaProveedor(tdb.db, bd, portalId))!;

async function rechazo(promesa: Promise<unknown>): Promise<string> {
  const error = await promesa.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ErpRechazo);
  return (error as ErpRechazo).message;
}

async function pagosDe(bd: string) {
  return tdb.db.select().from(erpPagos).where(eq(erpPagos.bd, bd)).orderBy(asc(erpPagos.docEntry));
}

async function aplicacionesDe(bd: string) {
  return tdb.db
    .select()
    .from(erpPagoFacturas)
    .where(eq(erpPagoFacturas.bd, bd))
    .orderBy(asc(erpPagoFacturas.docEntry), asc(erpPagoFacturas.lineNum));
}

describe("crearFacturaProveedor", () => {
  it("issue 37: copies the receipt named by DocEntry when two share its DocNum; by number alone it refuses", async () => {
    const bd = nuevaBd();
    const primera = await entrada(bd, { lineas: [{ priceBefDi: "1000.00", itemCode: "SERIE-1" }] });
    // The second numbering series (decision 048, F8): the same number, another DocEntry, other lines.
    const segunda = await entrada(bd, {
      docNum: primera.docNum,
      lineas: [{ priceBefDi: "1000.00", itemCode: "SERIE-2" }],
    });
    expect(segunda.docEntry).not.toBe(primera.docEntry);
    expect(await rechazo(insertFacturaProveedor(tdb.db, nueva(bd, segunda)))).toContain(
      `El número de entrada ${primera.docNum} corresponde a 2 entradas de mercancía del proveedor`,
    );
    const n = nueva(bd, segunda, { entradaDocEntries: [segunda.docEntry] });
    const { docEntry } = await insertFacturaProveedor(tdb.db, n);
    const lineas = await tdb.db
      .select()
      .from(erpFacturaLineas)
      .where(and(eq(erpFacturaLineas.bd, bd), eq(erpFacturaLineas.docEntry, docEntry)));
    expect(lineas.map((l) => [l.baseEntry, l.itemCode])).toEqual([[segunda.docEntry, "SERIE-2"]]);
    const estados = await tdb.db
      .select({ docEntry: erpEntradas.docEntry, docStatus: erpEntradas.docStatus })
      .from(erpEntradas)
      .where(eq(erpEntradas.bd, bd))
      .orderBy(asc(erpEntradas.docEntry));
    expect(estados).toEqual([
      { docEntry: primera.docEntry, docStatus: "O" },
      { docEntry: segunda.docEntry, docStatus: "C" },
    ]);
  });

  it("copies the receipt's open lines (BaseType 20, BaseEntry, BaseLine) and closes them and the receipt", async () => {
    const bd = nuevaBd();
    await entrada(bd); // another receipt first: DocEntry and DocNum are not 1
    const e = await entrada(bd, {
      groupNum: 30,
      lineas: [
        { priceBefDi: "100.00", quantity: "2" },
        // Already invoiced: closed, nothing open.
        { priceBefDi: "50.00", quantity: "3", openQty: "0", lineStatus: "C" },
        // Half invoiced before: 2 of 4 still open.
        { priceBefDi: "25.00", quantity: "4", openQty: "2" },
      ],
    });
    const n = nueva(bd, e, { docDate: "2026-11-04" });
    const creada = await insertFacturaProveedor(tdb.db, n);
    expect(creada).toEqual({ docEntry: 1, docNum: 8001, creada: true });

    const [cabecera] = await tdb.db.select().from(erpFacturas).where(eq(erpFacturas.bd, bd));
    expect(cabecera).toMatchObject({
      cardCode: "P00001",
      cardName: "ESCUELA KEMPER URGATE",
      docStatus: "O",
      canceled: "N",
      numAtCard: n.numAtCard,
      uuid: n.uuid.toUpperCase(),
      docDate: "2026-11-04",
      docDueDate: "2026-12-04",
      docTotal: e.docTotal,
      vatSum: e.vatSum,
      paidToDate: "0.00",
      docCur: "MXN",
      entradaDocNum: e.docNum,
      portalId: n.portalId,
    });

    const lineas = await tdb.db
      .select()
      .from(erpFacturaLineas)
      .where(eq(erpFacturaLineas.bd, bd))
      .orderBy(asc(erpFacturaLineas.lineNum));
    expect(lineas.map((l) => [l.lineNum, l.baseType, l.baseEntry, l.baseLine, Number(l.quantity)])).toEqual([
      [0, 20, e.docEntry, 0, 2],
      [1, 20, e.docEntry, 2, 2],
    ]);
    // The half-open line carries half of the receipt line's amounts.
    expect(lineas[0]).toMatchObject({ lineTotal: "200.00", vatSum: "32.00" });
    expect(lineas[1]).toMatchObject({ lineTotal: "50.00", vatSum: "8.00" });

    const receivedCounts = await tdb.db
      .select()
      .from(erpEntradaLineas)
      .where(and(eq(erpEntradaLineas.bd, bd), eq(erpEntradaLineas.docEntry, e.docEntry)));
    expect(receivedCounts.every((l) => l.lineStatus === "C" && Number(l.openQty) === 0)).toBe(true);
    const [cerrada] = await tdb.db
      .select({ docStatus: erpEntradas.docStatus })
      .from(erpEntradas)
      .where(and(eq(erpEntradas.bd, bd), eq(erpEntradas.docEntry, e.docEntry)));
    expect(cerrada?.docStatus).toBe("C");

    const leida = await read(bd, n.portalId);
    expect(leida).toMatchObject({ docNum: 8001, lineas: 2, fechaPago: null, canceled: "N", docStatus: "O" });
  });

  it("is idempotent by portal id: a second call returns the same A/P invoice and writes nothing", async () => {
    const bd = nuevaBd();
    const e = await entrada(bd);
    const n = nueva(bd, e);
    const primera = await insertFacturaProveedor(tdb.db, n);
    const segunda = await insertFacturaProveedor(tdb.db, n);
    expect(segunda).toEqual({ docEntry: primera.docEntry, docNum: primera.docNum, creada: false });
    // Even when the receipt is closed by then, or the retry carries other data.
    expect(await insertFacturaProveedor(tdb.db, { ...n, numAtCard: "OTRO", entradaDocNum: 999 })).toMatchObject({
      docEntry: primera.docEntry,
      creada: false,
    });
    const [n1] = await tdb.db.select({ n: count() }).from(erpFacturas).where(eq(erpFacturas.bd, bd));
    expect(n1?.n).toBe(1);
    const [n2] = await tdb.db.select({ n: count() }).from(erpFacturaLineas).where(eq(erpFacturaLineas.bd, bd));
    expect(n2?.n).toBe(1);

    // Concurrent retries of one job: still one A/P invoice.
    const otra = nueva(bd, await entrada(bd));
    const juntas = await Promise.all([insertFacturaProveedor(tdb.db, otra), insertFacturaProveedor(tdb.db, otra)]);
    expect(juntas.map((r) => r.creada).sort()).toEqual([false, true]);
    expect(juntas[0]?.docEntry).toBe(juntas[1]?.docEntry);
  });

  it("refuses a missing receipt, another supplier's receipt and a closed receipt, writing nothing", async () => {
    const bd = nuevaBd();
    const e = await entrada(bd);
    expect(await rechazo(insertFacturaProveedor(tdb.db, nueva(bd, { ...e, docNum: 5999 })))).toBe(
      `La entrada de mercancía 5999 no existe en ${bd}.`,
    );
    expect(await rechazo(insertFacturaProveedor(tdb.db, nueva(bd, { ...e, cardCode: "P00002" })))).toBe(
      `La entrada de mercancía ${e.docNum} es del proveedor P00001, no de P00002.`,
    );
    const cerrada = await entrada(bd, { docStatus: "C" });
    expect(await rechazo(insertFacturaProveedor(tdb.db, nueva(bd, cerrada)))).toBe(
      `La entrada de mercancía ${cerrada.docNum} ya está cerrada en el ERP (facturada o cancelada).`,
    );
    // Invoiced by another portal invoice: closed too.
    await insertFacturaProveedor(tdb.db, nueva(bd, e));
    expect(await rechazo(insertFacturaProveedor(tdb.db, nueva(bd, e)))).toMatch(/ya está cerrada/);
    const [n] = await tdb.db.select({ n: count() }).from(erpFacturas).where(eq(erpFacturas.bd, bd));
    expect(n?.n).toBe(1);
  });
});

describe("pagarFacturas", () => {
  it("pays an MXN invoice partly, then the rest: PaidToDate, DocStatus and the latest payment date", async () => {
    const bd = nuevaBd();
    const f = await facturaCreada(bd); // 1,160.00 MXN
    expect(f.docTotal).toBe("1160.00");
    const pago = await payFacturas(tdb.db, {
      bd,
      fecha: "2026-11-20",
      moneda: "MXN",
      facturas: [{ docNum: f.docNum, monto: "400" }],
    });
    expect(pago).toEqual({
      docEntry: 1,
      docNum: 2001,
      total: "400.00",
      moneda: "MXN",
      cardCode: "P00001",
      cardName: "ESCUELA KEMPER URGATE",
      fecha: "2026-11-20",
    });
    expect(await read(bd, f.portalId!)).toMatchObject({
      paidToDate: "400.00",
      docStatus: "O",
      fechaPago: "2026-11-20",
    });
    // The rest (no amount: the open balance), on a later date, paid by cheque.
    const resto = await payFacturas(tdb.db, {
      bd,
      fecha: "2026-12-05",
      moneda: "mxn",
      formaPago: "02",
      facturas: [{ docNum: f.docNum }],
    });
    expect(resto.total).toBe("760.00");
    expect(await read(bd, f.portalId!)).toMatchObject({
      paidToDate: "1160.00",
      docStatus: "C",
      fechaPago: "2026-12-05",
    });
    expect(
      (await pagosDe(bd)).map((p) => [p.docNum, p.cardName, p.docDate, p.docTotal, p.docCur, p.docRate, p.pymntGroup]),
    ).toEqual([
      [2001, "ESCUELA KEMPER URGATE", "2026-11-20", "400.00", "MXN", "1.000000", "03"],
      [2002, "ESCUELA KEMPER URGATE", "2026-12-05", "760.00", "MXN", "1.000000", "02"],
    ]);
    expect((await aplicacionesDe(bd)).map((a) => [a.facturaDocEntry, a.sumApplied, a.appliedPago])).toEqual([
      [f.docEntry, "400.00", null],
      [f.docEntry, "760.00", null],
    ]);
    expect(
      await rechazo(payFacturas(tdb.db, { bd, fecha: "2026-12-06", moneda: "MXN", facturas: [{ docNum: f.docNum }] })),
    ).toBe(`La factura de proveedor ${f.docNum} ya está pagada.`);
  });

  it("pays a USD invoice in MXN at the exchange rate: applied in USD, the payment in MXN", async () => {
    const bd = nuevaBd();
    const f = await facturaCreada(
      bd,
      { docCur: "USD", lineas: [{ priceBefDi: "100.00" }] },
      { docTotal: "116.00", vatSum: "16.00", docCur: "USD", docRate: "17.25" },
    );
    // 860.00 MXN at 17.20 = 50.00 USD.
    await payFacturas(tdb.db, {
      bd,
      fecha: "2026-11-20",
      moneda: "MXN",
      tipoCambio: "17.20",
      facturas: [{ docNum: f.docNum, monto: "860.00" }],
    });
    expect(await read(bd, f.portalId!)).toMatchObject({ paidToDate: "50.00", docStatus: "O" });
    // The rest, 66.00 USD at 17.00 = 1,122.00 MXN.
    const resto = await payFacturas(tdb.db, {
      bd,
      fecha: "2026-11-21",
      moneda: "MXN",
      tipoCambio: "17",
      facturas: [{ docNum: f.docNum }],
    });
    expect(resto.total).toBe("1122.00");
    expect(await read(bd, f.portalId!)).toMatchObject({ paidToDate: "116.00", docStatus: "C" });
    expect((await aplicacionesDe(bd)).map((a) => [a.sumApplied, a.appliedPago])).toEqual([
      ["50.00", "860.00"],
      ["66.00", "1122.00"],
    ]);
    expect((await pagosDe(bd)).map((p) => [p.docCur, p.docRate, p.docTotal])).toEqual([
      ["MXN", "1.000000", "860.00"],
      ["MXN", "1.000000", "1122.00"],
    ]);
    // Without the exchange rate the currencies cannot be converted.
    const otra = await facturaCreada(bd, { docCur: "USD" }, { docCur: "USD", docRate: "17.25" });
    expect(
      await rechazo(
        payFacturas(tdb.db, { bd, fecha: "2026-11-22", moneda: "MXN", facturas: [{ docNum: otra.docNum }] }),
      ),
    ).toBe(`La factura ${otra.docNum} está en USD: indique el tipo de cambio.`);
  });

  it("pays an MXN invoice in USD: the payment in USD at its rate, applied in MXN", async () => {
    const bd = nuevaBd();
    const f = await facturaCreada(bd, { lineas: [{ priceBefDi: "1500.00" }] }); // 1,740.00 MXN
    await payFacturas(tdb.db, {
      bd,
      fecha: "2026-11-20",
      moneda: "USD",
      tipoCambio: "17.25",
      facturas: [{ docNum: f.docNum, monto: "50" }],
    });
    expect(await read(bd, f.portalId!)).toMatchObject({ paidToDate: "862.50", docStatus: "O" });
    expect((await pagosDe(bd)).map((p) => [p.docCur, p.docRate, p.docTotal])).toEqual([["USD", "17.250000", "50.00"]]);
    expect((await aplicacionesDe(bd)).map((a) => [a.sumApplied, a.appliedPago])).toEqual([["862.50", "50.00"]]);
    // The rest, 877.50 MXN at 17.55 = 50.00 USD: the invoice is paid in full.
    const resto = await payFacturas(tdb.db, {
      bd,
      fecha: "2026-11-21",
      moneda: "USD",
      tipoCambio: "17.55",
      facturas: [{ docNum: f.docNum }],
    });
    expect(resto).toMatchObject({ total: "50.00", moneda: "USD" });
    expect(await read(bd, f.portalId!)).toMatchObject({ paidToDate: "1740.00", docStatus: "C" });
    expect(
      await rechazo(payFacturas(tdb.db, { bd, fecha: "2026-11-21", moneda: "USD", facturas: [{ docNum: 1 }] })),
    ).toBe("Un pago en USD necesita el tipo de cambio.");
  });

  it("pays several invoices of one supplier in one payment, in their currencies", async () => {
    const bd = nuevaBd();
    const mxn = await facturaCreada(bd); // 1,160.00 MXN
    const usd = await facturaCreada(
      bd,
      { docCur: "USD", lineas: [{ priceBefDi: "100.00" }] },
      { docTotal: "116.00", vatSum: "16.00", docCur: "USD", docRate: "17" },
    );
    const pago = await payFacturas(tdb.db, {
      bd,
      fecha: "2026-11-20",
      moneda: "MXN",
      tipoCambio: "17",
      facturas: [{ docNum: mxn.docNum }, { docNum: usd.docNum, monto: "986.00" }],
    });
    expect(pago.total).toBe("2146.00");
    expect(await read(bd, mxn.portalId!)).toMatchObject({ paidToDate: "1160.00", docStatus: "C" });
    expect(await read(bd, usd.portalId!)).toMatchObject({ paidToDate: "58.00", docStatus: "O" });
    expect((await aplicacionesDe(bd)).map((a) => [a.lineNum, a.sumApplied, a.appliedPago])).toEqual([
      [0, "1160.00", null],
      [1, "58.00", "986.00"],
    ]);
  });

  it("refuses overpayment, invoices of two suppliers, a repeated invoice and bad input, writing nothing", async () => {
    const bd = nuevaBd();
    const f = await facturaCreada(bd); // 1,160.00 MXN
    const base = { bd, fecha: "2026-11-20", moneda: "MXN" };
    expect(await rechazo(payFacturas(tdb.db, { ...base, facturas: [{ docNum: f.docNum, monto: "1160.01" }] }))).toBe(
      `El monto 1160.01 MXN excede el saldo de la factura ${f.docNum} (1160.00 MXN).`,
    );
    await payFacturas(tdb.db, { ...base, facturas: [{ docNum: f.docNum, monto: "1000" }] });
    expect(await rechazo(payFacturas(tdb.db, { ...base, facturas: [{ docNum: f.docNum, monto: "200" }] }))).toMatch(
      /excede el saldo de la factura \d+ \(160\.00 MXN\)/,
    );
    // In another currency too: 10.00 USD at 17 = 170.00 MXN > 160.00.
    expect(
      await rechazo(
        payFacturas(tdb.db, {
          ...base,
          moneda: "USD",
          tipoCambio: "17",
          facturas: [{ docNum: f.docNum, monto: "10" }],
        }),
      ),
    ).toMatch(/excede el saldo/);

    const otro = await facturaCreada(bd, { cardCode: "P00002", cardName: "BERENICE XIMO QUEZADA" });
    expect(
      await rechazo(payFacturas(tdb.db, { ...base, facturas: [{ docNum: f.docNum }, { docNum: otro.docNum }] })),
    ).toBe("Un pago solo puede liquidar facturas de un mismo proveedor.");
    expect(
      await rechazo(
        payFacturas(tdb.db, { ...base, facturas: [{ docNum: otro.docNum, monto: "1" }, { docNum: otro.docNum }] }),
      ),
    ).toBe(`La factura de proveedor ${otro.docNum} aparece más de una vez en el pago.`);
    expect(await rechazo(payFacturas(tdb.db, { ...base, facturas: [{ docNum: 8999 }] }))).toBe(
      `La factura de proveedor 8999 no existe en ${bd}.`,
    );
    expect(await rechazo(payFacturas(tdb.db, { ...base, facturas: [] }))).toBe("Indique al menos una factura a pagar.");
    expect(await rechazo(payFacturas(tdb.db, { ...base, moneda: "EUR", facturas: [{ docNum: f.docNum }] }))).toBe(
      "Moneda no soportada: EUR (MXN o USD).",
    );
    for (const fecha of ["20-11-2026", "2026-02-30", "2026-13-01"]) {
      expect(await rechazo(payFacturas(tdb.db, { ...base, fecha, facturas: [{ docNum: f.docNum }] }))).toBe(
        `Fecha de pago inválida: ${fecha} (use AAAA-MM-DD).`,
      );
    }
    for (const monto of ["0", "-5", "1,000", "12.345", "abc"]) {
      expect(await rechazo(payFacturas(tdb.db, { ...base, facturas: [{ docNum: f.docNum, monto }] }))).toBe(
        `Monto inválido para la factura ${f.docNum}: ${monto}.`,
      );
    }
    for (const tipoCambio of ["0", "-1", "x"]) {
      expect(await rechazo(payFacturas(tdb.db, { ...base, tipoCambio, facturas: [{ docNum: f.docNum }] }))).toBe(
        `Tipo de cambio inválido: ${tipoCambio}.`,
      );
    }
    // 0.01 MXN is less than a cent of a USD invoice: nothing would be applied.
    const usd = await facturaCreada(bd, { docCur: "USD" }, { docCur: "USD", docRate: "17" });
    expect(
      await rechazo(
        payFacturas(tdb.db, { ...base, tipoCambio: "17", facturas: [{ docNum: usd.docNum, monto: "0.01" }] }),
      ),
    ).toMatch(/es demasiado pequeño/);

    // Only the one good payment was written; the other supplier's invoice is untouched.
    expect(await pagosDe(bd)).toHaveLength(1);
    expect(await read(bd, f.portalId!)).toMatchObject({ paidToDate: "1000.00", docStatus: "O" });
    expect(await read(bd, otro.portalId!)).toMatchObject({ paidToDate: "0.00", docStatus: "O" });
  });
});

describe("cancelarPago", () => {
  it("takes what the payment applied off PaidToDate, reopens the invoice and moves the payment date back", async () => {
    const bd = nuevaBd();
    const f = await facturaCreada(bd); // 1,160.00 MXN
    const primero = await payFacturas(tdb.db, {
      bd,
      fecha: "2026-12-01",
      moneda: "MXN",
      facturas: [{ docNum: f.docNum, monto: "160" }],
    });
    // Entered later with an earlier date: the payment date stays the latest one.
    const segundo = await payFacturas(tdb.db, {
      bd,
      fecha: "2026-11-20",
      moneda: "MXN",
      facturas: [{ docNum: f.docNum }],
    });
    expect(await read(bd, f.portalId!)).toMatchObject({
      paidToDate: "1160.00",
      docStatus: "C",
      fechaPago: "2026-12-01",
    });

    expect(await cancelPago(tdb.db, bd, primero.docNum)).toEqual({
      docNum: primero.docNum,
      facturas: 1,
      facturasDocNum: [f.docNum],
    });
    expect(await read(bd, f.portalId!)).toMatchObject({
      paidToDate: "1000.00",
      docStatus: "O",
      fechaPago: "2026-11-20",
    });
    expect(await rechazo(cancelPago(tdb.db, bd, primero.docNum))).toBe(`El pago ${primero.docNum} ya está cancelado.`);
    expect(await rechazo(cancelPago(tdb.db, bd, 2999))).toBe(`El pago 2999 no existe en ${bd}.`);

    await cancelPago(tdb.db, bd, segundo.docNum);
    expect(await read(bd, f.portalId!)).toMatchObject({ paidToDate: "0.00", docStatus: "O", fechaPago: null });
    expect((await pagosDe(bd)).map((p) => p.canceled)).toEqual(["Y", "Y"]);
  });

  it("reverses a payment in another currency by what it applied in the invoice's currency", async () => {
    const bd = nuevaBd();
    const f = await facturaCreada(
      bd,
      { docCur: "USD", lineas: [{ priceBefDi: "100.00" }] },
      { docTotal: "116.00", vatSum: "16.00", docCur: "USD", docRate: "17" },
    );
    const pago = await payFacturas(tdb.db, {
      bd,
      fecha: "2026-11-20",
      moneda: "MXN",
      tipoCambio: "18.30",
      facturas: [{ docNum: f.docNum }],
    });
    expect(pago.total).toBe("2122.80");
    await cancelPago(tdb.db, bd, pago.docNum);
    expect(await read(bd, f.portalId!)).toMatchObject({ paidToDate: "0.00", docStatus: "O", fechaPago: null });
  });
});

describe("cancelarFacturaProveedor", () => {
  it("is refused while a live payment applies; after cancelling it, cancels and reopens the receipt", async () => {
    const bd = nuevaBd();
    const e = await entrada(bd, {
      lineas: [
        { priceBefDi: "100.00", quantity: "2" },
        { priceBefDi: "25.00", quantity: "4", openQty: "2" },
      ],
    });
    const n = nueva(bd, e);
    const { docNum } = await insertFacturaProveedor(tdb.db, n);
    const pago = await payFacturas(tdb.db, {
      bd,
      fecha: "2026-11-20",
      moneda: "MXN",
      facturas: [{ docNum, monto: "100" }],
    });
    expect(await rechazo(cancelFacturaProveedor(tdb.db, bd, docNum))).toBe(
      `La factura de proveedor ${docNum} tiene pagos (${pago.docNum}): cancele primero el pago.`,
    );
    expect(await read(bd, n.portalId)).toMatchObject({ canceled: "N" });

    await cancelPago(tdb.db, bd, pago.docNum);
    expect(await cancelFacturaProveedor(tdb.db, bd, docNum)).toEqual({ docNum, entradasReabiertas: 1 });
    expect(await read(bd, n.portalId)).toMatchObject({ canceled: "Y", docStatus: "C", paidToDate: "0.00" });

    // The receipt is open again with what the invoice had taken, the line invoiced before stays half open.
    const [cabecera] = await tdb.db
      .select({ docStatus: erpEntradas.docStatus })
      .from(erpEntradas)
      .where(and(eq(erpEntradas.bd, bd), eq(erpEntradas.docEntry, e.docEntry)));
    expect(cabecera?.docStatus).toBe("O");
    const lineas = await tdb.db
      .select()
      .from(erpEntradaLineas)
      .where(and(eq(erpEntradaLineas.bd, bd), eq(erpEntradaLineas.docEntry, e.docEntry)))
      .orderBy(asc(erpEntradaLineas.lineNum));
    expect(lineas.map((l) => [l.lineStatus, Number(l.openQty)])).toEqual([
      ["O", 2],
      ["O", 2],
    ]);

    expect(await rechazo(cancelFacturaProveedor(tdb.db, bd, docNum))).toBe(
      `La factura de proveedor ${docNum} ya está cancelada.`,
    );
    expect(await rechazo(cancelFacturaProveedor(tdb.db, bd, 8999))).toBe(
      `La factura de proveedor 8999 no existe en ${bd}.`,
    );
    expect(await rechazo(payFacturas(tdb.db, { bd, fecha: "2026-11-21", moneda: "MXN", facturas: [{ docNum }] }))).toBe(
      `La factura de proveedor ${docNum} está cancelada.`,
    );
    // The receipt can be invoiced again (a corrected invoice, another portal id); the cancellation document
    // (decision 048) took the number after the cancelled invoice's.
    expect(await insertFacturaProveedor(tdb.db, nueva(bd, e))).toMatchObject({ docNum: docNum + 2, creada: true });
  });

  it("refuses to cancel an invoice of the seeded history that its payment settles", async () => {
    const bd = nuevaBd();
    const f = await createErpFactura(tdb.db, { bd, cardCode: "P00001", paidToDate: "1160.00" });
    const pago = await createErpPago(tdb.db, {
      bd,
      cardCode: "P00001",
      facturas: [{ docEntry: f.docEntry, sumApplied: "1160.00" }],
    });
    expect(await rechazo(cancelFacturaProveedor(tdb.db, bd, f.docNum))).toMatch(
      new RegExp(`tiene pagos \\(${pago.docNum}\\)`),
    );
  });

  it("reopens the whole receipt of an invoice of the seeded history (which has no lines) when it is cancelled", async () => {
    const bd = nuevaBd();
    const e = await entrada(bd, { docStatus: "C", lineas: [{ quantity: "3" }, { quantity: "2" }] });
    const f = await createErpFactura(tdb.db, { bd, cardCode: "P00001", entradaDocNum: e.docNum });
    expect(await cancelFacturaProveedor(tdb.db, bd, f.docNum)).toEqual({ docNum: f.docNum, entradasReabiertas: 1 });
    const lineas = await tdb.db
      .select()
      .from(erpEntradaLineas)
      .where(and(eq(erpEntradaLineas.bd, bd), eq(erpEntradaLineas.docEntry, e.docEntry)))
      .orderBy(asc(erpEntradaLineas.lineNum));
    expect(lineas.map((l) => [l.lineStatus, Number(l.openQty)])).toEqual([
      ["O", 3],
      ["O", 2],
    ]);
    const [cabecera] = await tdb.db
      .select({ docStatus: erpEntradas.docStatus })
      .from(erpEntradas)
      .where(and(eq(erpEntradas.bd, bd), eq(erpEntradas.docEntry, e.docEntry)));
    expect(cabecera?.docStatus).toBe("O");
  });
});

describe("cancelarFacturaProveedorPorClave", () => {
  it("cancels by DocEntry once; again answers without writing (a retry); refuses an unknown key and a paid one", async () => {
    const bd = nuevaBd();
    const e = await entrada(bd);
    const n = nueva(bd, e);
    const { docEntry, docNum } = await insertFacturaProveedor(tdb.db, n);
    expect(await cancelFacturaProveedorByKey(tdb.db, bd, docEntry)).toEqual({
      docEntry,
      docNum,
      cancelada: true,
      entradasReabiertas: 1,
    });
    const cancelada = await tdb.db
      .select()
      .from(erpFacturas)
      .where(eq(erpFacturas.portalId, n.portalId))
      .orderBy(asc(erpFacturas.docEntry));
    // Decision 048 (F6): the original cancelled and closed, and SAP's cancellation document with the same portal id.
    expect(cancelada.map((f) => [f.docEntry, f.canceled, f.docStatus])).toEqual([
      [docEntry, "Y", "C"],
      [docEntry + 1, "C", "C"],
    ]);
    expect(await read(bd, n.portalId)).toMatchObject({ docEntry, canceled: "Y" });
    expect(await cancelFacturaProveedorByKey(tdb.db, bd, docEntry)).toEqual({
      docEntry,
      docNum,
      cancelada: false,
      entradasReabiertas: 0,
    });
    // Nothing written the second time: the document keeps its change stamp.
    expect(
      await tdb.db
        .select()
        .from(erpFacturas)
        .where(eq(erpFacturas.portalId, n.portalId))
        .orderBy(asc(erpFacturas.docEntry)),
    ).toEqual(cancelada);
    // The cancellation document itself cannot be cancelled.
    expect(await rechazo(cancelFacturaProveedorByKey(tdb.db, bd, docEntry + 1))).toBe(
      `El documento ${docNum + 1} es el documento de cancelación de una factura de proveedor: no se puede cancelar.`,
    );
    expect(await rechazo(cancelFacturaProveedorByKey(tdb.db, bd, 999))).toBe(
      `La factura de proveedor con DocEntry 999 no existe en ${bd}.`,
    );
    const otra = await insertFacturaProveedor(tdb.db, nueva(bd, await entrada(bd)));
    await payFacturas(tdb.db, { bd, fecha: "2026-11-20", moneda: "MXN", facturas: [{ docNum: otra.docNum }] });
    expect(await rechazo(cancelFacturaProveedorByKey(tdb.db, bd, otra.docEntry))).toMatch(/cancele primero el pago/);
  });
});

describe("listarFacturasProveedor", () => {
  it("filters by company database, supplier and portal origin, newest first", async () => {
    const bd = nuevaBd();
    const otraBd = nuevaBd();
    const a = await facturaCreada(bd, {}, { docDate: "2026-10-01" });
    const b = await facturaCreada(bd, {}, { docDate: "2026-11-01" });
    const c = await facturaCreada(bd, { cardCode: "P00002" }, { docDate: "2026-11-02" });
    await facturaCreada(otraBd);
    await createErpFactura(tdb.db, { bd, cardCode: "P00001", docDate: "2026-12-01" });

    const todas = await selectFacturasProveedor(tdb.db, { bds: [bd] });
    expect(todas.map((f) => f.portalId)).toEqual([null, c.portalId, b.portalId, a.portalId]);
    const portal = await selectFacturasProveedor(tdb.db, { bds: [bd], cardCode: "P00001", soloPortal: true });
    expect(portal.map((f) => f.docNum)).toEqual([b.docNum, a.docNum]);
    expect((await selectFacturasProveedor(tdb.db, { bds: [bd, otraBd] })).length).toBe(5);
  });
});
