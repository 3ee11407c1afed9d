import { CFDI_PRUEBA_MSG, FACTURA_PARTES_MSG, FACTURA_PEDIDO_MSG, type PedidoPorFacturar } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCalls, signInAs } from "../../test/fake-api";
import { pickOption } from "../../test/pick-option";
import { type FakeCall, renderApp } from "../../test/render-app";
import { makeEntradaFactura, PDF_BYTES, PROVEEDOR, SOCIEDADES, xmlFactura } from "../facturas/facturas.fixtures";

/**
 * Issue 42: 'Generar CFDI de prueba' for the chosen quantities — on 'Facturar solo una parte de esta entrada' (the
 * receipt's lines, decision 074) and on 'Facturar servicios de un pedido' (the orders' service lines, decision 076),
 * only where the portal issues test CFDIs. It sends the lines and quantities typed and puts the XML and PDF it gets
 * back in the form; the XML's concepts then propose those same quantities.
 */

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const concepto = (codigo: string, nombre: string, cantidad: string, precio: string) =>
  `<cfdi:Concepto ClaveProdServ="01010101" NoIdentificacion="${codigo}" Cantidad="${cantidad}" ClaveUnidad="E48" Descripcion="${nombre}" ValorUnitario="${precio}" Importe="${(Number(cantidad) * Number(precio)).toFixed(2)}" ObjetoImp="02"/>`;
const generado = (xml: string) => ({
  UUID: "6C1F2A40-3B7E-4D58-9A61-0E7B2C3D4F51",
  XML: { nombre: "PRUEBA6C-EKU9003173C9.xml", base64: base64(new TextEncoder().encode(xml)) },
  PDF: { nombre: "PRUEBA6C-EKU9003173C9.pdf", base64: base64(PDF_BYTES) },
});
const fileRow = (clave: "pdf" | "xml") =>
  document
    .querySelector<HTMLInputElement>(`input[type="file"][data-archivo="${clave}"]`)
    ?.closest(".mantine-Group-root");
const postDe = (calls: FakeCall[]) => calls.find((c) => c.url.endsWith("/api/cfdiPrueba/postCfdiPrueba"));
const opcionesDe = (name: string) =>
  waitFor(
    () =>
      expect(
        within(screen.getByRole("listbox", { name, hidden: true })).queryAllByRole("option", { hidden: true }).length,
      ).toBeGreaterThan(0),
    { timeout: 5000 },
  );

const E5150 = makeEntradaFactura({
  DocNum: 5150,
  DocTotal: "1450.00",
  NumAtCard: "REF-50",
  Lineas: [
    { LineNum: 0, ItemCode: "ART-0001", ItemName: "Tornillo", Quantity: "10", PorFacturar: "10", LineTotal: "1000.00" },
    { LineNum: 1, ItemCode: "ART-0002", ItemName: "Tuerca", Quantity: "5", PorFacturar: "5", LineTotal: "250.00" },
  ],
});
const XML_PARTE = xmlFactura({
  total: "464.00",
  subtotal: "400.00",
  iva: "64.00",
  conceptos: concepto("ART-0001", "Tornillo", "4", "100.00"),
});

describe("'Generar CFDI de prueba' for part of a receipt", () => {
  it("sends the lines and quantities typed, fills the files, and the XML proposes those quantities", async () => {
    signInAs("proveedor");
    const g = generado(XML_PARTE);
    const calls = fakeCalls({
      getFacturas: [],
      getProveedor: [PROVEEDOR],
      facturasGetSociedades: SOCIEDADES,
      getEntradas: [E5150],
      getCfdiPruebaDisponible: { Disponible: true },
      postCfdiPrueba: { body: { status: "success", message: CFDI_PRUEBA_MSG.generado(g.UUID), data: g } },
    });
    renderApp("/MisFacturas/Factura/Nuevo");
    await screen.findByRole("heading", { level: 1, name: "Registro de la facturación" });
    await opcionesDe("Razón social");
    pickOption("Razón social", "MUNICIPIO DE CUAUTITLAN IZCALLI");
    await opcionesDe("Entrada de mercancia");
    pickOption("Entrada de mercancia", "5150 · REF-50 · 2026-02-10 · 1,450.00 MXN");
    // The whole receipt's button first; switched to a part, one button, in the part's section.
    await screen.findByRole("button", { name: "Generar CFDI de prueba" });
    fireEvent.click(screen.getByRole("switch", { name: FACTURA_PARTES_MSG.facturarParte }));
    const seccion = screen.getByRole("region", { name: FACTURA_PARTES_MSG.cantidadesTitulo });
    const boton = within(seccion).getByRole("button", { name: "Generar CFDI de prueba" }) as HTMLButtonElement;
    expect(screen.getAllByRole("button", { name: "Generar CFDI de prueba" })).toHaveLength(1);
    const cantidad = (linea: number) =>
      screen.getByRole("textbox", { name: `${FACTURA_PARTES_MSG.columnaCantidad}, entrada 5150, línea ${linea}` });
    // A quantity over what is left: nothing to issue, and the button says why.
    fireEvent.change(cantidad(0), { target: { value: "11" } });
    expect(boton.disabled).toBe(true);
    expect(within(seccion).queryByText(CFDI_PRUEBA_MSG.faltanCantidades)).not.toBeNull();
    fireEvent.change(cantidad(0), { target: { value: "4" } });
    fireEvent.change(cantidad(1), { target: { value: "0" } });
    expect(boton.disabled).toBe(false);
    fireEvent.click(boton);
    await waitFor(() => expect(fileRow("xml")?.textContent).toContain(g.XML.nombre));
    expect(fileRow("pdf")?.textContent).toContain(g.PDF.nombre);
    expect(postDe(calls)?.body).toEqual({
      usuario: "P00001",
      operador: "Proveedor",
      Tipo: "factura",
      RazonSocial: "SBO_MCI",
      EntradaMercancia: [5150],
      EntradaDocEntry: [15150],
      Lineas: [{ EntradaDocEntry: 15150, LineNum: 0, Cantidad: "4" }],
    });
    // The generated XML's concept proposes the same part: still on, 4 of line 0, the files kept.
    await screen.findByText(FACTURA_PARTES_MSG.propuestaDelXml);
    expect((cantidad(0) as HTMLInputElement).value).toBe("4");
    expect((screen.getByRole("switch", { name: FACTURA_PARTES_MSG.facturarParte }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(fileRow("xml")?.textContent).toContain(g.XML.nombre);
  });
});

const PEDIDO: PedidoPorFacturar = {
  DocEntry: 812,
  DocNum: 3812,
  DocDate: "2026-02-01",
  DocTotal: "1160.00",
  DocCur: "MXN",
  GroupNum: 0,
  PeyMethod: "03",
  U_B1SYS_MainUsage: "G03",
  PorFacturar: "1000.00",
  Lineas: [
    {
      LineNum: 0,
      ItemCode: "SRV-0001",
      ItemName: "Mantenimiento preventivo",
      Quantity: "1",
      PorFacturar: "1",
      LineTotal: "1000.00",
    },
  ],
};

describe("'Generar CFDI de prueba' for services of an order", () => {
  async function openForm(disponible: boolean, xml = xmlFactura()) {
    signInAs("proveedor");
    const g = generado(xml);
    const calls = fakeCalls({
      getFacturas: [],
      getProveedor: [PROVEEDOR],
      facturasGetSociedades: SOCIEDADES,
      getPedidosPorFacturar: [PEDIDO],
      getCfdiPruebaDisponible: { Disponible: disponible },
      postCfdiPrueba: { body: { status: "success", message: CFDI_PRUEBA_MSG.generado(g.UUID), data: g } },
    });
    renderApp("/MisFacturas/Servicios");
    await screen.findByRole("heading", { level: 1, name: FACTURA_PEDIDO_MSG.tituloForm });
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/api/cfdiPrueba/getDisponible"))).toBe(true));
    await opcionesDe("Razón social");
    pickOption("Razón social", "MUNICIPIO DE CUAUTITLAN IZCALLI");
    await screen.findByRole("textbox", { name: `${FACTURA_PARTES_MSG.columnaCantidad}, pedido 3812, línea 0` });
    return { calls, g };
  }
  const cantidad = () =>
    screen.getByRole("textbox", { name: `${FACTURA_PARTES_MSG.columnaCantidad}, pedido 3812, línea 0` });

  it("is not shown where the portal issues no test CFDIs", async () => {
    await openForm(false);
    expect(screen.queryByRole("button", { name: "Generar CFDI de prueba" })).toBeNull();
  });

  it("sends the order lines typed, fills the files, and the XML proposes those quantities", async () => {
    const xml = xmlFactura({
      total: "696.00",
      subtotal: "600.00",
      iva: "96.00",
      conceptos: concepto("SRV-0001", "Mantenimiento preventivo", "0.6", "1000.00"),
    });
    const { calls, g } = await openForm(true, xml);
    const boton = (await screen.findByRole("button", { name: "Generar CFDI de prueba" })) as HTMLButtonElement;
    // Without a quantity there is nothing to issue.
    expect(boton.disabled).toBe(true);
    expect(screen.queryByText(CFDI_PRUEBA_MSG.faltanServicios)).not.toBeNull();
    fireEvent.change(cantidad(), { target: { value: "0.6" } });
    await waitFor(() => expect(boton.disabled).toBe(false));
    fireEvent.click(boton);
    await waitFor(() => expect(fileRow("xml")?.textContent).toContain(g.XML.nombre));
    expect(fileRow("pdf")?.textContent).toContain(g.PDF.nombre);
    expect(postDe(calls)?.body).toEqual({
      usuario: "P00001",
      operador: "Proveedor",
      Tipo: "servicios",
      RazonSocial: "SBO_MCI",
      LineasPedido: [{ PedidoDocEntry: 812, LineNum: 0, Cantidad: "0.6" }],
    });
    await screen.findByText(FACTURA_PARTES_MSG.propuestaDelXml);
    expect((cantidad() as HTMLInputElement).value).toBe("0.6");
  });
});
