import { MantineProvider } from "@mantine/core";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Suspense, startTransition, use, useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { theme } from "../../theme";
import { DataTable } from "./data-table";
import type { DataTableColumn } from "./data-table-logic";
import { downloadCsv, type ExportTable } from "./export";

vi.mock("./export", async (original) => ({ ...(await original<typeof import("./export")>()), downloadCsv: vi.fn() }));

/**
 * 'Exportar' gives exactly the rows on screen (issue 22: an export once held 3 rows while 2 were shown). The table's
 * own state is that of its latest render, which React may not have committed: here a reload waits on a
 * transition that never finishes, so the screen keeps the old rows while the table has already rendered the new.
 */
interface Row {
  Fila: number;
  Nombre: string;
}

const columns: DataTableColumn<Row>[] = [
  { id: "Fila", header: "#", value: (row) => row.Fila },
  { id: "Nombre", header: "Nombre", value: (row) => row.Nombre },
];
const SHOWN: Row[] = [
  { Fila: 1, Nombre: "Kemper" },
  { Fila: 2, Nombre: "Berenice" },
];
const RELOADED: Row[] = [...SHOWN, { Fila: 3, Nombre: "Nuevo" }];

const never = new Promise<never>(() => {});
/** Suspends for good: a transition that renders it never commits. */
function Waiting(): null {
  use(never);
  return null;
}

function Screen() {
  const [isReloading, setReloading] = useState(false);
  return (
    <MantineProvider theme={theme} env="test">
      <button type="button" onClick={() => startTransition(() => setReloading(true))}>
        Recargar datos
      </button>
      <Suspense fallback={<p>Cargando pantalla</p>}>
        <DataTable
          label="Prueba"
          rows={isReloading ? RELOADED : SHOWN}
          columns={columns}
          getRowKey={(row) => row.Fila}
          pageSizes={[5, "All"]}
          defaultPageSize={5}
        />
        {isReloading ? <Waiting /> : null}
      </Suspense>
    </MantineProvider>
  );
}

const bodyRows = () =>
  within(screen.getByRole("table", { name: "Prueba" }))
    .getAllByRole("row")
    .slice(1);

async function exportCsv(): Promise<ExportTable> {
  vi.mocked(downloadCsv).mockClear();
  // Awaited acts: a transition that stays suspended is retried on every update.
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Exportar" })));
  const csv = await screen.findByRole("menuitem", { name: "CSV", hidden: true });
  await act(async () => fireEvent.click(csv));
  expect(downloadCsv).toHaveBeenCalledOnce();
  return vi.mocked(downloadCsv).mock.calls[0]?.[0] as ExportTable;
}

beforeEach(() => vi.mocked(downloadCsv).mockClear());

describe("Exportar", () => {
  it("exports the rows on screen while a render the screen does not show is pending", async () => {
    render(<Screen />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect((await exportCsv()).rows).toEqual([
      [1, "Kemper"],
      [2, "Berenice"],
    ]);

    // The reload renders the table with three rows, but that render is never committed.
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Recargar datos" }));
    });
    expect(screen.queryByText("Cargando pantalla")).toBeNull();
    expect(bodyRows().map((row) => row.textContent)).toEqual(["1Kemper", "2Berenice"]);

    const exported = await exportCsv();
    expect(exported.headers).toEqual(["#", "Nombre"]);
    expect(exported.rows).toEqual([
      [1, "Kemper"],
      [2, "Berenice"],
    ]);
  });
});
