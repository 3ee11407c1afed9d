import { FACTURA_PARTES_MSG } from "@portal/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { idParam, rowNumberSchema } from "../../../lib/route-params";
import { type Session, session } from "../../../lib/session";
import { Route as MiFacturaRoute } from "../../../routes/mis-facturas.mi-factura.lazy";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { renderApp } from "../../../test/render-app";
import { renderScreen } from "../../../test/render-screen";
import { facturasList } from "../api";
import { makeEntradaFactura, makeFactura, PROVEEDOR } from "../facturas.fixtures";

/**
 * Issue 42 (decision 074): an invoice billing part of its receipt shows it — the list's 'Entrada' says 'Parcial'
 * with each line and quantity, and the detail has the table of the lines billed.
 */
const MiFacturaScreen = MiFacturaRoute.options.component as ComponentType;
const PARCIAL = makeFactura({
  Fila: 1,
  IdFactura: 31,
  Entrada: 5150,
  EntradasMercancia: [5150],
  LineasFacturadas: [
    {
      Entrada: 5150,
      EntradaDocEntry: 15150,
      LineNum: 0,
      ItemCode: "ART-0001",
      ItemName: "Tornillo",
      Cantidad: "4",
      CantidadLinea: "10",
      Importe: "400.00",
    },
  ],
});
const COMPLETA = makeFactura({ Fila: 2, IdFactura: 32, Entrada: 5120, LineasFacturadas: null });

const api = () =>
  fakeCalls({
    getNotasCredito: [],
    getFacturas: [PARCIAL, COMPLETA],
    getProveedor: [PROVEEDOR],
    getEntradas: [makeEntradaFactura({ DocNum: 5150 })],
    getHistorialFactura: [],
  });

describe("an invoice billing part of its receipt (issue 42)", () => {
  it("the list marks the receipt 'Parcial' and names each line and quantity; a whole-receipt invoice reads as before", async () => {
    signInAs("proveedor");
    api();
    renderApp("/MisFacturas");
    const marca = await screen.findByText(`5150 (${FACTURA_PARTES_MSG.facturaParcial})`);
    expect(marca.closest("td")?.textContent).toBe("5150 (Parcial)5150/0 ART-0001: 4 de 10");
    expect(screen.queryAllByText("5120")).not.toHaveLength(0);
  });

  it("the detail shows the lines billed", async () => {
    signInAs("proveedor");
    api();
    const current = session.peek() as Session;
    const queryClient = createQueryClient();
    await queryClient.fetchQuery(facturasList.queryOptions(current));
    renderScreen(<MiFacturaScreen />, {
      path: "/MisFacturas/MiFactura/$id",
      url: "/MisFacturas/MiFactura/1",
      session: current,
      params: idParam(rowNumberSchema),
      queryClient,
    });
    await screen.findByRole("heading", { level: 1, name: "Datos generales" });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect((screen.getByRole("textbox", { name: "Entrada" }) as HTMLInputElement).value).toBe("5150 (Parcial)");
    const tabla = screen.getByRole("table", { name: FACTURA_PARTES_MSG.lineasFacturadasTitulo });
    expect(
      within(tabla)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["EntradaLíneaArtículoCantidadImporte", "51500ART-0001 · Tornillo4 de 10400.00 MXN"]);
  });
});
