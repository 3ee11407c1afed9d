import { buildPostFacturaPayload, readConceptos, readInvoice } from "@portal/cfdi";
import { CFDI_PRUEBA_MSG, FACTURA_PARTES_MSG, FACTURA_PEDIDO_MSG, MSG } from "@portal/contracts";
import { createErpPedido } from "@portal/db/factories";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entradaKemper, KEMPER, PNG64 } from "./factura-prueba";
import { createTestApp, loginTodos, type TestApp, withToken } from "./helpers";

/**
 * Issue 42: 'Generar CFDI de prueba' for a part — chosen lines of a goods receipt (decision 074) and service lines of
 * purchase orders (decision 076). The CFDI has one concept per chosen line (item code, quantity) and the totals the
 * registration computes for that part: postFactura with Lineas and postFacturaPedido register it. Lines that are not
 * the supplier's, not open, or quantities over what is left are refused in Spanish, with no CFDI.
 */

interface Generado {
  UUID: string;
  XML: { nombre: string; base64: string };
  PDF: { nombre: string; base64: string };
}

let t: TestApp;
const tokens = { kemper: "", berenice: "" };
beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await loginTodos(t.app));
}, 60_000);
afterAll(async () => t?.close());

const call = (token: string, url: string, payload: unknown) =>
  t.app.inject(withToken(token, { method: "POST", url, payload: payload as object }));
const generate = (body: Record<string, unknown>, token = tokens.kemper) =>
  call(token, "/api/cfdiPrueba/postCfdiPrueba", body);
const xmlOf = (g: Generado) => Buffer.from(g.XML.base64, "base64").toString("utf8");

/** The body the browser sends for the generated files (buildPostFacturaPayload, the web's own mapping). */
function payloadDe(g: Generado, entradas: number[]) {
  const read = readInvoice(xmlOf(g));
  if (!read.ok) throw new Error(read.errors.join(" "));
  return buildPostFacturaPayload(read.data, {
    RazonSocial: "SBO_MCI",
    EntradaMercancia: entradas,
    archivos: {
      pdf: { name: g.PDF.nombre, base64: g.PDF.base64 },
      xml: { name: g.XML.nombre, base64: g.XML.base64 },
      recepcion: { name: "recepcion.png", base64: PNG64 },
    },
  });
}

/** A receipt with prices that do not divide evenly and a header discount (the part's rounding is exercised). */
const receipt = () =>
  entradaKemper(t.tdb.db, {
    descuento: "10.00",
    lineas: [
      { itemCode: "ART-7", itemName: "Tornillo", quantity: "7", priceBefDi: "33.33" },
      { itemCode: "ART-3", itemName: "Tuerca", quantity: "3", priceBefDi: "12.50" },
    ],
  });

/** An order of Kemper in SBO_MCI with two service lines and, when asked, an inventory line. */
const pedido = (cardCode = "P00001") =>
  createErpPedido(t.tdb.db, {
    bd: "SBO_MCI",
    cardCode,
    cardName: KEMPER.nombre,
    peyMethod: "03",
    mainUsage: "G03",
    groupNum: 0,
    docDate: "2026-11-10",
    lineas: [
      { itemCode: "SRV-1", itemName: "Mantenimiento", uomCode: "SRV", priceBefDi: "1000.00", servicio: true },
      { itemCode: "SRV-2", itemName: "Asesoría", uomCode: "SRV", quantity: "3", priceBefDi: "333.33", servicio: true },
      { itemCode: "ART-1", quantity: "2", priceBefDi: "50.00" },
    ],
  });

describe("CFDI de prueba de una parte de una entrada", () => {
  it("has one concept per chosen line and registers through postFactura with those Lineas", async () => {
    const e = await receipt();
    const Lineas = [
      { EntradaDocEntry: e.docEntry, LineNum: 0, Cantidad: "3" },
      { EntradaDocEntry: e.docEntry, LineNum: 1, Cantidad: "1" },
    ];
    const res = await generate({
      Tipo: "factura",
      RazonSocial: "SBO_MCI",
      EntradaMercancia: [e.docNum],
      EntradaDocEntry: [e.docEntry],
      Lineas,
    });
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json().data as Generado;
    expect(res.json().message).toBe(CFDI_PRUEBA_MSG.generado(g.UUID));
    expect(readConceptos(xmlOf(g)).map((c) => [c.noIdentificacion, c.cantidad])).toEqual([
      ["ART-7", "3"],
      ["ART-3", "1"],
    ]);
    // Less than the whole receipt: the whole would not match it.
    const total = Number(payloadDe(g, [e.docNum]).Total);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(Number(e.docTotal));
    const registered = await call(tokens.kemper, "/api/facturas/postFactura", {
      ...payloadDe(g, [e.docNum]),
      EntradaDocEntry: e.docEntry,
      Lineas,
    });
    expect(registered.json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
  });

  it("refuses quantities over what is left and lines the receipt does not have, with no CFDI", async () => {
    const e = await receipt();
    const res = await generate({
      Tipo: "factura",
      RazonSocial: "SBO_MCI",
      EntradaMercancia: [e.docNum],
      EntradaDocEntry: [e.docEntry],
      Lineas: [
        { EntradaDocEntry: e.docEntry, LineNum: 0, Cantidad: "8" },
        { EntradaDocEntry: e.docEntry, LineNum: 5, Cantidad: "1" },
      ],
    });
    expect(res.json()).toEqual({
      status: "error",
      message: [
        FACTURA_PARTES_MSG.cantidadExcedeAbierta(e.docNum, 0, "8", "7"),
        FACTURA_PARTES_MSG.lineaNoExiste(e.docNum, 5),
      ].join("\n"),
    });
    expect(res.body).not.toContain("base64");
  });
});

describe("CFDI de prueba de servicios de pedidos", () => {
  it("bills service lines of two orders; postFacturaPedido registers it; what is left shrinks", async () => {
    const [a, b] = [await pedido(), await pedido()];
    const LineasPedido = [
      { PedidoDocEntry: a.docEntry, LineNum: 0, Cantidad: "0.6" },
      { PedidoDocEntry: a.docEntry, LineNum: 1, Cantidad: "2" },
      { PedidoDocEntry: b.docEntry, LineNum: 1, Cantidad: "1" },
    ];
    const res = await generate({ Tipo: "servicios", RazonSocial: "SBO_MCI", LineasPedido });
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json().data as Generado;
    expect(readConceptos(xmlOf(g)).map((c) => [c.noIdentificacion, c.cantidad])).toEqual([
      ["SRV-1", "0.6"],
      ["SRV-2", "2"],
      ["SRV-2", "1"],
    ]);
    const { EntradaMercancia: _e, ...body } = payloadDe(g, [0]) as Record<string, unknown>;
    const registered = await call(tokens.kemper, "/api/facturas/postFacturaPedido", { ...body, LineasPedido });
    expect(registered.json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
    const abiertos = (await call(tokens.kemper, "/api/facturas/getPedidosPorFacturar", { BD: "SBO_MCI" })).json()
      .data as { DocEntry: number; Lineas: { LineNum: number; PorFacturar: string }[] }[];
    expect(abiertos.find((p) => p.DocEntry === a.docEntry)?.Lineas.map((l) => [l.LineNum, l.PorFacturar])).toEqual([
      [0, "0.4"],
      [1, "1"],
    ]);
  });

  it("refuses another's order, an inventory line, a quantity over what is left, a missing LineasPedido", async () => {
    const propio = await pedido();
    const ajeno = await pedido("P00002");
    const res = await generate({
      Tipo: "servicios",
      RazonSocial: "SBO_MCI",
      LineasPedido: [
        { PedidoDocEntry: propio.docEntry, LineNum: 0, Cantidad: "1.5" },
        { PedidoDocEntry: propio.docEntry, LineNum: 2, Cantidad: "1" },
        { PedidoDocEntry: ajeno.docEntry, LineNum: 0, Cantidad: "1" },
      ],
    });
    expect(res.json()).toEqual({
      status: "error",
      message: [
        FACTURA_PEDIDO_MSG.pedidoNoEncontrado(ajeno.docEntry),
        FACTURA_PEDIDO_MSG.cantidadExcedeAbierta(propio.docNum, 0, "1.5", "1"),
        FACTURA_PEDIDO_MSG.lineaNoServicio(propio.docNum, 2, "Papel bond carta 75 g (caja con 10 paquetes)"),
      ].join("\n"),
    });
    const sinLineas = await generate({ Tipo: "servicios", RazonSocial: "SBO_MCI" });
    expect(sinLineas.json()).toEqual({
      status: "error",
      message: CFDI_PRUEBA_MSG.campoRequerido("LineasPedido", "servicios"),
    });
  });

  it("refuses a closed order", async () => {
    const cerrado = await createErpPedido(t.tdb.db, {
      bd: "SBO_MCI",
      cardCode: "P00001",
      docStatus: "C",
      lineas: [{ itemCode: "SRV-1", priceBefDi: "1000.00", servicio: true }],
    });
    const res = await generate({
      Tipo: "servicios",
      RazonSocial: "SBO_MCI",
      LineasPedido: [{ PedidoDocEntry: cerrado.docEntry, LineNum: 0, Cantidad: "1" }],
    });
    expect(res.json()).toEqual({ status: "error", message: FACTURA_PEDIDO_MSG.pedidoCerrado(cerrado.docNum) });
  });
});
