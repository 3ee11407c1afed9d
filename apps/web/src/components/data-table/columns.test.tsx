import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { theme } from "../../theme";
import { amountColumn, codeColumn, fileColumn, formaPagoColumn, nameColumn, rowNumberColumn } from "./columns";
import type { DataTableColumn } from "./data-table-logic";

interface Row {
  Fila: number;
  Nombre: string;
  Total: string;
  Moneda: string;
  Forma: string;
  PDF: string;
}

const row: Row = { Fila: 7, Nombre: "ACME", Total: "3327.01", Moneda: "MXN", Forma: "03", PDF: "/api/archivos/9" };

const renderCell = (column: DataTableColumn<Row>, of: Row = row) =>
  render(
    <MantineProvider theme={theme} env="test">
      {column.cell?.(of) as ReactNode}
    </MantineProvider>,
  );

describe("column helpers", () => {
  it("numbers rows by their Fila", () => {
    const column = rowNumberColumn<Row>();
    expect(column).toMatchObject({ id: "Fila", header: "#", width: 64 });
    expect(column.value?.(row)).toBe(7);
  });

  it("shows a name as searched, keeping the caller's settings", () => {
    const column = nameColumn<Row>({ id: "Nombre", header: "Proveedor", value: (r) => r.Nombre, isNoWrap: true });
    expect(column).toMatchObject({ id: "Nombre", header: "Proveedor", isNoWrap: true });
    renderCell(column);
    expect(screen.queryByText("ACME")).not.toBeNull();
  });

  it("shows an amount with its currency, as it is searched, sorted as money", () => {
    const column = amountColumn<Row>({
      id: "Total",
      header: "Total",
      money: (r) => ({ amount: r.Total, currency: r.Moneda }),
    });
    expect(column).toMatchObject({ kind: "money", align: "right", isNoWrap: true });
    expect(column.value?.(row)).toBe("3,327.01 MXN");
    renderCell(column);
    expect(screen.queryByText("3,327.01 MXN")).not.toBeNull();
  });

  it("shows a code with its description available on focus", () => {
    const column = codeColumn<Row>({
      id: "Forma",
      header: "Forma",
      value: (r) => r.Forma,
      describe: () => "Transferencia",
    });
    expect(column.value?.(row)).toBe("03");
    renderCell(column);
    expect(screen.queryByRole("button", { name: "03" })).not.toBeNull();
  });

  it("gives the SAT catalogue columns their header, wrapped", () => {
    expect(formaPagoColumn<Row>("Forma", (r) => r.Forma)).toMatchObject({
      id: "Forma",
      header: "Forma de pago",
      isHeaderWrapped: true,
    });
  });

  it("offers 'Visualizar' only for a present file, named by its label when given", () => {
    const named = fileColumn<Row>({ id: "PDF", header: "PDF", url: (r) => r.PDF, fileLabel: "PDF" });
    expect(named.value).toBeUndefined();
    renderCell(named, { ...row, PDF: "" });
    expect(screen.queryByRole("button")).toBeNull();
    renderCell(named);
    expect(screen.queryByRole("button", { name: "Visualizar PDF" })).not.toBeNull();
  });

  it("leaves a missing file's cell empty, or says so with missingText", () => {
    const missing = { ...row, PDF: "" };
    expect(fileColumn<Row>({ id: "PDF", header: "PDF", url: (r) => r.PDF }).cell?.(missing)).toBeNull();
    renderCell(fileColumn<Row>({ id: "PDF", header: "PDF", url: (r) => r.PDF, missingText: "No cargado" }), missing);
    expect(screen.queryByText("No cargado")).not.toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("names the button 'Visualizar' alone without a label", () => {
    renderCell(fileColumn<Row>({ id: "PDF", header: "Constancia", url: (r) => r.PDF }));
    expect(screen.queryByRole("button", { name: "Visualizar" })).not.toBeNull();
  });
});
