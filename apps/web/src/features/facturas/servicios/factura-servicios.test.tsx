import { FACTURA_PARTES_MSG, FACTURA_PEDIDO_MSG, MSG, type PedidoPorFacturar } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { pickOption } from "../../../test/pick-option";
import { renderApp } from "../../../test/render-app";
import { PDF_BYTES, PNG_BYTES, PROVEEDOR, SOCIEDADES, xmlFactura } from "../facturas.fixtures";

/**
 * Issue 42 part 2 (decision 076): 'Facturar servicios de un pedido' — the supplier picks a sociedad, sees its open
 * orders' service lines with what is left to bill, types 0.6 of a service and sends postFacturaPedido.
 */
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
const XML_60 = xmlFactura({ total: "696.00", subtotal: "600.00", iva: "96.00" });

const pick = (clave: "pdf" | "xml" | "recepcion", file: File) =>
  fireEvent.change(
    document.querySelector<HTMLInputElement>(`input[type="file"][data-archivo="${clave}"]`) as HTMLInputElement,
    { target: { files: [file] } },
  );
const cantidad = () =>
  screen.getByRole("textbox", { name: `${FACTURA_PARTES_MSG.columnaCantidad}, pedido 3812, línea 0` });

async function openForm(pedidos: PedidoPorFacturar[] = [PEDIDO]) {
  signInAs("proveedor");
  const calls = fakeCalls({
    getFacturas: [],
    getProveedor: [PROVEEDOR],
    facturasGetSociedades: SOCIEDADES,
    getPedidosPorFacturar: pedidos,
    postFacturaPedido: { status: 200, body: { status: "success", message: MSG.facturaRegistrada } },
  });
  renderApp("/MisFacturas/Servicios");
  await screen.findByRole("heading", { level: 1, name: FACTURA_PEDIDO_MSG.tituloForm });
  await waitFor(() =>
    expect(
      within(screen.getByRole("listbox", { name: "Razón social", hidden: true })).queryAllByRole("option", {
        hidden: true,
      }).length,
    ).toBeGreaterThan(0),
  );
  pickOption("Razón social", "MUNICIPIO DE CUAUTITLAN IZCALLI");
  return calls;
}

describe("'Facturar servicios de un pedido' (issue 42 part 2)", () => {
  it("bills 0.6 of the order's service: the part's total shows and postFacturaPedido sends the line", async () => {
    const calls = await openForm();
    await screen.findByRole("textbox", { name: `${FACTURA_PARTES_MSG.columnaCantidad}, pedido 3812, línea 0` });
    fireEvent.change(cantidad(), { target: { value: "0.6" } });
    expect(screen.queryByText(FACTURA_PARTES_MSG.totalDeLaParte("600.00 MXN"))).not.toBeNull();
    pick("pdf", new File([PDF_BYTES as BlobPart], "factura.pdf", { type: "application/pdf" }));
    pick("xml", new File([XML_60], "factura.xml", { type: "text/xml" }));
    pick("recepcion", new File([PNG_BYTES as BlobPart], "recepcion.png", { type: "image/png" }));
    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await screen.findByText(MSG.facturaRegistrada);
    const sent = calls.find((call) => call.url.endsWith("/postFacturaPedido"))?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      Total: "696.00",
      LineasPedido: [{ PedidoDocEntry: 812, LineNum: 0, Cantidad: "0.6" }],
    });
    expect(sent).not.toHaveProperty("EntradaMercancia");
  });

  it("without quantities nothing is sent", async () => {
    const calls = await openForm();
    await screen.findByRole("textbox", { name: `${FACTURA_PARTES_MSG.columnaCantidad}, pedido 3812, línea 0` });
    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await screen.findByText(FACTURA_PEDIDO_MSG.sinCantidades, { exact: false });
    expect(calls.some((call) => call.url.endsWith("/postFacturaPedido"))).toBe(false);
  });

  it("an XML whose concept names the order's service proposes its quantity; typing one ends the proposal", async () => {
    await openForm();
    await screen.findByRole("textbox", { name: `${FACTURA_PARTES_MSG.columnaCantidad}, pedido 3812, línea 0` });
    const xml = xmlFactura({
      total: "696.00",
      subtotal: "600.00",
      iva: "96.00",
      conceptos: `<cfdi:Concepto ClaveProdServ="01010101" NoIdentificacion="SRV-0001" Cantidad="0.6" ClaveUnidad="E48" Descripcion="Mantenimiento preventivo" ValorUnitario="1000.00" Importe="600.00" ObjetoImp="02"/>`,
    });
    pick("xml", new File([xml], "factura.xml", { type: "text/xml" }));
    await screen.findByText(FACTURA_PARTES_MSG.propuestaDelXml);
    expect((cantidad() as HTMLInputElement).value).toBe("0.6");
    expect(screen.queryByText(FACTURA_PARTES_MSG.totalDeLaParte("600.00 MXN"))).not.toBeNull();
    fireEvent.change(cantidad(), { target: { value: "0.5" } });
    expect(screen.queryByText(FACTURA_PARTES_MSG.propuestaDelXml)).toBeNull();
  });

  it("an XML whose concept names no service line proposes nothing", async () => {
    await openForm();
    await screen.findByRole("textbox", { name: `${FACTURA_PARTES_MSG.columnaCantidad}, pedido 3812, línea 0` });
    pick("xml", new File([XML_60], "factura.xml", { type: "text/xml" }));
    await screen.findByText("factura.xml");
    // The default concept ('Mercancía', 2,868.11) is not the service: the quantity stays empty.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(FACTURA_PARTES_MSG.propuestaDelXml)).toBeNull();
    expect((cantidad() as HTMLInputElement).value).toBe("");
  });

  it("a sociedad without orders to bill says so", async () => {
    await openForm([]);
    await screen.findByText(FACTURA_PEDIDO_MSG.sinPedidos);
  });
});
