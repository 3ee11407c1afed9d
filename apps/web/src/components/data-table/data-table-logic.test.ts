import { describe, expect, it } from "vitest";
import {
  buildSearchIndex,
  clampPage,
  compareMoney,
  compareValues,
  type DataTableColumn,
  dateColumn,
  filterRows,
  formatMoney,
  moneyColumn,
  nextSort,
  pageCount,
  paginate,
  rangeLabel,
  searchText,
  sortRows,
  visibleWindow,
} from "./data-table-logic";

interface Row {
  Fila: number;
  Nombre: string;
  RFC: string;
  Total: number | null;
  Secreto: string;
}

const columns: DataTableColumn<Row>[] = [
  { id: "Fila", header: "#", value: (row) => row.Fila },
  { id: "Nombre", header: "Razón social", value: (row) => row.Nombre },
  { id: "RFC", header: "RFC", value: (row) => row.RFC },
  { id: "Total", header: "Total", value: (row) => row.Total },
  { id: "Secreto", header: "Oculto", value: (row) => row.Secreto, isSearchable: false },
  { id: "Accion", header: "Acción" },
];

const rows: Row[] = [
  { Fila: 1, Nombre: "Escuela Kemper Urgate", RFC: "EKU9003173C9", Total: 1500.5, Secreto: "zeta" },
  { Fila: 2, Nombre: "Berenice Ximo Quezada", RFC: "XIQB891116QE4", Total: null, Secreto: "alfa" },
  { Fila: 10, Nombre: "Ángel Álvarez", RFC: "AAAA800101AAA", Total: 20, Secreto: "beta" },
  { Fila: 3, Nombre: "escuela norte", RFC: "ENO010101AB1", Total: 300, Secreto: "gamma" },
];

describe("search", () => {
  const index = buildSearchIndex(rows, columns);

  it("matches a case-insensitive substring of any searchable column", () => {
    expect(filterRows(rows, index, "ESCUELA").map((row) => row.Fila)).toEqual([1, 3]);
    expect(filterRows(rows, index, "qe4").map((row) => row.Fila)).toEqual([2]);
    expect(filterRows(rows, index, "1500.5").map((row) => row.Fila)).toEqual([1]);
    expect(filterRows(rows, index, "álvarez").map((row) => row.Fila)).toEqual([10]);
  });

  it("ignores columns marked not searchable and columns without a value", () => {
    expect(filterRows(rows, index, "zeta")).toEqual([]);
  });

  it("returns every row for an empty or blank query", () => {
    expect(filterRows(rows, index, "")).toBe(rows);
    expect(filterRows(rows, index, "   ")).toBe(rows);
  });

  it("does not match across column boundaries", () => {
    expect(filterRows(rows, index, "urgateeku")).toEqual([]);
  });
});

describe("sort", () => {
  it("sorts numbers numerically and text with Spanish collation", () => {
    expect(sortRows(rows, columns, { columnId: "Fila", direction: "asc" }).map((row) => row.Fila)).toEqual([
      1, 2, 3, 10,
    ]);
    expect(sortRows(rows, columns, { columnId: "Fila", direction: "desc" }).map((row) => row.Fila)).toEqual([
      10, 3, 2, 1,
    ]);
    expect(sortRows(rows, columns, { columnId: "Nombre", direction: "asc" }).map((row) => row.Fila)).toEqual([
      10, 2, 1, 3,
    ]);
  });

  it("puts blank values last in both directions", () => {
    expect(sortRows(rows, columns, { columnId: "Total", direction: "asc" }).map((row) => row.Fila)).toEqual([
      10, 3, 1, 2,
    ]);
    expect(sortRows(rows, columns, { columnId: "Total", direction: "desc" }).map((row) => row.Fila)).toEqual([
      1, 3, 10, 2,
    ]);
  });

  it("is stable and leaves the input untouched", () => {
    const ties = [
      { ...rows[0], Nombre: "X", Fila: 1 },
      { ...rows[1], Nombre: "x", Fila: 2 },
      { ...rows[2], Nombre: "X", Fila: 3 },
    ] as Row[];
    const copy = [...ties];
    expect(sortRows(ties, columns, { columnId: "Nombre", direction: "desc" }).map((row) => row.Fila)).toEqual([
      1, 2, 3,
    ]);
    expect(ties).toEqual(copy);
  });

  it("returns the rows as they are without a sort or for an unknown column", () => {
    expect(sortRows(rows, columns, null)).toBe(rows);
    expect(sortRows(rows, columns, { columnId: "Accion", direction: "asc" })).toBe(rows);
  });

  it("toggles the direction on the same header and starts ascending on a new one", () => {
    expect(nextSort(null, "RFC")).toEqual({ columnId: "RFC", direction: "asc" });
    expect(nextSort({ columnId: "RFC", direction: "asc" }, "RFC")).toEqual({ columnId: "RFC", direction: "desc" });
    expect(nextSort({ columnId: "RFC", direction: "desc" }, "RFC")).toEqual({ columnId: "RFC", direction: "asc" });
    expect(nextSort({ columnId: "RFC", direction: "desc" }, "Fila")).toEqual({ columnId: "Fila", direction: "asc" });
  });

  it("compares mixed values sensibly", () => {
    expect(compareValues("a10", "a9")).toBeGreaterThan(0);
    expect(compareValues("", "a")).toBeGreaterThan(0);
    expect(compareValues(null, undefined)).toBe(0);
  });
});

describe("paging", () => {
  const many = Array.from({ length: 23 }, (_, i) => i + 1);

  it("cuts pages and offers All", () => {
    expect(paginate(many, 0, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginate(many, 4, 5)).toEqual([21, 22, 23]);
    expect(paginate(many, 0, "All")).toBe(many);
    expect(pageCount(23, 5)).toBe(5);
    expect(pageCount(0, 5)).toBe(1);
    expect(pageCount(23, "All")).toBe(1);
  });

  it("clamps a page that no longer exists (e.g. after a search)", () => {
    expect(clampPage(9, 23, 10)).toBe(2);
    expect(clampPage(-1, 23, 10)).toBe(0);
    expect(paginate(many, 9, 10)).toEqual([21, 22, 23]);
  });

  it("labels the range", () => {
    expect(rangeLabel(0, 23, 5)).toBe("1–5 de 23");
    expect(rangeLabel(4, 23, 5)).toBe("21–23 de 23");
    expect(rangeLabel(0, 23, "All")).toBe("1–23 de 23");
    expect(rangeLabel(0, 0, 5)).toBe("0 de 0");
  });
});

describe("windowing", () => {
  it("mounts only the rows in view plus an overscan", () => {
    expect(visibleWindow(0, 530, 53, 10_000, 10)).toEqual({ start: 0, end: 20 });
    expect(visibleWindow(53 * 5000, 530, 53, 10_000, 10)).toEqual({ start: 4990, end: 5020 });
    expect(visibleWindow(53 * 10_000, 530, 53, 10_000, 10)).toEqual({ start: 9990, end: 10_000 });
  });
});

describe("10,000 rows", () => {
  it("filters and sorts them (the time is a figure of the e2e, not an assertion)", () => {
    const big: Row[] = Array.from({ length: 10_000 }, (_, i) => ({
      Fila: i + 1,
      Nombre: `Proveedor ${i % 97} S.A. de C.V.`,
      RFC: `RFC${String(i).padStart(9, "0")}`,
      Total: (i * 7919) % 100_000,
      Secreto: "",
    }));
    const index = buildSearchIndex(big, columns);
    const filtered = filterRows(big, index, "proveedor 5");
    const sorted = sortRows(filtered, columns, { columnId: "Total", direction: "desc" });
    // "proveedor 5" matches Proveedor 5 and 50–59 (i % 97): 11 of every 97 rows.
    expect(sorted.length).toBe(big.filter((r) => /^Proveedor 5\d? /.test(r.Nombre)).length);
    expect(sorted.every((r, i) => i === 0 || Number(sorted[i - 1]!.Total) >= Number(r.Total))).toBe(true);
  });
});

describe("sortValue", () => {
  interface Amount {
    Fila: number;
    Total: string;
  }
  const amountColumns: DataTableColumn<Amount>[] = [
    { id: "Total", header: "Total", value: (row) => `${row.Total} MXN`, sortValue: (row) => Number(row.Total) },
    { id: "Orden", header: "Orden", sortValue: (row) => row.Fila },
  ];
  const amounts: Amount[] = [
    { Fila: 1, Total: "10.5" },
    { Fila: 2, Total: "10.25" },
    { Fila: 3, Total: "9" },
  ];

  it("sorts by the sort key while the search keeps using the shown value", () => {
    expect(sortRows(amounts, amountColumns, { columnId: "Total", direction: "asc" }).map((row) => row.Fila)).toEqual([
      3, 2, 1,
    ]);
    expect(filterRows(amounts, buildSearchIndex(amounts, amountColumns), "10.25 mxn").map((row) => row.Fila)).toEqual([
      2,
    ]);
  });

  it("makes a column with only a sort key sortable but not searchable", () => {
    expect(sortRows(amounts, amountColumns, { columnId: "Orden", direction: "desc" }).map((row) => row.Fila)).toEqual([
      3, 2, 1,
    ]);
    expect(filterRows(amounts, buildSearchIndex(amounts, amountColumns), "3")).toEqual([]);
  });
});

interface Cargo {
  Fila: number;
  Concepto: string;
  Total: string;
  Moneda: string;
  Fecha: string;
}

const cargoColumns: DataTableColumn<Cargo>[] = [
  { id: "Fila", header: "#", value: (row) => row.Fila },
  { id: "Concepto", header: "Concepto", value: (row) => row.Concepto },
  moneyColumn({ id: "Total", header: "Total", money: (row) => ({ amount: row.Total, currency: row.Moneda }) }),
  dateColumn({ id: "Fecha", header: "Fecha", value: (row) => row.Fecha }),
];

const cargos: Cargo[] = [
  { Fila: 1, Concepto: "Validación", Total: "3327.01", Moneda: "MXN", Fecha: "2026-11-20" },
  { Fila: 2, Concepto: "Pago en USD", Total: "9000", Moneda: "USD", Fecha: "2026-11-21" },
  { Fila: 3, Concepto: "PEÑA Y CÍA", Total: "1234567.5", Moneda: "MXN", Fecha: "2026-10-01" },
  { Fila: 4, Concepto: "Anticipo", Total: "12.00", Moneda: "USD", Fecha: "2026-09-30" },
  { Fila: 5, Concepto: "Nota", Total: "250", Moneda: "MXN", Fecha: "2026-09-01" },
];

describe("search without accents, case or thousands separators (issue 23)", () => {
  const index = buildSearchIndex(cargos, cargoColumns);
  const found = (query: string) => filterRows(cargos, index, searchText(query)).map((row) => row.Fila);

  it("normalises text: lower case, no accents, no commas between digits", () => {
    expect(searchText("Validación")).toBe("validacion");
    expect(searchText("PEÑA Y CÍA")).toBe("pena y cia");
    expect(searchText("1,234,567.50 MXN")).toBe("1234567.50 mxn");
    // A comma that is not between digits is text, and stays.
    expect(searchText("Dice, hola 3, 4")).toBe("dice, hola 3, 4");
    expect(searchText(null)).toBe("");
  });

  it("finds accented text by a query without accents, and the other way round", () => {
    expect(found("validacion")).toEqual([1]);
    expect(found("VALIDACIÓN")).toEqual([1]);
    expect(found("pena y cia")).toEqual([3]);
    expect(found("peña")).toEqual([3]);
  });

  it("finds an amount with or without thousands separators", () => {
    expect(cargoColumns[2]?.value?.(cargos[0] as Cargo)).toBe("3,327.01 MXN");
    expect(found("3327.01")).toEqual([1]);
    expect(found("3,327.01")).toEqual([1]);
    expect(found("1234567.50")).toEqual([3]);
    expect(found("1,234,567.5")).toEqual([3]);
    expect(found("9,000.00 usd")).toEqual([2]);
  });
});

describe("money columns sort by currency, then amount (issue 23)", () => {
  it("keeps each currency together and orders its amounts exactly, both directions", () => {
    const ascending = sortRows(cargos, cargoColumns, { columnId: "Total", direction: "asc" });
    expect(ascending.map((row) => `${row.Moneda} ${row.Total}`)).toEqual([
      "MXN 250",
      "MXN 3327.01",
      "MXN 1234567.5",
      "USD 12.00",
      "USD 9000",
    ]);
    const descending = sortRows(cargos, cargoColumns, { columnId: "Total", direction: "desc" });
    expect(descending.map((row) => `${row.Moneda} ${row.Total}`)).toEqual([
      "MXN 1234567.5",
      "MXN 3327.01",
      "MXN 250",
      "USD 9000",
      "USD 12.00",
    ]);
  });

  it("compares amounts as decimals, not as text, and leaves unreadable amounts last", () => {
    expect(compareMoney({ amount: "100", currency: "MXN" }, { amount: "99.99", currency: "MXN" }, 1)).toBeGreaterThan(
      0,
    );
    expect(compareMoney({ amount: "1.50", currency: "MXN" }, { amount: "1.5", currency: "MXN" }, 1)).toBe(0);
    expect(compareMoney({ amount: "1", currency: "USD" }, { amount: "500", currency: "MXN" }, -1)).toBeGreaterThan(0);
    expect(compareMoney({ amount: "", currency: "MXN" }, { amount: "1", currency: "MXN" }, 1)).toBeGreaterThan(0);
    expect(compareMoney({ amount: "", currency: "MXN" }, { amount: "1", currency: "MXN" }, -1)).toBeGreaterThan(0);
    expect(formatMoney({ amount: "1234.5", currency: "USD" })).toBe("1,234.50 USD");
  });

  it("sorts a date column by its ISO value", () => {
    const byDate = sortRows(cargos, cargoColumns, { columnId: "Fecha", direction: "asc" });
    expect(byDate.map((row) => row.Fila)).toEqual([5, 4, 3, 1, 2]);
  });
});
