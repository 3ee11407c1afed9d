import { Checkbox, MantineProvider, Select, TextInput } from "@mantine/core";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { TABLE_ROW_HEIGHT_PX } from "../../lib/constants";
import { theme } from "../../theme";
import { DataTable, type DataTableProps } from "./data-table";
import type { DataTableColumn, RowEdits } from "./data-table-logic";

/** A review list in miniature: the features the invoice and payment reviews need (spec §2 /Facturas-Pendientes). */
interface Factura {
  Fila: number;
  Folio: string;
  Estatus: "P" | "A" | "R";
  Revisado: boolean;
  Comentario: string;
}

const columns: DataTableColumn<Factura>[] = [
  { id: "Fila", header: "#", value: (row) => row.Fila },
  { id: "Folio", header: "Folio", value: (row) => row.Folio },
  {
    id: "Estatus",
    header: "Estatus",
    value: (row) => row.Estatus,
    edit: {
      render: (_row, editor) => (
        <Select
          aria-label={editor.label}
          data={["P", "A", "R"]}
          value={String(editor.value)}
          disabled={editor.isDisabled}
          onChange={(value) => editor.onChange(value)}
        />
      ),
    },
  },
  {
    id: "Revisado",
    header: "Revisado",
    value: (row) => row.Revisado,
    edit: {
      render: (_row, editor) => (
        <Checkbox
          aria-label={editor.label}
          checked={editor.value === true}
          disabled={editor.isDisabled}
          onChange={(event) => editor.onChange(event.currentTarget.checked)}
        />
      ),
    },
  },
  {
    id: "Comentario",
    header: "Comentario",
    value: (row) => row.Comentario,
    edit: {
      // Only rejected invoices take a comment.
      isEditable: (row) => row.Estatus === "R",
      render: (_row, editor) => (
        <TextInput
          aria-label={editor.label}
          value={String(editor.value ?? "")}
          disabled={editor.isDisabled}
          onChange={(event) => editor.onChange(event.currentTarget.value)}
        />
      ),
    },
  },
];

const facturas: Factura[] = [
  { Fila: 1, Folio: "A-100", Estatus: "P", Revisado: false, Comentario: "" },
  { Fila: 2, Folio: "A-101", Estatus: "A", Revisado: true, Comentario: "" },
  { Fila: 3, Folio: "A-102", Estatus: "R", Revisado: false, Comentario: "Sin orden" },
];

const isLocked = (row: Factura) => row.Estatus === "A";

function renderTable(props: Partial<DataTableProps<Factura>> = {}) {
  return render(
    <MantineProvider theme={theme} env="test">
      <DataTable label="Facturas" rows={facturas} columns={columns} getRowKey={(row) => row.Fila} {...props} />
    </MantineProvider>,
  );
}

const bodyRows = () =>
  within(screen.getByRole("table", { name: "Facturas" }))
    .getAllByRole("row")
    .slice(1);

describe("DataTable for review lists", () => {
  it("selects rows one by one and all at once, skipping locked rows, and reports them in list order", async () => {
    const onSelectionChange = vi.fn();
    renderTable({ onSelectionChange, isRowLocked: isLocked });
    fireEvent.click(screen.getByRole("checkbox", { name: "Seleccionar fila 3" }));
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([facturas[2]]));
    expect(bodyRows()[2]?.getAttribute("aria-selected")).toBe("true");

    fireEvent.click(screen.getByRole("checkbox", { name: "Seleccionar todas" }));
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([facturas[0], facturas[2]]));
    expect((screen.getByRole("checkbox", { name: "Seleccionar todas" }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole("checkbox", { name: "Seleccionar fila 1" }));
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([facturas[2]]));
    expect((screen.getByRole("checkbox", { name: "Seleccionar todas" }) as HTMLInputElement).checked).toBe(false);

    fireEvent.click(screen.getByRole("checkbox", { name: "Seleccionar todas" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Seleccionar todas" }));
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([]));
  });

  it("marks a locked row with a lock instead of a checkbox and disables its editors", () => {
    renderTable({ onSelectionChange: vi.fn(), isRowLocked: isLocked });
    const locked = bodyRows()[1] as HTMLElement;
    expect(locked.hasAttribute("data-locked")).toBe(true);
    expect(within(locked).queryByLabelText("Fila 2 bloqueada")).not.toBeNull();
    expect(within(locked).queryByRole("checkbox", { name: "Seleccionar fila 2" })).toBeNull();
    expect((screen.getByRole("checkbox", { name: "Revisado, fila 2" }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("combobox", { name: "Estatus, fila 2" }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("checkbox", { name: "Revisado, fila 1" }) as HTMLInputElement).disabled).toBe(false);
  });

  it("edits cells row by row, keeps the edits through a search and reports them", async () => {
    const onEditsChange = vi.fn();
    renderTable({ onEditsChange, isRowLocked: isLocked });
    fireEvent.click(screen.getByRole("checkbox", { name: "Revisado, fila 1" }));
    expect(onEditsChange).toHaveBeenLastCalledWith({ "1": { Revisado: true } });
    expect((screen.getByRole("checkbox", { name: "Revisado, fila 1" }) as HTMLInputElement).checked).toBe(true);

    // The comment is editable only where the column allows it (a rejected invoice).
    expect((screen.getByRole("textbox", { name: "Comentario, fila 1" }) as HTMLInputElement).disabled).toBe(true);
    const comentario = screen.getByRole("textbox", { name: "Comentario, fila 3" }) as HTMLInputElement;
    expect(comentario.value).toBe("Sin orden");
    fireEvent.change(comentario, { target: { value: "Falta la orden de compra" } });
    expect(onEditsChange).toHaveBeenLastCalledWith({
      "1": { Revisado: true },
      "3": { Comentario: "Falta la orden de compra" },
    });

    fireEvent.change(screen.getByRole("searchbox", { name: "Buscar" }), { target: { value: "a-102" } });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    fireEvent.change(screen.getByRole("searchbox", { name: "Buscar" }), { target: { value: "" } });
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect((screen.getByRole("checkbox", { name: "Revisado, fila 1" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("textbox", { name: "Comentario, fila 3" }) as HTMLInputElement).value).toBe(
      "Falta la orden de compra",
    );
  });

  it("shows controlled edits and leaves them to their owner", () => {
    const edits: RowEdits = { "2": { Revisado: false } };
    const onEditsChange = vi.fn();
    renderTable({ edits, onEditsChange });
    expect((screen.getByRole("checkbox", { name: "Revisado, fila 2" }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole("checkbox", { name: "Revisado, fila 2" }));
    expect(onEditsChange).toHaveBeenLastCalledWith({ "2": { Revisado: true } });
    // Not applied until the owner passes the new edits.
    expect((screen.getByRole("checkbox", { name: "Revisado, fila 2" }) as HTMLInputElement).checked).toBe(false);
  });

  it("expands a row into a detail under it, only where there is one", () => {
    renderTable({
      renderExpanded: (row) => <p>Pagos de {row.Folio}</p>,
      canExpand: (row) => row.Fila !== 2,
    });
    expect(screen.queryByRole("button", { name: "Ver detalle de la fila 2" })).toBeNull();
    const toggle = screen.getByRole("button", { name: "Ver detalle de la fila 3" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    const rows = bodyRows();
    expect(rows).toHaveLength(4);
    expect(rows[3]?.textContent).toBe("Pagos de A-102");
    expect(rows[3]?.querySelector("td")?.colSpan).toBe(columns.length + 1);
    fireEvent.click(screen.getByRole("button", { name: "Ocultar detalle de la fila 3" }));
    expect(screen.queryByText("Pagos de A-102")).toBeNull();
  });
});

describe("DataTable with 'All' on a long list", () => {
  interface Fila {
    Fila: number;
    Nombre: string;
  }
  const many: Fila[] = Array.from({ length: 5000 }, (_, i) => ({ Fila: i + 1, Nombre: `Proveedor ${i + 1}` }));
  const manyColumns: DataTableColumn<Fila>[] = [
    { id: "Fila", header: "#", value: (row) => row.Fila },
    { id: "Nombre", header: "Nombre", value: (row) => row.Nombre },
  ];

  it("virtualises: mounts the rows in view, says how many there are and follows the scroll", async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <DataTable
          label="Largo"
          rows={many}
          columns={manyColumns}
          getRowKey={(row) => row.Fila}
          pageSizes={[5, "All"]}
          defaultPageSize="All"
        />
      </MantineProvider>,
    );
    const table = screen.getByRole("table", { name: "Largo" });
    expect(table.getAttribute("aria-rowcount")).toBe("5001");
    const mounted = () =>
      within(table)
        .getAllByRole("row")
        .slice(1)
        .filter((row) => !row.hasAttribute("aria-hidden"));
    expect(mounted()[0]?.textContent).toBe("1Proveedor 1");
    expect(mounted().length).toBeLessThan(40);

    const scroll = table.parentElement as HTMLElement;
    await act(async () => {
      scroll.scrollTop = TABLE_ROW_HEIGHT_PX * 2500;
      fireEvent.scroll(scroll);
    });
    await waitFor(() => expect(screen.queryByText("Proveedor 2501")).not.toBeNull());
    expect(screen.queryByText("Proveedor 1")).toBeNull();
    expect(mounted().length).toBeLessThan(40);
    const first = mounted()[0] as HTMLElement;
    expect(Number(first.getAttribute("aria-rowindex"))).toBeGreaterThan(2400);
  });

  it("renders a short list whole even with 'All'", () => {
    render(
      <MantineProvider theme={theme} env="test">
        <DataTable
          label="Corto"
          rows={many.slice(0, 40)}
          columns={manyColumns}
          getRowKey={(row) => row.Fila}
          pageSizes={[5, "All"]}
          defaultPageSize="All"
        />
      </MantineProvider>,
    );
    expect(within(screen.getByRole("table", { name: "Corto" })).getAllByRole("row")).toHaveLength(41);
  });
});
