import { BLOQUEO_ERP_MSG, CALLS, NOTA_CREDITO_MSG, type NotaCreditoRow } from "@portal/contracts";
import { notaCreditoRow } from "@portal/contracts/muestras";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import type { FakeCall } from "../../../test/render-app";
import { renderApp } from "../../../test/render-app";
import { takeConsoleErrors } from "../../../test/setup";
import { makeEntradaFactura, makeFactura, PROVEEDOR } from "../../facturas/facturas.fixtures";

/**
 * Issue 36: a credit note's ERP state reads like an invoice's — 'Error en ERP' with the ERP's message when its job
 * failed, never 'Pendiente en ERP' forever — for employees; reviewers retry it; suppliers never see the ERP's text.
 * The payment block's job gets its 'Reintentar' in the invoice detail too.
 */

const ERROR = "El ERP rechazó la nota de crédito de proveedor: la factura de proveedor 12 está cerrada.";
const ESPERA = NOTA_CREDITO_MSG.erpFacturaPendiente("A-1234");
const nota = (o: Partial<NotaCreditoRow>): NotaCreditoRow => ({ ...notaCreditoRow, ...o });
const NOTAS = [
  nota({ Fila: 1, IdNotaCredito: 31, FolioNotaCredito: "NC-31", Estatus: "P", EstadoERP: "" }),
  nota({ Fila: 2, IdNotaCredito: 32, FolioNotaCredito: "NC-32", Estatus: "A", EstadoERP: "fallido", ErrorERP: ERROR }),
  nota({ Fila: 3, IdNotaCredito: 33, FolioNotaCredito: "NC-33", Estatus: "A", EstadoERP: "creada", DocNumERP: 9133 }),
  nota({
    Fila: 4,
    IdNotaCredito: 34,
    FolioNotaCredito: "NC-34",
    Estatus: "A",
    EstadoERP: "pendiente",
    ErrorERP: ESPERA,
  }),
];
const CREADA = nota({ ...NOTAS[1], EstadoERP: "creada", DocNumERP: 9132, ErrorERP: "" });
/** What a supplier gets for the same rows: the server sends no ErrorERP key. */
const DEL_PROVEEDOR = NOTAS.map(({ ErrorERP: _omitted, ...n }) => n);

const toast = () => document.querySelector(".mantine-Notification-root") as HTMLElement | null;
const filas = (tabla: string) =>
  within(screen.getByRole("table", { name: tabla }))
    .getAllByRole("row")
    .slice(1);
const celdaErp = (tabla: string, fila: number) => {
  const table = screen.getByRole("table", { name: tabla });
  const columna = within(table)
    .getAllByRole("columnheader")
    .findIndex((cell) => cell.textContent === "ERP");
  return within(filas(tabla)[fila - 1] as HTMLElement).getAllByRole("cell")[columna] as HTMLElement;
};
const retryButton = (folio: string) =>
  screen.queryByRole("button", { name: `Reintentar en el ERP la nota de crédito ${folio}` });
const isReintento = (call: FakeCall) => call.url.endsWith(CALLS.notasCreditoPendientesReintentarErp.path);

describe("a credit note's ERP state and 'Reintentar' (issue 36)", () => {
  it("the review list: 'Error en ERP' with the ERP's message, why one waits, and 'Reintentar' until created", async () => {
    signInAs("administrador");
    let listados = 0;
    const calls = fakeCalls({
      notasCreditoPendientesGetNotasCredito: () =>
        listados++ === 0 ? NOTAS : NOTAS.map((n) => (n.IdNotaCredito === CREADA.IdNotaCredito ? CREADA : n)),
      notasCreditoPendientesReintentarErp: {
        body: { status: "success", message: NOTA_CREDITO_MSG.erpCreada(9132) },
      },
    });
    renderApp("/Notas-Credito-Pendientes?estado=todas");
    const tabla = "Notas de crédito pendientes";
    await waitFor(() => expect(filas(tabla)).toHaveLength(4));
    expect(celdaErp(tabla, 1).textContent).toBe("");
    expect(within(celdaErp(tabla, 2)).queryByText("Error en ERP")).not.toBeNull();
    expect(within(celdaErp(tabla, 2)).queryByText(ERROR)).not.toBeNull();
    expect(celdaErp(tabla, 3).textContent).toBe("Nota de crédito SAP 9133");
    expect(within(celdaErp(tabla, 4)).queryByText("Pendiente en ERP")).not.toBeNull();
    expect(within(celdaErp(tabla, 4)).queryByText(ESPERA)).not.toBeNull();
    expect(retryButton("NC-31")).toBeNull();
    expect(retryButton("NC-33")).toBeNull();
    expect(retryButton("NC-34")).not.toBeNull();

    fireEvent.click(retryButton("NC-32") as HTMLElement);
    await waitFor(() => expect(toast()?.textContent).toContain(NOTA_CREDITO_MSG.erpCreada(9132)));
    expect(calls.find(isReintento)?.body).toEqual({ usuario: "1", id: "1", operador: "Empleado", NotaCredito: 32 });
    await waitFor(() => expect(celdaErp(tabla, 2).textContent).toBe("Nota de crédito SAP 9132"));
    expect(retryButton("NC-32")).toBeNull();
  });

  it("the server's refusal is shown in red", async () => {
    signInAs("administrador");
    fakeCalls({
      notasCreditoPendientesGetNotasCredito: NOTAS,
      notasCreditoPendientesReintentarErp: {
        status: 409,
        body: { status: "error", message: ESPERA },
      },
    });
    renderApp("/Notas-Credito-Pendientes?estado=todas");
    await waitFor(() => expect(filas("Notas de crédito pendientes")).toHaveLength(4));
    fireEvent.click(retryButton("NC-34") as HTMLElement);
    await waitFor(() => expect(toast()?.textContent).toContain(ESPERA));
    expect(toast()?.getAttribute("style")).toContain("red");
  });

  it("an employee who does not review sees the state and the message, without 'Reintentar'", async () => {
    signInAs("consulta");
    fakeCalls({ getNotasCredito: NOTAS });
    renderApp("/Notas-Credito");
    await waitFor(() => expect(filas("Notas de crédito")).toHaveLength(4));
    expect(within(celdaErp("Notas de crédito", 2)).queryByText("Error en ERP")).not.toBeNull();
    expect(within(celdaErp("Notas de crédito", 2)).queryByText(ERROR)).not.toBeNull();
    expect(retryButton("NC-32")).toBeNull();
  });

  it("a supplier reads 'Pendiente en ERP', 'Error en ERP' or its memo's number, never the ERP's message nor 'Reintentar'", async () => {
    signInAs("proveedor");
    fakeCalls({ getNotasCredito: DEL_PROVEEDOR });
    renderApp("/Notas-Credito");
    await waitFor(() => expect(filas("Notas de crédito")).toHaveLength(4));
    // Decision 039: a memo the ERP refused is not shown as pending to the supplier either (without the ERP's words).
    expect(celdaErp("Notas de crédito", 2).textContent).toBe("Error en ERP");
    expect(celdaErp("Notas de crédito", 3).textContent).toBe("Nota de crédito SAP 9133");
    expect(celdaErp("Notas de crédito", 4).textContent).toBe("Pendiente en ERP");
    expect(screen.queryByText(ERROR, { exact: false })).toBeNull();
    expect(screen.queryByRole("button", { name: /Reintentar/ })).toBeNull();
  });
});

describe("the invoice detail: the payment block's job and the credit notes' ERP state (issue 36)", () => {
  const BLOQUEADA = makeFactura({
    Fila: 1,
    IdFactura: 21,
    FolioFactura: "A-1234",
    EstatusFactura: "A",
    EstadoERP: "creada",
    FolioSAP: 8121,
    ErrorERP: "",
    BloqueoPago: "bloqueado",
    EstadoBloqueoERP: "fallido",
    ErrorBloqueoERP: "El documento está cerrado; no admite bloqueo de pago.",
  });
  const APLICADA = makeFactura({ ...BLOQUEADA, EstadoBloqueoERP: "hecho", ErrorBloqueoERP: "" });
  const DE_LA_FACTURA = [
    nota({
      ...NOTAS[1],
      Facturas: [{ IdFactura: 21, FolioFactura: "A-1234", UUID: notaCreditoRow.UUID, Importe: "116.00" }],
    }),
  ];

  async function openAs(role: "administrador" | "consulta") {
    signInAs(role);
    let listados = 0;
    const calls = fakeCalls({
      getFacturas: () => (listados++ === 0 ? [BLOQUEADA] : [APLICADA]),
      getProveedor: [PROVEEDOR],
      getEntradas: [makeEntradaFactura()],
      getHistorialFactura: [],
      getNotasCredito: DE_LA_FACTURA,
      facturasPendientesReintentarBloqueoErp: {
        body: { status: "success", message: BLOQUEO_ERP_MSG.registrado(true) },
      },
    });
    renderApp("/MisFacturas");
    await waitFor(() => expect(filas("Facturas")).toHaveLength(1));
    fireEvent.doubleClick(filas("Facturas")[0] as HTMLElement);
    await screen.findByRole("heading", { level: 1, name: "Datos generales" });
    return calls;
  }
  const retryBlockButton = () =>
    screen.queryByRole("button", { name: "Reintentar en el ERP el bloqueo de pago de la factura A-1234" });

  it("a reviewer retries the failed payment block's job; the detail shows it applied", async () => {
    const calls = await openAs("administrador");
    const bloqueo = document.querySelector("[data-bloqueo-pago]") as HTMLElement;
    expect(within(bloqueo).queryByText("Bloqueo en el ERP: con error")).not.toBeNull();
    expect(within(bloqueo).queryByText("El documento está cerrado; no admite bloqueo de pago.")).not.toBeNull();
    fireEvent.click(retryBlockButton() as HTMLElement);
    await waitFor(() => expect(toast()?.textContent).toContain(BLOQUEO_ERP_MSG.registrado(true)));
    const enviado = calls.find((call) => call.url.endsWith(CALLS.facturasPendientesReintentarBloqueoErp.path));
    expect(enviado?.body).toEqual({ usuario: "1", id: "1", operador: "Empleado", Factura: 21 });
    await waitFor(() => expect(screen.queryByText("Bloqueo en el ERP: aplicado")).not.toBeNull());
    expect(retryBlockButton()).toBeNull();
    // The credit note's section: its ERP state with the ERP's message, and its own 'Reintentar'.
    const seccion = screen.getByRole("region", { name: "Notas de crédito" });
    await within(seccion).findByText("Error en ERP");
    expect(within(seccion).queryByText(ERROR)).not.toBeNull();
    expect(
      within(seccion).queryByRole("button", { name: "Reintentar en el ERP la nota de crédito NC-32" }),
    ).not.toBeNull();
  });

  it("an employee who does not review sees the job's state and message without 'Reintentar'", async () => {
    await openAs("consulta");
    expect(screen.queryByText("Bloqueo en el ERP: con error")).not.toBeNull();
    expect(retryBlockButton()).toBeNull();
    const seccion = screen.getByRole("region", { name: "Notas de crédito" });
    await within(seccion).findByText("Error en ERP");
    expect(within(seccion).queryByRole("button", { name: /Reintentar/ })).toBeNull();
  });

  it("asks the server for this invoice's notes only, and says so when they cannot be read (never 'no notes')", async () => {
    signInAs("consulta");
    let pedidas = 0;
    const calls = fakeCalls({
      getFacturas: [BLOQUEADA],
      getProveedor: [PROVEEDOR],
      getEntradas: [makeEntradaFactura()],
      getHistorialFactura: [],
      getNotasCredito: () => {
        pedidas++;
        return { status: 503, body: { status: "error", message: "Servicio no disponible." } };
      },
    });
    renderApp("/MisFacturas");
    await waitFor(() => expect(filas("Facturas")).toHaveLength(1));
    fireEvent.doubleClick(filas("Facturas")[0] as HTMLElement);
    const seccion = await screen.findByRole("region", { name: "Notas de crédito" });
    await within(seccion).findByText(NOTA_CREDITO_MSG.deFacturaNoDisponibles, {}, { timeout: 5_000 });
    expect(within(seccion).queryByText("La factura no tiene notas de crédito.")).toBeNull();
    const pedido = calls.find((call) => call.url.endsWith(CALLS.getNotasCredito.path));
    expect(pedido?.body).toMatchObject({ IdFactura: 21 });
    expect(pedidas).toBeGreaterThan(0);
    expect(takeConsoleErrors().length).toBeGreaterThan(0);
  });
});
