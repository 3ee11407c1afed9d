import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeEntrada } from "../../../components/documento-compra/documento-compra.fixtures";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { renderApp } from "../../../test/render-app";

const ENTRADAS = Array.from({ length: 120 }, (_, i) =>
  makeEntrada({
    Fila: i + 1,
    DocNum: 5200 - i,
    Pedido: i % 3 === 0 ? null : 1100 - i,
    DocDate: `2026-${String((i % 12) + 1).padStart(2, "0")}-15`,
    U_SYS_PMDPDF: i === 0 ? "/api/archivos/7" : "",
  }),
);

const entradasApi = { getEntradasMercancia: ENTRADAS };

const bodyRows = () =>
  within(screen.getByRole("table", { name: "Entradas de mercancía" }))
    .getAllByRole("row")
    .slice(1);

describe("/Entradas-Mercancia", () => {
  it("pages 50 rows at a time, sorts by date and opens a receipt", async () => {
    signInAs("consulta");
    const calls = fakeCalls(entradasApi);
    const { router } = renderApp("/Entradas-Mercancia");
    await screen.findByRole("heading", { level: 1, name: "Entradas de mercancía" });
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    expect(screen.queryByText("1–50 de 120")).not.toBeNull();
    expect(calls.find((call) => call.url.endsWith("/getEntradasMercancia"))?.body).toEqual({
      usuario: "2",
      operador: "Empleado",
    });

    fireEvent.click(screen.getByRole("button", { name: "Página 3" }));
    expect(screen.queryByText("101–120 de 120")).not.toBeNull();
    expect(bodyRows()).toHaveLength(20);

    fireEvent.click(screen.getByRole("button", { name: "Fecha" }));
    await waitFor(() => expect(bodyRows()[0]?.textContent).toContain("2026-01-15"));
    expect(screen.queryByText("1–50 de 120")).not.toBeNull();

    fireEvent.change(screen.getByRole("searchbox", { name: "Buscar" }), { target: { value: "5199" } });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const [row] = bodyRows();
    expect(row?.textContent).toContain("1099"); // its related order
    fireEvent.doubleClick(row as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe("/Entradas-Mercancia/EntradaMercancia/2"));
    await screen.findByRole("heading", { level: 1, name: "Entrada de mercancía #5199" });
    expect(screen.queryByRole("button", { name: "Descargar PDF" })).toBeNull();
    const datos = screen.getByRole("region", { name: "Datos generales" });
    expect(datos.textContent).toContain("Entrada5199");
    expect(datos.textContent).toContain("Pedido1099");
    expect(datos.textContent).toContain("Fecha de vencimiento");
    const partidas = within(screen.getByRole("table", { name: "Partidas" })).getAllByRole("row");
    // Issue 42: what the ERP has not billed yet of each line ("—" from a server before it).
    expect(partidas[0]?.textContent).toBe(
      "#CódigoDescripciónEstatusUnidadCantidadPor facturarPrecio unitarioDescuento %Total",
    );
    expect(partidas[1]?.textContent).toBe(
      "1FER-0142Tornillo hexagonal 1/2 x 2Hex bolt 1/2 x 2CerradaPZA750—10.000 %7,500.00",
    );

    // Back to the list through the link.
    fireEvent.click(screen.getByRole("link", { name: "Volver a Entradas de mercancía" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Entradas-Mercancia"));
  });

  it("offers 'Descargar PDF' when the receipt has one and shows a dash without a related order", async () => {
    signInAs("consulta");
    fakeCalls(entradasApi);
    const { router } = renderApp("/Entradas-Mercancia");
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    fireEvent.doubleClick(bodyRows()[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe("/Entradas-Mercancia/EntradaMercancia/1"));
    await screen.findByRole("button", { name: "Descargar PDF" });
    expect(screen.getByRole("region", { name: "Datos generales" }).textContent).toContain("Pedido—");
  });

  it("goes back to the list when the list is not loaded", async () => {
    signInAs("consulta");
    fakeCalls(entradasApi);
    const { router } = renderApp("/Entradas-Mercancia/EntradaMercancia/3");
    await waitFor(() => expect(router.state.location.pathname).toBe("/Entradas-Mercancia"));
  });
});
