import { CALLS, MSG } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { idParam, rowNumberSchema } from "../../../lib/route-params";
import { type Session, session } from "../../../lib/session";
import { Route as MiFacturaRoute } from "../../../routes/mis-facturas.mi-factura.lazy";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import type { FakeCall } from "../../../test/render-app";
import { renderApp } from "../../../test/render-app";
import { renderScreen } from "../../../test/render-screen";
import { facturasList } from "../api";
import { makeEntradaFactura, makeFactura, PROVEEDOR, xmlFactura } from "../facturas.fixtures";

import { bodyRows, FACTURAS, nuevaApi, pdfFile, pick, rowOf, toast, xmlFile } from "./facturas-screens.fixtures";

const MiFacturaScreen = MiFacturaRoute.options.component as ComponentType;

/**
 * The detail of row `fila` alone (renderScreen, decision 052): the route's screen for the signed-in session, with
 * the list loaded through the fake API as the list screen loads it. Opening it from the list is the flow of
 * "offers 'Agregar' to suppliers only and opens an invoice on double-click".
 */
async function openDetalle(fila: number) {
  const current = session.peek() as Session;
  const queryClient = createQueryClient();
  await queryClient.fetchQuery(facturasList.queryOptions(current));
  const view = renderScreen(<MiFacturaScreen />, {
    path: "/MisFacturas/MiFactura/$id",
    url: `/MisFacturas/MiFactura/${fila}`,
    session: current,
    params: idParam(rowNumberSchema),
    queryClient,
  });
  await screen.findByRole("heading", { level: 1, name: "Datos generales" });
  // What the detail asks on its own (the supplier's registration, the history) has answered.
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return view;
}

/** The row number of the invoice `folio` in `filas`, as the list numbers it. */
const filaDe = (filas: readonly { FolioFactura: string; Fila: number }[], folio: string) =>
  filas.find((fila) => fila.FolioFactura === folio)?.Fila ?? Number.NaN;

const fileRow = (clave: string) => document.querySelector(`[data-archivo-fila="${clave}"]`) as HTMLElement;

describe("/MisFacturas/MiFactura/:id", () => {
  it("goes back to /MisFacturas when the list is not loaded", async () => {
    signInAs("proveedor");
    fakeCalls({ getNotasCredito: [], getFacturas: FACTURAS });
    const { router } = renderApp("/MisFacturas/MiFactura/2");
    await waitFor(() => expect(router.state.location.pathname).toBe("/MisFacturas"));
  });

  it("Aceptada: only 'Ver', 'Actualizar' disabled", async () => {
    signInAs("proveedor");
    nuevaApi();
    await openDetalle(2);
    expect(screen.queryByRole("button", { name: /^cargar/ })).toBeNull();
    expect(within(fileRow("pdf")).queryByRole("button", { name: "Ver PDF" })).not.toBeNull();
    expect(fileRow("pdf").textContent).toContain("Cargado");
    expect(fileRow("recepcion").textContent).toContain("No cargado");
    expect(within(fileRow("recepcion")).queryByRole("button", { name: "Ver Recepción" })).toBeNull();
    expect((screen.getByRole("button", { name: "Actualizar" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("textbox", { name: "Estatus" }) as HTMLInputElement).value).toBe("Aceptada");
  });

  it("Cancelado: 'cargar' shown, 'Actualizar' disabled", async () => {
    signInAs("proveedor");
    nuevaApi();
    await openDetalle(4);
    expect(screen.getAllByRole("button", { name: /^cargar/ })).toHaveLength(3);
    expect(fileRow("pdf").textContent).toContain("No cargado");
    expect((screen.getByRole("button", { name: "Actualizar" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("textbox", { name: "Estatus" }) as HTMLInputElement).value).toBe("Cancelado");
  });

  it("Rechazada: shows its fields, replaces the PDF only and returns to the list", async () => {
    signInAs("proveedor");
    const calls = nuevaApi({
      patchFactura: { body: { status: "success", message: MSG.facturaActualizada("A-102") } },
    });
    const { router } = await openDetalle(3);
    const valor = (name: string) => (screen.getByRole("textbox", { name }) as HTMLInputElement).value;
    expect(valor("Razón social")).toBe("MUNICIPIO DE CUAUTITLAN IZCALLI");
    expect(valor("Proveedor")).toBe("ESCUELA KEMPER URGATE");
    expect(valor("Folio")).toBe("A-102");
    expect(valor("Fecha")).toBe("2026-02-19");
    expect(valor("Estatus")).toBe("Rechazada");
    expect(valor("Entrada")).toBe("5120");
    expect(valor("Estatus del pago")).toBe("Pendiente");
    expect(valor("Fecha pago")).toBe("");
    expect(valor("Comentarios")).toBe("Sin firma");
    expect(screen.getAllByRole("button", { name: /^cargar/ })).toHaveLength(3);
    const modify = screen.getByRole("button", { name: "Actualizar" }) as HTMLButtonElement;
    expect(modify.disabled).toBe(false);

    pick("pdf", pdfFile("corregida.pdf"));
    fireEvent.click(modify);
    await screen.findByText(MSG.facturaActualizada("A-102"));
    const sent = calls.find((call) => call.url.endsWith("/patchfactura"))?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      IdFactura: 12,
      RazonSocial: "SBO_MCI",
      BD: "SBO_MCI",
      EntradaMercancia: 5120,
      FolioFactura: "A-102",
      PDF: "corregida.pdf",
    });
    expect(sent).not.toHaveProperty("XML64");
    expect(sent).not.toHaveProperty("Recepcion");
    await waitFor(() => expect(router.state.location.pathname).toBe("/MisFacturas"));
  });

  it("refuses 'Actualizar' on a rejected invoice without a new file, in Spanish, and sends nothing (issue 23)", async () => {
    signInAs("proveedor");
    const calls = nuevaApi();
    await openDetalle(3);
    fireEvent.click(screen.getByRole("button", { name: "Actualizar" }));
    await waitFor(() => expect(toast()?.textContent).toContain(MSG.correccionSinArchivo));
    expect(calls.some((call) => call.url.endsWith("/patchfactura"))).toBe(false);
  });

  it("refuses a picked file of the wrong type in one error toast", async () => {
    signInAs("proveedor");
    const calls = nuevaApi();
    await openDetalle(5);
    pick("recepcion", pdfFile("recepcion.png"));
    fireEvent.click(screen.getByRole("button", { name: "Actualizar" }));
    await waitFor(() => expect(toast()?.textContent).toContain(MSG.archivoNoImagen));
    expect(calls.some((call) => call.url.endsWith("/patchfactura"))).toBe(false);
  });
});

describe("the update of an invoice billing service lines of an order (decision 077)", () => {
  it("loads no receipt and leaves the comparison with the order's part to the server", async () => {
    signInAs("proveedor");
    // Order 5120 happens to share its number with receipt 5120 (3,327.01), which the invoice does not bill.
    const dePedido = FACTURAS.map((f) =>
      f.FolioFactura === "A-102"
        ? {
            ...f,
            Total: "696.00",
            LineasFacturadas: [
              {
                Entrada: 5120,
                EntradaDocEntry: 88,
                LineNum: 0,
                ItemCode: "SRV-0001",
                ItemName: "Mantenimiento preventivo",
                Cantidad: "0.6",
                CantidadLinea: "1",
                Importe: "600.00",
                Pedido: true as const,
              },
            ],
          }
        : f,
    );
    const calls = nuevaApi({
      getFacturas: dePedido,
      patchFactura: { body: { status: "success", message: MSG.facturaActualizada("A-101") } },
    });
    await openDetalle(filaDe(dePedido, "A-102"));
    pick("xml", xmlFile(xmlFactura({ subtotal: "600.00", total: "696.00" })));
    fireEvent.click(screen.getByRole("button", { name: "Actualizar" }));
    await screen.findByText(MSG.facturaActualizada("A-101"));
    expect(calls.some((call) => call.url.endsWith("/getEntradas"))).toBe(false);
    const sent = calls.find((call) => call.url.endsWith("/patchfactura"))?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ IdFactura: 12, EntradaMercancia: 5120, Total: "696.00", XML: "factura.xml" });
  });
});

describe("'Historial' of the invoice detail", () => {
  async function openDetail(historial: Parameters<typeof fakeCalls>[0]["getHistorialFactura"]) {
    signInAs("proveedor");
    const calls = fakeCalls({
      getNotasCredito: [],
      getFacturas: FACTURAS,
      getProveedor: [PROVEEDOR],
      getEntradas: [makeEntradaFactura()],
      ...(historial === undefined ? {} : { getHistorialFactura: historial }),
    });
    await openDetalle(filaDe(FACTURAS, "A-102"));
    return calls;
  }

  const historial = () => screen.getByRole("region", { name: "Historial" });

  it("lists the decisions and corrections: when, who, from → to and the comment", async () => {
    const calls = await openDetail([
      // Local time without offset, so the shown hour does not depend on the machine's time zone.
      {
        Fecha: "2026-02-19T15:30:00.000Z", // 09:30 in Mexico City, as the screen shows it
        Quien: "ESCUELA KEMPER URGATE",
        Operador: "Proveedor",
        Campo: "registro",
        De: "",
        A: "P · UUID 6F1A · entrada 5120",
        Comentario: "",
      },
      {
        Fecha: "2026-02-20T23:05:00.000Z",
        Quien: "Administrador del Portal",
        Operador: "Empleado",
        Campo: "estatus",
        De: "P",
        A: "R",
        Comentario: "Sin firma",
      },
    ]);
    const rows = await waitFor(() => {
      const found = within(historial()).getAllByRole("row").slice(1);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      // Issue 23: in words, not raw codes.
      ["2026-02-19 09:30", "ESCUELA KEMPER URGATE", "Registrada (Pendiente): UUID 6F1A, entrada 5120", ""],
      ["2026-02-20 17:05", "Administrador del Portal", "Rechazada", "Sin firma"],
    ]);
    const asked = calls.find((call) => call.url.endsWith("/api/facturas/getHistorial"));
    expect(asked?.body).toEqual({ usuario: "P00001", operador: "Proveedor", IdFactura: 12 });
  });

  it("says 'Sin movimientos' when there are none", async () => {
    await openDetail([]);
    await waitFor(() => expect(within(historial()).queryByText("Sin movimientos")).not.toBeNull());
  });

  it("reads a failing history call (404) as empty, without breaking the detail", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await openDetail(undefined);
    await waitFor(() => expect(within(historial()).queryByText("Sin movimientos")).not.toBeNull());
    expect(screen.queryByRole("textbox", { name: "Folio" })).not.toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe("ERP state and payment in the invoice detail (issue 13)", () => {
  const ERROR_ERP = "El proveedor P00001 está inactivo [OCRD.frozenFor]";
  const ERP_FACTURAS = [
    // PPD, partly paid: 'Pago parcial' (decision 058); its A/P invoice refused by the ERP.
    makeFactura({
      Fila: 1,
      IdFactura: 21,
      FolioFactura: "A-201",
      EstatusFactura: "A",
      PaidToDate: "1000.00",
      FechaPago: "2026-03-02",
      EstadoERP: "fallido",
      FolioSAP: null,
      ErrorERP: ERROR_ERP,
      FechaProbablePago: "2026-03-24",
    }),
    // PPD, fully paid: Pagada.
    makeFactura({
      Fila: 2,
      IdFactura: 22,
      FolioFactura: "A-202",
      EstatusFactura: "A",
      PaidToDate: "3327.01",
      FechaPago: "2026-03-05",
      EstadoERP: "creada",
      FolioSAP: 8123,
      ErrorERP: "",
    }),
    // Cancelled in the ERP: Cancelado, and a cancelled PPD invoice's payment reads Pendiente.
    makeFactura({
      Fila: 3,
      IdFactura: 23,
      FolioFactura: "A-203",
      EstatusFactura: "A",
      CANCELED: "Y",
      PaidToDate: "3327.01",
      EstadoERP: "creada",
      FolioSAP: 8124,
      ErrorERP: "",
    }),
    makeFactura({ Fila: 4, IdFactura: 24, FolioFactura: "A-204", EstatusFactura: "A", EstadoERP: "pendiente" }),
  ];
  const CREADA = makeFactura({ ...ERP_FACTURAS[0], EstadoERP: "creada", FolioSAP: 8125, ErrorERP: "" });

  const valor = (name: string) => (screen.getByRole("textbox", { name }) as HTMLInputElement).value;
  const erp = () => screen.queryByRole("region", { name: "ERP" });
  const retry = (folio: string) => screen.queryByRole("button", { name: `Reintentar en el ERP la factura ${folio}` });
  const isList = (call: FakeCall) => call.url.endsWith(CALLS.getFacturas.path);

  async function openErpDetail(
    role: "administrador" | "consulta" | "proveedor",
    folio: string,
    extra: Parameters<typeof fakeCalls>[0] = {},
  ) {
    signInAs(role);
    let listados = 0;
    const calls = fakeCalls({
      getNotasCredito: [],
      // After a retry the list answers with the A/P invoice created, as the server would.
      getFacturas: () => (listados++ === 0 ? ERP_FACTURAS : [CREADA, ...ERP_FACTURAS.slice(1)]),
      getProveedor: [PROVEEDOR],
      getEntradas: [makeEntradaFactura()],
      getHistorialFactura: [],
      ...extra,
    });
    await openDetalle(filaDe(ERP_FACTURAS, folio));
    return calls;
  }

  it("a reviewer sees the ERP's refusal and retries: the payload, the answer in green, the invoice reloaded", async () => {
    const calls = await openErpDetail("administrador", "A-201", {
      facturasPendientesReintentarErp: { body: { status: "success", message: MSG.erpFacturaCreada(8125) } },
    });
    expect(valor("Estatus")).toBe("Aceptada");
    // Issue 39 (decision 058): 1,000.00 of 3,327.01 paid reads 'Pago parcial', with its balance.
    expect(valor("Estatus del pago")).toBe("Pago parcial");
    expect(valor("Saldo")).toBe("2,327.01 MXN");
    expect(valor("Fecha pago")).toBe("2026-03-02");
    expect(screen.queryByRole("textbox", { name: "Folio SAP" })).toBeNull();
    const seccion = erp() as HTMLElement;
    expect(within(seccion).queryByText("Error en ERP")).not.toBeNull();
    expect(within(seccion).queryByText(ERROR_ERP)).not.toBeNull();

    const listados = calls.filter(isList).length;
    fireEvent.click(within(seccion).getByRole("button", { name: "Reintentar en el ERP la factura A-201" }));
    await waitFor(() => expect(toast()?.textContent).toContain(MSG.erpFacturaCreada(8125)));
    expect(toast()?.getAttribute("style")).toContain("teal");
    const enviado = calls.find((call) => call.url.endsWith(CALLS.facturasPendientesReintentarErp.path));
    expect(enviado?.method).toBe("POST");
    expect(enviado?.body).toEqual({ usuario: "1", id: "1", operador: "Empleado", Factura: 21 });
    await waitFor(() => expect(calls.filter(isList).length).toBeGreaterThan(listados));
    await waitFor(() => expect(within(erp() as HTMLElement).queryByText("Factura SAP 8125")).not.toBeNull());
    expect(valor("Folio SAP")).toBe("8125");
    expect(screen.queryByText(ERROR_ERP)).toBeNull();
    expect(retry("A-201")).toBeNull();
  });

  it("shows a waiting invoice as 'Pendiente en ERP'; an employee who does not review sees the state without 'Reintentar'", async () => {
    await openErpDetail("consulta", "A-204");
    expect(within(erp() as HTMLElement).queryByText("Pendiente en ERP")).not.toBeNull();
    expect(retry("A-204")).toBeNull();
  });

  it("an employee sees the created invoice's Folio SAP; paid PPD reads Pagada", async () => {
    await openErpDetail("administrador", "A-202");
    expect(valor("Folio SAP")).toBe("8123");
    expect(within(erp() as HTMLElement).queryByText("Factura SAP 8123")).not.toBeNull();
    expect(retry("A-202")).toBeNull();
    expect(valor("Estatus del pago")).toBe("Pagada");
    expect(valor("Fecha pago")).toBe("2026-03-05");
  });

  it("a supplier sees only the Folio SAP, never the ERP's state or message", async () => {
    await openErpDetail("proveedor", "A-202");
    expect(valor("Folio SAP")).toBe("8123");
    expect(erp()).toBeNull();
    expect(screen.queryByText("Factura SAP 8123")).toBeNull();
  });

  it("a supplier sees the 'Fecha probable de pago' of an accepted, unpaid invoice; none once paid (issue 27)", async () => {
    // A flow through the list (the real routes): the detail, 'Regresar', then another invoice.
    signInAs("proveedor");
    fakeCalls({
      getNotasCredito: [],
      getFacturas: ERP_FACTURAS,
      getProveedor: [PROVEEDOR],
      getEntradas: [makeEntradaFactura()],
      getHistorialFactura: [],
    });
    renderApp("/MisFacturas");
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    fireEvent.doubleClick(rowOf("A-201"));
    await screen.findByRole("heading", { level: 1, name: "Datos generales" });
    expect(valor("Fecha probable de pago")).toBe("2026-03-24");
    fireEvent.click(screen.getByRole("button", { name: "Regresar" }));
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    fireEvent.doubleClick(rowOf("A-202"));
    await screen.findByRole("heading", { level: 1, name: "Datos generales" });
    expect(screen.queryByRole("textbox", { name: "Fecha probable de pago" })).toBeNull();
  });

  it("a supplier's refused invoice shows no error, even if one were sent", async () => {
    await openErpDetail("proveedor", "A-201");
    expect(screen.queryByRole("textbox", { name: "Folio SAP" })).toBeNull();
    expect(erp()).toBeNull();
    expect(screen.queryByText(ERROR_ERP)).toBeNull();
    expect(screen.queryByText("Error en ERP")).toBeNull();
    expect(retry("A-201")).toBeNull();
  });

  it("an invoice cancelled in the ERP reads Cancelado, and its PPD payment Pendiente", async () => {
    await openErpDetail("proveedor", "A-203");
    expect(valor("Estatus")).toBe("Cancelado");
    expect(valor("Estatus del pago")).toBe("Pendiente");
    expect((screen.getByRole("button", { name: "Actualizar" }) as HTMLButtonElement).disabled).toBe(true);
    expect(valor("Folio SAP")).toBe("8124");
  });
});

describe("the SAT's status for employees (issue 15)", () => {
  const FILAS = [
    makeFactura({
      Fila: 1,
      IdFactura: 31,
      FolioFactura: "S-1",
      EstatusFactura: "A",
      EstadoSAT: "Cancelado",
      PendienteSAT: false,
      EfosSAT: "200",
    }),
    makeFactura({
      Fila: 2,
      IdFactura: 32,
      FolioFactura: "S-2",
      EstatusFactura: "P",
      EstadoSAT: "",
      PendienteSAT: true,
      EfosSAT: "",
    }),
    makeFactura({
      Fila: 3,
      IdFactura: 33,
      FolioFactura: "S-3",
      EstatusFactura: "P",
      EstadoSAT: "Vigente",
      PendienteSAT: false,
      EfosSAT: "100",
    }),
    makeFactura({
      Fila: 4,
      IdFactura: 34,
      FolioFactura: "S-4",
      EstatusFactura: "P",
      EstadoSAT: "Vigente",
      PendienteSAT: false,
      EfosSAT: "200",
    }),
  ];

  it("flags a CFDI cancelled at the SAT, one pending verification and an EFOS issuer, in the list and the detail", async () => {
    signInAs("consulta");
    fakeCalls({ getNotasCredito: [], getFacturas: FILAS, getHistorialFactura: [] });
    renderApp("/MisFacturas");
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    expect(within(rowOf("S-1")).queryByText("Cancelado en el SAT")).not.toBeNull();
    expect(within(rowOf("S-2")).queryByText("Pendiente de verificar en el SAT")).not.toBeNull();
    expect(within(rowOf("S-3")).queryByText("Emisor en la lista EFOS del SAT")).not.toBeNull();
    expect(within(rowOf("S-4")).queryByText(/SAT/)).toBeNull();
    fireEvent.doubleClick(rowOf("S-1"));
    await screen.findByRole("heading", { level: 1, name: "Datos generales" });
    expect(screen.queryByText("Cancelado en el SAT")).not.toBeNull();
  });
});

describe("the payment block for employees (issue 27, decision 036)", () => {
  const SUSTITUTO = "5E2D6AFF-2DD7-43D1-83D3-14C1ACA396D9";
  const FILAS = [
    makeFactura({
      Fila: 1,
      IdFactura: 41,
      FolioFactura: "B-1",
      EstatusFactura: "A",
      EstadoSAT: "Cancelado",
      BloqueoPago: "bloqueado",
      SustitutoUUID: "",
      EstadoBloqueoERP: "hecho",
      ErrorBloqueoERP: "",
      Version: 7,
      // Issue 36 (decision 038): its CFDI also names another blocked invoice with TipoRelacion 04.
      AvisoSustitucion: MSG.sustituyeFacturaBloqueada("A-7"),
    }),
    makeFactura({
      Fila: 2,
      IdFactura: 42,
      FolioFactura: "B-2",
      EstatusFactura: "A",
      EstadoSAT: "Cancelado",
      BloqueoPago: "liberado",
      SustitutoUUID: SUSTITUTO,
      EstadoBloqueoERP: "pendiente",
      ErrorBloqueoERP: "",
    }),
  ];

  it("says the payment is blocked in the list and the detail, with the ERP job's state; and when it was lifted", async () => {
    signInAs("consulta");
    fakeCalls({ getNotasCredito: [], getFacturas: FILAS, getHistorialFactura: [] });
    renderApp("/MisFacturas");
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(within(rowOf("B-1")).queryByText("Pago bloqueado en el ERP")).not.toBeNull();
    expect(within(rowOf("B-2")).queryByText("Bloqueo de pago quitado")).not.toBeNull();
    expect(within(rowOf("B-2")).queryByText("Desbloqueo en el ERP: pendiente")).not.toBeNull();
    fireEvent.doubleClick(rowOf("B-1"));
    await screen.findByRole("heading", { level: 1, name: "Datos generales" });
    expect(
      screen.queryByText(
        "Pago bloqueado en el ERP: el SAT canceló este CFDI. El bloqueo se quita al aceptar la factura que tome su " +
          "lugar (mismas entradas, total y moneda), o a mano con un motivo.",
      ),
    ).not.toBeNull();
    expect(screen.queryByText("Bloqueo en el ERP: aplicado")).not.toBeNull();
    // Issue 36: the warning of a CFDI naming a blocked invoice; lifting by hand is not a general employee's.
    expect(screen.queryByText("Este CFDI dice sustituir a la factura A-7, cuyo pago está bloqueado.")).not.toBeNull();
    expect(screen.queryByRole("button", { name: /Quitar el bloqueo de pago/ })).toBeNull();
  });

  it("issue 36: accounts payable lifts it from the detail; the dialog asks the reason, then sends it with the Version", async () => {
    signInAs("administrador");
    const isQuitar = (call: FakeCall) => call.url.endsWith(CALLS.facturasPendientesQuitarBloqueoPago.path);
    const calls = fakeCalls({
      getFacturas: FILAS,
      getHistorialFactura: [],
      getNotasCredito: [],
      facturasPendientesQuitarBloqueoPago: { body: { status: "success", message: MSG.bloqueoPagoQuitado("B-1") } },
    });
    await openDetalle(filaDe(FILAS, "B-1"));
    fireEvent.click(await screen.findByRole("button", { name: "Quitar el bloqueo de pago de la factura B-1" }));
    const dialogo = await screen.findByRole("dialog", { name: "Quitar bloqueo de pago" });

    // Without a reason: the contract's words, nothing sent.
    fireEvent.click(within(dialogo).getByRole("button", { name: "Quitar bloqueo" }));
    await within(dialogo).findByText("El campo Motivo es obligatorio.");
    expect(calls.filter(isQuitar)).toHaveLength(0);

    fireEvent.change(within(dialogo).getByRole("textbox", { name: /Motivo/ }), {
      target: { value: " Autorizado por la contraloría " },
    });
    fireEvent.click(within(dialogo).getByRole("button", { name: "Quitar bloqueo" }));
    await waitFor(() => expect(toast()?.textContent).toContain(MSG.bloqueoPagoQuitado("B-1")));
    expect(calls.filter(isQuitar).map((c) => [c.method, c.body])).toEqual([
      [
        "POST",
        {
          usuario: "1",
          id: "1",
          operador: "Empleado",
          Factura: 41,
          Version: 7,
          Motivo: "Autorizado por la contraloría",
        },
      ],
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Quitar bloqueo de pago" })).toBeNull());
  });
});

describe("the replacement that took over the A/P invoice (issue 27, decision 036)", () => {
  it("the replaced invoice's detail says which invoice replaced it", async () => {
    signInAs("consulta");
    fakeCalls({
      getNotasCredito: [],
      getFacturas: [
        makeFactura({
          Fila: 1,
          IdFactura: 51,
          FolioFactura: "C-1",
          EstatusFactura: "A",
          SustituidaPor: "C-2 (UUID 5E2D6AFF-2DD7-43D1-83D3-14C1ACA396D9)",
        }),
      ],
      getHistorialFactura: [],
    });
    await openDetalle(1);
    await screen.findByText(
      "Sustituida por la factura C-2 (UUID 5E2D6AFF-2DD7-43D1-83D3-14C1ACA396D9), que tomó su factura de proveedor en el ERP.",
    );
  });
});
