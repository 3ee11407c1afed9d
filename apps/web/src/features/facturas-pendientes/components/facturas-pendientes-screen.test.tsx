import { CALLS, MSG } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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
  renderApp("/Facturas-Pendientes");
  expect(await screen.findByRole("heading", { level: 1, name: "Facturas pendientes" })).toBeDefined();
  await waitFor(() => expect(bodyRows()).toHaveLength(5));
  return calls;
}

describe("/Facturas-Pendientes", () => {
  it("lists every column with the editors, 5 rows per page, and locks the rows already Aceptada", async () => {
    await openScreen(undefined);
    const header = within(screen.getByRole("table", { name: "Facturas pendientes" })).getAllByRole("row")[0];
    expect(header?.textContent).toBe(
      "#SociedadProveedorFolioRFC emisorUUIDEntradaFechaTotalForma de pagoUso principalMétodo de pagoTentativa de pagoPDFXMLRecepciónEstatusRevisadoComentarios",
    );
    expect(screen.getByPlaceholderText("Search…")).toBeDefined();
    expect(screen.getByRole("button", { name: "Recargar" })).toBeDefined();
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
    const agregar = await screen.findByRole("button", { name: "Agregar" });
    pickOption("Estatus, fila 4", "Rechazada");
    fireEvent.change(screen.getByRole("textbox", { name: "Comentarios, fila 4" }), {
      target: { value: "Falta la orden de compra" },
    });
    fireEvent.click(checkbox("Revisado, fila 4"));
    fireEvent.click(agregar);

    const dialog = await screen.findByRole("dialog", { name: CONFIRMACION_TITULO });
    expect(
      within(dialog)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["C-1", "C-4"]);
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

  it("warns before sending a rejection without a comment", async () => {
    const calls = await openScreen(undefined);
    pickOption("Estatus, fila 1", "Rechazada");
    fireEvent.click(checkbox("Revisado, fila 1"));
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
