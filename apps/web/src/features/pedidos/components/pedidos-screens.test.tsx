import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makePedido } from "../../../components/documento-compra/documento-compra.fixtures";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { renderApp } from "../../../test/render-app";

const PEDIDOS = [
  makePedido({ Fila: 1, DocNum: 1101 }),
  makePedido({ Fila: 2, DocNum: 1102, GroupNum: 0, U_SYS_PMDPDF: "", DocStatus: "C", PeyMethod: "99" }),
];

const pedidosApi = { getPedidos: PEDIDOS, homeRowDocuments: { Registro: 2 } };

const bodyRows = (name: string) => within(screen.getByRole("table", { name })).getAllByRole("row").slice(1);

async function openList() {
  signInAs("proveedor");
  const calls = fakeCalls(pedidosApi);
  const app = renderApp("/Pedidos");
  await screen.findByRole("heading", { level: 1, name: "Pedidos" });
  await waitFor(() => expect(bodyRows("Pedidos")).toHaveLength(2));
  return { ...app, calls };
}

describe("/Pedidos", () => {
  it("lists the orders with the spec's columns, decoded codes and totals with currency", async () => {
    const { calls } = await openList();
    const [first, second] = bodyRows("Pedidos");
    expect(first?.textContent).toContain("1101");
    expect(first?.textContent).toContain("Abierto");
    expect(first?.textContent).toContain("PPD"); // 30 credit days
    expect(first?.textContent).toContain("11,484.00 MXN");
    expect(second?.textContent).toContain("PUE"); // no credit days
    expect(second?.textContent).toContain("Cerrado");
    expect(screen.queryByText("1–2 de 2")).not.toBeNull();
    expect(screen.getByRole("combobox", { name: "Filas por página" })).toHaveProperty("value", "50");
    const request = calls.find((call) => call.url.endsWith("/api/pedidos/getPedidos"));
    expect(request?.body).toEqual({ usuario: "P00001", operador: "Proveedor" });
    expect(request?.headers.get("x-access-token")).toBe("tok-p");
    expect(calls.filter((call) => call.url.endsWith("/getPedidos"))).toHaveLength(1); // loader's request reused

    // The payment form's official description on hover (spec §9: 100 ms enter delay).
    fireEvent.mouseEnter(within(second as HTMLElement).getByRole("button", { name: "99" }));
    await screen.findByText("Por definir");
  });

  it("searches, reloads, and opens an order on double-click", async () => {
    const { calls, router } = await openList();
    fireEvent.change(screen.getByRole("searchbox", { name: "Buscar" }), { target: { value: "1102" } });
    await waitFor(() => expect(bodyRows("Pedidos")).toHaveLength(1));

    fireEvent.click(screen.getByRole("button", { name: "Recargar" }));
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith("/getPedidos"))).toHaveLength(2));

    fireEvent.doubleClick(bodyRows("Pedidos")[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe("/Pedidos/Pedido/2"));
    await screen.findByRole("heading", { level: 1, name: "Pedido #1102" });
    // No PDF, no button.
    expect(screen.queryByRole("button", { name: "Descargar PDF" })).toBeNull();
  });

  it("shows an order's header, lines with delivered quantity, totals, and downloads its PDF", async () => {
    const { router } = await openList();
    fireEvent.doubleClick(bodyRows("Pedidos")[0] as HTMLElement);
    await screen.findByRole("heading", { level: 1, name: "Pedido #1101" });
    expect(router.state.location.pathname).toBe("/Pedidos/Pedido/1");

    const datos = screen.getByRole("region", { name: "Datos generales" });
    expect(datos.textContent).toContain("COMERCIALIZADORA DEL NORTE SA DE CV");
    expect(datos.textContent).toContain("OC-2026-0042");
    expect(datos.textContent).toContain("PPD · Pago en parcialidades o diferido");
    expect(datos.textContent).toContain("03 · Transferencia electrónica de fondos");

    const partidas = within(screen.getByRole("table", { name: "Partidas" })).getAllByRole("row");
    expect(partidas.map((row) => row.textContent)).toEqual([
      "#CódigoDescripciónEstatusUnidadCantidadPendienteEntregadaPrecio unitarioDescuento %Total",
      "1FER-0142Tornillo hexagonal 1/2 x 2Hex bolt 1/2 x 2AbiertaPZA1,00025075010.000 %10,000.00",
      "2CAF-0007Café tostado y molido 1 kgCerradaKG7.507.5200.0033.333 %1,000.00",
    ]);
    const totales = screen.getByLabelText("Totales");
    expect(totales.textContent).toBe(
      "Subtotal11,000.00 MXNDescuento % (10 %)−1,100.00 MXNImpuestos1,584.00 MXNTotal11,484.00 MXN",
    );

    // 'Descargar PDF': fetched with the session header, saved under the server's file name.
    const pdf = new Blob(["%PDF-1.4"], { type: "application/pdf" });
    const fetchMock = vi.fn(
      async () =>
        new Response(pdf, {
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": `inline; filename="Pedido-SBO_CNORTE-1101.pdf"; filename*=UTF-8''Pedido-SBO_CNORTE-1101.pdf`,
          },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const createObjectURL = vi.fn(() => "blob:pedido");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    let saved: { href: string; download: string } | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved = { href: this.href, download: this.download };
    });
    fireEvent.click(screen.getByRole("button", { name: "Descargar PDF" }));
    await waitFor(() => expect(saved).toEqual({ href: "blob:pedido", download: "Pedido-SBO_CNORTE-1101.pdf" }));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/archivos/88");
    expect(new Headers(init.headers).get("x-access-token")).toBe("tok-p");
  });

  it("goes back to the list when the list is not loaded", async () => {
    signInAs("proveedor");
    fakeCalls(pedidosApi);
    const { router } = renderApp("/Pedidos/Pedido/1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/Pedidos"));
    await screen.findByRole("heading", { level: 1, name: "Pedidos" });
  });

  it("goes back to the list for a row the loaded list does not have", async () => {
    const { router } = await openList();
    await router.navigate({ to: "/Pedidos/Pedido/$id", params: { id: 9 } });
    await waitFor(() => expect(router.state.location.pathname).toBe("/Pedidos"));
  });
});
