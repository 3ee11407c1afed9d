import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildExportTable } from "../../../components/data-table/export";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { renderApp } from "../../../test/render-app";
import { estatusPago } from "../factura-logic";
import { makeFactura } from "../facturas.fixtures";
import { FACTURAS_COLUMNS } from "./facturas-columns";

/**
 * Issue 39 (decision 058): the statuses come from the invoice's ledger (total less the ERP's payments and the
 * accepted credit notes), and the list, the detail, the search and the export say the same.
 */
const FILAS = [
  // 3,327.01 − 0.00 − 3,327.01 = 0.00: a credit note cancelled it out; nothing was paid.
  makeFactura({
    Fila: 1,
    IdFactura: 31,
    FolioFactura: "S-301",
    EstatusFactura: "A",
    PaidToDate: "3327.01",
    Abonos: { Pagos: "0.00", Notas: "3327.01" },
  }),
  // 3,327.01 − 1,000.00 = 2,327.01.
  makeFactura({
    Fila: 2,
    IdFactura: 32,
    FolioFactura: "S-302",
    EstatusFactura: "A",
    PaidToDate: "1000.00",
    FechaPago: "2026-03-02",
    Abonos: { Pagos: "1000.00", Notas: "0.00" },
  }),
  // 3,327.01 paid.
  makeFactura({
    Fila: 3,
    IdFactura: 33,
    FolioFactura: "S-303",
    EstatusFactura: "A",
    PaidToDate: "3327.01",
    FechaPago: "2026-03-05",
    Abonos: { Pagos: "3327.01", Notas: "0.00" },
  }),
];
const ESPERADO = [
  ["S-301", "Saldada con nota de crédito", "0.00"],
  ["S-302", "Pago parcial", "2,327.01"],
  ["S-303", "Pagada", "0.00"],
] as const;

const bodyRows = () =>
  within(screen.getByRole("table", { name: "Facturas" }))
    .getAllByRole("row")
    .slice(1)
    .filter((row) => row.querySelector("td") !== null);
const rowOf = (folio: string) => bodyRows().find((row) => row.textContent?.includes(folio)) as HTMLElement;
const search = (texto: string) =>
  fireEvent.change(screen.getByRole("searchbox", { name: "Buscar" }), { target: { value: texto } });

describe("statuses from the ledger: list, detail, search and export agree (issue 39)", () => {
  it("fully credited, partly paid and paid read the same everywhere, with their balance", async () => {
    signInAs("proveedor");
    fakeCalls({ getFacturas: FILAS, getHistorialFactura: [] });
    renderApp("/MisFacturas");
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    // The list: the status and the 'Saldo' column beside the total.
    for (const [folio, estatus, saldo] of ESPERADO) {
      expect(rowOf(folio).textContent).toContain(estatus);
      expect(rowOf(folio).textContent).toContain(`3,327.01 MXN${saldo} MXN`);
    }
    // The search: 'pagada' finds the paid invoice only, never the one a credit note cancelled out.
    search("pagada");
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.textContent).toContain("S-303");
    search("nota de crédito");
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.textContent).toContain("S-301");
    search("pago parcial");
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.textContent).toContain("S-302");
    // The export: the same status and balance under their headers.
    const tabla = buildExportTable(FACTURAS_COLUMNS, FILAS);
    const col = (header: string) => tabla.headers.indexOf(header);
    expect(tabla.rows.map((r) => [r[col("Folio")], String(r[col("Estatus")]), r[col("Saldo")]])).toEqual(
      ESPERADO.map(([folio, estatus, saldo]) => [folio, estatus, saldo.replace(",", "")]),
    );
    // The detail's payment status is the list's, and the balance says what made it.
    for (const [folio, estatus] of ESPERADO) {
      expect(estatusPago(FILAS.find((f) => f.FolioFactura === folio)!)).toBe(estatus);
    }
    search("");
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    fireEvent.doubleClick(rowOf("S-302"));
    await screen.findByRole("heading", { level: 1, name: "Datos generales" });
    const valor = (name: string) => (screen.getByRole("textbox", { name }) as HTMLInputElement).value;
    expect(valor("Estatus del pago")).toBe("Pago parcial");
    expect(valor("Saldo")).toBe("2,327.01 MXN");
    expect(
      screen.getByText(
        "Total 3,327.01 − pagos 1,000.00 (último pago: 2026-03-02) − notas de crédito aceptadas 0.00 = 2,327.01 MXN",
      ),
    ).not.toBeNull();
  });
});
