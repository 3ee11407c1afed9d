import { describe, expect, it } from "vitest";
import { buildSearchIndex, filterRows, sortRows } from "../../../components/data-table/data-table-logic";
import { makeEntrada } from "../../../components/documento-compra/documento-compra.fixtures";
import { ENTRADAS_COLUMNS } from "./entradas-table";

const rows = [
  makeEntrada({ Fila: 1, DocNum: 5120, Pedido: 1099 }),
  makeEntrada({ Fila: 2, DocNum: 5119, Pedido: null }),
  makeEntrada({ Fila: 3, DocNum: 5118, Pedido: 1001 }),
];

describe("/Entradas-Mercancia columns", () => {
  it("adds the receipt number and the related order to the order's columns", () => {
    expect(ENTRADAS_COLUMNS.map((column) => column.header)).toEqual([
      "#",
      "Sociedad",
      "Proveedor",
      "Entrada",
      "Pedido",
      "Estatus",
      "Fecha",
      "Fecha de vencimiento",
      "Días de crédito",
      "Uso principal",
      "Método de pago",
      "Forma de pago",
      "Total",
    ]);
  });

  it("searches the receipt and order numbers", () => {
    const index = buildSearchIndex(rows, ENTRADAS_COLUMNS);
    expect(filterRows(rows, index, "5119").map((r) => r.Fila)).toEqual([2]);
    expect(filterRows(rows, index, "1001").map((r) => r.Fila)).toEqual([3]);
  });

  it("sorts receipts without an order last", () => {
    expect(sortRows(rows, ENTRADAS_COLUMNS, { columnId: "Pedido", direction: "asc" }).map((r) => r.Fila)).toEqual([
      3, 1, 2,
    ]);
    expect(sortRows(rows, ENTRADAS_COLUMNS, { columnId: "Pedido", direction: "desc" }).map((r) => r.Fila)).toEqual([
      1, 3, 2,
    ]);
  });
});
