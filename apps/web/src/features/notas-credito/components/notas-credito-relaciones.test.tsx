import type { NotaCreditoRow } from "@portal/contracts";
import { notaCreditoRow } from "@portal/contracts/muestras";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { renderApp } from "../../../test/render-app";
import { makeEntradaFactura, makeFactura, PROVEEDOR } from "../../facturas/facturas.fixtures";

/**
 * Issue 39 (decision 060): a credit note with several relation groups is shown with each group and its type — the
 * list's 'Relación' column (searchable by what it shows) and the invoice detail's credit notes — and a 07 group
 * reads as an advance applied.
 */
const UUID_A = "AAAAAAAA-1111-4111-8111-111111111111";
const UUID_B = "BBBBBBBB-2222-4222-8222-222222222222";
const nota = (o: Partial<NotaCreditoRow>): NotaCreditoRow => ({ ...notaCreditoRow, ...o });
const DOS_GRUPOS = nota({
  Fila: 1,
  IdNotaCredito: 41,
  FolioNotaCredito: "NC-41",
  TipoRelacion: "01",
  Relaciones: [
    { TipoRelacion: "01", UUIDs: [UUID_A] },
    { TipoRelacion: "03", UUIDs: [UUID_B] },
  ],
  Facturas: [
    { IdFactura: 21, FolioFactura: "A-21", UUID: UUID_A, Importe: "1160.00" },
    { IdFactura: 22, FolioFactura: "A-22", UUID: UUID_B, Importe: "116.00" },
  ],
});
const ANTICIPO = nota({
  Fila: 2,
  IdNotaCredito: 42,
  FolioNotaCredito: "NC-42",
  TipoRelacion: "07",
  Relaciones: [{ TipoRelacion: "07", UUIDs: [UUID_A] }],
  Facturas: [{ IdFactura: 21, FolioFactura: "A-21", UUID: UUID_A, Importe: "50.00" }],
});

const filas = (tabla: string) =>
  within(screen.getByRole("table", { name: tabla }))
    .getAllByRole("row")
    .slice(1);
function celda(tabla: string, fila: HTMLElement, encabezado: string): HTMLElement {
  const columna = within(screen.getByRole("table", { name: tabla }))
    .getAllByRole("columnheader")
    .findIndex((cell) => cell.textContent === encabezado);
  expect(columna).toBeGreaterThan(-1);
  return within(fila).getAllByRole("cell")[columna] as HTMLElement;
}

describe("a credit note's relation groups on screen (issue 39)", () => {
  it("the list shows each group with its type on its own line, and finds the note by any of them", async () => {
    signInAs("proveedor");
    fakeCalls({ getNotasCredito: [DOS_GRUPOS, ANTICIPO] });
    renderApp("/Notas-Credito");
    const tabla = "Notas de crédito";
    await waitFor(() => expect(filas(tabla)).toHaveLength(2));
    const relacion = celda(tabla, filas(tabla)[0] as HTMLElement, "Relación");
    expect(within(relacion).getByText("01 Nota de crédito: A-21")).not.toBeNull();
    expect(within(relacion).getByText("03 Devolución de mercancía: A-22")).not.toBeNull();
    expect(celda(tabla, filas(tabla)[1] as HTMLElement, "Relación").textContent).toBe(
      "07 Aplicación de anticipo: A-21",
    );
    fireEvent.change(screen.getByRole("searchbox", { name: "Buscar" }), { target: { value: "devolución" } });
    await waitFor(() => expect(filas(tabla)).toHaveLength(1));
    expect(filas(tabla)[0]?.textContent).toContain("NC-41");
    fireEvent.change(screen.getByRole("searchbox", { name: "Buscar" }), { target: { value: "anticipo" } });
    await waitFor(() => expect(filas(tabla)[0]?.textContent).toContain("NC-42"));
    expect(filas(tabla)).toHaveLength(1);
  });

  it("the invoice detail says by which type each note relates that invoice", async () => {
    signInAs("proveedor");
    fakeCalls({
      getFacturas: [makeFactura({ Fila: 1, IdFactura: 22, FolioFactura: "A-22", UUID: UUID_B, EstatusFactura: "A" })],
      getProveedor: [PROVEEDOR],
      getEntradas: [makeEntradaFactura()],
      getHistorialFactura: [],
      getNotasCredito: [DOS_GRUPOS],
      getNotaCredito: { NotaCredito: DOS_GRUPOS, Historial: [] },
    });
    const { router } = renderApp("/MisFacturas");
    await waitFor(() => expect(filas("Facturas")).toHaveLength(1));
    fireEvent.doubleClick(filas("Facturas")[0] as HTMLElement);
    await screen.findByRole("heading", { level: 1, name: "Datos generales" });
    const tabla = "Notas de crédito de la factura";
    await screen.findByRole("table", { name: tabla });
    const fila = filas(tabla)[0] as HTMLElement;
    expect(fila.textContent).toContain("NC-41");
    expect(celda(tabla, fila, "Relación").textContent).toBe("03 Devolución de mercancía");
    expect(celda(tabla, fila, "Importe en esta factura").textContent).toBe("116.00 MXN");
    // Issue 40: the folio opens the note's own detail.
    fireEvent.click(within(fila).getByRole("link", { name: "Ver la nota de crédito NC-41" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/Notas-Credito/Nota/${DOS_GRUPOS.IdNotaCredito}`));
    await screen.findByRole("heading", { level: 1, name: "Nota de crédito" });
  });
});
