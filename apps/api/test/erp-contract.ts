import { addDays, DECIMAL_RE } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ErpAdapter,
  type ErpClaveDocumento,
  type ErpDocumentoCompra,
  type ErpEntrada,
  type ErpFacturaProveedorNueva,
  type ErpLinea,
  type ErpPago,
  type ErpPagoFactura,
  ErpRechazoError,
  type ErpScope,
} from "../src/erp/types";
import { type CurrencyContractFixture, describeCurrencyContract } from "./erp-contract-moneda";

/**
 * What every ErpAdapter must do, whatever is behind it (the mock's tables today, SAP Business One's Service
 * Layer later). Run against an implementation with `describeErpAdapterContract(name, setup)`; `setup` returns
 * the adapter over a data set with at least two suppliers that have orders, receipts and payments in the
 * given company databases, plus a file id that is no document's PDF.
 */
export interface ErpContractFixture extends Pick<CurrencyContractFixture, "erpTotal" | "pay"> {
  adapter: ErpAdapter;
  /** Company databases that hold the data set. */
  bds: string[];
  /** A company database the data set does not use (must read as empty). */
  bdSinDatos: string;
  /**
   * Changes one line of this document in the ERP behind the adapter (any field), as an ERP user would: the
   * contract checks the document then has a new version and only it.
   */
  changeLine(kind: "pedido" | "entrada", key: ErpClaveDocumento): Promise<void>;
  /**
   * The accountants set an A/P invoice's due date and installments in the ERP behind the adapter (issue 27): the
   * contract checks both adapters read them back alike.
   */
  scheduleFactura(
    bd: string,
    docNum: number,
    plan: { docDueDate: string; installments?: { dueDate: string; total: string }[] },
  ): Promise<void>;
  close(): Promise<void>;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONEY = /^-?\d+\.\d{2}$/;
const STATUS = ["O", "C"];
const cents = (value: string) => Math.round(Number(value) * 100);

function expectDocumento(d: ErpDocumentoCompra, lineas: ErpLinea[]) {
  expect(typeof d.bd).toBe("string");
  expect(Number.isInteger(d.docEntry) && Number.isInteger(d.docNum)).toBe(true);
  expect(d.cardCode).not.toBe("");
  expect(d.cardName).not.toBe("");
  expect(STATUS).toContain(d.docStatus);
  expect(d.docDate).toMatch(ISO_DATE);
  expect(d.docDueDate).toMatch(ISO_DATE);
  expect(Number.isInteger(d.groupNum) && d.groupNum >= 0).toBe(true);
  expect(d.mainUsage).toMatch(/^[A-Z]{1,2}\d{2}$/);
  expect(d.peyMethod).toMatch(/^\d{2}$/);
  expect(d.docCur).toMatch(/^[A-Z]{3}$/);
  for (const value of [d.docRate, d.discPrcnt]) expect(value).toMatch(DECIMAL_RE);
  for (const value of [d.discSum, d.vatSum, d.wtSum, d.docTotal]) expect(value).toMatch(MONEY);
  expect(typeof d.numAtCard).toBe("string");
  expect(typeof d.comments).toBe("string");
  expect(d.pdfArchivoId === null || typeof d.pdfArchivoId === "string").toBe(true);
  expect(lineas.length).toBeGreaterThan(0);
  lineas.forEach((l, i) => {
    if (i > 0) expect(l.lineNum).toBeGreaterThan((lineas[i - 1] as ErpLinea).lineNum);
    expect(STATUS).toContain(l.lineStatus);
    expect(l.itemName).not.toBe("");
    expect(typeof l.frgnName).toBe("string");
    expect(l.uomCode).not.toBe("");
    for (const value of [l.quantity, l.openQty, l.priceBefDi, l.discPrcnt]) expect(value).toMatch(DECIMAL_RE);
    expect(l.lineTotal).toMatch(MONEY);
    expect(Number(l.openQty)).toBeLessThanOrEqual(Number(l.quantity));
  });
  // Header totals follow the lines: sum of lines - header discount + VAT (one cent of rounding per line).
  const subtotal = lineas.reduce((sum, l) => sum + cents(l.lineTotal), 0);
  expect(Math.abs(subtotal - cents(d.discSum) + cents(d.vatSum) - cents(d.docTotal))).toBeLessThanOrEqual(
    lineas.length,
  );
}

/** Newest first, then company database, then DocNum descending. */
function expectOrdenLista(docs: { docDate: string; bd: string; docNum: number }[]) {
  for (let i = 1; i < docs.length; i++) {
    const a = docs[i - 1] as (typeof docs)[number];
    const b = docs[i] as (typeof docs)[number];
    const ok =
      a.docDate > b.docDate || (a.docDate === b.docDate && (a.bd < b.bd || (a.bd === b.bd && a.docNum > b.docNum)));
    if (!ok)
      throw new Error(`Orden incorrecto en la posición ${i}: ${JSON.stringify(a)} antes de ${JSON.stringify(b)}`);
  }
}

export function describeErpAdapterContract(name: string, setup: () => Promise<ErpContractFixture>) {
  describe(`ErpAdapter contract: ${name}`, () => {
    let f: ErpContractFixture;
    let todo: ErpScope;
    let proveedores: string[];
    const otroProveedor = (cardCode: string) => proveedores.find((c) => c !== cardCode) as string;
    beforeAll(async () => {
      f = await setup();
      todo = { bds: f.bds, cardCode: null };
      const pedidos = await f.adapter.listPedidos(todo);
      proveedores = [...new Set(pedidos.map((p) => p.cardCode))].sort();
    }, 60_000);
    afterAll(async () => {
      await f?.close();
    });

    it("has a name and a data set with at least two suppliers", () => {
      expect(f.adapter.name).not.toBe("");
      expect(proveedores.length).toBeGreaterThanOrEqual(2);
    });

    it("lists purchase orders with well-formed headers and lines, newest first", async () => {
      const pedidos = await f.adapter.listPedidos(todo);
      expect(pedidos.length).toBeGreaterThan(0);
      for (const p of pedidos) expectDocumento(p, p.lineas);
      expectOrdenLista(pedidos);
      expect(new Set(pedidos.map((p) => `${p.bd}|${p.docNum}`)).size).toBe(pedidos.length);
    });

    it("lists goods receipts whose order, when given, is an order of the same supplier and company database", async () => {
      const [entradas, pedidos] = await Promise.all([f.adapter.listEntradas(todo), f.adapter.listPedidos(todo)]);
      expect(entradas.length).toBeGreaterThan(0);
      const ordenes = new Map(pedidos.map((p) => [`${p.bd}|${p.docNum}`, p]));
      for (const e of entradas) {
        expectDocumento(e, e.lineas);
        expect(typeof e.cp).toBe("string");
        if (e.pedidoDocNum !== null) {
          const pedido = ordenes.get(`${e.bd}|${e.pedidoDocNum}`);
          expect(pedido, `pedido ${e.pedidoDocNum} de la entrada ${e.docNum}`).toBeDefined();
          expect(pedido?.cardCode).toBe(e.cardCode);
          expect(e.docDate >= (pedido?.docDate ?? "")).toBe(true);
        }
      }
      expectOrdenLista(entradas);
    });

    it("reads only the scope's supplier and company databases", async () => {
      const vistos = { pedidos: 0, entradas: 0, pagos: 0, socios: 0 };
      for (const cardCode of proveedores) {
        for (const bd of f.bds) {
          const scope = { bds: [bd], cardCode };
          const [pedidos, entradas, pagos, socios] = await Promise.all([
            f.adapter.listPedidos(scope),
            f.adapter.listEntradas(scope),
            f.adapter.listPagos(scope),
            f.adapter.listProveedores(scope),
          ]);
          for (const d of [...pedidos, ...entradas, ...pagos, ...socios]) {
            expect(d.cardCode).toBe(cardCode);
            expect(d.bd).toBe(bd);
          }
          vistos.pedidos += pedidos.length;
          vistos.entradas += entradas.length;
          vistos.pagos += pagos.length;
          vistos.socios += socios.length;
        }
      }
      // Scoped reads that found nothing would pass the loop: together they read the whole data set.
      expect(vistos.pedidos).toBe((await f.adapter.listPedidos(todo)).length);
      for (const [kind, n] of Object.entries(vistos)) expect(n, kind).toBeGreaterThan(0);
    });

    it("splits the employee's list exactly into the suppliers' lists", async () => {
      const todos = await f.adapter.listPedidos(todo);
      let suma = 0;
      for (const cardCode of proveedores) suma += (await f.adapter.listPedidos({ bds: f.bds, cardCode })).length;
      expect(suma).toBe(todos.length);
    });

    it("counts exactly what it lists, for every scope", async () => {
      const scopes: ErpScope[] = [
        todo,
        { bds: [], cardCode: null },
        { bds: [f.bdSinDatos], cardCode: null },
        ...proveedores.map((cardCode) => ({ bds: f.bds, cardCode })),
        ...f.bds.map((bd) => ({ bds: [bd], cardCode: proveedores[0] ?? null })),
        { bds: f.bds, cardCode: "NO-EXISTE" },
      ];
      for (const scope of scopes) {
        expect(await f.adapter.countPedidos(scope)).toBe((await f.adapter.listPedidos(scope)).length);
        expect(await f.adapter.countEntradas(scope)).toBe((await f.adapter.listEntradas(scope)).length);
      }
    });

    it("reads nothing for no company database, an unknown one or an unknown supplier", async () => {
      for (const scope of [
        { bds: [], cardCode: null },
        { bds: [f.bdSinDatos], cardCode: null },
        { bds: f.bds, cardCode: "NO-EXISTE" },
      ]) {
        expect(await f.adapter.listPedidos(scope)).toEqual([]);
        expect(await f.adapter.listEntradas(scope)).toEqual([]);
        expect(await f.adapter.listPagos(scope)).toEqual([]);
        expect(await f.adapter.listProveedores(scope)).toEqual([]);
      }
    });

    it("lists vendor payments with the invoices they settle", async () => {
      const pagos = await f.adapter.listPagos(todo);
      expect(pagos.length).toBeGreaterThan(0);
      expectOrdenLista(pagos);
      for (const p of pagos) {
        expect(p.docDate).toMatch(ISO_DATE);
        expect(p.formaPago).toMatch(/^\d{2}$/);
        expect(["Y", "N"]).toContain(p.canceled);
        expect(p.docTotal).toMatch(MONEY);
        expect(p.facturas.length).toBeGreaterThan(0);
        const aplicado = p.facturas.reduce((sum, fa) => sum + cents(fa.sumApplied), 0);
        expect(aplicado).toBe(cents(p.docTotal));
        for (const fa of p.facturas) {
          expect(fa.uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
          expect(fa.fecha).toMatch(ISO_DATE);
          expect(fa.fecha <= p.docDate).toBe(true);
          expect(cents(fa.sumApplied)).toBeLessThanOrEqual(cents(fa.facturaTotal));
          expect(fa.docCur).toBe(p.docCur);
        }
      }
    });

    it("lists the business partners of the scope, the same CardCode in every company database", async () => {
      const socios = await f.adapter.listProveedores(todo);
      for (const cardCode of proveedores) {
        const filas = socios.filter((s) => s.cardCode === cardCode);
        expect(filas.length).toBeGreaterThan(0);
        for (const s of filas) {
          expect(s.rfc).toMatch(/^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/);
          expect(s.cardName).not.toBe("");
        }
      }
    });

    it("lists the keys and versions of exactly the listed documents, in list order, for every scope", async () => {
      const scopes: ErpScope[] = [
        todo,
        { bds: [], cardCode: null },
        ...proveedores.map((cardCode) => ({ bds: f.bds, cardCode })),
        { bds: f.bds, cardCode: "NO-EXISTE" },
      ];
      const clave = (d: { bd: string; docEntry: number }) => ({ bd: d.bd, docEntry: d.docEntry });
      for (const scope of scopes) {
        const [pedidos, vPedidos, entradas, vEntradas] = await Promise.all([
          f.adapter.listPedidos(scope),
          f.adapter.listPedidoVersions(scope),
          f.adapter.listEntradas(scope),
          f.adapter.listEntradaVersions(scope),
        ]);
        expect(vPedidos.map(clave)).toEqual(pedidos.map(clave));
        expect(vPedidos.map((v) => v.version)).toEqual(pedidos.map((p) => p.version));
        expect(vEntradas.map(clave)).toEqual(entradas.map(clave));
        expect(vEntradas.map((v) => v.version)).toEqual(entradas.map((e) => e.version));
      }
    });

    it("reads documents by key exactly as the list has them, skipping unknown keys", async () => {
      const [pedidos, entradas] = await Promise.all([f.adapter.listPedidos(todo), f.adapter.listEntradas(todo)]);
      const algunos = <T>(docs: T[]) => docs.filter((_, i) => i % 7 === 3);
      const desconocida = { bd: f.bdSinDatos, docEntry: 1 };
      const porClave = <T extends { bd: string; docEntry: number }>(docs: T[]) =>
        [...docs].sort((a, b) => a.bd.localeCompare(b.bd) || a.docEntry - b.docEntry);
      const pedidosLeidos = await f.adapter.readPedidos([...algunos(pedidos), desconocida]);
      expect(porClave(pedidosLeidos)).toEqual(porClave(algunos(pedidos)));
      const entradasLeidas = await f.adapter.readEntradas([...algunos(entradas), desconocida]);
      expect(porClave(entradasLeidas)).toEqual(porClave(algunos(entradas)));
      expect(await f.adapter.readPedidos([])).toEqual([]);
      expect(await f.adapter.readEntradas([desconocida])).toEqual([]);
    });

    it("reads payments by key exactly as the list has them, skipping unknown keys", async () => {
      const pagos = await f.adapter.listPagos(todo);
      const algunos = pagos.filter((_, i) => i % 5 === 2);
      expect(algunos.length).toBeGreaterThan(0);
      const porClave = (docs: typeof pagos) =>
        [...docs].sort((a, b) => a.bd.localeCompare(b.bd) || a.docEntry - b.docEntry);
      const claves = [...algunos, { bd: f.bdSinDatos, docEntry: 1 }].map((p) => ({ bd: p.bd, docEntry: p.docEntry }));
      expect(porClave(await f.adapter.readPagos(claves))).toEqual(porClave(algunos));
      expect(await f.adapter.readPagos([])).toEqual([]);
      expect(await f.adapter.readPagos([{ bd: f.bdSinDatos, docEntry: 1 }])).toEqual([]);
    });

    it("finds a receipt by its number exactly as the list has it, or null", async () => {
      const entradas = await f.adapter.listEntradas(todo);
      for (const e of entradas.filter((_, i) => i % 11 === 5)) {
        expect(await f.adapter.findEntrada(e.bd, e.docNum)).toEqual(e);
      }
      expect(await f.adapter.findEntrada(f.bdSinDatos, 1)).toBeNull();
      expect(await f.adapter.findEntrada(entradas[0]!.bd, 999_999_999)).toBeNull();
    });

    it("gives a document a new version when one of its lines changes, and only that document", async () => {
      for (const kind of ["pedido", "entrada"] as const) {
        const versions = () =>
          kind === "pedido" ? f.adapter.listPedidoVersions(todo) : f.adapter.listEntradaVersions(todo);
        const antes = await versions();
        const cambiado = antes[Math.floor(antes.length / 2)] as (typeof antes)[number];
        await f.changeLine(kind, cambiado);
        const despues = await versions();
        expect(despues.map((v) => `${v.bd}|${v.docEntry}`)).toEqual(antes.map((v) => `${v.bd}|${v.docEntry}`));
        const distintos = despues.filter((v, i) => v.version !== antes[i]?.version);
        expect(distintos.map((v) => `${v.bd}|${v.docEntry}`)).toEqual([`${cambiado.bd}|${cambiado.docEntry}`]);
      }
    });

    it("finds which document owns a PDF, and nothing for any other file", async () => {
      const pedido = (await f.adapter.listPedidos(todo)).find((p) => p.pdfArchivoId);
      const entrada = (await f.adapter.listEntradas(todo)).find((e) => e.pdfArchivoId);
      expect(pedido && entrada).toBeTruthy();
      for (const [kind, doc] of [
        ["pedido", pedido],
        ["entrada", entrada],
      ] as const) {
        const owners = await f.adapter.findPdfOwners(doc?.pdfArchivoId ?? "");
        expect(owners).toContainEqual({ kind, bd: doc?.bd, cardCode: doc?.cardCode, docNum: doc?.docNum });
      }
      expect(await f.adapter.findPdfOwners("00000000-0000-4000-8000-000000000000")).toEqual([]);
    });

    it("creates an A/P invoice from an open receipt once per portal invoice, reads it back, and closes the receipt", async () => {
      const entrada = (await f.adapter.listEntradas(todo)).find(
        (e) => e.docStatus === "O" && e.lineas.some((l) => l.lineStatus === "O" && Number(l.openQty) > 0),
      );
      expect(entrada).toBeDefined();
      const e = entrada as ErpEntrada;
      const portalId = 900_000_000 + e.docEntry;
      const nueva: ErpFacturaProveedorNueva = {
        bd: e.bd,
        portalId,
        cardCode: e.cardCode,
        entradaDocNum: e.docNum,
        numAtCard: "CONTRATO-1",
        uuid: "0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9",
        docDate: e.docDate,
        docTotal: (cents(e.docTotal) / 100 - cents(e.wtSum) / 100).toFixed(2),
        vatSum: e.vatSum,
        wtSum: e.wtSum,
        docCur: e.docCur,
        docRate: e.docRate,
        comments: "Prueba del contrato",
      };
      expect(await f.adapter.findFacturaProveedor(e.bd, portalId)).toBeNull();
      const fingerprints = async () => [
        await f.adapter.facturasProveedorFingerprint({ bds: [e.bd], cardCode: e.cardCode }),
        await f.adapter.facturasProveedorFingerprint(todo),
        await f.adapter.facturasProveedorFingerprint({ bds: f.bds, cardCode: otroProveedor(e.cardCode) }),
      ];
      const antes = await fingerprints();
      expect(await fingerprints()).toEqual(antes);
      const creada = await f.adapter.createFacturaProveedor(nueva);
      expect(Number.isInteger(creada.docEntry) && Number.isInteger(creada.docNum)).toBe(true);
      // The supplier's and everyone's fingerprints moved; another supplier's did not.
      const despues = await fingerprints();
      expect(despues[0]).not.toBe(antes[0]);
      expect(despues[1]).not.toBe(antes[1]);
      expect(despues[2]).toBe(antes[2]);
      // Asking again (a retry after a lost answer) returns the same document and changes nothing.
      expect(await f.adapter.createFacturaProveedor(nueva)).toEqual(creada);
      expect(await fingerprints()).toEqual(despues);
      const leida = await f.adapter.findFacturaProveedor(e.bd, portalId);
      expect(leida).toEqual({
        bd: e.bd,
        docEntry: creada.docEntry,
        docNum: creada.docNum,
        cardCode: e.cardCode,
        portalId,
        numAtCard: "CONTRATO-1",
        uuid: "0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9",
        docDate: e.docDate,
        docTotal: nueva.docTotal,
        paidToDate: "0.00",
        docCur: e.docCur,
        canceled: "N",
        entradaDocNum: e.docNum,
        fechaPago: null,
        paymentBlock: "N",
        // Issue 27: due after the receipt's credit days, in one installment for the whole total (as SAP answers).
        docDueDate: addDays(e.docDate, e.groupNum),
        installments: [
          { installmentId: 1, dueDate: addDays(e.docDate, e.groupNum), percentage: "100", total: nueva.docTotal },
        ],
      });
      // Listed for the supplier and for everyone, never for another supplier.
      const otro = otroProveedor(e.cardCode);
      expect(await f.adapter.listFacturasProveedor({ bds: [e.bd], cardCode: e.cardCode })).toContainEqual(leida);
      expect(await f.adapter.listFacturasProveedor(todo)).toContainEqual(leida);
      expect(
        (await f.adapter.listFacturasProveedor({ bds: f.bds, cardCode: otro })).some((x) => x.portalId === portalId),
      ).toBe(false);
      expect(await f.adapter.listFacturasProveedor({ bds: [], cardCode: null })).toEqual([]);
      // The receipt is invoiced: closed, nothing open on its lines; invoicing it again is the ERP's refusal.
      const cerrada = await f.adapter.findEntrada(e.bd, e.docNum);
      expect(cerrada?.docStatus).toBe("C");
      expect(cerrada?.lineas.every((l) => l.lineStatus === "C" && Number(l.openQty) === 0)).toBe(true);
      await expect(f.adapter.createFacturaProveedor({ ...nueva, portalId: portalId + 1 })).rejects.toBeInstanceOf(
        ErpRechazoError,
      );
      expect(await f.adapter.findFacturaProveedor(e.bd, portalId + 1)).toBeNull();

      // Issue 27: installments set in the ERP come back by InstallmentId and move the fingerprint.
      const primera = (Math.floor(cents(nueva.docTotal) / 2) / 100).toFixed(2);
      const segunda = ((cents(nueva.docTotal) - cents(primera)) / 100).toFixed(2);
      const antesDeCuotas = await fingerprints();
      await f.scheduleFactura(e.bd, creada.docNum, {
        docDueDate: "2027-01-15",
        installments: [
          { dueDate: "2026-12-15", total: primera },
          { dueDate: "2027-01-15", total: segunda },
        ],
      });
      expect((await fingerprints())[0]).not.toBe(antesDeCuotas[0]);
      const conCuotas = (await f.adapter.listFacturasProveedor({ bds: [e.bd], cardCode: e.cardCode })).find(
        (x) => x.portalId === portalId,
      );
      expect(conCuotas?.docDueDate).toBe("2027-01-15");
      expect(conCuotas?.installments).toEqual([
        {
          installmentId: 1,
          dueDate: "2026-12-15",
          percentage: String(Number(((cents(primera) * 100) / cents(nueva.docTotal)).toFixed(4))),
          total: primera,
        },
        {
          installmentId: 2,
          dueDate: "2027-01-15",
          percentage: String(Number(((cents(segunda) * 100) / cents(nueva.docTotal)).toFixed(4))),
          total: segunda,
        },
      ]);
      expect(await f.adapter.findFacturaProveedor(e.bd, portalId)).toEqual(conCuotas);
    });

    it("cancels an A/P invoice by its key, reopening its receipt; again is no error and changes nothing; refuses a paid one", async () => {
      const entrada = (await f.adapter.listEntradas(todo)).find(
        (e) => e.docStatus === "O" && e.lineas.some((l) => l.lineStatus === "O" && Number(l.openQty) > 0),
      );
      expect(entrada).toBeDefined();
      const e = entrada as ErpEntrada;
      const portalId = 910_000_000 + e.docEntry;
      const creada = await f.adapter.createFacturaProveedor({
        bd: e.bd,
        portalId,
        cardCode: e.cardCode,
        entradaDocNum: e.docNum,
        numAtCard: "CONTRATO-2",
        uuid: "1A2B3C4D-5E6F-4A7B-8C9D-0E1F2A3B4C5D",
        docDate: e.docDate,
        docTotal: e.docTotal,
        vatSum: e.vatSum,
        wtSum: e.wtSum,
        docCur: e.docCur,
        docRate: e.docRate,
        comments: "Prueba del contrato",
      });
      expect((await f.adapter.findEntrada(e.bd, e.docNum))?.docStatus).toBe("C");
      // Issue 27: the payment block is set and lifted, each twice without error (a retry after a lost answer).
      for (const blocked of [true, true, false, false]) {
        await f.adapter.setPaymentBlock(e.bd, creada.docEntry, blocked);
        expect(await f.adapter.findFacturaProveedor(e.bd, portalId)).toMatchObject({
          paymentBlock: blocked ? "Y" : "N",
        });
      }
      // Issue 27 (decision 036): a replacement CFDI takes the A/P invoice over (twice: a retry after a lost
      // answer), its block lifted; then it is pointed back to the first portal id for what follows.
      await f.adapter.setPaymentBlock(e.bd, creada.docEntry, true);
      const sustituta = {
        portalId: portalId + 1,
        numAtCard: "CONTRATO-3",
        uuid: "2B3C4D5E-6F70-4A7B-8C9D-0E1F2A3B4C5E",
      };
      for (let i = 0; i < 2; i++) {
        await f.adapter.repointFacturaProveedor(e.bd, creada.docEntry, { ...sustituta, liftPaymentBlock: true });
      }
      expect(await f.adapter.findFacturaProveedor(e.bd, portalId)).toBeNull();
      expect(await f.adapter.findFacturaProveedor(e.bd, portalId + 1)).toMatchObject({
        docEntry: creada.docEntry,
        numAtCard: sustituta.numAtCard,
        uuid: sustituta.uuid,
        paymentBlock: "N",
      });
      await f.adapter.repointFacturaProveedor(e.bd, creada.docEntry, {
        portalId,
        numAtCard: "CONTRATO-2",
        uuid: "1A2B3C4D-5E6F-4A7B-8C9D-0E1F2A3B4C5D",
        liftPaymentBlock: false,
      });
      expect(await f.adapter.findFacturaProveedor(e.bd, portalId)).toMatchObject({ docEntry: creada.docEntry });
      const fingerprint = () => f.adapter.facturasProveedorFingerprint({ bds: [e.bd], cardCode: e.cardCode });
      const antes = await fingerprint();
      await f.adapter.cancelFacturaProveedor(e.bd, creada.docEntry);
      expect(await f.adapter.findFacturaProveedor(e.bd, portalId)).toMatchObject({
        docEntry: creada.docEntry,
        docNum: creada.docNum,
        canceled: "Y",
      });
      // Decision 048 (F6): SAP adds a cancellation document with the same portal id; the portal lists the original once.
      const listadas = (await f.adapter.listFacturasProveedor(todo)).filter((x) => x.portalId === portalId);
      expect(listadas.map((x) => [x.docEntry, x.canceled])).toEqual([[creada.docEntry, "Y"]]);
      const despues = await fingerprint();
      expect(despues).not.toBe(antes);
      // The receipt is open again with every line as it was before it was invoiced.
      const reabierta = await f.adapter.findEntrada(e.bd, e.docNum);
      expect(reabierta?.docStatus).toBe("O");
      expect(reabierta?.lineas.map((l) => [l.lineNum, l.lineStatus, l.openQty])).toEqual(
        e.lineas.map((l) => [l.lineNum, l.lineStatus, l.openQty]),
      );
      // A retry after a lost answer: no error, nothing changes.
      await expect(f.adapter.cancelFacturaProveedor(e.bd, creada.docEntry)).resolves.toBeUndefined();
      expect(await fingerprint()).toBe(despues);
      // A cancelled A/P invoice takes no payment block, nor does one that does not exist: the ERP's refusals.
      await expect(f.adapter.setPaymentBlock(e.bd, creada.docEntry, true)).rejects.toBeInstanceOf(ErpRechazoError);
      await expect(f.adapter.setPaymentBlock(e.bd, 999_999_999, true)).rejects.toBeInstanceOf(ErpRechazoError);
      await expect(
        f.adapter.repointFacturaProveedor(e.bd, 999_999_999, {
          ...sustituta,
          liftPaymentBlock: false,
        }),
      ).rejects.toBeInstanceOf(ErpRechazoError);
      // The ERP refuses an A/P invoice a live payment applies to, and one that does not exist.
      const pago = (await f.adapter.listPagos(todo)).find((p) => p.canceled === "N") as ErpPago;
      const pagada = pago.facturas[0] as ErpPagoFactura;
      await expect(f.adapter.cancelFacturaProveedor(pago.bd, pagada.facturaDocEntry)).rejects.toBeInstanceOf(
        ErpRechazoError,
      );
      expect((await f.adapter.readPagos([pago])).map((p) => p.canceled)).toEqual(["N"]);
      await expect(f.adapter.cancelFacturaProveedor(e.bd, 999_999_999)).rejects.toBeInstanceOf(ErpRechazoError);
    });

    it("creates one A/P invoice from two open receipts of one supplier (issue 27), closing both; cancelling reopens both", async () => {
      const abiertas = (await f.adapter.listEntradas(todo)).filter(
        (e) => e.docStatus === "O" && e.lineas.every((l) => l.lineStatus === "O" && Number(l.openQty) > 0),
      );
      const a = abiertas[0] as ErpEntrada;
      const b = abiertas.find((e) => e.bd === a.bd && e.cardCode === a.cardCode && e.docNum !== a.docNum);
      expect(b).toBeDefined();
      const [primera, segunda] = [a, b as ErpEntrada];
      const portalId = 930_000_000 + primera.docEntry;
      const total = (cents(primera.docTotal) + cents(segunda.docTotal)) / 100;
      const nueva: ErpFacturaProveedorNueva = {
        bd: primera.bd,
        portalId,
        cardCode: primera.cardCode,
        entradaDocNum: primera.docNum,
        entradaDocNums: [primera.docNum, segunda.docNum],
        numAtCard: "CONTRATO-3",
        uuid: "2B3C4D5E-6F7A-4B8C-9D0E-1F2A3B4C5D6E",
        docDate: primera.docDate,
        docTotal: total.toFixed(2),
        vatSum: ((cents(primera.vatSum) + cents(segunda.vatSum)) / 100).toFixed(2),
        wtSum: "0.00",
        docCur: primera.docCur,
        docRate: primera.docRate,
        comments: "Prueba del contrato: dos entradas",
      };
      const creada = await f.adapter.createFacturaProveedor(nueva);
      // Once: a retry returns the same document.
      expect(await f.adapter.createFacturaProveedor(nueva)).toEqual(creada);
      expect(await f.adapter.findFacturaProveedor(primera.bd, portalId)).toMatchObject({
        docEntry: creada.docEntry,
        docTotal: total.toFixed(2),
        entradaDocNum: primera.docNum,
        canceled: "N",
      });
      for (const e of [primera, segunda]) {
        const cerrada = await f.adapter.findEntrada(e.bd, e.docNum);
        expect(cerrada?.docStatus).toBe("C");
        expect(cerrada?.lineas.every((l) => l.lineStatus === "C" && Number(l.openQty) === 0)).toBe(true);
      }
      // Either receipt in another A/P invoice is the ERP's refusal.
      await expect(
        f.adapter.createFacturaProveedor({
          ...nueva,
          portalId: portalId + 1,
          entradaDocNum: segunda.docNum,
          entradaDocNums: [segunda.docNum],
        }),
      ).rejects.toBeInstanceOf(ErpRechazoError);
      await f.adapter.cancelFacturaProveedor(primera.bd, creada.docEntry);
      for (const e of [primera, segunda]) {
        const reabierta = await f.adapter.findEntrada(e.bd, e.docNum);
        expect(reabierta?.docStatus).toBe("O");
        expect(reabierta?.lineas.map((l) => [l.lineNum, l.lineStatus, l.openQty])).toEqual(
          e.lineas.map((l) => [l.lineNum, l.lineStatus, l.openQty]),
        );
      }
    });

    it("creates an A/P credit memo based on an A/P invoice once per portal credit note: the invoice's balance drops (issue 27)", async () => {
      const entrada = (await f.adapter.listEntradas(todo)).find(
        (e) => e.docStatus === "O" && e.lineas.some((l) => l.lineStatus === "O" && Number(l.openQty) > 0),
      );
      expect(entrada).toBeDefined();
      const e = entrada as ErpEntrada;
      const portalId = 920_000_000 + e.docEntry;
      const factura = await f.adapter.createFacturaProveedor({
        bd: e.bd,
        portalId,
        cardCode: e.cardCode,
        entradaDocNum: e.docNum,
        numAtCard: "CONTRATO-3",
        uuid: "2B3C4D5E-6F7A-4B8C-9D0E-1F2A3B4C5D6E",
        docDate: e.docDate,
        docTotal: e.docTotal,
        vatSum: e.vatSum,
        wtSum: e.wtSum,
        docCur: e.docCur,
        docRate: e.docRate,
        comments: "Prueba del contrato",
      });
      const nota = {
        bd: e.bd,
        portalId: 930_000_000 + e.docEntry,
        cardCode: e.cardCode,
        numAtCard: "NC-1",
        uuid: "3C4D5E6F-7A8B-4C9D-8E0F-2A3B4C5D6E7F",
        docDate: e.docDate,
        docTotal: "10.00",
        docCur: e.docCur,
        docRate: e.docRate,
        comments: "Nota de crédito del contrato",
        facturas: [{ docEntry: factura.docEntry, importe: "10.00" }],
      };
      expect(await f.adapter.findNotaCreditoProveedor(e.bd, nota.portalId)).toBeNull();
      const fingerprint = () => f.adapter.facturasProveedorFingerprint({ bds: [e.bd], cardCode: e.cardCode });
      const antes = await fingerprint();
      const creada = await f.adapter.createNotaCreditoProveedor(nota);
      expect(Number.isInteger(creada.docEntry) && Number.isInteger(creada.docNum)).toBe(true);
      // A retry returns the same memo and writes nothing.
      expect(await f.adapter.createNotaCreditoProveedor(nota)).toEqual(creada);
      expect(await f.adapter.findNotaCreditoProveedor(e.bd, nota.portalId)).toEqual({
        bd: e.bd,
        docEntry: creada.docEntry,
        docNum: creada.docNum,
        cardCode: e.cardCode,
        portalId: nota.portalId,
        uuid: nota.uuid,
        docTotal: "10.00",
        canceled: "N",
        facturas: [{ docEntry: factura.docEntry, importe: "10.00" }],
      });
      // The credited amount is applied to the A/P invoice, once.
      expect(await fingerprint()).not.toBe(antes);
      expect((await f.adapter.findFacturaProveedor(e.bd, portalId))?.paidToDate).toBe("10.00");
      // More than what is left of the invoice, or another supplier's invoice: the ERP refuses.
      const resto = (cents(e.docTotal) / 100 - 10 + 1).toFixed(2);
      await expect(
        f.adapter.createNotaCreditoProveedor({
          ...nota,
          portalId: nota.portalId + 1,
          docTotal: resto,
          facturas: [{ docEntry: factura.docEntry, importe: resto }],
        }),
      ).rejects.toBeInstanceOf(ErpRechazoError);
      await expect(
        f.adapter.createNotaCreditoProveedor({
          ...nota,
          portalId: nota.portalId + 2,
          cardCode: otroProveedor(e.cardCode),
        }),
      ).rejects.toBeInstanceOf(ErpRechazoError);
      expect(await f.adapter.findNotaCreditoProveedor(e.bd, nota.portalId + 1)).toBeNull();
      expect((await f.adapter.findFacturaProveedor(e.bd, portalId))?.paidToDate).toBe("10.00");
    });

    // Issue 37: dollar receipts, A/P invoices and payments (erp-contract-moneda.ts).
    describeCurrencyContract(
      () => f,
      () => todo,
    );
  });
}
