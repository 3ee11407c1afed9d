import { CFDI_PRUEBA_MSG } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCalls, signInAs } from "../../test/fake-api";
import { pickOption } from "../../test/pick-option";
import type { FakeCall } from "../../test/render-app";
import { renderApp } from "../../test/render-app";
import {
  makeEntradaFactura,
  makeFactura,
  PDF_BYTES,
  PROVEEDOR,
  SOCIEDADES,
  xmlFactura,
} from "../facturas/facturas.fixtures";

/**
 * Issue 40 (decision 062): 'Generar CFDI de prueba' beside the invoice form's files, only where the portal issues
 * test CFDIs; it sends the receipts chosen and puts the XML and PDF it gets back in the form's file fields.
 */

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const GENERADO = {
  UUID: "6C1F2A40-3B7E-4D58-9A61-0E7B2C3D4F51",
  XML: { nombre: "PRUEBA6C-EKU9003173C9.xml", base64: base64(new TextEncoder().encode(xmlFactura())) },
  PDF: { nombre: "PRUEBA6C-EKU9003173C9.pdf", base64: base64(PDF_BYTES) },
};

function api(disponible: boolean) {
  return fakeCalls({
    getFacturas: [],
    getProveedor: [PROVEEDOR],
    facturasGetSociedades: SOCIEDADES,
    getEntradas: [makeEntradaFactura()],
    getCfdiPruebaDisponible: { Disponible: disponible },
    postCfdiPrueba: { body: { status: "success", message: CFDI_PRUEBA_MSG.generado(GENERADO.UUID), data: GENERADO } },
  });
}

async function openForm() {
  renderApp("/MisFacturas/Factura/Nuevo");
  await screen.findByRole("heading", { level: 1, name: "Registro de la facturación" });
  await screen.findByRole("combobox", { name: "Razón social" });
}

const fileRow = (clave: "pdf" | "xml") =>
  document
    .querySelector<HTMLInputElement>(`input[type="file"][data-archivo="${clave}"]`)
    ?.closest(".mantine-Group-root");

describe("'Generar CFDI de prueba' in the invoice form", () => {
  it("is not shown where the portal issues no test CFDIs (production)", async () => {
    signInAs("proveedor");
    const calls = api(false);
    await openForm();
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/api/cfdiPrueba/getDisponible"))).toBe(true));
    // By the time the sociedad's receipts are offered, the answer about test CFDIs has long been rendered.
    await waitFor(() => expect(screen.queryByRole("listbox", { name: "Razón social", hidden: true })).not.toBeNull());
    pickOption("Razón social", "MUNICIPIO DE CUAUTITLAN IZCALLI");
    await waitFor(() =>
      expect(
        within(screen.getByRole("listbox", { name: "Entrada de mercancia", hidden: true })).getAllByRole("option", {
          hidden: true,
        }).length,
      ).toBeGreaterThan(0),
    );
    expect(screen.queryByRole("button", { name: "Generar CFDI de prueba" })).toBeNull();
  });

  it("issues a CFDI for the receipts chosen and puts its XML and PDF in the form", async () => {
    signInAs("proveedor");
    const calls = api(true);
    await openForm();
    const button = (await screen.findByRole("button", { name: "Generar CFDI de prueba" })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await waitFor(() => expect(screen.queryByRole("listbox", { name: "Razón social", hidden: true })).not.toBeNull());
    pickOption("Razón social", "MUNICIPIO DE CUAUTITLAN IZCALLI");
    await waitFor(() =>
      expect(
        within(screen.getByRole("listbox", { name: "Entrada de mercancia", hidden: true })).getAllByRole("option", {
          hidden: true,
        }).length,
      ).toBeGreaterThan(0),
    );
    pickOption("Entrada de mercancia", "5120 · REF-77 · 2026-02-10 · 3,327.01 MXN");
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(fileRow("xml")?.textContent).toContain(GENERADO.XML.nombre));
    expect(fileRow("pdf")?.textContent).toContain(GENERADO.PDF.nombre);
    const post = calls.find((c: FakeCall) => c.url.endsWith("/api/cfdiPrueba/postCfdiPrueba"));
    expect(post?.body).toEqual({
      usuario: "P00001",
      operador: "Proveedor",
      Tipo: "factura",
      RazonSocial: "SBO_MCI",
      EntradaMercancia: [5120],
      EntradaDocEntry: [15120],
    });
    await screen.findByText(CFDI_PRUEBA_MSG.generado(GENERADO.UUID));
  });
});

describe("'Generar CFDI de prueba' in the credit-note form", () => {
  it("asks which accepted invoice to credit, sends it and puts the files in the form", async () => {
    signInAs("proveedor");
    const calls = fakeCalls({
      getNotasCredito: [],
      getFacturas: [
        makeFactura({ Fila: 1, IdFactura: 14, FolioFactura: "A-104", EstatusFactura: "A", BD: "SBO_MCI" }),
        makeFactura({ Fila: 2, IdFactura: 15, FolioFactura: "A-105", EstatusFactura: "P", BD: "SBO_MCI" }),
      ],
      facturasGetSociedades: SOCIEDADES,
      getCfdiPruebaDisponible: { Disponible: true },
      postCfdiPrueba: { body: { status: "success", message: CFDI_PRUEBA_MSG.generado(GENERADO.UUID), data: GENERADO } },
    });
    renderApp("/Notas-Credito");
    fireEvent.click(await screen.findByRole("button", { name: "Nueva nota de crédito" }));
    const button = (await screen.findByRole("button", { name: "Generar CFDI de prueba" })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await waitFor(() =>
      expect(
        screen.queryByRole("listbox", { name: "Factura a acreditar (CFDI de prueba)", hidden: true }),
      ).not.toBeNull(),
    );
    // Only accepted invoices can be credited.
    const opciones = within(
      screen.getByRole("listbox", { name: "Factura a acreditar (CFDI de prueba)", hidden: true }),
    ).queryAllByRole("option", { hidden: true });
    expect(opciones.map((o) => o.textContent)).toEqual([expect.stringContaining("A-104")]);
    pickOption("Factura a acreditar (CFDI de prueba)", opciones[0]?.textContent ?? "");
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(fileRow("xml")?.textContent).toContain(GENERADO.XML.nombre));
    expect(fileRow("pdf")?.textContent).toContain(GENERADO.PDF.nombre);
    expect(calls.find((c: FakeCall) => c.url.endsWith("/api/cfdiPrueba/postCfdiPrueba"))?.body).toEqual({
      usuario: "P00001",
      operador: "Proveedor",
      Tipo: "nota",
      IdFactura: 14,
    });
  });
});
