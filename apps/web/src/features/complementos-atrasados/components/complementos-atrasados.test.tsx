import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { downloadCsv, type ExportTable, toCsv } from "../../../components/data-table/export";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { pickOption } from "../../../test/pick-option";
import { renderApp } from "../../../test/render-app";
import { REPORTE } from "../complementos-atrasados.fixtures";

vi.mock("../../../components/data-table/export", async (original) => ({
  ...(await original<typeof import("../../../components/data-table/export")>()),
  downloadCsv: vi.fn(),
}));

const tabla = (name: string) => screen.getByRole("table", { name });
const filas = (name: string) => within(tabla(name)).getAllByRole("row").slice(1);

async function exportCsv(indice: number): Promise<ExportTable> {
  vi.mocked(downloadCsv).mockClear();
  await act(async () => fireEvent.click(screen.getAllByRole("button", { name: "Exportar" })[indice]!));
  const csv = await screen.findByRole("menuitem", { name: "CSV", hidden: true });
  await act(async () => fireEvent.click(csv));
  expect(downloadCsv).toHaveBeenCalledOnce();
  return vi.mocked(downloadCsv).mock.calls[0]?.[0] as ExportTable;
}

beforeEach(() => vi.mocked(downloadCsv).mockClear());

describe("/Complementos-Atrasados", () => {
  it("shows each supplier with its totals and flag, every overdue payment, and exports them as CSV", async () => {
    signInAs("administrador");
    const calls = fakeCalls({ getComplementosAtrasados: REPORTE });
    renderApp("/Complementos-Atrasados");
    await screen.findByRole("heading", { level: 1, name: "Complementos atrasados" });
    await waitFor(() => expect(filas("Complementos atrasados por proveedor")).toHaveLength(2));
    const [kemper, berenice] = filas("Complementos atrasados por proveedor").map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );
    // Issue 40: one amount column per currency, never a text adding two.
    expect(kemper?.slice(0, 9)).toEqual([
      "1",
      "ESCUELA KEMPER URGATE Pagos retenidos",
      "EKU9003173C9",
      "3",
      "3,660.50 MXN",
      "300.00 USD",
      "Sí",
      "Dos meses sin complementos.",
      "Ver pagosQuitar retención",
    ]);
    expect(berenice?.slice(0, 9)).toEqual([
      "2",
      "BERENICE XIMO QUEZADA ",
      "XIQB891116QE4",
      "1",
      "580.00 MXN",
      "",
      "No",
      "",
      "Ver pagosRetener pagos",
    ]);
    expect(filas("Pagos con complemento atrasado")).toHaveLength(4);
    expect(calls[0]?.body).toEqual({ usuario: "1", operador: "Empleado" });

    const exportado = await exportCsv(1);
    expect(toCsv(exportado)).toBe(
      "\uFEFF" +
        [
          "#,Proveedor,RFC,Sociedad,Pago,Fecha del pago,Importe,Moneda (Importe),Fecha límite,Días de atraso,Estatus del complemento,Retener pagos",
          '1,ESCUELA KEMPER URGATE,EKU9003173C9,"MCI, S.A. DE C.V.",9001,2026-10-10,1160.00,MXN,2026-11-05,16,Complemento por emitir,Sí',
          '2,ESCUELA KEMPER URGATE,EKU9003173C9,"MCI, S.A. DE C.V.",9002,2026-10-10,2500.50,MXN,2026-11-05,16,Rechazada,Sí',
          '3,ESCUELA KEMPER URGATE,EKU9003173C9,"KIJ, S.A DE C.V.",9003,2026-10-10,300.00,USD,2026-11-05,16,Complemento por emitir,Sí',
          '4,BERENICE XIMO QUEZADA,XIQB891116QE4,"KIJ, S.A DE C.V.",9004,2026-10-10,580.00,MXN,2026-11-05,16,Complemento por emitir,No',
        ].join("\r\n") +
        "\r\n",
    );
  });

  it("exports each supplier's totals as numbers, one column per currency (issue 40)", async () => {
    signInAs("administrador");
    fakeCalls({ getComplementosAtrasados: REPORTE });
    renderApp("/Complementos-Atrasados");
    await waitFor(() => expect(filas("Complementos atrasados por proveedor")).toHaveLength(2));
    const exportado = await exportCsv(0);
    const mxn = exportado.headers.indexOf("Importe MXN");
    const usd = exportado.headers.indexOf("Importe USD");
    expect(mxn).toBeGreaterThan(0);
    expect(usd).toBeGreaterThan(0);
    expect([exportado.kinds?.[mxn], exportado.kinds?.[usd]]).toEqual(["amount", "amount"]);
    expect(exportado.rows.map((r) => [r[mxn], r[usd]])).toEqual([
      ["3660.50", "300.00"],
      ["580.00", ""],
    ]);
  });

  it("shows one supplier's payments from its row, and keeps both filters in the URL (issue 40)", async () => {
    signInAs("administrador");
    fakeCalls({ getComplementosAtrasados: REPORTE });
    const { router } = renderApp("/Complementos-Atrasados");
    await waitFor(() => expect(filas("Pagos con complemento atrasado")).toHaveLength(4));
    fireEvent.click(
      within(filas("Complementos atrasados por proveedor")[1]!).getByRole("button", {
        name: "Ver los pagos de BERENICE XIMO QUEZADA",
      }),
    );
    await waitFor(() => expect(filas("Pagos con complemento atrasado")).toHaveLength(1));
    expect(screen.getByRole("heading", { name: "Pagos atrasados de BERENICE XIMO QUEZADA" }).tagName).toBe("H2");
    expect(router.state.location.search).toMatchObject({ proveedor: "P00002" });
    pickOption("Sociedad", "KIJ, S.A DE C.V.");
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ sociedad: "SBO_KIJ", proveedor: "P00002" }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Ver los pagos de todos los proveedores" }));
    await waitFor(() => expect(filas("Pagos con complemento atrasado")).toHaveLength(2));
    expect(router.state.location.search).not.toHaveProperty("proveedor");
  });

  it("opens with the filters of its URL", async () => {
    signInAs("administrador");
    fakeCalls({ getComplementosAtrasados: REPORTE });
    renderApp("/Complementos-Atrasados?sociedad=SBO_KIJ&proveedor=P00001");
    await waitFor(() => expect(filas("Pagos con complemento atrasado")).toHaveLength(1));
    expect(filas("Pagos con complemento atrasado")[0]?.textContent).toContain("9003");
    expect(filas("Complementos atrasados por proveedor")).toHaveLength(2);
  });

  it("filters by sociedad", async () => {
    signInAs("administrador");
    fakeCalls({ getComplementosAtrasados: REPORTE });
    renderApp("/Complementos-Atrasados");
    await waitFor(() => expect(filas("Pagos con complemento atrasado")).toHaveLength(4));
    pickOption("Sociedad", "KIJ, S.A DE C.V.");
    await waitFor(() => expect(filas("Pagos con complemento atrasado")).toHaveLength(2));
    expect(filas("Complementos atrasados por proveedor").map((row) => row.textContent)).toEqual([
      expect.stringContaining("300.00 USD"),
      expect.stringContaining("580.00 MXN"),
    ]);
    const exportado = await exportCsv(1);
    expect(exportado.rows.map((r) => r[4])).toEqual([9003, 9004]);
  });

  it("sets the flag with a comment through setRetenerPagos and reloads the report", async () => {
    signInAs("administrador");
    const calls = fakeCalls({
      getComplementosAtrasados: REPORTE,
      setRetenerPagos: {
        body: {
          status: "success",
          message: "Se marcó a BERENICE XIMO QUEZADA para retener sus pagos por complementos atrasados.",
        },
      },
    });
    renderApp("/Complementos-Atrasados");
    await waitFor(() => expect(filas("Complementos atrasados por proveedor")).toHaveLength(2));
    fireEvent.click(
      within(filas("Complementos atrasados por proveedor")[1]!).getByRole("button", { name: "Retener pagos" }),
    );
    const dialogo = await screen.findByRole("dialog", { name: "Retener pagos" });
    fireEvent.change(within(dialogo).getByRole("textbox", { name: "Comentarios" }), {
      target: { value: "Dos meses sin complementos." },
    });
    fireEvent.click(within(dialogo).getByRole("button", { name: "Retener pagos" }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/setRetenerPagos"))).toBe(true));
    expect(calls.find((c) => c.url.endsWith("/setRetenerPagos"))?.body).toEqual({
      usuario: "1",
      operador: "Empleado",
      CardCode: "P00002",
      RetenerPagos: "Y",
      Comentarios: "Dos meses sin complementos.",
    });
    await screen.findByText("Se marcó a BERENICE XIMO QUEZADA para retener sus pagos por complementos atrasados.");
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith("/getComplementosAtrasados"))).toHaveLength(2));
  });

  it("sends an employee without ViDocPen back to /Home and shows no entry", async () => {
    signInAs("consulta");
    const calls = fakeCalls({ getComplementosAtrasados: REPORTE, homeRowDocuments: { Registro: 0 } });
    const { router } = renderApp("/Complementos-Atrasados");
    await waitFor(() => expect(router.state.location.pathname).toBe("/Home"));
    const nav = await screen.findByRole("navigation", { name: "Menú principal" });
    expect(within(nav).queryByRole("link", { name: "Complementos atrasados" })).toBeNull();
    expect(calls.some((call) => call.url.endsWith("/getComplementosAtrasados"))).toBe(false);
  });
});
