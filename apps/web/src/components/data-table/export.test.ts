import { describe, expect, it } from "vitest";
import type { DataTableColumn } from "./data-table-logic";
import { buildExportTable, csvCell, exportFileName, toCsv } from "./export";

interface Row {
  id: number;
  nombre: string;
  total: number;
  activo: boolean;
}

const COLUMNS: DataTableColumn<Row>[] = [
  { id: "nombre", header: "Razón social", value: (row) => row.nombre },
  { id: "total", header: "Total", value: (row) => row.total },
  { id: "activo", header: "Activo", value: (row) => row.activo },
  { id: "ver", header: "Ver", cell: () => null },
];

describe("export", () => {
  it("keeps the columns with a value, under their headers, rows in the given order", () => {
    const rows: Row[] = [
      { id: 2, nombre: "Beta", total: 10.5, activo: false },
      { id: 1, nombre: "Álamo", total: 3, activo: true },
    ];
    expect(buildExportTable(COLUMNS, rows)).toEqual({
      headers: ["Razón social", "Total", "Activo"],
      rows: [
        ["Beta", 10.5, "No"],
        ["Álamo", 3, "Sí"],
      ],
    });
  });

  it("quotes separators, quotes and line breaks, and guards formulas", () => {
    expect(csvCell('Dice "hola", adiós')).toBe('"Dice ""hola"", adiós"');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+52")).toBe("'+52");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@x")).toBe("'@x");
    expect(csvCell(-1)).toBe("-1");
    expect(csvCell(null)).toBe("");
  });

  it("writes UTF-8 with BOM and CRLF", () => {
    const csv = toCsv({ headers: ["Razón social", "Total"], rows: [["Ñu, S.A.", 1]] });
    expect(csv).toBe('\uFEFFRazón social,Total\r\n"Ñu, S.A.",1\r\n');
  });

  it("names the file after the list and the clock's day", () => {
    expect(exportFileName("Catálogo de proveedores", "csv", new Date(2026, 10, 23, 9))).toBe(
      "catalogo-de-proveedores-2026-11-23.csv",
    );
    expect(exportFileName("Pedidos", "xlsx", new Date(2026, 0, 2))).toBe("pedidos-2026-01-02.xlsx");
  });
});
