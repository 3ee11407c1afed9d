import { describe, expect, it } from "vitest";
import {
  filterBySociedad,
  importeEn,
  monedasDelReporte,
  pagosAtrasados,
  pagosDelProveedor,
  parseAtrasadosFilters,
} from "./atrasados-logic";
import { REPORTE } from "./complementos-atrasados.fixtures";

// Moved from components/complementos-atrasados.test.tsx (decision 052): pure functions run in the `logic` project.
describe("atrasados-logic", () => {
  it("narrows to one sociedad, summing each supplier's totals again", () => {
    const kij = filterBySociedad(REPORTE, "SBO_KIJ");
    expect(kij.map((r) => [r.Fila, r.CardCode, r.Importes])).toEqual([
      [1, "P00001", [{ Moneda: "USD", Importe: "300.00" }]],
      [2, "P00002", [{ Moneda: "MXN", Importe: "580.00" }]],
    ]);
    expect(filterBySociedad(REPORTE, "SBO_MCI").map((r) => [r.CardCode, r.Importes])).toEqual([
      ["P00001", [{ Moneda: "MXN", Importe: "3660.50" }]],
    ]);
    expect(pagosAtrasados(REPORTE).map((p) => [p.Fila, p.DocNum, p.CardName])).toEqual([
      [1, 9001, "ESCUELA KEMPER URGATE"],
      [2, 9002, "ESCUELA KEMPER URGATE"],
      [3, 9003, "ESCUELA KEMPER URGATE"],
      [4, 9004, "BERENICE XIMO QUEZADA"],
    ]);
  });
});

describe("the report's currencies, a supplier's payments and the URL's filters (issue 40)", () => {
  it("lists the currencies in order and a supplier's total in each", () => {
    expect(monedasDelReporte(REPORTE)).toEqual(["MXN", "USD"]);
    expect(importeEn(REPORTE[0]!, "USD")).toBe("300.00");
    expect(importeEn(REPORTE[1]!, "USD")).toBe("");
  });

  it("narrows the payments to one supplier and numbers them again", () => {
    const pagos = pagosAtrasados(REPORTE);
    const berenice = pagosDelProveedor(pagos, "P00002");
    expect(berenice.map((p) => [p.Fila, p.DocNum])).toEqual([[1, 9004]]);
    expect(pagosDelProveedor(pagos, null)).toHaveLength(4);
  });

  it("keeps only filters that look like codes", () => {
    expect(parseAtrasadosFilters({ sociedad: "SBO_KIJ", proveedor: "P00002", q: "x" })).toEqual({
      sociedad: "SBO_KIJ",
      proveedor: "P00002",
    });
    expect(parseAtrasadosFilters({ sociedad: "<script>", proveedor: 3 })).toEqual({});
  });
});
