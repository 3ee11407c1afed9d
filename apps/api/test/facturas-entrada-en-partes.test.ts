import { issueTestFactura } from "@portal/cfdi/sello";
import { FACTURA_PARTES_MSG, MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entradaKemper, facturaPrueba, payloadFactura } from "./factura-prueba";
import { createTestApp, loginTodos, type TestApp, withToken } from "./helpers";

/**
 * Issue 42 part 3 (decision 074): a receipt billed in parts. A receipt of 10 units at 100.00 (1,000.00 + IVA 160.00)
 * is billed 4 + 6 by two CFDI; a third is refused; of two simultaneous uploads for the last 6 exactly one wins; a
 * rejection gives its quantity back; the A/P invoice copies exactly the billed quantities and the receipt stays open
 * for the rest, closing with the last.
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

interface Fila {
  IdFactura: number;
  FolioFactura: string;
  EstatusFactura: string;
  BD: string;
  Version: number;
  Entrada: number;
}

const call = (token: string, method: "POST" | "PATCH", url: string, payload: unknown) =>
  t.app.inject(withToken(token, { method, url, payload: payload as object }));
const pendientes = async (): Promise<Fila[]> =>
  (await call(tokens.admin, "POST", "/api/facturasPendientes/getFacturas", {})).json().data;
const decide = (f: Fila, Estatus: "A" | "R" | "P", Comentarios = "Revisada") =>
  call(tokens.admin, "PATCH", "/api/facturasPendientes/patchfactura", [
    { Factura: f.IdFactura, Estatus, Comentarios, BD: f.BD, Version: f.Version },
  ]);

/** A receipt of 10 units at 100.00 (and, when asked, a second line of 2 units at 50.00). */
async function receipt(dosLineas = false) {
  const lineas = [
    { quantity: "10", priceBefDi: "100.00" },
    ...(dosLineas ? [{ quantity: "2", priceBefDi: "50.00" }] : []),
  ];
  const e = await entradaKemper(t.tdb.db, { lineas });
  return { docNum: e.docNum, docEntry: e.docEntry };
}

/** The postFactura of a CFDI for `unidades` units of line 0 (100.00 each, IVA 16 %). */
function partial(e: { docNum: number; docEntry: number }, folio: string, unidades: number) {
  const subtotal = (unidades * 100).toFixed(2);
  const iva = (unidades * 16).toFixed(2);
  const xml = issueTestFactura(facturaPrueba({ folio, subtotal, iva }));
  return payloadFactura(xml, e.docNum, {
    EntradaDocEntry: e.docEntry,
    Lineas: [{ EntradaDocEntry: e.docEntry, LineNum: 0, Cantidad: String(unidades) }],
  });
}
const post = (body: unknown) => call(tokens.kemper, "POST", "/api/facturas/postFactura", body);
/** patchfactura of invoice `id` with a new CFDI for `unidades` units of line 0 (the same folio). */
function correct(id: number, e: { docNum: number }, folio: string, unidades: number) {
  const xml = issueTestFactura(
    facturaPrueba({ folio, subtotal: (unidades * 100).toFixed(2), iva: (unidades * 16).toFixed(2) }),
  );
  return call(tokens.kemper, "PATCH", "/api/facturas/patchfactura", {
    ...payloadFactura(xml, e.docNum),
    IdFactura: id,
    BD: "SBO_MCI",
  });
}
const ok = { status: "success", message: MSG.facturaRegistrada };

const lineasEntrada = (docEntry: number) =>
  t.tdb.db
    .select({ lineNum: schema.erpEntradaLineas.lineNum, openQty: schema.erpEntradaLineas.openQty })
    .from(schema.erpEntradaLineas)
    .where(and(eq(schema.erpEntradaLineas.bd, "SBO_MCI"), eq(schema.erpEntradaLineas.docEntry, docEntry)))
    .orderBy(schema.erpEntradaLineas.lineNum);
const estadoEntrada = async (docEntry: number) =>
  (
    await t.tdb.db
      .select({ docStatus: schema.erpEntradas.docStatus })
      .from(schema.erpEntradas)
      .where(and(eq(schema.erpEntradas.bd, "SBO_MCI"), eq(schema.erpEntradas.docEntry, docEntry)))
  )[0]?.docStatus;
const lineasAp = async (portalId: number) => {
  const [ap] = await t.tdb.db
    .select()
    .from(schema.erpFacturas)
    .where(and(eq(schema.erpFacturas.portalId, portalId), ne(schema.erpFacturas.canceled, "C")));
  if (!ap) return [];
  return (
    await t.tdb.db
      .select()
      .from(schema.erpFacturaLineas)
      .where(and(eq(schema.erpFacturaLineas.bd, ap.bd), eq(schema.erpFacturaLineas.docEntry, ap.docEntry)))
  ).map((l) => [l.baseType, l.baseEntry, l.baseLine, Number(l.quantity), l.lineTotal]);
};
const filaDe = async (folio: string) => (await pendientes()).find((f) => f.FolioFactura === folio)!;
const porFacturar = async (docEntry: number) => {
  const res = await call(tokens.kemper, "POST", "/api/facturas/getEntradas", { BD: "SBO_MCI", tipo: "Nuevo" });
  const e = (res.json().data as { DocEntry: number; Lineas?: { PorFacturar: string }[] }[]).find(
    (x) => x.DocEntry === docEntry,
  );
  return e ? e.Lineas?.map((l) => l.PorFacturar) : null;
};

describe("una entrada facturada en partes", () => {
  it("10 units billed 4 + 6 by two CFDI; a third is refused; the A/P invoices copy 4 and 6; the receipt closes with the last", async () => {
    const e = await receipt();
    expect((await post(partial(e, "EP-4", 4))).json()).toEqual(ok);
    expect(await porFacturar(e.docEntry)).toEqual(["6"]);
    expect((await post(partial(e, "EP-6", 6))).json()).toEqual(ok);
    // Nothing left: the receipt is no longer offered, and a third CFDI is refused.
    expect(await porFacturar(e.docEntry)).toBeNull();
    const tercera = await post(partial(e, "EP-1", 1));
    expect(tercera.statusCode).toBe(400);
    expect(tercera.json().message).toBe(FACTURA_PARTES_MSG.cantidadExcedeAbierta(e.docNum, 0, "1", "0"));
    // A whole-receipt CFDI is refused too, in words.
    const completa = await post(payloadFactura(issueTestFactura(facturaPrueba({ folio: "EP-T" })), e.docNum));
    expect(completa.json().message).toContain(FACTURA_PARTES_MSG.entradaFacturadaEnPartes(e.docNum));
    // A whole-receipt invoice's row carries no lines.
    const otra = await receipt();
    expect(
      (await post(payloadFactura(issueTestFactura(facturaPrueba({ folio: "EP-C" })), otra.docNum))).json(),
    ).toEqual(ok);
    const completas = (await call(tokens.kemper, "POST", "/api/facturas/getFacturas", {})).json().data as {
      FolioFactura: string;
      LineasFacturadas: unknown;
    }[];
    expect(completas.find((f) => f.FolioFactura === "EP-C")?.LineasFacturadas).toBeNull();

    // Accepted: the first A/P invoice copies 4 units and the receipt stays open with 6.
    const f4 = await filaDe("EP-4");
    expect((await decide(f4, "A")).json().status).toBe("success");
    await t.app.services.erpOutbox.flush();
    expect(await lineasAp(f4.IdFactura)).toEqual([[20, e.docEntry, 0, 4, "400.00"]]);
    expect((await lineasEntrada(e.docEntry)).map((l) => Number(l.openQty))).toEqual([6]);
    expect(await estadoEntrada(e.docEntry)).toBe("O");
    // The supplier's list says which line and how much each invoice bills; the receipts list, what is left.
    const filas = (await call(tokens.kemper, "POST", "/api/facturas/getFacturas", {})).json().data as {
      IdFactura: number;
      LineasFacturadas: unknown;
    }[];
    expect(filas.find((f) => f.IdFactura === f4.IdFactura)?.LineasFacturadas).toEqual([
      {
        Entrada: e.docNum,
        EntradaDocEntry: e.docEntry,
        LineNum: 0,
        ItemCode: expect.any(String),
        ItemName: expect.any(String),
        Cantidad: "4",
        CantidadLinea: "10",
        Importe: "400.00",
      },
    ]);
    const recibidas = (await call(tokens.kemper, "POST", "/api/entradasMercancia/getEntradasMercancia", {})).json()
      .data as { DocEntry: number; BD: string; DetalleEntradaMercancia: { OpenQty?: string }[] }[];
    const recibida = recibidas.find((r) => r.DocEntry === e.docEntry && r.BD === "SBO_MCI");
    expect(recibida?.DetalleEntradaMercancia.map((l) => Number(l.OpenQty))).toEqual([6]);
    const f6 = await filaDe("EP-6");
    expect((await decide(f6, "A")).json().status).toBe("success");
    await t.app.services.erpOutbox.flush();
    expect(await lineasAp(f6.IdFactura)).toEqual([[20, e.docEntry, 0, 6, "600.00"]]);
    expect((await lineasEntrada(e.docEntry)).map((l) => Number(l.openQty))).toEqual([0]);
    expect(await estadoEntrada(e.docEntry)).toBe("C");
  });

  it("two simultaneous uploads for the last 6: exactly one wins, the other reads why", async () => {
    const e = await receipt();
    expect((await post(partial(e, "SI-4", 4))).json()).toEqual(ok);
    const [a, b] = await Promise.all([post(partial(e, "SI-6A", 6)), post(partial(e, "SI-6B", 6))]);
    const ganadoras = [a, b].filter((r) => r.json().status === "success");
    expect(ganadoras).toHaveLength(1);
    const perdedora = [a, b].find((r) => r.json().status !== "success")!;
    expect([400, 409]).toContain(perdedora.statusCode);
    expect([
      FACTURA_PARTES_MSG.cantidadYaFacturada(e.docNum),
      FACTURA_PARTES_MSG.cantidadExcedeAbierta(e.docNum, 0, "6", "0"),
    ]).toContain(perdedora.json().message);
    const held = await t.tdb.db
      .select()
      .from(schema.lineasBaseFacturadas)
      .where(and(eq(schema.lineasBaseFacturadas.bd, "SBO_MCI"), eq(schema.lineasBaseFacturadas.baseEntry, e.docEntry)));
    expect(held.map((h) => Number(h.cantidadFacturada))).toEqual([10]);
  });

  it("a rejection gives the quantity back; bringing the rejected one back is refused once another took it", async () => {
    const e = await receipt();
    expect((await post(partial(e, "RL-6", 6))).json()).toEqual(ok);
    const f6 = await filaDe("RL-6");
    expect((await decide(f6, "R", "No corresponde")).json().status).toBe("success");
    expect(await porFacturar(e.docEntry)).toEqual(["10"]);
    expect((await post(partial(e, "RL-10", 10))).json()).toEqual(ok);
    const rechazada = (await pendientes()).find((f) => f.IdFactura === f6.IdFactura);
    // A Rechazada is not in the review list any more when it is not P; read its version from the table.
    const [row] = await t.tdb.db.select().from(schema.facturas).where(eq(schema.facturas.id, f6.IdFactura));
    const res = await decide({ ...f6, ...(rechazada ?? {}), Version: row!.version }, "P");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe([MSG.revisionError, FACTURA_PARTES_MSG.cantidadYaFacturada(e.docNum)].join("\n"));
    // The supplier's correction of the rejected one would take the quantity again: refused in words, nothing saved.
    const correccion = await correct(f6.IdFactura, e, "RL-6", 6);
    expect(correccion.statusCode).toBe(409);
    expect(correccion.json().message).toBe(FACTURA_PARTES_MSG.cantidadYaFacturada(e.docNum));
    const [sigue] = await t.tdb.db.select().from(schema.facturas).where(eq(schema.facturas.id, f6.IdFactura));
    expect(sigue?.estatus).toBe("R");
  });

  it("a rejected partial invoice corrected with a CFDI for the same part goes back to Pendiente and holds it again", async () => {
    const e = await receipt();
    expect((await post(partial(e, "CO-4", 4))).json()).toEqual(ok);
    const f4 = await filaDe("CO-4");
    expect((await decide(f4, "R", "Falta la orden de compra")).json().status).toBe("success");
    expect(await porFacturar(e.docEntry)).toEqual(["10"]);
    expect((await correct(f4.IdFactura, e, "CO-4", 4)).json()).toEqual({
      status: "success",
      message: MSG.facturaActualizada("CO-4"),
    });
    expect(await porFacturar(e.docEntry)).toEqual(["6"]);
    // A CFDI for another amount than the part it bills is refused by the update form's total rule.
    const otra = await correct(f4.IdFactura, e, "CO-4", 5);
    expect(otra.statusCode).toBe(400);
    expect(otra.json().message).toContain("El total de la entrada no es el mismo del XML");
  });

  it("the chosen part must match the CFDI: a CFDI for 4 units with 5 chosen is refused by the total", async () => {
    const e = await receipt(true);
    const body = partial(e, "TT-4", 4) as Record<string, unknown>;
    const res = await post({ ...body, Lineas: [{ EntradaDocEntry: e.docEntry, LineNum: 0, Cantidad: "5" }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("El total de la entrada no es el mismo del XML");
    // A line the receipt does not have, and a quantity beyond the line's.
    const malas = await post({
      ...body,
      Lineas: [
        { EntradaDocEntry: e.docEntry, LineNum: 0, Cantidad: "4" },
        { EntradaDocEntry: e.docEntry, LineNum: 7, Cantidad: "1" },
        { EntradaDocEntry: e.docEntry, LineNum: 1, Cantidad: "3" },
      ],
    });
    expect(malas.json().message).toContain(FACTURA_PARTES_MSG.lineaNoExiste(e.docNum, 7));
    expect(malas.json().message).toContain(FACTURA_PARTES_MSG.cantidadExcedeAbierta(e.docNum, 1, "3", "2"));
  });
});
