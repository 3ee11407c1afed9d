import { CALLS, MSG } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { forgetListSearches } from "../../../lib/list-search";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { pickOption } from "../../../test/pick-option";
import { type FakeCall, renderApp } from "../../../test/render-app";
import { makeFactura } from "../../facturas/facturas.fixtures";
import { CONFIRMACION_TITULO } from "./facturas-pendientes-table";

const PENDIENTES = [
  makeFactura({ Fila: 1, IdFactura: 31, FolioFactura: "C-1", EstatusFactura: "P", Version: 2 }),
  makeFactura({ Fila: 2, IdFactura: 32, FolioFactura: "C-2", EstatusFactura: "A", Version: 5 }),
  makeFactura({ Fila: 3, IdFactura: 33, FolioFactura: "C-3", EstatusFactura: "R", Comentarios: "Sin firma" }),
  makeFactura({ Fila: 4, IdFactura: 34, FolioFactura: "C-4", EstatusFactura: "P", Version: 1 }),
  makeFactura({ Fila: 5, IdFactura: 35, FolioFactura: "C-5", EstatusFactura: "P" }),
  makeFactura({ Fila: 6, IdFactura: 36, FolioFactura: "C-6", EstatusFactura: "P" }),
];

const bodyRows = () =>
  within(screen.getByRole("table", { name: "Facturas pendientes" }))
    .getAllByRole("row")
    .slice(1);

const checkbox = (name: string) => screen.getByRole("checkbox", { name }) as HTMLInputElement;
const toast = () => document.querySelector(".mantine-Notification-root") as HTMLElement | null;
const isPatch = (call: FakeCall) => call.url.endsWith(CALLS.facturasPendientesPatchFactura.path);
const isList = (call: FakeCall) => call.url.endsWith(CALLS.facturasPendientesGetFacturas.path);

async function openScreen(patch: Parameters<typeof fakeCalls>[0]["facturasPendientesPatchFactura"]) {
  signInAs("administrador");
  const calls = fakeCalls({
    facturasPendientesGetFacturas: PENDIENTES,
    ...(patch === undefined ? {} : { facturasPendientesPatchFactura: patch }),
  });
  // 'Todas': the decided rows too (the default 'Por revisar' shows only those awaiting a decision).
  renderApp("/Facturas-Pendientes?estado=todas");
  await screen.findByRole("heading", { level: 1, name: "Facturas pendientes" });
  await waitFor(() => expect(bodyRows()).toHaveLength(5));
  return calls;
}

describe("/Facturas-Pendientes", () => {
  it("lists every column with the editors, 5 rows per page, and locks the rows already Aceptada", async () => {
    await openScreen(undefined);
    const header = within(screen.getByRole("table", { name: "Facturas pendientes" })).getAllByRole("row")[0];
    expect(header?.textContent).toBe(
      // Issue 23: which invoice (#, folio, supplier, total) and the review controls first, the rest after. Issue
      // 40: the CFDI's date right after the controls; UUID and 'Tentativa de pago' from 'Columnas'.
      "#FolioProveedorTotalEstatusRevisadoComentariosFechaSociedadRFC emisorEntradaForma de pagoUso principalMétodo de pagoPDFXMLRecepción69-BERP",
    );
    expect(screen.queryByPlaceholderText("Search…")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Recargar" })).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Agregar" })).toBeNull();

    // The selector and the comment start from the stored values.
    expect((screen.getByRole("combobox", { name: "Estatus, fila 1" }) as HTMLInputElement).value).toBe("Pendiente");
    expect((screen.getByRole("combobox", { name: "Estatus, fila 3" }) as HTMLInputElement).value).toBe("Rechazada");
    expect((screen.getByRole("textbox", { name: "Comentarios, fila 3" }) as HTMLTextAreaElement).value).toBe(
      "Sin firma",
    );

    // Spec §4: the stored A row is locked: no edits, no selection.
    expect(bodyRows()[1]?.hasAttribute("data-locked")).toBe(true);
    expect(checkbox("Revisado, fila 2").disabled).toBe(true);
    expect((screen.getByRole("combobox", { name: "Estatus, fila 2" }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("textbox", { name: "Comentarios, fila 2" }) as HTMLTextAreaElement).disabled).toBe(true);
    expect(checkbox("Revisado, fila 1").disabled).toBe(false);
  });

  it("sends the checked rows after the confirmation, shows the message and reloads the list", async () => {
    // Answer the PATCH as the server does.
    const calls = await openScreen({ body: { status: "success", message: MSG.revisionExito } });
    const listadoInicial = calls.filter(isList).length;

    fireEvent.click(checkbox("Revisado, fila 1"));
    const add = await screen.findByRole("button", { name: "Agregar" });
    pickOption("Estatus, fila 4", "Rechazada");
    fireEvent.change(screen.getByRole("textbox", { name: "Comentarios, fila 4" }), {
      target: { value: "Falta la orden de compra" },
    });
    // Issue 23: the status and comment changed, so the row is marked Revisado without a click.
    expect(checkbox("Revisado, fila 4").checked).toBe(true);
    fireEvent.click(add);

    const dialog = await screen.findByRole("dialog", { name: CONFIRMACION_TITULO });
    expect(
      within(dialog)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["C-1 · ESCUELA KEMPER URGATE · Pendiente", "C-4 · ESCUELA KEMPER URGATE · Rechazada"]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Aceptar" }));

    await waitFor(() => expect(toast()?.textContent).toContain(MSG.revisionExito));
    expect(toast()?.getAttribute("style")).toContain("teal");
    const patch = calls.find(isPatch);
    expect(patch?.method).toBe("PATCH");
    expect(patch?.body).toEqual([
      {
        usuario: "1",
        id: "1",
        operador: "Empleado",
        Factura: 31,
        Comentarios: "",
        Estatus: "P",
        BD: "SBO_MCI",
        Correo: "facturacion@kemper.edu.mx",
        Version: 2,
      },
      {
        usuario: "1",
        id: "1",
        operador: "Empleado",
        Factura: 34,
        Comentarios: "Falta la orden de compra",
        Estatus: "R",
        BD: "SBO_MCI",
        Correo: "facturacion@kemper.edu.mx",
        Version: 1,
      },
    ]);
    await waitFor(() => expect(calls.filter(isList).length).toBeGreaterThan(listadoInicial));
    // The table starts again from the stored state.
    await waitFor(() => expect(checkbox("Revisado, fila 1").checked).toBe(false));
    expect(screen.queryByRole("button", { name: "Agregar" })).toBeNull();
  });

  it("shows the server's refusal in red with every line, and 'Cancelar' sends nothing", async () => {
    const calls = await openScreen({
      status: 409,
      body: { status: "error", message: `${MSG.revisionError}\nLa factura con folio C-1 cambió; recargue la lista.` },
    });
    fireEvent.click(checkbox("Revisado, fila 1"));
    fireEvent.click(await screen.findByRole("button", { name: "Agregar" }));
    let dialog = await screen.findByRole("dialog", { name: CONFIRMACION_TITULO });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: CONFIRMACION_TITULO })).toBeNull());
    expect(calls.some(isPatch)).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    dialog = await screen.findByRole("dialog", { name: CONFIRMACION_TITULO });
    fireEvent.click(within(dialog).getByRole("button", { name: "Aceptar" }));
    await waitFor(() => expect(toast()?.textContent).toContain(MSG.revisionError));
    expect(toast()?.textContent).toContain("La factura con folio C-1 cambió; recargue la lista.");
    expect(toast()?.getAttribute("style")).toContain("red");
    expect(calls.filter(isPatch)).toHaveLength(1);
  });

  it("after a review, /MisFacturas and Home's counts show the decision at once, not when their data turn stale", async () => {
    signInAs("administrador");
    let isDecided = false;
    const factura = () =>
      makeFactura({ Fila: 1, IdFactura: 31, FolioFactura: "C-1", EstatusFactura: isDecided ? "A" : "P", Version: 2 });
    const calls = fakeCalls({
      getFacturas: () => [factura()],
      facturasPendientesGetFacturas: () => [factura()],
      facturasPendientesPatchFactura: () => {
        isDecided = true;
        return { body: { status: "success", message: MSG.revisionExito } };
      },
      homeRowDocuments: (call) => ({
        Registro: (call.body as { dato: string }).dato === "Facturas pendientes" && !isDecided ? 1 : 0,
      }),
    });
    const isFacturas = (call: FakeCall) => call.url.endsWith(CALLS.getFacturas.path);
    const { router } = renderApp("/Home");
    const pendientesTile = async () =>
      within(await screen.findByRole("region", { name: "Documentos Electronicos" })).getByRole("link", {
        name: /^Facturas pendientes/,
      }).textContent;
    await waitFor(async () => expect(await pendientesTile()).toContain("1 registro"));
    await router.navigate({ to: "/MisFacturas" });
    const estatus = () => within(screen.getByRole("table", { name: "Facturas" })).getAllByRole("row")[1]?.textContent;
    await waitFor(() => expect(estatus()).toContain("Pendiente"));

    await router.navigate({ to: "/Facturas-Pendientes" });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    pickOption("Estatus, fila 1", "Aceptada");
    fireEvent.click(await screen.findByRole("button", { name: "Agregar" }));
    const dialog = await screen.findByRole("dialog", { name: CONFIRMACION_TITULO });
    fireEvent.click(within(dialog).getByRole("button", { name: "Aceptar" }));
    await waitFor(() => expect(toast()?.textContent).toContain(MSG.revisionExito));

    // Both were loaded a moment ago (fresh for 30 s), yet the review invalidated the invoices' whole domain.
    await router.navigate({ to: "/MisFacturas" });
    await waitFor(() => expect(estatus()).toContain("Aceptada"));
    expect(calls.filter(isFacturas)).toHaveLength(2);
    await router.navigate({ to: "/Home" });
    await waitFor(async () => expect(await pendientesTile()).toContain("0 registros"));
  });

  it("warns before sending a rejection without a comment", async () => {
    const calls = await openScreen(undefined);
    pickOption("Estatus, fila 1", "Rechazada");
    fireEvent.click(await screen.findByRole("button", { name: "Agregar" }));
    await waitFor(() =>
      expect(toast()?.textContent).toContain(
        "Indique en Comentarios el motivo del rechazo de la factura con folio C-1.",
      ),
    );
    expect(screen.queryByRole("dialog", { name: CONFIRMACION_TITULO })).toBeNull();
    expect(calls.some(isPatch)).toBe(false);
  });
});

describe("/Facturas-Pendientes opens on the work (issue 23)", () => {
  it("shows 'Por revisar' by default (the rows awaiting a decision) and keeps 'Todas' in the URL", async () => {
    // The tab remembers a list's state (the earlier tests opened 'Todas'): start as a new tab would.
    forgetListSearches();
    signInAs("administrador");
    fakeCalls({ facturasPendientesGetFacturas: PENDIENTES });
    const { router } = renderApp("/Facturas-Pendientes");
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    expect(bodyRows().map((row) => within(row).getAllByRole("cell")[1]?.textContent)).toEqual([
      "C-1",
      "C-4",
      "C-5",
      "C-6",
    ]);
    expect((screen.getByRole("radio", { name: "Por revisar" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: "Todas" }));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ estado: "todas" }));
    fireEvent.click(screen.getByRole("radio", { name: "Por revisar" }));
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    expect(router.state.location.search).not.toHaveProperty("estado");
  });

  it("asks before leaving with decisions not sent, and stays or leaves as told", async () => {
    forgetListSearches();
    signInAs("administrador");
    fakeCalls({ facturasPendientesGetFacturas: PENDIENTES, homeRowDocuments: () => ({ Registro: 0 }) });
    const { router } = renderApp("/Facturas-Pendientes");
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    pickOption("Estatus, fila 1", "Aceptada");
    expect(checkbox("Revisado, fila 1").checked).toBe(true);

    void router.navigate({ to: "/Home" });
    let dialog = await screen.findByRole("dialog", { name: "Cambios sin enviar" });
    expect(dialog.textContent).toContain(
      "Tiene cambios sin enviar. Si sale de esta página, los cambios se perderán. ¿Desea salir de todos modos?",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Permanecer en la página" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Cambios sin enviar" })).toBeNull());
    expect(router.state.location.pathname).toBe("/Facturas-Pendientes");
    expect(checkbox("Revisado, fila 1").checked).toBe(true);

    void router.navigate({ to: "/Home" });
    dialog = await screen.findByRole("dialog", { name: "Cambios sin enviar" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salir sin enviar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Home"));
  });
});

describe("/Facturas-Pendientes: the accepted invoices in the ERP (issue 13)", () => {
  const RECHAZO_ERP = MSG.erpRechazo("El proveedor P00001 está inactivo [OCRD.frozenFor]");
  const ERP = [
    makeFactura({ Fila: 1, IdFactura: 41, FolioFactura: "C-11", EstatusFactura: "P", EstadoERP: "", FolioSAP: null }),
    makeFactura({
      Fila: 2,
      IdFactura: 42,
      FolioFactura: "C-12",
      EstatusFactura: "A",
      EstadoERP: "creada",
      FolioSAP: 8123,
    }),
    makeFactura({ Fila: 3, IdFactura: 43, FolioFactura: "C-13", EstatusFactura: "A", EstadoERP: "pendiente" }),
    makeFactura({
      Fila: 4,
      IdFactura: 44,
      FolioFactura: "C-14",
      EstatusFactura: "A",
      EstadoERP: "fallido",
      FolioSAP: null,
      ErrorERP: "El proveedor P00001 está inactivo [OCRD.frozenFor]",
    }),
    makeFactura({ Fila: 5, IdFactura: 45, FolioFactura: "C-15", EstatusFactura: "R", Comentarios: "Sin firma" }),
  ];
  const CREADA = makeFactura({ ...ERP[3], EstadoERP: "creada", FolioSAP: 8124, ErrorERP: "" });

  const erpCell = (fila: number) => {
    const table = screen.getByRole("table", { name: "Facturas pendientes" });
    const header = within(table).getAllByRole("columnheader");
    const columna = header.findIndex((cell) => cell.textContent === "ERP");
    return within(bodyRows()[fila - 1] as HTMLElement).getAllByRole("cell")[columna] as HTMLElement;
  };
  const isReintento = (call: FakeCall) => call.url.endsWith(CALLS.facturasPendientesReintentarErp.path);
  const retry = (folio: string) => screen.queryByRole("button", { name: `Reintentar en el ERP la factura ${folio}` });

  async function openErp(reintento: Parameters<typeof fakeCalls>[0]["facturasPendientesReintentarErp"]) {
    signInAs("administrador");
    let listados = 0;
    const calls = fakeCalls({
      // After a retry the list answers with the invoice created, as the server would.
      facturasPendientesGetFacturas: () => (listados++ === 0 ? ERP : [...ERP.slice(0, 3), CREADA, ...ERP.slice(4)]),
      ...(reintento === undefined ? {} : { facturasPendientesReintentarErp: reintento }),
    });
    renderApp("/Facturas-Pendientes?estado=todas");
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    return calls;
  }

  it("shows each accepted invoice's ERP state, the ERP's message, and 'Reintentar' only while not created", async () => {
    await openErp(undefined);
    expect(erpCell(1).textContent).toBe("");
    expect(erpCell(2).textContent).toBe("Factura SAP 8123");
    expect(erpCell(3).textContent).toBe("Pendiente en ERP" + "Reintentar");
    expect(within(erpCell(4)).queryByText("Error en ERP")).not.toBeNull();
    expect(within(erpCell(4)).queryByText("El proveedor P00001 está inactivo [OCRD.frozenFor]")).not.toBeNull();
    expect(erpCell(5).textContent).toBe("");

    // Not for a created invoice nor for invoices not accepted.
    expect(retry("C-11")).toBeNull();
    expect(retry("C-12")).toBeNull();
    expect(retry("C-15")).toBeNull();
    // A real button, so the keyboard reaches it; the accepted rows stay locked for review.
    const boton = retry("C-14") as HTMLButtonElement;
    expect(boton.tagName).toBe("BUTTON");
    expect(boton.disabled).toBe(false);
    boton.focus();
    expect(document.activeElement).toBe(boton);
    expect(retry("C-13")).not.toBeNull();
    expect(bodyRows()[3]?.hasAttribute("data-locked")).toBe(true);
    expect(checkbox("Revisado, fila 4").disabled).toBe(true);

    // The state is searchable as shown.
    fireEvent.change(screen.getByPlaceholderText("Search…"), { target: { value: "error en erp" } });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.textContent).toContain("C-14");
  });

  it("'Reintentar' sends the invoice, shows the answer in green and reloads the list", async () => {
    const calls = await openErp({ body: { status: "success", message: MSG.erpFacturaCreada(8124) } });
    const listadoInicial = calls.filter(isList).length;
    fireEvent.click(retry("C-14") as HTMLElement);

    await waitFor(() => expect(toast()?.textContent).toContain(MSG.erpFacturaCreada(8124)));
    expect(toast()?.getAttribute("style")).toContain("teal");
    const enviados = calls.filter(isReintento);
    expect(enviados).toHaveLength(1);
    expect(enviados[0]?.method).toBe("POST");
    expect(enviados[0]?.body).toEqual({ usuario: "1", id: "1", operador: "Empleado", Factura: 44 });
    await waitFor(() => expect(calls.filter(isList).length).toBeGreaterThan(listadoInicial));
    // The reloaded row shows the created A/P invoice and no more retry.
    await waitFor(() => expect(erpCell(4).textContent).toBe("Factura SAP 8124"));
    expect(retry("C-14")).toBeNull();
  });

  it("shows the ERP's refusal in red and reloads the list", async () => {
    const calls = await openErp({ status: 502, body: { status: "error", message: RECHAZO_ERP } });
    const listadoInicial = calls.filter(isList).length;
    fireEvent.click(retry("C-13") as HTMLElement);
    await waitFor(() => expect(toast()?.textContent).toContain(RECHAZO_ERP));
    expect(toast()?.getAttribute("style")).toContain("red");
    expect(calls.filter(isReintento)[0]?.body).toMatchObject({ Factura: 43 });
    await waitFor(() => expect(calls.filter(isList).length).toBeGreaterThan(listadoInicial));
  });
});

describe("/Facturas-Pendientes: a CFDI naming a blocked invoice (issue 36, decision 038)", () => {
  it("shows the warning under its folio, and finds it by searching 'bloqueado'", async () => {
    signInAs("administrador");
    const aviso = MSG.sustituyeFacturaBloqueada("A-7");
    fakeCalls({
      facturasPendientesGetFacturas: [
        makeFactura({ Fila: 1, IdFactura: 61, FolioFactura: "D-1", EstatusFactura: "P", AvisoSustitucion: aviso }),
        makeFactura({ Fila: 2, IdFactura: 62, FolioFactura: "D-2", EstatusFactura: "P", AvisoSustitucion: "" }),
      ],
    });
    renderApp("/Facturas-Pendientes");
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(within(bodyRows()[0] as HTMLElement).queryByText(aviso)).not.toBeNull();
    expect(bodyRows()[1]?.querySelector("[data-aviso-sustitucion]")).toBeNull();
    fireEvent.change(screen.getByPlaceholderText("Search…"), { target: { value: "bloqueado" } });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.textContent).toContain("D-1");
  });
});
