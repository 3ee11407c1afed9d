import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ListSearch } from "../../lib/list-search";
import { theme } from "../../theme";
import { DataTable } from "./data-table";
import type { DataTableColumn } from "./data-table-logic";

/**
 * Issue 40 (decision 065): a short list's default page fills the window's height — the rows that fit in the table's
 * box (55% of the window) as laid out — and the page size the user chose, kept in the URL, still wins. jsdom lays
 * nothing out, so the rows' and the header's heights are given here as a browser would measure them.
 */
interface Row {
  Fila: number;
  Nombre: string;
}
const columns: DataTableColumn<Row>[] = [
  { id: "Fila", header: "#", value: (row) => row.Fila },
  { id: "Nombre", header: "Nombre", value: (row) => row.Nombre },
];
const rows: Row[] = Array.from({ length: 60 }, (_, i) => ({ Fila: i + 1, Nombre: `Proveedor ${i + 1}` }));

const ROW_PX = 40;
const HEADER_PX = 42;
const box = (height: number) => ({ height, width: 100, top: 0, left: 0, right: 100, bottom: height, x: 0, y: 0 });

function layOut(windowHeight: number) {
  vi.spyOn(window, "innerHeight", "get").mockReturnValue(windowHeight);
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
    const height = this.tagName === "TR" && this.closest("tbody") ? ROW_PX : this.tagName === "THEAD" ? HEADER_PX : 0;
    return { ...box(height), toJSON: () => ({}) } as DOMRect;
  });
}

function renderTable(o: { listSearch?: { value: ListSearch; onChange: (next: ListSearch) => void }; long?: boolean }) {
  return render(
    <MantineProvider theme={theme} env="test">
      <DataTable
        label="Prueba"
        rows={rows}
        columns={columns}
        getRowKey={(row) => row.Fila}
        pageSizes={o.long ? [50, 100, "All"] : [5, 10, 15, "All"]}
        defaultPageSize={o.long ? 50 : 5}
        listSearch={o.listSearch}
      />
    </MantineProvider>,
  );
}
const bodyRows = () =>
  within(screen.getByRole("table", { name: "Prueba" }))
    .getAllByRole("row")
    .slice(1);
const pageSizeShown = () => (screen.getByRole("combobox", { name: "Filas por página" }) as HTMLInputElement).value;

describe("rows per page that fill the window (issue 40)", () => {
  beforeEach(() => vi.restoreAllMocks());
  afterEach(() => vi.restoreAllMocks());

  it("grows a short list's page to the rows that fit: more at 1080 px than at 768 px", async () => {
    // 768 × 0.55 = 422.4 px − 42 px of header = 380.4 px: nine rows of 40 px.
    layOut(768);
    const first = renderTable({});
    await waitFor(() => expect(bodyRows()).toHaveLength(9));
    expect(pageSizeShown()).toBe("9");
    expect(screen.queryByText("1–9 de 60")).not.toBeNull();
    first.unmount();

    // 1080 × 0.55 = 594 px − 42 px = 552 px: thirteen rows.
    layOut(1080);
    renderTable({});
    await waitFor(() => expect(bodyRows()).toHaveLength(13));
    expect(pageSizeShown()).toBe("13");
  });

  it("keeps the list's own default where nothing is laid out, and a long list's 50", async () => {
    const bare = renderTable({});
    expect(bodyRows()).toHaveLength(5);
    expect(pageSizeShown()).toBe("5");
    bare.unmount();
    layOut(1080);
    renderTable({ long: true });
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    expect(pageSizeShown()).toBe("50");
  });

  it("lets the page size in the URL win, keeps the fitted default out of the URL, and writes a choice", async () => {
    layOut(1080);
    const onChange = vi.fn();
    const view = renderTable({ listSearch: { value: { filas: 5 }, onChange } });
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(pageSizeShown()).toBe("5");
    // Nothing to write: the URL already says 5.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onChange).not.toHaveBeenCalled();
    view.unmount();

    const onChoice = vi.fn();
    renderTable({ listSearch: { value: {}, onChange: onChoice } });
    await waitFor(() => expect(bodyRows()).toHaveLength(13));
    // The fitted default is not written to the URL: the address stays plain.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onChoice).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("combobox", { name: "Filas por página" }));
    fireEvent.click(await screen.findByRole("option", { name: "15" }));
    await waitFor(() => expect(onChoice).toHaveBeenLastCalledWith(expect.objectContaining({ filas: 15 })));
    expect(bodyRows()).toHaveLength(15);
  });
});
