import { getPedidosAnswerSchema, type PedidoRow, pedidoLineaSchema, pedidoRowSchema } from "@portal/contracts";
import { schema } from "@portal/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, login, type TestApp, withToken } from "./helpers";

/** POST /api/pedidos/getPedidos (spec §2 Orders, §7): the spec's row fields, from the seeded ERP mock. */
let t: TestApp;
let admin: PedidoRow[];
let kemper: PedidoRow[];
let kemperBody: string;

const getPedidos = async (token: string) => {
  const res = await t.app.inject(withToken(token, { method: "POST", url: "/api/pedidos/getPedidos", payload: {} }));
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  return res;
};

beforeAll(async () => {
  t = await createTestApp();
  const resAdmin = await getPedidos(await login(t.app, "admin", "Empleado"));
  admin = getPedidosAnswerSchema.parse(resAdmin.json()).data;
  const resKemper = await getPedidos(await login(t.app, "EKU9003173C9", "Proveedor"));
  kemperBody = resKemper.body;
  kemper = getPedidosAnswerSchema.parse(resKemper.json()).data;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("POST /api/pedidos/getPedidos", () => {
  it("answers the contract's shape, exactly its fields, with status and message", () => {
    const body = JSON.parse(kemperBody);
    expect(body.status).toBe("success");
    expect(typeof body.message).toBe("string");
    expect(body.data.length).toBeGreaterThan(0);
    for (const row of body.data) {
      expect(Object.keys(row).sort()).toEqual(Object.keys(pedidoRowSchema.shape).sort());
      for (const linea of row.DetallePedido) {
        expect(Object.keys(linea).sort()).toEqual(Object.keys(pedidoLineaSchema.shape).sort());
      }
    }
  });

  it("gives each demo supplier at least 100 orders per sociedad, with 1-15 lines each", () => {
    for (const bd of ["SBO_MCI", "SBO_KIJ"])
      expect(kemper.filter((r) => r.BD === bd).length).toBeGreaterThanOrEqual(100);
    for (const row of admin) {
      expect(row.DetallePedido.length).toBeGreaterThanOrEqual(1);
      expect(row.DetallePedido.length).toBeLessThanOrEqual(15);
    }
  });

  it("numbers rows and lines from 1 and keys lines by the order's DocNum", () => {
    kemper.forEach((row, i) => {
      expect(row.Fila).toBe(i + 1);
      row.DetallePedido.forEach((linea, j) => {
        expect(linea.IdPedido).toBe(row.DocNum);
        expect(linea.Fila).toBe(j + 1);
      });
    });
  });

  it("lists newest first and names the sociedad of each company database", () => {
    for (let i = 1; i < admin.length; i++) expect(admin[i - 1]!.DocDate >= admin[i]!.DocDate).toBe(true);
    const nombres = new Map(admin.map((r) => [r.BD, r.U_SYS_PMSNBD]));
    expect(Object.fromEntries(nombres)).toEqual({
      SBO_MCI: "MUNICIPIO DE CUAUTITLAN IZCALLI",
      SBO_KIJ: "KIJ, S.A DE C.V.",
      SBO_IIA: "INDISTRIA ILUMINADORA DE ALMACENES",
    });
  });

  it("covers the data the screens explain: open and closed, MXN and USD, every credit term, PUE and PPD", () => {
    expect(new Set(admin.map((r) => r.DocStatus))).toEqual(new Set(["O", "C"]));
    expect(new Set(admin.map((r) => r.DocCur))).toEqual(new Set(["MXN", "USD"]));
    expect(new Set(admin.map((r) => r.GroupNum))).toEqual(new Set([0, 15, 30, 60]));
    // PPD (credit days above 0) is paid "por definir" (99); PUE carries the actual payment form.
    for (const r of admin) {
      if (r.GroupNum > 0) expect(r.PeyMethod).toBe("99");
      else expect(["01", "03", "04", "28"]).toContain(r.PeyMethod);
    }
    expect(admin.some((r) => r.DiscPrcnt !== "0" && r.DiscSum !== "0.00")).toBe(true);
    expect(admin.some((r) => r.NumAtCard.startsWith("COT-"))).toBe(true);
    expect(admin.some((r) => r.Comments !== "")).toBe(true);
    expect(admin.filter((r) => r.U_SYS_PMDPDF !== "").length).toBeGreaterThan(0);
    expect(new Set(admin.map((r) => r.U_B1SYS_MainUsage)).size).toBeGreaterThanOrEqual(3);
  });

  it("keeps money as decimal strings whose totals add up", () => {
    const centavos = (v: string) => Math.round(Number(v) * 100);
    for (const r of admin) {
      expect(r.DocTotal).toMatch(/^\d+\.\d{2}$/);
      const subtotal = r.DetallePedido.reduce((s, l) => s + centavos(l.LineTotal), 0);
      expect(subtotal - centavos(r.DiscSum) + centavos(r.VatSum)).toBe(centavos(r.DocTotal));
      for (const l of r.DetallePedido) {
        expect(Number(l.OpenQty)).toBeLessThanOrEqual(Number(l.Quantity));
        if (r.DocStatus === "C") expect(l.LineStatus).toBe("C");
      }
    }
  });

  it("answers the same bytes twice (stable order and numbering)", async () => {
    const again = await getPedidos(await login(t.app, "EKU9003173C9", "Proveedor"));
    expect(again.body).toBe(kemperBody);
  });
});

/**
 * The rows come from a cache of serialized documents (erp/row-cache.ts); these tests change the ERP between
 * calls and expect every change in the very next answer (runs last: it edits the data the tests above read).
 */
describe("getPedidos after the ERP changes", () => {
  const { erpPedidos, erpPedidoLineas, sociedades } = schema;
  const pedidoDe = (rows: PedidoRow[], r: PedidoRow) => rows.find((x) => x.BD === r.BD && x.DocNum === r.DocNum);
  const read = async (token: string) => getPedidosAnswerSchema.parse((await getPedidos(token)).json()).data;

  it("shows a changed line, a changed header and a renamed sociedad in the next answer, for everyone", async () => {
    const tokens = [await login(t.app, "admin", "Empleado"), await login(t.app, "EKU9003173C9", "Proveedor")];
    for (const token of tokens) await read(token); // warm the cache
    const objetivo = kemper[3] as PedidoRow;
    const [doc] = await t.tdb.db
      .select({ docEntry: erpPedidos.docEntry })
      .from(erpPedidos)
      .where(and(eq(erpPedidos.bd, objetivo.BD), eq(erpPedidos.docNum, objetivo.DocNum)));
    const clave = and(eq(erpPedidoLineas.bd, objetivo.BD), eq(erpPedidoLineas.docEntry, doc!.docEntry));
    await t.tdb.db.update(erpPedidoLineas).set({ openQty: "0", lineStatus: "C" }).where(clave);
    await t.tdb.db
      .update(erpPedidos)
      .set({ comments: "Entregado completo", docStatus: "C" })
      .where(and(eq(erpPedidos.bd, objetivo.BD), eq(erpPedidos.docEntry, doc!.docEntry)));
    await t.tdb.db.update(sociedades).set({ nombre: "KIJ RENOMBRADA" }).where(eq(sociedades.bdSap, "SBO_KIJ"));

    for (const token of tokens) {
      const rows = await read(token);
      const r = pedidoDe(rows, objetivo);
      expect(r?.Comments).toBe("Entregado completo");
      expect(r?.DocStatus).toBe("C");
      expect(r?.DetallePedido.every((l) => l.OpenQty === "0" && l.LineStatus === "C")).toBe(true);
      for (const x of rows.filter((x) => x.BD === "SBO_KIJ")) expect(x.U_SYS_PMSNBD).toBe("KIJ RENOMBRADA");
      // Every other order is unchanged.
      const otro = kemper.find((x) => x !== objetivo && x.BD === "SBO_MCI") as PedidoRow;
      expect({ ...pedidoDe(rows, otro), Fila: otro.Fila }).toEqual(otro);
    }
  });

  it("drops a deleted order and numbers the rest consecutively", async () => {
    const token = await login(t.app, "EKU9003173C9", "Proveedor");
    const antes = await read(token);
    const borrado = antes[0] as PedidoRow;
    const donde = and(eq(erpPedidos.bd, borrado.BD), eq(erpPedidos.docNum, borrado.DocNum));
    const [doc] = await t.tdb.db.delete(erpPedidos).where(donde).returning({ docEntry: erpPedidos.docEntry });
    await t.tdb.db
      .delete(erpPedidoLineas)
      .where(and(eq(erpPedidoLineas.bd, borrado.BD), eq(erpPedidoLineas.docEntry, doc!.docEntry)));
    const despues = await read(token);
    expect(despues).toHaveLength(antes.length - 1);
    expect(pedidoDe(despues, borrado)).toBeUndefined();
    expect(despues.map((r) => r.Fila)).toEqual(despues.map((_, i) => i + 1));
  });
});
