import { FACTURA_NUEVA_MSG } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { pickOption } from "../../../test/pick-option";
import { renderApp } from "../../../test/render-app";
import { makeEntradaFactura, PDF_BYTES, PNG_BYTES, PROVEEDOR, SOCIEDADES, xmlFactura } from "../facturas.fixtures";

/**
 * Issue 40 item 4, "Several receipts" (decision 064): in 'Registro de la facturación' a change of the receipts chosen
 * keeps the files while the XML may still be theirs, and clears them saying why when it no longer can; an XML picked
 * first proposes the set of receipts whose sum is its total; several receipts read as one table with their sum; the
 * receipt picker closes after each choice.
 */
const E5120 = makeEntradaFactura({ DocNum: 5120, DocTotal: "3327.01", DocDate: "2026-02-10" });
const E5130 = makeEntradaFactura({ Fila: 2, DocNum: 5130, DocTotal: "1000.00", NumAtCard: "REF-80" });
const E5101 = makeEntradaFactura({ Fila: 3, DocNum: 5101, DocTotal: "3400.00", NumAtCard: "REF-90" });

const OPCION = {
  5120: "5120 · REF-77 · 2026-02-10 · 3,327.01 MXN",
  5130: "5130 · REF-80 · 2026-02-10 · 1,000.00 MXN",
  5101: "5101 · REF-90 · 2026-02-10 · 3,400.00 MXN",
} as const;

/** One CFDI for 5120 and 5130: 4,327.01 (3,730.18 + IVA 596.83). */
const XML_DOS = xmlFactura({ total: "4327.01", subtotal: "3730.18", iva: "596.83" });

const fileInput = (clave: "pdf" | "xml" | "recepcion") =>
  document.querySelector<HTMLInputElement>(`input[type="file"][data-archivo="${clave}"]`) as HTMLInputElement;
const pick = (clave: "pdf" | "xml" | "recepcion", file: File) =>
  fireEvent.change(fileInput(clave), { target: { files: [file] } });
const pickFiles = () => {
  pick("pdf", new File([PDF_BYTES as BlobPart], "factura.pdf", { type: "application/pdf" }));
  pick("xml", new File([XML_DOS], "factura.xml", { type: "text/xml" }));
  pick("recepcion", new File([PNG_BYTES as BlobPart], "recepcion.png", { type: "image/png" }));
};
const archivosElegidos = () =>
  ["factura.pdf", "factura.xml", "recepcion.png"].filter((nombre) => screen.queryByText(nombre) !== null);
const entradasListbox = () => screen.getByRole("listbox", { name: "Entrada de mercancia", hidden: true });

async function openForm(entradas = [E5120, E5130, E5101]) {
  signInAs("proveedor");
  fakeCalls({
    getFacturas: [],
    getProveedor: [PROVEEDOR],
    facturasGetSociedades: SOCIEDADES,
    getEntradas: entradas,
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
    expect(within(entradasListbox()).getAllByRole("option", { hidden: true })).toHaveLength(entradas.length),
  );
}

describe("'Registro de la facturación' with several receipts (issue 40)", () => {
  it("two receipts chosen after the files keep the files", async () => {
    await openForm();
    pickFiles();
    // The XML is read: its proposal shows (the receipts are chosen by hand here).
    await screen.findByRole("region", { name: FACTURA_NUEVA_MSG.conjuntoTitulo });
    pickOption("Entrada de mercancia", OPCION[5120]);
    // 3,327.01 of 4,327.01: 5130 still makes up the difference, so the files stay.
    await screen.findByRole("region", { name: "Datos de la entrada" });
    pickOption("Entrada de mercancia", OPCION[5130]);
    const tabla = await screen.findByRole("table", { name: "Entradas elegidas" });
    expect(within(tabla).getAllByRole("row").at(-1)?.textContent).toBe("Suma de las 2 entradasMXN4,327.01");
    // The re-check reads the XML asynchronously: give it its turn, then the files are still there.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(archivosElegidos()).toEqual(["factura.pdf", "factura.xml", "recepcion.png"]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("an XML for two receipts proposes both; accepting them keeps the files", async () => {
    await openForm();
    pickFiles();
    const propuesta = await screen.findByRole("region", { name: "Entradas propuestas" });
    expect(within(propuesta).getByText(/^Estas 2 entradas/).textContent).toBe(
      "Estas 2 entradas suman 4,327.01 MXN, el total del XML. Puede usarlas o elegir otras.",
    );
    expect(
      within(propuesta)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([OPCION[5130], OPCION[5120]]);
    fireEvent.click(within(propuesta).getByRole("button", { name: "Usar estas entradas" }));
    const tabla = await screen.findByRole("table", { name: "Entradas elegidas" });
    expect(
      within(tabla)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual([
      "EntradaFechaReferenciaMonedaTotal",
      "51302026-02-10REF-80MXN1,000.00",
      "51202026-02-10REF-77MXN3,327.01",
      "Suma de las 2 entradasMXN4,327.01",
    ]);
    expect(screen.queryByRole("region", { name: "Entradas propuestas" })).toBeNull();
    expect(archivosElegidos()).toEqual(["factura.pdf", "factura.xml", "recepcion.png"]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("two sets as small adding up to the XML's total: none is proposed, and the form says the supplier chooses", async () => {
    // 5120 + 5130 and 5120 + 5140 both add up to 4,327.01.
    const E5140 = makeEntradaFactura({ Fila: 4, DocNum: 5140, DocTotal: "1000.00", NumAtCard: "REF-81" });
    await openForm([E5120, E5130, E5101, E5140]);
    pickFiles();
    const aviso = await screen.findByRole("region", { name: FACTURA_NUEVA_MSG.conjuntosTitulo });
    expect(aviso.textContent).toContain(
      "Hay más de una combinación de 2 entradas abiertas que suma 4,327.01 MXN, el total del XML; elija usted las entradas que factura.",
    );
    expect(screen.queryByRole("region", { name: FACTURA_NUEVA_MSG.conjuntoTitulo })).toBeNull();
    expect(archivosElegidos()).toEqual(["factura.pdf", "factura.xml", "recepcion.png"]);
  });

  it("a receipt the XML can no longer be for clears the files and says why", async () => {
    await openForm();
    pickFiles();
    await screen.findByRole("region", { name: "Entradas propuestas" });
    // 3,400.00 of 4,327.01: no other open receipt is 927.01.
    pickOption("Entrada de mercancia", OPCION[5101]);
    const aviso = await screen.findByRole("alert");
    expect(aviso.textContent).toBe(
      "Se quitaron los archivos: el total de la entrada elegida (3,400.00 MXN) no llega al total del XML (4,327.01 MXN) y ninguna combinación de las demás entradas abiertas completa la diferencia (927.01 MXN); vuelva a elegirlos.",
    );
    expect(archivosElegidos()).toEqual([]);
    // One receipt: the spec's fields, not the table.
    const datos = screen.getByRole("region", { name: "Datos de la entrada" });
    expect(datos.textContent).toContain("Entrada5101");
    expect(within(datos).queryByRole("table")).toBeNull();
  });

  it("the receipt picker closes after each choice", async () => {
    await openForm();
    const picker = screen.getByRole("combobox", { name: "Entrada de mercancia" });
    fireEvent.click(picker);
    await waitFor(() => expect(picker.getAttribute("aria-expanded")).toBe("true"));
    fireEvent.click(within(entradasListbox()).getByRole("option", { name: OPCION[5130], hidden: true }));
    await waitFor(() => expect(picker.getAttribute("aria-expanded")).toBe("false"));
    // Opened again, it offers the others; the next choice closes it too.
    fireEvent.click(picker);
    await waitFor(() => expect(picker.getAttribute("aria-expanded")).toBe("true"));
    fireEvent.click(within(entradasListbox()).getByRole("option", { name: OPCION[5101], hidden: true }));
    await waitFor(() => expect(picker.getAttribute("aria-expanded")).toBe("false"));
    const tabla = await screen.findByRole("table", { name: "Entradas elegidas" });
    expect(within(tabla).getAllByRole("row")).toHaveLength(4);
  });
});
