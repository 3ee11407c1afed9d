import { type MovimientoSaldoFactura, MSG, type SaldoFacturaDetalle } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildExportTable } from "../../../components/data-table/export";
import { fakeCalls, type Role, signInAs } from "../../../test/fake-api";
import { type FakeCall, renderApp } from "../../../test/render-app";
import { estatusPago } from "../factura-logic";
import { makeFactura } from "../facturas.fixtures";
import { FACTURAS_COLUMNS } from "./facturas-columns";

/**
 * Issue 39 (decision 058): the statuses come from the invoice's ledger (total less the ERP's payments and the
 * accepted credit notes), and the list, the detail, the search and the export say the same.
 */
function ledger(IdFactura: number, Saldo: string, Movimientos: MovimientoSaldoFactura[]): SaldoFacturaDetalle {
  return { IdFactura, Total: "3327.01", Moneda: "MXN", Saldo, Movimientos, PagosLeidos: true };
}
function nota(Fecha: string, Folio: string, Importe: string, SaldoAnterior: string, SaldoPosterior: string) {
  const UUID = `5B1E2C3D-4F50-4A61-8B72-${Folio.replace(/\D/g, "").padStart(12, "0")}`;
  return { Tipo: "nota", Fecha, DocNum: null, Folio, UUID, Importe, SaldoAnterior, SaldoPosterior } as const;
}
function pago(Fecha: string, DocNum: number, Importe: string, SaldoAnterior: string, SaldoPosterior: string) {
  return { Tipo: "pago", Fecha, DocNum, Folio: "", UUID: "", Importe, SaldoAnterior, SaldoPosterior } as const;
}

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

/** facturas/getSaldo of each row: the ledger that made its balance. */
const LEDGERS: Record<number, SaldoFacturaDetalle> = {
  31: ledger(31, "0.00", [nota("2026-03-01", "NC-31", "3327.01", "3327.01", "0.00")]),
  32: ledger(32, "2327.01", [pago("2026-03-02", 2064, "1000.00", "3327.01", "2327.01")]),
  33: ledger(33, "0.00", [pago("2026-03-05", 2065, "3327.01", "3327.01", "0.00")]),
};
const saldoDe = (call: FakeCall) => LEDGERS[(call.body as { IdFactura: number }).IdFactura];

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
    fakeCalls({ getNotasCredito: [], getFacturas: FILAS, getHistorialFactura: [], getSaldoFactura: saldoDe });
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
  });

  it.each(ESPERADO)(
    "the detail of %s reads %s with the list's balance %s; its ledger closes on it",
    async (folio, estatus, saldo) => {
      signInAs("proveedor");
      fakeCalls({ getNotasCredito: [], getFacturas: FILAS, getHistorialFactura: [], getSaldoFactura: saldoDe });
      renderApp("/MisFacturas");
      await waitFor(() => expect(bodyRows()).toHaveLength(3));
      const valor = (name: string) => (screen.getByRole("textbox", { name }) as HTMLInputElement).value;
      expect(estatusPago(FILAS.find((f) => f.FolioFactura === folio)!)).toBe(estatus);
      fireEvent.doubleClick(rowOf(folio));
      await screen.findByRole("heading", { level: 1, name: "Datos generales" });
      expect(valor("Estatus del pago")).toBe(estatus);
      expect(valor("Saldo")).toBe(`${saldo} MXN`);
      const ledger = await screen.findByRole("table", { name: "Movimientos del saldo" });
      expect(within(ledger).getAllByRole("row").at(-1)?.textContent).toContain(`${saldo} MXN`);
      const sentencia = {
        "S-301": "Total 3,327.01 − pagos 0.00 − notas de crédito aceptadas 3,327.01 = 0.00 MXN",
        "S-302":
          "Total 3,327.01 − pagos 1,000.00 (último pago: 2026-03-02) − notas de crédito aceptadas 0.00 = 2,327.01 MXN",
        "S-303":
          "Total 3,327.01 − pagos 3,327.01 (último pago: 2026-03-05) − notas de crédito aceptadas 0.00 = 0.00 MXN",
      }[folio];
      expect(screen.getByText(sentencia)).not.toBeNull();
    },
  );
});

describe("the detail's ledger: what made the balance, line by line (issue 39)", () => {
  // 3,327.01 − 327.01 (note NC-7, 20 Feb) = 3,000.00; − 1,000.00 (payment 2066, 2 Mar) = 2,000.00; − 500.00 (payment
  // 2070, 9 Mar) = 1,500.00.
  const FILA = makeFactura({
    Fila: 1,
    IdFactura: 40,
    FolioFactura: "S-400",
    EstatusFactura: "A",
    PaidToDate: "1827.01",
    FechaPago: "2026-03-09",
    Abonos: { Pagos: "1500.00", Notas: "327.01" },
  });
  const LEDGER: SaldoFacturaDetalle = {
    ...ledger(40, "1500.00", [
      nota("2026-02-20", "NC-7", "327.01", "3327.01", "3000.00"),
      pago("2026-03-02", 2066, "1000.00", "3000.00", "2000.00"),
      pago("2026-03-09", 2070, "500.00", "2000.00", "1500.00"),
    ]),
  };
  const lineas = () =>
    within(screen.getByRole("table", { name: "Movimientos del saldo" }))
      .getAllByRole("row")
      .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));

  async function openDetail(role: Role, answer: SaldoFacturaDetalle) {
    signInAs(role);
    const calls = fakeCalls({
      getNotasCredito: [],
      getFacturas: [FILA],
      getHistorialFactura: [],
      getSaldoFactura: answer,
    });
    renderApp("/MisFacturas");
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    fireEvent.doubleClick(rowOf("S-400"));
    await screen.findByRole("heading", { level: 1, name: "Datos generales" });
    return calls;
  }

  it.each(["proveedor", "administrador"] as const)(
    "shows the total, the note and each payment in date order with the balance before and after (%s)",
    async (role) => {
      const calls = await openDetail(role, LEDGER);
      await screen.findByRole("table", { name: "Movimientos del saldo" });
      expect(lineas()).toEqual([
        ["Fecha", "Movimiento", "Importe", "Saldo anterior", "Saldo"],
        ["2026-02-19", "Total de la factura", "3,327.01 MXN", "", "3,327.01 MXN"],
        [
          "2026-02-20",
          "Nota de crédito NC-7 (5B1E2C3D-4F50-4A61-8B72-000000000007)",
          "− 327.01 MXN",
          "3,327.01 MXN",
          "3,000.00 MXN",
        ],
        ["2026-03-02", "Pago 2066", "− 1,000.00 MXN", "3,000.00 MXN", "2,000.00 MXN"],
        ["2026-03-09", "Pago 2070", "− 500.00 MXN", "2,000.00 MXN", "1,500.00 MXN"],
      ]);
      // It asked for this invoice's ledger.
      const pedido = calls.find((c) => c.url.endsWith("/api/facturas/getSaldo"));
      expect(pedido?.body).toMatchObject({ IdFactura: 40 });
    },
  );

  it("without the ERP's payments it says so and shows no ledger", async () => {
    await openDetail("proveedor", { ...LEDGER, Saldo: null, Movimientos: [], PagosLeidos: false });
    expect(await screen.findByText(MSG.saldoSinPagosErp)).not.toBeNull();
    expect(screen.queryByRole("table", { name: "Movimientos del saldo" })).toBeNull();
  });
});
