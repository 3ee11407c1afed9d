import { FACTURA_PARTES_MSG, MSG } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { pickOption } from "../../../test/pick-option";
import { renderApp } from "../../../test/render-app";
import { makeEntradaFactura, PDF_BYTES, PNG_BYTES, PROVEEDOR, SOCIEDADES, xmlFactura } from "../facturas.fixtures";

/**
 * Issue 42 part 3 (decision 074): 'Registro de la facturación' bills part of a receipt. A receipt of 10 units at
 * 100.00 and 5 at 50.00 already billed (1,450.00 with IVA) and a CFDI for 4 of them (464.00): the quantities are proposed from the XML's concept,
 * the files stay, and postFactura sends the line and its quantity; the supplier may change the quantities.
 */
const E5150 = makeEntradaFactura({
  DocNum: 5150,
  DocTotal: "1450.00",
  NumAtCard: "REF-50",
  Lineas: [
    { LineNum: 0, ItemCode: "ART-0001", ItemName: "Tornillo", Quantity: "10", PorFacturar: "10", LineTotal: "1000.00" },
    { LineNum: 1, ItemCode: "ART-0002", ItemName: "Tuerca", Quantity: "5", PorFacturar: "0", LineTotal: "250.00" },
  ],
});
const OPCION = "5150 · REF-50 · 2026-02-10 · 1,450.00 MXN";
const concepto = (cantidad: number) =>
  `<cfdi:Concepto ClaveProdServ="01010101" NoIdentificacion="ART-0001" Cantidad="${cantidad}" ClaveUnidad="H87" Descripcion="Tornillo" ValorUnitario="100.00" Importe="${(cantidad * 100).toFixed(2)}" ObjetoImp="02"/>`;
const XML_4 = xmlFactura({ total: "464.00", subtotal: "400.00", iva: "64.00", conceptos: concepto(4) });

const fileInput = (clave: "pdf" | "xml" | "recepcion") =>
  document.querySelector<HTMLInputElement>(`input[type="file"][data-archivo="${clave}"]`) as HTMLInputElement;
const pick = (clave: "pdf" | "xml" | "recepcion", file: File) =>
  fireEvent.change(fileInput(clave), { target: { files: [file] } });
const pickFiles = (xml: string) => {
  pick("pdf", new File([PDF_BYTES as BlobPart], "factura.pdf", { type: "application/pdf" }));
  pick("xml", new File([xml], "factura.xml", { type: "text/xml" }));
  pick("recepcion", new File([PNG_BYTES as BlobPart], "recepcion.png", { type: "image/png" }));
};
const archivosElegidos = () =>
  ["factura.pdf", "factura.xml", "recepcion.png"].filter((nombre) => screen.queryByText(nombre) !== null);
const cantidad = (linea: number) =>
  screen.getByRole("textbox", { name: `${FACTURA_PARTES_MSG.columnaCantidad}, entrada 5150, línea ${linea}` });

async function openForm() {
  signInAs("proveedor");
  const calls = fakeCalls({
    getFacturas: [],
    getProveedor: [PROVEEDOR],
    facturasGetSociedades: SOCIEDADES,
    getEntradas: [E5150],
    postFactura: { status: 200, body: { status: "success", message: MSG.facturaRegistrada } },
  });
  renderApp("/MisFacturas/Factura/Nuevo");
  await screen.findByRole("heading", { level: 1, name: "Registro de la facturación" });
  await waitFor(() =>
    expect(
      within(screen.getByRole("listbox", { name: "Razón social", hidden: true })).queryAllByRole("option", {
        hidden: true,
      }).length,
    ).toBeGreaterThan(0),
  );
  pickOption("Razón social", "MUNICIPIO DE CUAUTITLAN IZCALLI");
  await waitFor(() =>
    expect(
      within(screen.getByRole("listbox", { name: "Entrada de mercancia", hidden: true })).getAllByRole("option", {
        hidden: true,
      }),
    ).toHaveLength(1),
  );
  pickOption("Entrada de mercancia", OPCION);
  await screen.findByRole("region", { name: FACTURA_PARTES_MSG.cantidadesTitulo });
  return calls;
}

describe("'Registro de la facturación' billing part of a receipt (issue 42)", () => {
  it("an XML for 4 of the 10 units proposes 4, keeps the files and sends the line with its quantity", async () => {
    const calls = await openForm();
    const interruptor = screen.getByRole("switch", { name: FACTURA_PARTES_MSG.facturarParte }) as HTMLInputElement;
    expect(interruptor.checked).toBe(false);
    pickFiles(XML_4);
    await waitFor(() => expect(interruptor.checked).toBe(true));
    expect(screen.queryByText(FACTURA_PARTES_MSG.propuestaDelXml)).not.toBeNull();
    expect((cantidad(0) as HTMLInputElement).value).toBe("4");
    // Nothing left of line 1: it cannot be billed.
    expect((cantidad(1) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByText(FACTURA_PARTES_MSG.totalDeLaParte("464.00 MXN"))).not.toBeNull();
    expect(archivosElegidos()).toEqual(["factura.pdf", "factura.xml", "recepcion.png"]);

    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await screen.findByText(MSG.facturaRegistrada);
    const sent = calls.find((call) => call.url.endsWith("/postFactura"))?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      EntradaMercancia: 5150,
      EntradaDocEntry: E5150.DocEntry,
      Total: "464.00",
      Lineas: [{ EntradaDocEntry: E5150.DocEntry, LineNum: 0, Cantidad: "4" }],
    });
  });

  it("quantities that do not match the XML, or beyond what is left, are refused before anything is sent", async () => {
    const calls = await openForm();
    pickFiles(XML_4);
    await waitFor(() => expect((cantidad(0) as HTMLInputElement).value).toBe("4"));
    fireEvent.change(cantidad(0), { target: { value: "11" } });
    expect(screen.queryByText(FACTURA_PARTES_MSG.propuestaDelXml)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await screen.findByText(FACTURA_PARTES_MSG.cantidadExcedeAbierta(5150, 0, "11", "10"), { exact: false });
    fireEvent.change(cantidad(0), { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await screen.findByText(/El total de la entrada no es el mismo del XML/);
    expect(calls.some((call) => call.url.endsWith("/postFactura"))).toBe(false);
  });

  it("switched on by hand without an XML, every line starts at what is left to bill", async () => {
    await openForm();
    fireEvent.click(screen.getByRole("switch", { name: FACTURA_PARTES_MSG.facturarParte }));
    expect((cantidad(0) as HTMLInputElement).value).toBe("10");
    expect(screen.queryByText(FACTURA_PARTES_MSG.totalDeLaParte("1,160.00 MXN"))).not.toBeNull();
  });
});
