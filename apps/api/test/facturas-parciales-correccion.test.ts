import { randomUUID } from "node:crypto";
import { issueTestFactura } from "@portal/cfdi/sello";
import { FACTURA_PARTES_MSG, FACTURA_PEDIDO_MSG, MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { createErpPedido } from "@portal/db/factories";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entradaKemper, facturaPrueba, KEMPER, payloadFactura } from "./factura-prueba";
import { createTestApp, loginTodos, type TestApp, withToken } from "./helpers";

/**
 * Decision 077: invoices billing part of a receipt (decision 074) or service lines of purchase orders (decision 076)
 * are corrected (patchfactura) like whole-receipt invoices — compared with the part they bill, taking its quantities
 * again when a Rechazada goes back to Pendiente, refused in words when another invoice took them, one of two
 * simultaneous corrections winning — and an accepted one is replaced by a CFDI with TipoRelacion 04 billing the same
 * lines and quantities, which takes over its A/P invoice and its quantities in the acceptance's transaction.
 */
let t: TestApp;
const tokens = { admin: "", kemper: "" };
beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await loginTodos(t.app));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Doc = { docNum: number; docEntry: number };

const call = (token: string, method: "POST" | "PATCH", url: string, payload: unknown) =>
  t.app.inject(withToken(token, { method, url, payload: payload as object }));
const factura = async (id: number) =>
  (await t.tdb.db.select().from(schema.facturas).where(eq(schema.facturas.id, id)))[0]!;
const porUuid = async (uuid: string) =>
  (await t.tdb.db.select().from(schema.facturas).where(eq(schema.facturas.uuid, uuid.toUpperCase())))[0]!;
const decide = async (id: number, Estatus: "A" | "R") => {
  const f = await factura(id);
  return call(tokens.admin, "PATCH", "/api/facturasPendientes/patchfactura", [
    { Factura: f.id, Estatus, Comentarios: "Revisada", BD: f.bd, Version: f.version },
  ]);
};
/** The quantity Pendiente/Aceptada invoices hold of each line of a base document (the database's counter). */
const held = async (baseType: 20 | 22, baseEntry: number) =>
  (
    await t.tdb.db
      .select()
      .from(schema.lineasBaseFacturadas)
      .where(
        and(
          eq(schema.lineasBaseFacturadas.bd, "SBO_MCI"),
          eq(schema.lineasBaseFacturadas.baseType, baseType),
          eq(schema.lineasBaseFacturadas.baseEntry, baseEntry),
        ),
      )
      .orderBy(schema.lineasBaseFacturadas.baseLine)
  ).map((h) => Number(h.cantidadFacturada));
const lineasActivas = async (facturaId: number) =>
  (await t.tdb.db.select().from(schema.facturaLineas).where(eq(schema.facturaLineas.facturaId, facturaId))).map(
    (l) => l.activa,
  );
const trabajos = (facturaId: number, tipo: string) =>
  t.tdb.db
    .select()
    .from(schema.erpTrabajos)
    .where(and(eq(schema.erpTrabajos.facturaId, facturaId), eq(schema.erpTrabajos.tipo, tipo)));
const apDe = async (portalId: number) =>
  (
    await t.tdb.db
      .select()
      .from(schema.erpFacturas)
      .where(and(eq(schema.erpFacturas.portalId, portalId), ne(schema.erpFacturas.canceled, "C")))
  )[0];

/** A receipt of Kemper: 10 units at 100.00. */
const receipt = async (): Promise<Doc> => {
  const e = await entradaKemper(t.tdb.db, { lineas: [{ quantity: "10", priceBefDi: "100.00" }] });
  return { docNum: e.docNum, docEntry: e.docEntry };
};
/** An order of Kemper in SBO_MCI with one service line (1 × 1,000.00). */
const pedido = async (): Promise<Doc> =>
  createErpPedido(t.tdb.db, {
    bd: "SBO_MCI",
    cardCode: "P00001",
    cardName: KEMPER.nombre,
    peyMethod: "03",
    mainUsage: "G03",
    groupNum: 0,
    docDate: "2026-11-10",
    lineas: [
      {
        itemCode: "SRV-0001",
        itemName: "Mantenimiento preventivo",
        uomCode: "SRV",
        priceBefDi: "1000.00",
        servicio: true,
      },
    ],
  });

/** A CFDI of `neto` (IVA 16 %), replacing `sustituye` (TipoRelacion 04) when given; its UUID. */
function cfdi(folio: string, neto: number, sustituye?: string) {
  const uuid = randomUUID().toUpperCase();
  const xml = issueTestFactura(
    facturaPrueba({
      folio,
      uuid,
      subtotal: neto.toFixed(2),
      iva: (Math.round(neto * 16) / 100).toFixed(2),
      ...(sustituye ? { cfdiRelacionados: [{ TipoRelacion: "04", UUIDs: [sustituye] }] } : {}),
    }),
  );
  return { xml, uuid };
}
/** postFactura of `unidades` units of the receipt's line 0 (100.00 each). */
async function postParte(e: Doc, folio: string, unidades: number, sustituye?: string) {
  const { xml, uuid } = cfdi(folio, unidades * 100, sustituye);
  const res = await call(
    tokens.kemper,
    "POST",
    "/api/facturas/postFactura",
    payloadFactura(xml, e.docNum, {
      EntradaDocEntry: e.docEntry,
      Lineas: [{ EntradaDocEntry: e.docEntry, LineNum: 0, Cantidad: String(unidades) }],
    }),
  );
  return { res, uuid };
}
/** postFacturaPedido of `cantidad` of the order's service line (1,000.00 a unit). */
async function postPedido(p: Doc, folio: string, cantidad: number, sustituye?: string) {
  const { xml, uuid } = cfdi(folio, cantidad * 1000, sustituye);
  const { EntradaMercancia: _e, ...body } = payloadFactura(xml, 0) as Record<string, unknown>;
  const res = await call(tokens.kemper, "POST", "/api/facturas/postFacturaPedido", {
    ...body,
    LineasPedido: [{ PedidoDocEntry: p.docEntry, LineNum: 0, Cantidad: String(cantidad) }],
  });
  return { res, uuid };
}
/** patchfactura of invoice `id` (whose list 'Entrada' is `docNum`) with a new CFDI of `neto`. */
function corregir(id: number, docNum: number, folio: string, neto: number) {
  const { xml } = cfdi(folio, neto);
  return call(tokens.kemper, "PATCH", "/api/facturas/patchfactura", {
    ...payloadFactura(xml, docNum),
    IdFactura: id,
    BD: "SBO_MCI",
  });
}
const registrada = { status: "success", message: MSG.facturaRegistrada };

describe("corrección de una factura de servicios de un pedido (patchfactura)", () => {
  it("a rejected order invoice corrected with a CFDI for the same part goes back to Pendiente and holds it again", async () => {
    const p = await pedido();
    const { res, uuid } = await postPedido(p, "CP-60", 0.6);
    expect(res.json()).toEqual(registrada);
    const id = (await porUuid(uuid)).id;
    expect((await decide(id, "R")).json().status).toBe("success");
    expect(await held(22, p.docEntry)).toEqual([0]);

    // A CFDI for another amount than the part it bills: the update form's total rule, nothing saved.
    const otra = await corregir(id, p.docNum, "CP-60", 700);
    expect(otra.statusCode).toBe(400);
    expect(otra.json().message).toContain("El total de la entrada no es el mismo del XML");
    expect((await factura(id)).estatus).toBe("R");

    expect((await corregir(id, p.docNum, "CP-60", 600)).json()).toEqual({
      status: "success",
      message: MSG.facturaActualizada("CP-60"),
    });
    expect(await factura(id)).toMatchObject({ estatus: "P", folio: "CP-60" });
    expect(await held(22, p.docEntry)).toEqual([0.6]);
    expect(await lineasActivas(id)).toEqual([true]);
  });

  it("refused in words, nothing saved, when another invoice took the quantity meanwhile", async () => {
    const p = await pedido();
    const primera = await postPedido(p, "CP-A", 1);
    const id = (await porUuid(primera.uuid)).id;
    expect((await decide(id, "R")).json().status).toBe("success");
    expect((await postPedido(p, "CP-B", 0.5)).res.json()).toEqual(registrada);
    const antes = await factura(id);

    const res = await corregir(id, p.docNum, "CP-A", 1000);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(FACTURA_PEDIDO_MSG.cantidadYaFacturada(p.docNum));
    const despues = await factura(id);
    expect(despues).toMatchObject({ estatus: "R", version: antes.version, uuid: antes.uuid });
    expect(await held(22, p.docEntry)).toEqual([0.5]);
  });

  it("two simultaneous corrections for the same last quantity: exactly one wins, the other reads why", async () => {
    const p = await pedido();
    const ids: number[] = [];
    for (const folio of ["CP-S1", "CP-S2"]) {
      const { res, uuid } = await postPedido(p, folio, 1);
      expect(res.json()).toEqual(registrada);
      ids.push((await porUuid(uuid)).id);
      expect((await decide(ids.at(-1)!, "R")).json().status).toBe("success");
    }
    const [a, b] = await Promise.all([
      corregir(ids[0]!, p.docNum, "CP-S1", 1000),
      corregir(ids[1]!, p.docNum, "CP-S2", 1000),
    ]);
    expect([a, b].map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const perdedora = [a, b].find((r) => r.statusCode === 409)!;
    expect(perdedora.json().message).toBe(FACTURA_PEDIDO_MSG.cantidadYaFacturada(p.docNum));
    expect((await Promise.all(ids.map(factura))).map((f) => f.estatus).sort()).toEqual(["P", "R"]);
    expect(await held(22, p.docEntry)).toEqual([1]);
  });

  it("two simultaneous corrections of receipt parts for the same last units: exactly one wins", async () => {
    const e = await receipt();
    const ids: number[] = [];
    for (const folio of ["CE-S1", "CE-S2"]) {
      const { res, uuid } = await postParte(e, folio, 6);
      expect(res.json()).toEqual(registrada);
      ids.push((await porUuid(uuid)).id);
      expect((await decide(ids.at(-1)!, "R")).json().status).toBe("success");
    }
    const [a, b] = await Promise.all([
      corregir(ids[0]!, e.docNum, "CE-S1", 600),
      corregir(ids[1]!, e.docNum, "CE-S2", 600),
    ]);
    expect([a, b].map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe(
      FACTURA_PARTES_MSG.cantidadYaFacturada(e.docNum),
    );
    expect(await held(20, e.docEntry)).toEqual([6]);
  });
});

describe("sustitución (TipoRelacion 04) de una factura aceptada que factura una parte", () => {
  it("of a receipt part: same lines and quantities register and take over the A/P invoice; others are refused", async () => {
    const e = await receipt();
    const vieja = await postParte(e, "SP-4", 4);
    expect(vieja.res.json()).toEqual(registrada);
    const viejaId = (await porUuid(vieja.uuid)).id;
    expect((await decide(viejaId, "A")).json().status).toBe("success");
    await t.app.services.erpOutbox.flush();
    const ap = await apDe(viejaId);
    expect(ap).toBeDefined();
    expect(await held(20, e.docEntry)).toEqual([4]);

    // Other quantities: refused naming what the replaced invoice bills.
    const distinta = await postParte(e, "SP-5", 5, vieja.uuid);
    expect(distinta.res.statusCode).toBe(400);
    expect(distinta.res.json().message).toContain(
      FACTURA_PARTES_MSG.sustitutaDistintaParcial(
        "SP-4",
        vieja.uuid,
        FACTURA_PARTES_MSG.lineasDeDocumento(false, e.docNum, FACTURA_PARTES_MSG.lineaConCantidad(0, "4")),
        "464.00",
        "MXN",
      ),
    );

    const nueva = await postParte(e, "SP-4B", 4, vieja.uuid);
    expect(nueva.res.json()).toEqual(registrada);
    const s = await porUuid(nueva.uuid);
    expect(s).toMatchObject({ sustituyeAId: viejaId, estatus: "P", parcial: true });
    // While Pendiente the replaced invoice still holds the 4 units.
    expect(await lineasActivas(s.id)).toEqual([false]);
    expect(await held(20, e.docEntry)).toEqual([4]);

    expect((await decide(s.id, "A")).json().status).toBe("success");
    expect(await factura(viejaId)).toMatchObject({ sustituidaPorId: s.id, estatus: "A" });
    expect(await lineasActivas(viejaId)).toEqual([false]);
    expect(await lineasActivas(s.id)).toEqual([true]);
    expect(await held(20, e.docEntry)).toEqual([4]);
    expect(await trabajos(s.id, "crear_factura")).toEqual([]);
    await t.app.services.erpOutbox.flush();
    expect(await apDe(s.id)).toMatchObject({ docEntry: ap!.docEntry, uuid: nueva.uuid });
  });

  it("of order lines: registers although the A/P invoice closed the order; acceptance moves the quantity", async () => {
    const p = await pedido();
    const vieja = await postPedido(p, "SS-1", 1);
    const viejaId = (await porUuid(vieja.uuid)).id;
    expect((await decide(viejaId, "A")).json().status).toBe("success");
    await t.app.services.erpOutbox.flush();
    const ap = await apDe(viejaId);
    expect(ap).toBeDefined();

    // A CFDI for the same order without TipoRelacion 04 finds nothing left to bill.
    const sinRelacion = await postPedido(p, "SS-X", 1);
    expect(sinRelacion.res.statusCode).toBe(400);
    expect(sinRelacion.res.json().message).toContain(FACTURA_PEDIDO_MSG.pedidoCerrado(p.docNum));
    const parcial = await postPedido(p, "SS-H", 0.5, vieja.uuid);
    expect(parcial.res.json().message).toContain(
      FACTURA_PARTES_MSG.sustitutaDistintaParcial(
        "SS-1",
        vieja.uuid,
        FACTURA_PARTES_MSG.lineasDeDocumento(true, p.docNum, FACTURA_PARTES_MSG.lineaConCantidad(0, "1")),
        "1160.00",
        "MXN",
      ),
    );

    const nueva = await postPedido(p, "SS-2", 1, vieja.uuid);
    expect(nueva.res.json()).toEqual(registrada);
    const s = await porUuid(nueva.uuid);
    expect(s).toMatchObject({ sustituyeAId: viejaId, pedido: true, estatus: "P" });
    expect(await held(22, p.docEntry)).toEqual([1]);
    expect((await decide(s.id, "A")).json().status).toBe("success");
    expect(await lineasActivas(viejaId)).toEqual([false]);
    expect(await lineasActivas(s.id)).toEqual([true]);
    expect(await held(22, p.docEntry)).toEqual([1]);
    await t.app.services.erpOutbox.flush();
    expect(await trabajos(s.id, "sustituir_cfdi")).toMatchObject([{ estado: "hecho" }]);
    expect(await apDe(s.id)).toMatchObject({ docEntry: ap!.docEntry, uuid: nueva.uuid });
  });
});
