import { describe, expect, it } from "vitest";
import { type DataTableColumn, dateColumn, moneyColumn } from "./data-table-logic";
import {
  AMOUNT_FORMAT,
  buildExportTable,
  csvCell,
  DATE_FORMAT,
  exportFileName,
  sheetCell,
  sheetData,
  toCsv,
} from "./export";

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
      kinds: ["text", "text", "text"],
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

interface Factura {
  Folio: string;
  Total: string;
  DocCur: string;
  Fecha: string;
}

const FACTURA_COLUMNS: DataTableColumn<Factura>[] = [
  { id: "Folio", header: "Folio", value: (row) => row.Folio },
  dateColumn({ id: "Fecha", header: "Fecha", value: (row) => row.Fecha }),
  moneyColumn({ id: "Total", header: "Total", money: (row) => ({ amount: row.Total, currency: row.DocCur }) }),
];

const FACTURAS: Factura[] = [
  { Folio: "A-1", Total: "228163.33", DocCur: "MXN", Fecha: "2026-11-20" },
  { Folio: "-B", Total: "-1500.5", DocCur: "USD", Fecha: "" },
];

describe("export of amounts and dates (issue 23)", () => {
  const table = buildExportTable(FACTURA_COLUMNS, FACTURAS);

  it("writes a money column as its plain amount followed by a currency column, a date column as ISO", () => {
    expect(table).toEqual({
      headers: ["Folio", "Fecha", "Total", "Moneda"],
      kinds: ["text", "date", "amount", "text"],
      rows: [
        ["A-1", "2026-11-20", "228163.33", "MXN"],
        ["-B", "", "-1500.5", "USD"],
      ],
    });
  });

  it("CSV: plain numbers ('.' decimal, no thousands separators, a minus that is not guarded) and ISO dates", () => {
    expect(toCsv(table)).toBe("\uFEFFFolio,Fecha,Total,Moneda\r\nA-1,2026-11-20,228163.33,MXN\r\n'-B,,-1500.5,USD\r\n");
    // Text that only looks like a formula is still guarded in an amount column.
    expect(csvCell("-1+1", "amount")).toBe("'-1+1");
  });

  it("Excel: amounts are number cells with 2 decimals, dates are date cells, the rest text", () => {
    const [headers, first, second] = sheetData(table);
    expect(headers?.map((cell) => cell.value)).toEqual(["Folio", "Fecha", "Total", "Moneda"]);
    expect(first).toEqual([
      { value: "A-1", type: String },
      { value: new Date(Date.UTC(2026, 10, 20)), type: Date, format: DATE_FORMAT },
      { value: 228163.33, type: Number, format: AMOUNT_FORMAT },
      { value: "MXN", type: String },
    ]);
    expect(second?.[1]).toEqual({ value: "", type: String });
    expect(second?.[2]).toEqual({ value: -1500.5, type: Number, format: AMOUNT_FORMAT });
    expect(AMOUNT_FORMAT).toBe("#,##0.00");
  });

  it("keeps as text what is not what its column says", () => {
    expect(sheetCell("n/d", "amount")).toEqual({ value: "n/d", type: String });
    expect(sheetCell("20/11/2026", "date")).toEqual({ value: "20/11/2026", type: String });
    expect(sheetCell(7, "text")).toEqual({ value: 7, type: Number });
  });
});
