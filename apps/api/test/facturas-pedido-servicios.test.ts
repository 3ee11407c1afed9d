import { issueTestFactura } from "@portal/cfdi/sello";
import { addDays, expectedPaymentDate, FACTURA_PEDIDO_MSG, MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { createErpPedido } from "@portal/db/factories";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facturaPrueba, KEMPER, payloadFactura } from "./factura-prueba";
import { createTestApp, loginTodos, type TestApp, withToken } from "./helpers";

/**
 * Issue 42 part 2 (decision 076): services billed against the purchase order. An order of Kemper with one service
 * (maintenance, 1 unit at 1,000.00 + IVA 160.00) is billed 60 % (0.6) then 40 % (0.4) by two CFDI; a third is
 * refused as exceeding what is left; the A/P invoices copy the order line (BaseType 22) with those quantities and
 * the order closes with the last; one CFDI may bill two orders; an inventory line is refused.
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
  BD: string;
  Version: number;
}

const call = (token: string, method: "POST" | "PATCH", url: string, payload: unknown) =>
  t.app.inject(withToken(token, { method, url, payload: payload as object }));
const pendientes = async (): Promise<Fila[]> =>
  (await call(tokens.admin, "POST", "/api/facturasPendientes/getFacturas", {})).json().data;
const accept = (f: Fila) =>
  call(tokens.admin, "PATCH", "/api/facturasPendientes/patchfactura", [
    { Factura: f.IdFactura, Estatus: "A", Comentarios: "Revisada", BD: f.BD, Version: f.Version },
  ]);
const filaDe = async (folio: string) => (await pendientes()).find((f) => f.FolioFactura === folio)!;

/** An order of Kemper in SBO_MCI: a service line (1 × 1,000.00) and, when asked, an inventory line. */
const pedido = (conInventario = false, groupNum = 0) =>
  createErpPedido(t.tdb.db, {
    bd: "SBO_MCI",
    cardCode: "P00001",
    cardName: KEMPER.nombre,
    peyMethod: "03",
    mainUsage: "G03",
    groupNum,
    docDate: "2026-11-10",
    lineas: [
      {
        itemCode: "SRV-0001",
        itemName: "Mantenimiento preventivo",
        uomCode: "SRV",
        priceBefDi: "1000.00",
        servicio: true,
      },
      ...(conInventario ? [{ quantity: "2", priceBefDi: "50.00" }] : []),
    ],
  });
type Pedido = Awaited<ReturnType<typeof pedido>>;

/** postFacturaPedido of a CFDI billing `partes` (order, line, quantity at 1,000.00 a unit, IVA 16 %). */
function billing(
  folio: string,
  partes: { p: Pedido; linea?: number; cantidad: number; precio?: number }[],
  metodoPago: "PUE" | "PPD" = "PUE",
) {
  const neto = partes.reduce((s, x) => s + Math.round(x.cantidad * (x.precio ?? 1000) * 100), 0);
  const xml = issueTestFactura(
    facturaPrueba({
      folio,
      metodoPago,
      subtotal: (neto / 100).toFixed(2),
      iva: (Math.round(neto * 0.16) / 100).toFixed(2),
    }),
  );
  const { EntradaMercancia: _e, ...body } = payloadFactura(xml, 0) as Record<string, unknown>;
  return {
    ...body,
    LineasPedido: partes.map((x) => ({
      PedidoDocEntry: x.p.docEntry,
      LineNum: x.linea ?? 0,
      Cantidad: String(x.cantidad),
    })),
  };
}
const post = (body: unknown) => call(tokens.kemper, "POST", "/api/facturas/postFacturaPedido", body);
const ok = { status: "success", message: MSG.facturaRegistrada };

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
const estadoPedido = async (docEntry: number) => {
  const [p] = await t.tdb.db
    .select({ docStatus: schema.erpPedidos.docStatus })
    .from(schema.erpPedidos)
    .where(and(eq(schema.erpPedidos.bd, "SBO_MCI"), eq(schema.erpPedidos.docEntry, docEntry)));
  const lineas = await t.tdb.db
    .select({ openQty: schema.erpPedidoLineas.openQty })
    .from(schema.erpPedidoLineas)
    .where(and(eq(schema.erpPedidoLineas.bd, "SBO_MCI"), eq(schema.erpPedidoLineas.docEntry, docEntry)))
    .orderBy(schema.erpPedidoLineas.lineNum);
  return { docStatus: p?.docStatus, openQty: lineas.map((l) => Number(l.openQty)) };
};
const porFacturar = async (docEntry: number) => {
  const res = await call(tokens.kemper, "POST", "/api/facturas/getPedidosPorFacturar", { BD: "SBO_MCI" });
  const p = (res.json().data as { DocEntry: number; PorFacturar: string; Lineas: { PorFacturar: string }[] }[]).find(
    (x) => x.DocEntry === docEntry,
  );
  return p ? { importe: p.PorFacturar, lineas: p.Lineas.map((l) => l.PorFacturar) } : null;
};

describe("un servicio facturado contra su pedido", () => {
  it("bills the order 60 % then 40 % in two CFDI, refuses a third, and the A/P invoices copy the order line", async () => {
    const p = await pedido();
    expect(await porFacturar(p.docEntry)).toEqual({ importe: "1000.00", lineas: ["1"] });
    expect((await post(billing("PS-60", [{ p, cantidad: 0.6 }]))).json()).toEqual(ok);
    expect(await porFacturar(p.docEntry)).toEqual({ importe: "400.00", lineas: ["0.4"] });
    expect((await post(billing("PS-40", [{ p, cantidad: 0.4 }]))).json()).toEqual(ok);
    expect(await porFacturar(p.docEntry)).toBeNull();

    const tercera = await post(billing("PS-10", [{ p, cantidad: 0.1 }]));
    expect(tercera.statusCode).toBe(400);
    expect(tercera.json().message).toBe(FACTURA_PEDIDO_MSG.cantidadExcedeAbierta(p.docNum, 0, "0.1", "0"));

    // The supplier's list: each invoice bills the order's line, with its quantity.
    const filas = (await call(tokens.kemper, "POST", "/api/facturas/getFacturas", {})).json().data as {
      FolioFactura: string;
      LineasFacturadas: { Entrada: number; Cantidad: string; Importe: string }[] | null;
    }[];
    expect(filas.find((f) => f.FolioFactura === "PS-60")?.LineasFacturadas).toEqual([
      expect.objectContaining({ Entrada: p.docNum, Cantidad: "0.6", Importe: "600.00", Pedido: true }),
    ]);

    const f60 = await filaDe("PS-60");
    expect((await accept(f60)).json().status).toBe("success");
    await t.app.services.erpOutbox.flush();
    expect(await lineasAp(f60.IdFactura)).toEqual([[22, p.docEntry, 0, 0.6, "600.00"]]);
    expect(await estadoPedido(p.docEntry)).toEqual({ docStatus: "O", openQty: [0.4] });

    const f40 = await filaDe("PS-40");
    expect((await accept(f40)).json().status).toBe("success");
    await t.app.services.erpOutbox.flush();
    expect(await lineasAp(f40.IdFactura)).toEqual([[22, p.docEntry, 0, 0.4, "400.00"]]);
    expect(await estadoPedido(p.docEntry)).toEqual({ docStatus: "C", openQty: [0] });
  });

  it("one CFDI bills two orders; a CFDI whose total is not the chosen part's is refused", async () => {
    const a = await pedido();
    const b = await pedido();
    const mal = billing("PS-MAL", [{ p: a, cantidad: 0.5 }]);
    const conOtroTotal = { ...billing("PS-MAL", [{ p: a, cantidad: 0.7 }]), LineasPedido: mal.LineasPedido };
    const rechazada = await post(conOtroTotal);
    expect(rechazada.statusCode).toBe(400);
    expect(rechazada.json().message).toContain("El total de la entrada no es el mismo del XML");

    expect(
      (
        await post(
          billing("PS-AB", [
            { p: a, cantidad: 1 },
            { p: b, cantidad: 0.25 },
          ]),
        )
      ).json(),
    ).toEqual(ok);
    expect(await porFacturar(a.docEntry)).toBeNull();
    expect(await porFacturar(b.docEntry)).toEqual({ importe: "750.00", lineas: ["0.75"] });
    const fab = await filaDe("PS-AB");
    expect((await accept(fab)).json().status).toBe("success");
    await t.app.services.erpOutbox.flush();
    expect(await lineasAp(fab.IdFactura)).toEqual([
      [22, a.docEntry, 0, 1, "1000.00"],
      [22, b.docEntry, 0, 0.25, "250.00"],
    ]);
  });

  it("two simultaneous uploads for the whole service: exactly one wins, the other reads why", async () => {
    const p = await pedido();
    const [a, b] = await Promise.all([
      post(billing("PS-SIM-A", [{ p, cantidad: 1 }])),
      post(billing("PS-SIM-B", [{ p, cantidad: 1 }])),
    ]);
    expect([a, b].filter((r) => r.json().status === "success")).toHaveLength(1);
    const perdedora = [a, b].find((r) => r.json().status !== "success")!;
    expect([400, 409]).toContain(perdedora.statusCode);
    // The loser read the order after the winner committed (400, what is left) or raced it on the counter (409).
    const motivo = perdedora.json().message as string;
    expect(
      [
        FACTURA_PEDIDO_MSG.cantidadYaFacturada(p.docNum),
        FACTURA_PEDIDO_MSG.cantidadExcedeAbierta(p.docNum, 0, "1", "0"),
      ].some((m) => motivo.includes(m)),
      motivo,
    ).toBe(true);
    const held = await t.tdb.db
      .select()
      .from(schema.lineasBaseFacturadas)
      .where(
        and(
          eq(schema.lineasBaseFacturadas.bd, "SBO_MCI"),
          eq(schema.lineasBaseFacturadas.baseType, 22),
          eq(schema.lineasBaseFacturadas.baseEntry, p.docEntry),
        ),
      );
    expect(held.map((h) => Number(h.cantidadFacturada))).toEqual([1]);
  });

  it("says what is left without float noise: 0.3 after 0.7 (1 - 0.7 is 0.30000000000000004 in binary)", async () => {
    const p = await pedido();
    expect((await post(billing("PS-70", [{ p, cantidad: 0.7 }]))).json()).toEqual(ok);
    const demasiado = await post(billing("PS-40B", [{ p, cantidad: 0.4 }]));
    expect(demasiado.statusCode).toBe(400);
    expect(demasiado.json().message).toContain(FACTURA_PEDIDO_MSG.cantidadExcedeAbierta(p.docNum, 0, "0.4", "0.3"));
  });

  it("refuses an inventory line, another supplier's order and a line the order does not have", async () => {
    const p = await pedido(true);
    const inventario = await post(billing("PS-INV", [{ p, linea: 1, cantidad: 1, precio: 50 }]));
    expect(inventario.json().message).toContain(
      FACTURA_PEDIDO_MSG.lineaNoServicio(p.docNum, 1, "Papel bond carta 75 g (caja con 10 paquetes)"),
    );
    const ajeno = await createErpPedido(t.tdb.db, {
      bd: "SBO_MCI",
      cardCode: "P00002",
      lineas: [{ servicio: true }],
    });
    const deOtro = await post(billing("PS-OTRO", [{ p: ajeno, cantidad: 1 }]));
    expect(deOtro.json().message).toContain(FACTURA_PEDIDO_MSG.pedidoNoEncontrado(ajeno.docEntry));
    const sinLinea = await post(billing("PS-SIN", [{ p, linea: 5, cantidad: 1 }]));
    expect(sinLinea.json().message).toContain(FACTURA_PEDIDO_MSG.lineaNoExiste(p.docNum, 5));
    // Nothing was saved.
    const folios = ((await pendientes()) as Fila[]).map((f) => f.FolioFactura);
    expect(folios.filter((f) => f.startsWith("PS-INV") || f.startsWith("PS-OTRO") || f.startsWith("PS-SIN"))).toEqual(
      [],
    );
  });

  it("counts in Home's pending tile, and once accepted carries its expected payment date from the order's terms", async () => {
    const tile = async () =>
      (await call(tokens.admin, "POST", "/api/home/RowDocuments", { dato: "Facturas pendientes" })).json().data
        .Registro as number;
    const antes = await tile();
    const p = await pedido(false, 30);
    expect((await post(billing("PS-FECHA", [{ p, cantidad: 0.5 }], "PPD"))).json()).toEqual(ok);
    expect(await tile()).toBe(antes + 1);
    expect((await accept(await filaDe("PS-FECHA"))).json().status).toBe("success");
    expect(await tile()).toBe(antes);

    // Issue 27's rule over the order (no receipt; on credit, so PPD): the CFDI's date (2026-11-16) plus the
    // order's 30 days,
    // moved to one of the sociedad's payment days.
    const sociedades = (await call(tokens.admin, "POST", "/api/sociedades/rowSociedades", {})).json().data as {
      BDSAP: string;
      DiasPago: number[];
    }[];
    const dias = sociedades.find((x) => x.BDSAP === "SBO_MCI")?.DiasPago ?? [];
    const filas = (await call(tokens.kemper, "POST", "/api/facturas/getFacturas", {})).json().data as {
      FolioFactura: string;
      FechaProbablePago: string | null;
    }[];
    const fecha = filas.find((f) => f.FolioFactura === "PS-FECHA")?.FechaProbablePago;
    expect(fecha).toBe(expectedPaymentDate(addDays("2026-11-16", 30), dias));
    expect(fecha! >= "2026-12-16").toBe(true);
  });
});
