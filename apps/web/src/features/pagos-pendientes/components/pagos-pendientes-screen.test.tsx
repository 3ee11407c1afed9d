import { CALLS, MSG } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { forgetListSearches } from "../../../lib/list-search";
import { type FakeAnswers, fakeCalls, signInAs } from "../../../test/fake-api";
import { pickOption } from "../../../test/pick-option";
import { type FakeCall, renderApp } from "../../../test/render-app";
import { makePagoPendiente, UUID_FACTURA_1 } from "../../pagos/pagos.fixtures";
import { CONFIRMACION_TITULO_PAGOS } from "./pagos-pendientes-table";

const PENDIENTES = [
  makePagoPendiente({ Fila: 1, IdPago: 61, DocEntry: 1, DocNum: 701, U_SYS_PMESPA: "P", Version: 3 }),
  makePagoPendiente({ Fila: 2, IdPago: 62, DocEntry: 2, DocNum: 702, U_SYS_PMESPA: "A" }),
  makePagoPendiente({ Fila: 3, IdPago: 63, DocEntry: 3, DocNum: 703, U_SYS_PMESPA: "R", U_SYS_PMMERR: "Sin sello" }),
  makePagoPendiente({ Fila: 4, IdPago: 64, DocEntry: 4, DocNum: 704, U_SYS_PMESPA: "V", Version: 9 }),
  makePagoPendiente({ Fila: 5, IdPago: null, DocEntry: 5, DocNum: 705, U_SYS_PMESPA: "", Version: undefined }),
  makePagoPendiente({ Fila: 6, IdPago: 66, DocEntry: 6, DocNum: 706, U_SYS_PMESPA: "P" }),
];

const table = () => screen.getByRole("table", { name: "Complemento de pagos pendientes" });
const bodyRows = () =>
  within(table())
    .getAllByRole("row")
    .filter((row) => !row.hasAttribute("data-detail"))
    .slice(1);
const checkbox = (name: string) => screen.getByRole("checkbox", { name }) as HTMLInputElement;
const combobox = (name: string) => screen.getByRole("combobox", { name }) as HTMLInputElement;
const comentario = (name: string) => screen.getByRole("textbox", { name }) as HTMLTextAreaElement;
const toast = () => document.querySelector(".mantine-Notification-root") as HTMLElement | null;
const isPatch = (call: FakeCall) => call.url.endsWith(CALLS.patchPagos.path);
const isList = (call: FakeCall) => call.url.endsWith(CALLS.pagosPendientesGetPagos.path);

async function openScreen(patch?: FakeAnswers["patchPagos"]) {
  signInAs("administrador");
  const calls = fakeCalls({
    pagosPendientesGetPagos: PENDIENTES,
    ...(patch === undefined ? {} : { patchPagos: patch }),
  });
  // 'Todas': the decided rows too (the default 'Por revisar' shows only those awaiting a decision).
  renderApp("/Pagos-Pendientes?estado=todas");
  await screen.findByRole("heading", { level: 1, name: "Complemento de pagos pendientes" });
  await waitFor(() => expect(bodyRows()).toHaveLength(5));
  return calls;
}

describe("/Pagos-Pendientes", () => {
  it("lists the payment columns with the editors, 5 rows per page, and locks the rows already Aceptada", async () => {
    await openScreen();
    const header = within(table()).getAllByRole("row")[0];
    expect(header?.textContent).toBe(
      // Issue 23: which payment (#, number, supplier, total) and the review controls first, the rest after. Issue
      // 40: the payment's date right after the controls; the UUID from 'Columnas'.
      "#PagoProveedorTotalEstatusRevisadoComentariosFecha de pagoSociedadFecha de timbradoForma de pagoFecha de carga del complementoComprobantePDFXML69-B",
    );
    expect(screen.queryByPlaceholderText("Search…")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Recargar" })).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Agregar" })).toBeNull();
    expect(combobox("Filas por página").value).toBe("5");

    // The selector and the comment start from the stored values (U_SYS_PMMERR).
    expect(combobox("Estatus, fila 1").value).toBe("Pendiente");
    expect(combobox("Estatus, fila 3").value).toBe("Rechazada");
    expect(combobox("Estatus, fila 4").value).toBe("Validación");
    expect(combobox("Estatus, fila 5").value).toBe("Pendiente");
    expect(comentario("Comentarios, fila 3").value).toBe("Sin sello");

    // Spec §4: the stored A row is locked.
    expect(bodyRows()[1]?.hasAttribute("data-locked")).toBe(true);
    expect(checkbox("Revisado, fila 2").disabled).toBe(true);
    expect(combobox("Estatus, fila 2").disabled).toBe(true);
    expect(comentario("Comentarios, fila 2").disabled).toBe(true);
    // Nothing uploaded (no IdPago): nothing to review.
    expect(checkbox("Revisado, fila 5").disabled).toBe(true);
    expect(combobox("Estatus, fila 5").disabled).toBe(true);
    expect(checkbox("Revisado, fila 1").disabled).toBe(false);

    // The selector offers the four codes of spec §4.
    const opciones = within(screen.getByRole("listbox", { name: "Estatus, fila 1", hidden: true }))
      .getAllByRole("option", { hidden: true })
      .map((option) => option.textContent);
    expect(opciones).toEqual(["Pendiente", "Aceptada", "Rechazada", "Validación"]);
  });

  it("expands a payment into its 'Factura(s)'", async () => {
    await openScreen();
    fireEvent.click(screen.getByRole("button", { name: "Ver detalle de la fila 1" }));
    const facturas = await screen.findByRole("region", { name: "Factura(s)" });
    expect(facturas.textContent).toContain(UUID_FACTURA_1);
  });

  it("sends the checked payments after the confirmation, shows the message and reloads the list", async () => {
    const calls = await openScreen({ body: { status: "success", message: MSG.revisionExito } });
    const listadoInicial = calls.filter(isList).length;

    fireEvent.click(checkbox("Revisado, fila 1"));
    const add = await screen.findByRole("button", { name: "Agregar" });
    pickOption("Estatus, fila 4", "Aceptada");
    fireEvent.change(comentario("Comentarios, fila 4"), { target: { value: "Importe validado con el banco" } });
    // Issue 23: the status and comment changed, so the row is marked Revisado without a click.
    expect(checkbox("Revisado, fila 4").checked).toBe(true);
    fireEvent.click(add);

    const dialog = await screen.findByRole("dialog", { name: CONFIRMACION_TITULO_PAGOS });
    expect(CONFIRMACION_TITULO_PAGOS).toBe("Se cambiara el estado de los pagos seleccionados, estas seguro?");
    expect(
      within(dialog)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Pago 701 · ESCUELA KEMPER URGATE · Pendiente", "Pago 704 · ESCUELA KEMPER URGATE · Aceptada"]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Aceptar" }));

    await waitFor(() => expect(toast()?.textContent).toContain(MSG.revisionExito));
    expect(toast()?.getAttribute("style")).toContain("teal");
    const patch = calls.find(isPatch);
    expect(patch?.method).toBe("PATCH");
    expect(patch?.url.endsWith("/api/pagosPendientes/patchPagos")).toBe(true);
    expect(patch?.body).toEqual([
      {
        usuario: "1",
        id: "1",
        operador: "Empleado",
        Pago: 61,
        Comentarios: "",
        Estatus: "P",
        BD: "SBO_KIJ",
        Correo: "facturacion@kemper.edu.mx",
        PagoSAP: 701,
        Version: 3,
      },
      {
        usuario: "1",
        id: "1",
        operador: "Empleado",
        Pago: 64,
        Comentarios: "Importe validado con el banco",
        Estatus: "A",
        BD: "SBO_KIJ",
        Correo: "facturacion@kemper.edu.mx",
        PagoSAP: 704,
        Version: 9,
      },
    ]);
    await waitFor(() => expect(calls.filter(isList).length).toBeGreaterThan(listadoInicial));
    await waitFor(() => expect(checkbox("Revisado, fila 1").checked).toBe(false));
    expect(screen.queryByRole("button", { name: "Agregar" })).toBeNull();
  });

  it("shows the server's refusal in red, and 'Cancelar' sends nothing", async () => {
    const calls = await openScreen({
      status: 409,
      body: { status: "error", message: `${MSG.revisionError}\nEl pago 701 ya fue aceptado.` },
    });
    fireEvent.click(checkbox("Revisado, fila 1"));
    fireEvent.click(await screen.findByRole("button", { name: "Agregar" }));
    let dialog = await screen.findByRole("dialog", { name: CONFIRMACION_TITULO_PAGOS });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: CONFIRMACION_TITULO_PAGOS })).toBeNull());
    expect(calls.some(isPatch)).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    dialog = await screen.findByRole("dialog", { name: CONFIRMACION_TITULO_PAGOS });
    fireEvent.click(within(dialog).getByRole("button", { name: "Aceptar" }));
    await waitFor(() => expect(toast()?.textContent).toContain(MSG.revisionError));
    expect(toast()?.textContent).toContain("El pago 701 ya fue aceptado.");
    expect(toast()?.getAttribute("style")).toContain("red");
    expect(calls.filter(isPatch)).toHaveLength(1);
  });

  it("warns before sending a rejection without a comment", async () => {
    const calls = await openScreen();
    pickOption("Estatus, fila 1", "Rechazada");
    fireEvent.click(await screen.findByRole("button", { name: "Agregar" }));
    await waitFor(() =>
      expect(toast()?.textContent).toContain(
        "Indique en Comentarios el motivo del rechazo del complemento del pago 701.",
      ),
    );
    expect(screen.queryByRole("dialog", { name: CONFIRMACION_TITULO_PAGOS })).toBeNull();
    expect(calls.some(isPatch)).toBe(false);
  });
});

describe("/Pagos-Pendientes opens on the work (issue 23)", () => {
  it("shows by default only the complements awaiting a decision (Pendiente or Validación), as the tile counts", async () => {
    forgetListSearches();
    signInAs("administrador");
    fakeCalls({ pagosPendientesGetPagos: PENDIENTES });
    renderApp("/Pagos-Pendientes");
    // 701 P, 704 V and 706 P; not 702 (Aceptada), 703 (Rechazada) nor 705 (nothing uploaded yet).
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    // After the expand button: #, then Pago.
    expect(bodyRows().map((row) => within(row).getAllByRole("cell")[2]?.textContent)).toEqual(["701", "704", "706"]);
    fireEvent.click(screen.getByRole("radio", { name: "Todas" }));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
  });
});
