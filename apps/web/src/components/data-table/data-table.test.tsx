import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { theme } from "../../theme";
import { DataTable } from "./data-table";
import type { DataTableColumn } from "./data-table-logic";

interface Row {
  Fila: number;
  Nombre: string;
}

const columns: DataTableColumn<Row>[] = [
  { id: "Fila", header: "#", value: (row) => row.Fila },
  { id: "Nombre", header: "Nombre", value: (row) => row.Nombre },
];

const rows: Row[] = Array.from({ length: 10_000 }, (_, i) => ({ Fila: i + 1, Nombre: `Proveedor ${i + 1}` }));

function renderTable(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return render(
    <MantineProvider theme={theme} env="test">
      <DataTable
        label="Prueba"
        rows={rows}
        columns={columns}
        getRowKey={(row) => row.Fila}
        pageSizes={[5, 10, 15, "All"]}
        defaultPageSize={5}
        {...props}
      />
    </MantineProvider>,
  );
}

const bodyRows = () =>
  within(screen.getByRole("table", { name: "Prueba" }))
    .getAllByRole("row")
    .slice(1);

describe("DataTable", () => {
  it("says a search matched nothing, and keeps the list's own text for a truly empty list", async () => {
    renderTable({ emptyText: "No tiene sociedades registradas." });
    fireEvent.change(screen.getByRole("searchbox", { name: "Buscar" }), { target: { value: "zzz-no-existe" } });
    await waitFor(() => expect(screen.queryByText("Ningún registro coincide con la búsqueda")).not.toBeNull());
    expect(screen.queryByText("No tiene sociedades registradas.")).toBeNull();
  });

  it("starts from the state kept in the URL and reports changes to it", async () => {
    const onChange = vi.fn();
    renderTable({ listSearch: { value: { q: "Proveedor 99", orden: "Fila", dir: "desc", pagina: 2 }, onChange } });
    expect(screen.getByRole("searchbox", { name: "Buscar" })).toHaveProperty("value", "Proveedor 99");
    await waitFor(() => expect(bodyRows()[0]?.textContent).toContain("Proveedor 9994"));
    fireEvent.click(screen.getByRole("button", { name: "Página 1" }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({
        q: "Proveedor 99",
        orden: "Fila",
        dir: "desc",
        pagina: undefined,
        filas: undefined,
      }),
    );
  });

  it("pages with the default size and labels the range", () => {
    renderTable();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.queryByText("1–5 de 10000")).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Página 2" }));
    expect(bodyRows()[0]?.textContent).toContain("Proveedor 6");
  });

  it("searches case-insensitively and goes back to the first page", async () => {
    renderTable();
    fireEvent.click(screen.getByRole("button", { name: "Página 2" }));
    fireEvent.change(screen.getByPlaceholderText("Search…"), { target: { value: "PROVEEDOR 999" } });
    await waitFor(() => expect(screen.queryByText("1–5 de 11")).not.toBeNull());
    expect(bodyRows()[0]?.textContent).toContain("Proveedor 999");
  });

  it("sorts by header click, toggling the direction", () => {
    renderTable({ initialSort: { columnId: "Fila", direction: "asc" } });
    const header = screen.getByRole("columnheader", { name: /#/ });
    expect(header.getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(within(header).getByRole("button"));
    expect(header.getAttribute("aria-sort")).toBe("descending");
    expect(bodyRows()[0]?.textContent).toContain("Proveedor 10000");
  });

  it("mounts only a window of rows when All of 10,000 is selected", async () => {
    renderTable();
    fireEvent.click(screen.getByRole("combobox", { name: "Filas por página" }));
    fireEvent.click(await screen.findByRole("option", { name: "All" }));
    await waitFor(() => expect(screen.queryByText("1–10000 de 10000")).not.toBeNull());
    const mounted = bodyRows().filter((row) => !row.hasAttribute("aria-hidden"));
    expect(mounted.length).toBeGreaterThan(5);
    expect(mounted.length).toBeLessThan(100);
  });

  it("opens a row on double-click and on Enter, refreshes, and shows a spinner while loading", () => {
    const onRowOpen = vi.fn();
    const onRefresh = vi.fn();
    const { rerender } = renderTable({ onRowOpen, onRefresh });
    fireEvent.doubleClick(bodyRows()[1] as HTMLElement);
    expect(onRowOpen).toHaveBeenCalledWith(rows[1]);
    fireEvent.keyDown(bodyRows()[2] as HTMLElement, { key: "Enter" });
    expect(onRowOpen).toHaveBeenLastCalledWith(rows[2]);
    fireEvent.click(screen.getByRole("button", { name: "Recargar" }));
    expect(onRefresh).toHaveBeenCalledOnce();
    rerender(
      <MantineProvider theme={theme} env="test">
        <DataTable label="Prueba" rows={[]} columns={columns} getRowKey={(row) => row.Fila} isLoading />
      </MantineProvider>,
    );
    expect(screen.queryByLabelText("Cargando")).not.toBeNull();
  });

  it("memoises rows but always opens with the latest onRowOpen and re-renders when the columns change", () => {
    const first = vi.fn();
    const second = vi.fn();
    const tree = (onRowOpen: (row: Row) => void, cols: DataTableColumn<Row>[]) => (
      <MantineProvider theme={theme} env="test">
        <DataTable
          label="Prueba"
          rows={rows}
          columns={cols}
          getRowKey={(row) => row.Fila}
          pageSizes={[5, "All"]}
          defaultPageSize={5}
          onRowOpen={onRowOpen}
        />
      </MantineProvider>
    );
    const { rerender } = render(tree(first, columns));
    rerender(tree(second, columns));
    fireEvent.doubleClick(bodyRows()[0] as HTMLElement);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(rows[0]);
    const shouting: DataTableColumn<Row>[] = [
      ...columns.slice(0, 1),
      { id: "Nombre", header: "Nombre", value: (row) => row.Nombre.toUpperCase() },
    ];
    rerender(tree(second, shouting));
    expect(bodyRows()[0]?.textContent).toContain("PROVEEDOR 1");
  });

  it("hides a column until 'Columnas' shows it, keeps the choice in the URL and still searches it (issue 40)", async () => {
    const onChange = vi.fn();
    const withCode: DataTableColumn<Row>[] = [
      ...columns,
      { id: "Codigo", header: "Código", value: (row) => `C-${row.Fila}`, isHiddenByDefault: true },
    ];
    renderTable({ columns: withCode, listSearch: { value: {}, onChange } });
    const headers = () =>
      within(screen.getByRole("table", { name: "Prueba" }))
        .getAllByRole("columnheader")
        .map((h) => h.textContent);
    expect(headers()).toEqual(["#", "Nombre"]);
    // Searched while hidden.
    fireEvent.change(screen.getByRole("searchbox", { name: "Buscar" }), { target: { value: "C-9999" } });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));

    fireEvent.click(screen.getByRole("button", { name: "Columnas" }));
    const item = (await screen.findByRole("checkbox", { name: "Código", hidden: true })) as HTMLInputElement;
    expect(item.checked).toBe(false);
    fireEvent.click(item);
    await waitFor(() => expect(headers()).toEqual(["#", "Nombre", "Código"]));
    expect((screen.getByRole("checkbox", { name: "Código", hidden: true }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ columnas: "Codigo" })));

    fireEvent.click(screen.getByRole("checkbox", { name: "Nombre", hidden: true }));
    await waitFor(() => expect(headers()).toEqual(["#", "Código"]));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ columnas: "Nombre,Codigo" })),
    );
  });

  it("shows no 'Columnas' menu when every column is shown by default", () => {
    renderTable();
    expect(screen.queryByRole("button", { name: "Columnas" })).toBeNull();
  });
});
