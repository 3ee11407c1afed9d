import { FACTURA_PARTES_MSG, FACTURA_PEDIDO_MSG } from "@portal/contracts";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PortalMantineProvider } from "../../../components/mantine-provider";
import { makeFactura } from "../facturas.fixtures";
import { EntradaCelda, entradaConParte, LineasFacturadas } from "./lineas-facturadas";

/**
 * Issue 42 part 2 (decision 076): an invoice billing a service against its purchase order reads 'Pedido N
 * (Parcial)' where the lists say 'Entrada', and its lines' table names the order.
 */
const DE_PEDIDO = makeFactura({
  Fila: 1,
  IdFactura: 41,
  Entrada: 3812,
  EntradasMercancia: [3812],
  LineasFacturadas: [
    {
      Entrada: 3812,
      EntradaDocEntry: 812,
      LineNum: 0,
      ItemCode: "SRV-0001",
      ItemName: "Mantenimiento preventivo",
      Cantidad: "0.6",
      CantidadLinea: "1",
      Importe: "600.00",
      Pedido: true,
    },
  ],
});

describe("an invoice billing a service against its order", () => {
  it("reads 'Pedido N (Parcial)' in the lists and exports; a receipt's partial invoice reads as before", () => {
    expect(entradaConParte(DE_PEDIDO, "3812")).toBe(
      `${FACTURA_PEDIDO_MSG.pedidoEnLista("3812")} (${FACTURA_PARTES_MSG.facturaParcial})`,
    );
    const deEntrada = { LineasFacturadas: DE_PEDIDO.LineasFacturadas?.map(({ Pedido: _p, ...l }) => l) ?? null };
    expect(entradaConParte(deEntrada, "3812")).toBe(`3812 (${FACTURA_PARTES_MSG.facturaParcial})`);
  });

  it("the cell and the detail's table name the order", () => {
    render(
      <PortalMantineProvider>
        <EntradaCelda row={DE_PEDIDO} />
        <LineasFacturadas row={DE_PEDIDO} />
      </PortalMantineProvider>,
    );
    expect(screen.queryByText("Pedido 3812 (Parcial)")).not.toBeNull();
    expect(screen.queryByRole("columnheader", { name: FACTURA_PEDIDO_MSG.columnaPedido })).not.toBeNull();
    expect(screen.queryByText("0.6 de 1")).not.toBeNull();
  });
});
