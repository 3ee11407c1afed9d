import { CALLS, FACTURA_PARTES_MSG, FACTURA_PEDIDO_MSG, MSG, type PedidoPorFacturar } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { pickOption } from "../../../test/pick-option";
import { type FakeCall, renderApp } from "../../../test/render-app";
import { makeEntradaFactura, SOCIEDADES } from "../facturas.fixtures";
import { pdfFile, pick, pngFile, toast } from "./facturas-screens.fixtures";

/**
 * Issue 42, amendment of 2026-11-29 to decision 073: a foreign supplier bills "against receipts or orders like
 * everyone else" — part of a receipt in 'Factura del extranjero', an order's service lines in 'Facturar servicios de
 * un pedido' with its invoice's data instead of an XML — and both send postFacturaExtranjera.
 */
const ACME = {
  CardCode: "P00003",
  CardName: "ACME INDUSTRIAL SUPPLY INC",
  LicTradNum: "XEXX010101000",
  E_Mail: "billing@acme-industrial.example",
  Tipo: "extranjero" as const,
};
const PEDIDO_USD: PedidoPorFacturar = {
  DocEntry: 912,
  DocNum: 3912,
  DocDate: "2026-11-10",
  DocTotal: "2900.00",
  DocCur: "USD",
  GroupNum: 30,
  PeyMethod: "99",
  U_B1SYS_MainUsage: "G03",
  PorFacturar: "2500.00",
  Lineas: [
    {
      LineNum: 0,
      ItemCode: "SRV-ENG-01",
      ItemName: "Field engineering service",
      Quantity: "1",
      PorFacturar: "1",
      LineTotal: "2500.00",
    },
  ],
};
const ENTRADA = makeEntradaFactura({
  DocNum: 9300002,
  DocTotal: "1392.00",
  DocCur: "USD",
  NumAtCard: "PO-78",
  Lineas: [
    { LineNum: 0, ItemCode: "BRG-6204", ItemName: "Bearing", Quantity: "10", PorFacturar: "10", LineTotal: "1000.00" },
    { LineNum: 1, ItemCode: "SEAL-1", ItemName: "Seal kit", Quantity: "5", PorFacturar: "5", LineTotal: "200.00" },
  ],
});
const OPCION = "9300002 · PO-78 · 2026-02-10 · 1,392.00 USD";
const ok = { status: 200, body: { status: "success", message: MSG.facturaRegistrada } };
const isPost = (call: FakeCall) => call.url.endsWith(CALLS.postFacturaExtranjera.path);
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });
const typeData = (numero: string, subtotal: string, impuestos: string, total: string) => {
  type("Número de factura", numero);
  fireEvent.change(screen.getByLabelText(/Fecha de la factura/), { target: { value: "2026-11-14" } });
  type("Subtotal", subtotal);
  type("Impuestos", impuestos);
  type("Total", total);
  pick("pdf", pdfFile(`${numero}.pdf`));
  pick("recepcion", pngFile());
};
const sociedadesLoaded = () =>
  waitFor(() =>
    expect(
      within(screen.getByRole("listbox", { name: "Razón social", hidden: true })).queryAllByRole("option", {
        hidden: true,
      }).length,
    ).toBeGreaterThan(0),
  );

describe("a foreign supplier bills orders and parts of receipts (issue 42)", () => {
  it("bills 60 % of an order's service with its invoice's data, without XML", async () => {
    signInAs("proveedor");
    const calls = fakeCalls({
      getFacturas: [],
      getProveedor: [ACME],
      facturasGetSociedades: SOCIEDADES,
      getPedidosPorFacturar: [PEDIDO_USD],
      postFacturaExtranjera: ok,
    });
    renderApp("/MisFacturas/Servicios");
    await screen.findByRole("form", { name: FACTURA_PEDIDO_MSG.tituloForm });
    await sociedadesLoaded();
    pickOption("Razón social", "MUNICIPIO DE CUAUTITLAN IZCALLI");
    const cantidad = await screen.findByRole("textbox", {
      name: `${FACTURA_PARTES_MSG.columnaCantidad}, pedido 3912, línea 0`,
    });
    fireEvent.change(cantidad, { target: { value: "0.6" } });
    expect(screen.queryByText(FACTURA_PARTES_MSG.totalDeLaParte("1,500.00 USD"))).not.toBeNull();
    // No XML picker; the currency is the order's.
    expect(screen.queryByRole("button", { name: "cargar XML" })).toBeNull();
    expect((screen.getByRole("textbox", { name: "Moneda" }) as HTMLInputElement).value).toBe("USD");
    typeData("SRV-60", "1500.00", "240.00", "1740.00");
    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await waitFor(() => expect(calls.filter(isPost)).toHaveLength(1));
    const sent = calls.find(isPost)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      RazonSocial: "SBO_MCI",
      LineasPedido: [{ PedidoDocEntry: 912, LineNum: 0, Cantidad: "0.6" }],
      NumeroFactura: "SRV-60",
      Moneda: "USD",
      Total: "1740.00",
    });
    expect(sent).not.toHaveProperty("EntradaMercancia");
    expect(sent).not.toHaveProperty("XML64");
    expect(calls.some((call) => call.url.endsWith("/postFacturaPedido"))).toBe(false);
    await waitFor(() => expect(toast()?.textContent).toContain(MSG.facturaRegistrada));
  });

  it("bills 4 units of a receipt's line in 'Factura del extranjero'", async () => {
    signInAs("proveedor");
    const calls = fakeCalls({
      getFacturas: [],
      getProveedor: [ACME],
      facturasGetSociedades: SOCIEDADES,
      getEntradas: [ENTRADA],
      postFacturaExtranjera: ok,
    });
    renderApp("/MisFacturas/Factura/Nuevo");
    await screen.findByRole("form", { name: "Factura del extranjero" });
    // The foreign supplier is offered the order's services too.
    expect(screen.queryByRole("link", { name: FACTURA_PEDIDO_MSG.enlaceForm })).not.toBeNull();
    await sociedadesLoaded();
    pickOption("Razón social", "MUNICIPIO DE CUAUTITLAN IZCALLI");
    await waitFor(() => expect(screen.queryAllByRole("option", { name: OPCION, hidden: true })).toHaveLength(1));
    pickOption("Entrada de mercancía", OPCION);
    fireEvent.click(await screen.findByRole("switch", { name: FACTURA_PARTES_MSG.facturarParte }));
    const linea = (n: number) =>
      screen.getByRole("textbox", { name: `${FACTURA_PARTES_MSG.columnaCantidad}, entrada 9300002, línea ${n}` });
    fireEvent.change(linea(0), { target: { value: "4" } });
    fireEvent.change(linea(1), { target: { value: "0" } });
    typeData("PART-4", "400.00", "64.00", "464.00");
    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await waitFor(() => expect(calls.filter(isPost)).toHaveLength(1));
    expect(calls.find(isPost)?.body).toMatchObject({
      EntradaMercancia: 9300002,
      EntradaDocEntry: ENTRADA.DocEntry,
      Lineas: [{ EntradaDocEntry: ENTRADA.DocEntry, LineNum: 0, Cantidad: "4" }],
      Moneda: "USD",
      Total: "464.00",
    });
  });
});
