import { CALLS, type HistorialFactura, NOTA_CREDITO_MSG, type NotaCreditoRow } from "@portal/contracts";
import { notaCreditoRow } from "@portal/contracts/muestras";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { renderApp } from "../../../test/render-app";
import { takeConsoleErrors } from "../../../test/setup";

/**
 * Issue 40 (decision 065): a credit note has a detail of its own (/Notas-Credito/Nota/:id) with its Historial,
 * opened by double-click or Enter from the supplier's list and from the review list; 'Nueva nota de crédito' has
 * its own URL, so Back returns to the list.
 */

const nota = (o: Partial<NotaCreditoRow>): NotaCreditoRow => ({ ...notaCreditoRow, ...o });
const UUID_OTRA = "0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0";
const NOTA = nota({
  IdNotaCredito: 17,
  Total: "1160.5",
  Estatus: "R",
  Comentarios: "El importe no corresponde.",
  // Issue 39: a 01 group crediting the invoice, and a 04 group relating a CFDI it credits nothing of.
  Relaciones: [
    { TipoRelacion: "01", UUIDs: [notaCreditoRow.Facturas[0]?.UUID ?? ""] },
    { TipoRelacion: "04", UUIDs: [UUID_OTRA] },
  ],
});
const OTRA = nota({ Fila: 2, IdNotaCredito: 18, FolioNotaCredito: "NC-18", UUID: UUID_OTRA });
const HISTORIAL: HistorialFactura[] = [
  {
    Fecha: "2026-11-21T15:15:00.000Z",
    Quien: "ESCUELA KEMPER URGATE",
    Operador: "Proveedor",
    Campo: "registro",
    De: "",
    A: `P · UUID ${NOTA.UUID} · facturas A-1234`,
    Comentario: "",
  },
  {
    Fecha: "2026-11-22T16:30:00.000Z",
    Quien: "Administrador del Portal",
    Operador: "Empleado",
    Campo: "estatus",
    De: "P",
    A: "R",
    Comentario: "El importe no corresponde.",
  },
];

const rowOf = (table: string, folio: string) =>
  within(screen.getByRole("table", { name: table }))
    .getAllByRole("row")
    .find((row) => row.textContent?.includes(folio)) as HTMLElement;
const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe("the credit note's detail (issue 40)", () => {
  it("opens from the supplier's list on double-click: fields, amounts with currency, relations, files, Historial", async () => {
    signInAs("proveedor");
    const calls = fakeCalls({
      getNotasCredito: [NOTA, OTRA],
      getNotaCredito: { NotaCredito: NOTA, Historial: HISTORIAL },
    });
    const { router } = renderApp("/Notas-Credito");
    await screen.findByRole("table", { name: "Notas de crédito" }, { timeout: 10_000 });
    await waitFor(() => expect(rowOf("Notas de crédito", "NC-17")).not.toBeUndefined());
    fireEvent.doubleClick(within(rowOf("Notas de crédito", "NC-17")).getAllByRole("cell")[1] as HTMLElement);

    await waitFor(() => expect(router.state.location.pathname).toBe("/Notas-Credito/Nota/17"));
    await screen.findByRole("heading", { level: 1, name: "Nota de crédito" });
    await waitFor(() => expect(fieldValue("Folio")).toBe("NC-17"));
    expect(calls.find((c) => c.url.endsWith(CALLS.getNotaCredito.path))?.body).toEqual({
      usuario: "P00001",
      operador: "Proveedor",
      IdNotaCredito: 17,
    });
    expect(fieldValue("UUID")).toBe(NOTA.UUID);
    expect(fieldValue("Total")).toBe("1,160.50 MXN");
    expect(fieldValue("Estatus")).toBe("Rechazada");
    expect(fieldValue("Razón social")).toBe(NOTA.NomSociedad);
    expect(fieldValue("Comentarios")).toBe("El importe no corresponde.");
    const facturas = screen.getByRole("table", { name: "Facturas de la nota de crédito" });
    const factura = within(facturas).getAllByRole("row")[1] as HTMLElement;
    expect(factura.textContent).toContain("A-1234");
    expect(factura.textContent).toContain("1,160.00 MXN");
    expect(factura.textContent).toContain("01 Nota de crédito");
    expect(screen.queryByText("01 Nota de crédito: A-1234")).not.toBeNull();
    expect(screen.queryByText(`04 Sustitución: ${UUID_OTRA}`)).not.toBeNull();
    // A supplier's note not accepted has no ERP state, and it never reads the ERP's messages.
    expect(screen.queryByLabelText("ERP")).toBeNull();
    expect(screen.getAllByText("Cargado")).toHaveLength(2);

    const historial = screen.getByRole("table", { name: "Historial" });
    const entradas = within(historial).getAllByRole("row").slice(1);
    expect(entradas.map((r) => within(r).getAllByRole("cell")[2]?.textContent)).toEqual([
      `Registrada (Pendiente): UUID ${NOTA.UUID}, facturas A-1234`,
      "Rechazada",
    ]);
    expect(entradas[1]?.textContent).toContain("El importe no corresponde.");

    fireEvent.click(screen.getByRole("button", { name: "Regresar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Notas-Credito"));
  });

  it("shows an accepted note's ERP state to its supplier without the ERP's messages", async () => {
    signInAs("proveedor");
    const { ErrorERP: _omitted, ...aceptada } = nota({ Estatus: "A", EstadoERP: "creada", DocNumERP: 9133 });
    fakeCalls({ getNotaCredito: { NotaCredito: aceptada, Historial: [] } });
    renderApp("/Notas-Credito/Nota/17");
    await waitFor(() => expect(fieldValue("ERP")).toBe("Nota de crédito SAP 9133"));
    expect(screen.queryByText("Sin movimientos")).not.toBeNull();
  });

  it("opens from the review list with Enter, not from a double-click in its comment, and goes back there", async () => {
    signInAs("administrador");
    fakeCalls({
      notasCreditoPendientesGetNotasCredito: [nota({ Estatus: "P" }), OTRA],
      getNotaCredito: { NotaCredito: NOTA, Historial: HISTORIAL },
    });
    const { router } = renderApp("/Notas-Credito-Pendientes");
    const tabla = "Notas de crédito pendientes";
    await screen.findByRole("table", { name: tabla }, { timeout: 10_000 });
    await waitFor(() => expect(rowOf(tabla, "NC-17")).not.toBeUndefined());
    // Selecting a word of the reviewer's comment is not opening the note.
    fireEvent.doubleClick(within(rowOf(tabla, "NC-17")).getByRole("textbox"));
    expect(router.state.location.pathname).toBe("/Notas-Credito-Pendientes");

    const fila = rowOf(tabla, "NC-17");
    fila.focus();
    fireEvent.keyDown(fila, { key: "Enter" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/Notas-Credito/Nota/17"));
    expect(router.state.location.search).toEqual({ desde: "pendientes" });
    await waitFor(() => expect(fieldValue("Folio")).toBe("NC-17"));
    // Employees see the ERP section only for an accepted note; this one was rejected.
    expect(screen.queryByRole("heading", { name: "ERP" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Regresar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Notas-Credito-Pendientes"));
  });

  it("shows the server's refusal (another supplier's note) in its words, with the way back", async () => {
    signInAs("proveedor");
    fakeCalls({
      getNotaCredito: { status: 404, body: { status: "error", message: NOTA_CREDITO_MSG.noExiste } },
      getNotasCredito: [],
    });
    const { router } = renderApp("/Notas-Credito/Nota/99");
    expect((await screen.findByRole("alert")).textContent).toContain(NOTA_CREDITO_MSG.noExiste);
    expect(screen.queryByRole("table", { name: "Historial" })).toBeNull();
    // The query cache logs the refused request (spec §8: failures are logged).
    expect(takeConsoleErrors().length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: "Regresar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Notas-Credito"));
  });

  it("treats an id that is not a number as an unknown path", async () => {
    signInAs("proveedor");
    fakeCalls({});
    renderApp("/Notas-Credito/Nota/abc");
    await screen.findByText("No page");
  });
});

describe("'Nueva nota de crédito' on a URL of its own (issue 40)", () => {
  it("opens /Notas-Credito/Nueva, and Back returns to the list", async () => {
    signInAs("proveedor");
    fakeCalls({ getNotasCredito: [NOTA], facturasGetSociedades: [] });
    const { router } = renderApp("/Notas-Credito");
    fireEvent.click(await screen.findByRole("button", { name: "Nueva nota de crédito" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Notas-Credito/Nueva"));
    await screen.findByRole("form", { name: "Registro de la nota de crédito" });
    expect(screen.queryByRole("heading", { level: 1, name: "Nueva nota de crédito" })).not.toBeNull();
    router.history.back();
    await waitFor(() => expect(router.state.location.pathname).toBe("/Notas-Credito"));
    await screen.findByRole("table", { name: "Notas de crédito" });
  });

  it("sends an employee from /Notas-Credito/Nueva to /Home", async () => {
    signInAs("administrador");
    fakeCalls({ homeRowDocuments: { Registro: 0 } });
    const { router } = renderApp("/Notas-Credito/Nueva");
    await waitFor(() => expect(router.state.location.pathname).toBe("/Home"));
  });
});
