import { CALLS, EXTRANJERO_MSG, MSG } from "@portal/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { pickOption } from "../../../test/pick-option";
import { type FakeCall, renderApp } from "../../../test/render-app";
import { canUpdateFactura, canUploadArchivos } from "../factura-logic";
import { makeEntradaFactura, PROVEEDOR, SOCIEDADES } from "../facturas.fixtures";
import { FACTURAS_COLUMNS, SIN_CFDI } from "./facturas-columns";
import { FACTURAS, pdfFile, pick, pngFile, toast } from "./facturas-screens.fixtures";

/**
 * Issue 42 part 1 (decision 073): a foreign supplier's 'Agregar' opens 'Factura del extranjero' — no XML, its PDF
 * and the data it types, the receipt's currency — and sends postFacturaExtranjera; a Mexican supplier keeps the CFDI
 * form.
 */
const ACME = {
  CardCode: "P00003",
  CardName: "ACME INDUSTRIAL SUPPLY INC",
  LicTradNum: "XEXX010101000",
  E_Mail: "billing@acme-industrial.example",
  Tipo: "extranjero" as const,
};
const ENTRADA_USD = makeEntradaFactura({ DocNum: 9300001, DocTotal: "1160.00", DocCur: "USD", NumAtCard: "PO-77" });
const OPCION = "9300001 · PO-77 · 2026-02-10 · 1,160.00 USD";
const isPost = (call: FakeCall) => call.url.endsWith(CALLS.postFacturaExtranjera.path);
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });

function api(post: Parameters<typeof fakeCalls>[0]["postFacturaExtranjera"]) {
  return fakeCalls({
    getFacturas: [],
    getProveedor: [ACME],
    facturasGetSociedades: SOCIEDADES,
    getEntradas: [ENTRADA_USD],
    postFacturaExtranjera: post,
  });
}

async function openAndFill() {
  renderApp("/MisFacturas/Factura/Nuevo");
  await screen.findByRole("form", { name: "Factura del extranjero" });
  await waitFor(() => expect(screen.queryAllByRole("option", { hidden: true }).length).toBeGreaterThan(0));
  pickOption("Razón social", "MUNICIPIO DE CUAUTITLAN IZCALLI");
  await waitFor(() => expect(screen.queryAllByRole("option", { name: OPCION, hidden: true })).toHaveLength(1));
  pickOption("Entrada de mercancía", OPCION);
  await waitFor(() => expect((screen.getByRole("textbox", { name: "Moneda" }) as HTMLInputElement).value).toBe("USD"));
  type("Número de factura", "INV-2026-118");
  fireEvent.change(screen.getByLabelText(/Fecha de la factura/), { target: { value: "2026-11-14" } });
  type("Subtotal", "1000.00");
  type("Impuestos", "160.00");
  type("Total", "1160.00");
  pick("pdf", pdfFile("INV-2026-118.pdf"));
  pick("recepcion", pngFile());
}

describe("Factura del extranjero (issue 42)", () => {
  it("a foreign supplier sends its PDF and data, without XML, in the receipt's currency", async () => {
    signInAs("proveedor");
    const calls = api({ status: 200, body: { status: "success", message: MSG.facturaRegistrada } });
    await openAndFill();
    // No XML picker: it is not a CFDI.
    expect(screen.queryByRole("button", { name: "cargar XML" })).toBeNull();
    expect(screen.queryByRole("button", { name: "cargar PDF" })).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await waitFor(() => expect(calls.filter(isPost)).toHaveLength(1));
    expect(calls.find(isPost)?.body).toMatchObject({
      RazonSocial: "SBO_MCI",
      EntradaMercancia: 9300001,
      EntradaDocEntry: ENTRADA_USD.DocEntry,
      PDF: "INV-2026-118.pdf",
      Recepcion: "recepcion.png",
      NumeroFactura: "INV-2026-118",
      FechaFactura: "2026-11-14",
      Moneda: "USD",
      Subtotal: "1000.00",
      Impuestos: "160.00",
      Total: "1160.00",
    });
    expect(calls.find(isPost)?.body).not.toHaveProperty("XML64");
    await waitFor(() => expect(toast()?.textContent).toContain(MSG.facturaRegistrada));
  });

  it("the browser asks for the PDF before sending; the server's refusal is shown as it says it", async () => {
    signInAs("proveedor");
    const calls = api({
      status: 400,
      body: { status: "error", message: EXTRANJERO_MSG.totalEntradas("1160.00", "1150.00") },
    });
    await openAndFill();
    pick("pdf", null as unknown as File);
    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await waitFor(() => expect(toast()?.textContent).toContain(MSG.pdfRequerido));
    expect(calls.filter(isPost)).toHaveLength(0);
    pick("pdf", pdfFile());
    type("Total", "1150.00");
    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await waitFor(() => expect(calls.filter(isPost)).toHaveLength(1));
    await waitFor(() =>
      expect(document.body.textContent).toContain(EXTRANJERO_MSG.totalEntradas("1160.00", "1150.00")),
    );
  });

  it("a Mexican supplier keeps the CFDI form", async () => {
    signInAs("proveedor");
    fakeCalls({ getFacturas: [], getProveedor: [PROVEEDOR], facturasGetSociedades: SOCIEDADES, getEntradas: [] });
    renderApp("/MisFacturas/Factura/Nuevo");
    await screen.findByRole("form", { name: "Registro de la facturación" });
    expect(screen.queryByRole("form", { name: "Factura del extranjero" })).toBeNull();
  });
});

describe("the invoice lists (issue 42)", () => {
  it("an invoice without CFDI reads 'Sin CFDI (extranjera)' where the UUID would be, and no payment method", () => {
    const columna = (id: string) => FACTURAS_COLUMNS.find((c) => c.id === id);
    const extranjera = { ...FACTURAS[0]!, UUID: "", MetodoPago: "PUE" as const };
    expect(columna("UUID")?.value?.(extranjera)).toBe(SIN_CFDI);
    expect(columna("MetodoPago")?.value?.(extranjera)).toBe("");
    expect(columna("UUID")?.value?.(FACTURAS[0]!)).toBe(FACTURAS[0]!.UUID);
  });

  it("a rejected invoice without CFDI offers no correction (it is registered anew)", () => {
    const rechazada = { ...FACTURAS[0]!, EstatusFactura: "R" };
    expect([canUpdateFactura(rechazada), canUploadArchivos(rechazada)]).toEqual([true, true]);
    const extranjera = { ...rechazada, UUID: "" };
    expect([canUpdateFactura(extranjera), canUploadArchivos(extranjera)]).toEqual([false, false]);
  });
});
