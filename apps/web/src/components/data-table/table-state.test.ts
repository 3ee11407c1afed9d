import { describe, expect, it } from "vitest";
import { type DataTableColumn, knownToggles, visibleColumns } from "./data-table-logic";
import { setCellEdit } from "./use-cell-edits";
import { toggleExpandedKey } from "./use-row-expansion";
import { selectAllState, setKeys, toggleKey } from "./use-row-selection";
import { readTableUrlState, writeTableUrlState } from "./use-table-url-state";

interface Row {
  Fila: number;
  Nombre: string;
}

const columns: DataTableColumn<Row>[] = [
  { id: "Fila", header: "#", value: (row) => row.Fila },
  { id: "Nombre", header: "Nombre", value: (row) => row.Nombre, isSortable: false },
  { id: "PDF", header: "PDF", cell: () => null },
  { id: "UUID", header: "UUID", value: () => "", isHiddenByDefault: true },
];
const options = {
  columns,
  pageSizes: [5, 10, "All"] as const,
  defaultPageSize: 5 as const,
  initialSort: { columnId: "Fila", direction: "desc" } as const,
};

describe("readTableUrlState", () => {
  it("reads search, sort, page and page size from the URL", () => {
    expect(readTableUrlState({ q: "acme", orden: "Fila", dir: "asc", pagina: 3, filas: "All" }, options)).toEqual({
      query: "acme",
      sorting: [{ id: "Fila", desc: false }],
      pageSize: "All",
      pageIndex: 2,
      toggled: [],
    });
  });

  it("falls back to the defaults for what the URL lacks or the table does not offer", () => {
    const defaults = { query: "", sorting: [{ id: "Fila", desc: true }], pageSize: 5, pageIndex: 0, toggled: [] };
    expect(readTableUrlState(undefined, options)).toEqual(defaults);
    expect(readTableUrlState({ orden: "Nombre", filas: 15, pagina: 0 }, options)).toEqual(defaults);
    expect(readTableUrlState({ orden: "PDF" }, options)).toEqual(defaults);
    expect(readTableUrlState({ orden: "Desconocida" }, options)).toEqual(defaults);
  });

  it("sorts ascending when the URL names a column without a direction", () => {
    expect(readTableUrlState({ orden: "Fila" }, options).sorting).toEqual([{ id: "Fila", desc: false }]);
  });
});

describe("writeTableUrlState", () => {
  const defaults = { initialSort: options.initialSort, defaultPageSize: options.defaultPageSize };

  it("writes nothing for the defaults", () => {
    const state = {
      query: "  ",
      sorting: [{ id: "Fila", desc: true }],
      pageIndex: 0,
      pageSize: 5 as const,
      toggled: [],
    };
    expect(writeTableUrlState(state, defaults)).toEqual({
      q: undefined,
      orden: undefined,
      dir: undefined,
      pagina: undefined,
      filas: undefined,
      columnas: undefined,
    });
  });

  it("writes what differs from the defaults, the page one-based", () => {
    const state = {
      query: "acme ",
      sorting: [{ id: "Fila", desc: false }],
      pageIndex: 1,
      pageSize: "All" as const,
      toggled: ["PDF", "UUID"],
    };
    expect(writeTableUrlState(state, defaults)).toEqual({
      q: "acme ",
      orden: "Fila",
      dir: "asc",
      pagina: 2,
      filas: "All",
      columnas: "PDF,UUID",
    });
  });

  it("round-trips through readTableUrlState", () => {
    const state = {
      query: "x",
      sorting: [{ id: "Fila", desc: false }],
      pageIndex: 4,
      pageSize: 10 as const,
      toggled: ["UUID"],
    };
    expect(readTableUrlState(writeTableUrlState(state, defaults), options)).toEqual(state);
  });
});

describe("the columns shown (issue 40)", () => {
  it("reads the toggled columns from the URL, known ones only, in the columns' order", () => {
    expect(readTableUrlState({ columnas: "UUID,Desconocida,Fila,UUID" }, options).toggled).toEqual(["Fila", "UUID"]);
  });

  it("shows each column by its default, turned over when toggled", () => {
    const ids = (toggled: string[]) => visibleColumns(columns, toggled).map((c) => c.id);
    expect(ids([])).toEqual(["Fila", "Nombre", "PDF"]);
    expect(ids(["UUID"])).toEqual(["Fila", "Nombre", "PDF", "UUID"]);
    expect(ids(["PDF", "UUID"])).toEqual(["Fila", "Nombre", "UUID"]);
    expect(knownToggles(columns, ["x", "PDF"])).toEqual(["PDF"]);
  });
});

describe("row selection", () => {
  it("toggles one key, leaving the others", () => {
    expect(toggleKey({ a: true }, "b")).toEqual({ a: true, b: true });
    expect(toggleKey({ a: true, b: true }, "a")).toEqual({ b: true });
  });

  it("selects or unselects the keys given, leaving the others", () => {
    expect(setKeys({ z: true }, ["a", "b"], true)).toEqual({ z: true, a: true, b: true });
    expect(setKeys({ z: true, a: true }, ["a", "b"], false)).toEqual({ z: true });
  });

  it("checks 'Seleccionar todas' when every selectable row is selected, mixed when some are", () => {
    const rows = (...selected: boolean[]) => selected.map((isSelected) => ({ getIsSelected: () => isSelected }));
    expect(selectAllState(rows(true, true))).toEqual({ isChecked: true, isIndeterminate: false, isDisabled: false });
    expect(selectAllState(rows(true, false))).toEqual({ isChecked: false, isIndeterminate: true, isDisabled: false });
    expect(selectAllState(rows(false))).toEqual({ isChecked: false, isIndeterminate: false, isDisabled: false });
    expect(selectAllState([])).toEqual({ isChecked: false, isIndeterminate: false, isDisabled: true });
  });
});

describe("row expansion and cell edits", () => {
  it("toggles one row's detail; from every row expanded only that row stays open", () => {
    expect(toggleExpandedKey({ a: true }, "a")).toEqual({ a: false });
    expect(toggleExpandedKey({ a: true }, "b")).toEqual({ a: true, b: true });
    expect(toggleExpandedKey(true, "b")).toEqual({ b: true });
  });

  it("sets one cell's edit, keeping the row's other cells and the other rows", () => {
    const edits = { r1: { Estatus: "A", Comentarios: "ok" }, r2: { Estatus: "R" } };
    expect(setCellEdit(edits, "r1", "Estatus", "R")).toEqual({
      r1: { Estatus: "R", Comentarios: "ok" },
      r2: { Estatus: "R" },
    });
    expect(setCellEdit({}, "r3", "Revisado", true)).toEqual({ r3: { Revisado: true } });
  });
});
