import { describe, expect, it } from "vitest";
import { buildSearchIndex, filterRows, sortRows } from "../../../components/data-table/data-table-logic";
import { makePedido } from "../../../components/documento-compra/documento-compra.fixtures";
import { PEDIDOS_COLUMNS } from "./pedidos-table";

const rows = [
  makePedido({ Fila: 1, DocNum: 1100, DocTotal: "999.99", DocDate: "2026-11-15", GroupNum: 0, PeyMethod: "01" }),
  makePedido({
    Fila: 2,
    DocNum: 1099,
    DocTotal: "47820.76",
    DocDate: "2026-10-01",
    CardName: "BERENICE XIMO QUEZADA",
    DocStatus: "C",
  }),
  makePedido({
    Fila: 3,
    DocNum: 1098,
    DocTotal: "10.5",
    DocDate: "2026-12-24",
    DocCur: "USD",
    U_B1SYS_MainUsage: "I04",
  }),
];

const search = (query: string) => filterRows(rows, buildSearchIndex(rows, PEDIDOS_COLUMNS), query).map((r) => r.Fila);

describe("/Pedidos columns", () => {
  it("has the spec's columns in order", () => {
    expect(PEDIDOS_COLUMNS.map((column) => column.header)).toEqual([
      "#",
      "Sociedad",
      "Proveedor",
      "Pedido",
      "Estatus",
      "Fecha",
      "Fecha de entrega",
      "Días de crédito",
      "Uso principal",
      "Método de pago",
      "Forma de pago",
      "Total",
    ]);
  });

  it("searches case-insensitively over what the columns show", () => {
    expect(search("berenice")).toEqual([2]);
    expect(search("47,820.76")).toEqual([2]);
    expect(search("47820.76")).toEqual([2]);
    expect(search("usd")).toEqual([3]);
    expect(search("cerrado")).toEqual([2]);
    expect(search("pue")).toEqual([1]); // derived from GroupNum 0
    expect(search("i04")).toEqual([3]);
    expect(search("1099")).toEqual([2]);
    expect(search("2026-12")).toEqual([3]);
  });

  it("sorts the total by currency then amount (issue 23), and dates chronologically", () => {
    const by = (columnId: string, direction: "asc" | "desc" = "asc") =>
      sortRows(rows, PEDIDOS_COLUMNS, { columnId, direction }).map((r) => r.Fila);
    // MXN 999.99, MXN 47,820.76, then USD 10.50: the currencies do not mix, each ordered by amount.
    expect(by("DocTotal")).toEqual([1, 2, 3]);
    expect(by("DocTotal", "desc")).toEqual([2, 1, 3]);
    expect(by("DocDate")).toEqual([2, 1, 3]);
    expect(by("DocNum")).toEqual([3, 2, 1]);
    expect(by("MetodoPago")).toEqual([2, 3, 1]);
  });
});
