import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEncryptionKey } from "../crypto";
import { erpEntradaLineas, erpPagoFacturas, erpPedidoLineas, proveedorDocumentos } from "../schema/index";
import { createTestDatabase, type TestDatabase } from "../testing";
import { createProveedor, createSociedad } from "./factories";
import { createErpEntrada, createErpFactura, createErpPago, createErpPedido } from "./factories-erp";

const key = parseEncryptionKey(Buffer.alloc(32, 3).toString("base64"));
let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await tdb?.drop();
});

describe("factories", () => {
  it("build a supplier with its seven document rows: PDFs for the loaded ones, flags by tipo de persona", async () => {
    const p = (await createProveedor(tdb.db, {
      tipoPersona: "F",
      documentos: { cargados: ["CedulaFiscal"], fecha: "2030-01-31", val: { CaratulaBancaria: "Y" } },
    }))!;
    const docs = await tdb.db.select().from(proveedorDocumentos).where(eq(proveedorDocumentos.cardCode, p.cardCode));
    const por = Object.fromEntries(docs.map((d) => [d.clave, d]));
    expect(docs).toHaveLength(7);
    expect(por.CedulaFiscal).toMatchObject({ val: "Y", fecha: "2030-01-31", nombre: `CedulaFiscal-${p.rfc}.pdf` });
    expect(por.CedulaFiscal?.archivoId).toBeTruthy();
    // Moral-only documents do not apply to a persona física; an override wins over the default.
    expect(por.ActaConstitutiva).toMatchObject({ val: "N", archivoId: null, fecha: null });
    expect(por.CaratulaBancaria?.val).toBe("Y");
  });

  it("build ERP documents whose totals add up, numbered per company database, in the state asked for", async () => {
    const s = (await createSociedad(tdb.db, key))!;
    const base = { bd: s.bdSap, cardCode: "P0TEST" };
    const pedido = await createErpPedido(tdb.db, {
      ...base,
      docCur: "USD",
      groupNum: 30,
      docStatus: "C",
      lineas: [{ quantity: "2", priceBefDi: "150.50" }, { quantity: "0.5" }],
    });
    expect(pedido).toMatchObject({ docEntry: 1, docNum: 1001, docCur: "USD", peyMethod: "99", docStatus: "C" });
    // 2 x 150.50 + 0.5 x 1000.00 = 801.00; VAT 16 % per line: 48.16 + 80.00.
    expect(pedido).toMatchObject({ vatSum: "128.16", docTotal: "929.16" });
    const lineas = await tdb.db.select().from(erpPedidoLineas).where(eq(erpPedidoLineas.bd, s.bdSap));
    expect(lineas.map((l) => [l.lineTotal, l.openQty, l.lineStatus])).toEqual([
      ["301.00", "0.000000", "C"],
      ["500.00", "0.000000", "C"],
    ]);
    expect((await createErpPedido(tdb.db, base)).docEntry).toBe(2);

    const entrada = await createErpEntrada(tdb.db, { ...base, pedidoDocNum: pedido.docNum, cp: "44160", conPdf: true });
    expect(entrada).toMatchObject({ pedidoDocNum: 1001, cp: "44160", comments: "Basado en Pedidos de compra 1001." });
    expect(entrada.pdfArchivoId).toBeTruthy();
    expect(await tdb.db.select().from(erpEntradaLineas).where(eq(erpEntradaLineas.bd, s.bdSap))).toHaveLength(1);

    const f1 = await createErpFactura(tdb.db, { ...base, docTotal: "1160.00", entradaDocNum: entrada.docNum });
    const f2 = await createErpFactura(tdb.db, { ...base, docTotal: "580.00", canceled: "Y" });
    const pago = await createErpPago(tdb.db, {
      ...base,
      facturas: [
        { docEntry: f1.docEntry, sumApplied: "1160.00" },
        { docEntry: f2.docEntry, sumApplied: "290.50" },
      ],
    });
    expect(pago.docTotal).toBe("1450.50");
    expect(f2.canceled).toBe("Y");
    expect(await tdb.db.select().from(erpPagoFacturas).where(eq(erpPagoFacturas.bd, s.bdSap))).toHaveLength(2);
  });
});
