import { type LoginData, MSG } from "@portal/contracts";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { session } from "../../../lib/session";
import { pickOption } from "../../../test/pick-option";
import { type FakeCall, fakeApi, renderApp } from "../../../test/render-app";
import { takeConsoleErrors } from "../../../test/setup";
import { RESICO_AGAPES_LABEL } from "../proveedor-form-logic";
import { BERENICE, KEMPER } from "../proveedores.fixtures";

// Saves and file reads are asynchronous round trips; give them room on a busy machine.
configure({ asyncUtilTimeout: 4000 });

const ADMIN: LoginData = { perfil: "A", nombre: "Administrador del Portal", token: "tok-a", id: "1", VisuDocPen: "Y" };
const CONSULTA: LoginData = { perfil: "G", nombre: "Mariana López Torres", token: "tok-g", id: "2", VisuDocPen: "N" };
const BERENICE_LOGIN: LoginData = {
  perfil: "P",
  nombre: "BERENICE XIMO QUEZADA",
  token: "tok-p",
  id: "P00002",
  VisuDocPen: "N",
};

const OPCIONES = [
  { IdSociedad: 1, NomSociedad: "MUNICIPIO DE CUAUTITLAN IZCALLI" },
  { IdSociedad: 2, NomSociedad: "KIJ, S.A DE C.V." },
];

const ok = (data: unknown) => ({ body: { status: "success", message: "OK", data } });
const message = (text: string) => ({ body: { status: "success", message: text } });

function proveedoresApi(extra?: (call: FakeCall) => { status?: number; body: unknown } | undefined) {
  return (call: FakeCall) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.url.endsWith("/api/proveedores/rowProveedores")) {
      return ok((call.body as { tipo: string }).tipo === "Perfil" ? [BERENICE] : [KEMPER, BERENICE]);
    }
    if (call.url.endsWith("/api/proveedores/getSociedades")) return ok(OPCIONES);
    if (call.url.endsWith("/api/home/RowDocuments")) return ok({ Registro: 0 });
    if (call.url.endsWith("/api/home/getSociedades")) return ok([]);
    // A supplier's /Home, where its profile returns after saving, shows its expected payments.
    if (call.url.endsWith("/api/home/getPagosProximos")) {
      return ok({ Desde: "2026-11-26", Hasta: "2026-12-26", Semanas: [], Atrasado: [] });
    }
    return undefined;
  };
}

async function openProveedor(name: RegExp, fila: number) {
  const table = await screen.findByRole("table", { name: "Catálogo de proveedores" });
  fireEvent.doubleClick(await within(table).findByRole("row", { name }));
  return within(await screen.findByRole("table", { name: "Documentos del proveedor" })).getAllByRole("row")[fila];
}

const documentRow = (name: RegExp) =>
  within(screen.getByRole("table", { name: "Documentos del proveedor" })).getByRole("row", { name });

describe("supplier catalogue and detail", () => {
  it("lists suppliers with the first e-mail and an ellipsis, and opens one by double-click", async () => {
    session.storeLogin(CONSULTA, "Empleado");
    fakeApi(proveedoresApi());
    const { router } = renderApp("/Catalogo-Proveedores");
    const table = await screen.findByRole("table", { name: "Catálogo de proveedores" });
    const kemper = await within(table).findByRole("row", { name: /KEMPER/ });
    expect(kemper.textContent).toContain("facturacion@kemper.edu.mx…");
    expect(kemper.textContent).not.toContain("cobranza");
    expect(kemper.textContent).toContain("Moral");
    expect(kemper.textContent).toContain("Completo");
    fireEvent.doubleClick(kemper);
    await waitFor(() => expect(router.state.location.pathname).toBe("/Catalogo-Proveedores/Proveedor/1"));

    // A general employee only looks: 'Ver' for each document, no uploads, Actualizar disabled.
    const docs = await screen.findByRole("table", { name: "Documentos del proveedor" });
    expect(within(docs).getAllByRole("row")).toHaveLength(8); // header + the seven documents of a persona moral
    expect(within(docs).getAllByRole("button", { name: /^Ver / })).toHaveLength(7);
    expect(within(docs).queryByRole("button", { name: /^Cargar/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Actualizar" }).hasAttribute("disabled")).toBe(true);
    // Issue 39: the agricultural-activity flag shows, but only an administrator sets it.
    expect(screen.getByRole("checkbox", { name: RESICO_AGAPES_LABEL }).hasAttribute("disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: "Agregar sociedad" })).toBeNull();
    expect(screen.queryByText(/Los documentos deben actualizarse antes de su vencimiento/)).not.toBeNull();
    expect(within(docs).getByRole("row", { name: /Opinión de cumplimiento/ }).textContent).toContain("20 días");
    const sociedades = screen.getByRole("table", { name: "Sociedades del proveedor" });
    expect(within(sociedades).queryByRole("row", { name: /MUNICIPIO/ })).not.toBeNull();
  });

  it("lets an administrator reject a supplier with a reason and notifies it by mail", async () => {
    session.storeLogin(ADMIN, "Empleado");
    const calls = fakeApi(
      proveedoresApi((call) => {
        if (call.url.endsWith("/updateProveedor")) return message(MSG.proveedorActualizado);
        if (call.url.endsWith("/sentCorreo")) {
          return { status: 400, body: { status: "error", message: "No se pudo enviar (prueba)." } };
        }
        return undefined;
      }),
    );
    const { router } = renderApp("/Catalogo-Proveedores");
    await openProveedor(/BERENICE/, 1);
    // A persona física sees five documents.
    expect(within(screen.getByRole("table", { name: "Documentos del proveedor" })).getAllByRole("row")).toHaveLength(6);

    pickOption(/Estatus del registro/, "Rechazado");
    fireEvent.click(screen.getByRole("button", { name: "Actualizar" }));
    await screen.findByText("El campo Motivo de rechazo es obligatorio.");
    expect(calls.some((call) => call.url.endsWith("/updateProveedor"))).toBe(false);

    fireEvent.change(screen.getByRole("textbox", { name: /Motivo de rechazo/ }), {
      target: { value: "Falta la opinión de cumplimiento" },
    });
    // Issue 39 (decision 059): she lives from agriculture; her RESICO invoices lose the 1.25 % check.
    const agapes = screen.getByRole("checkbox", { name: RESICO_AGAPES_LABEL });
    expect((agapes as HTMLInputElement).checked).toBe(false);
    fireEvent.click(agapes);
    fireEvent.click(screen.getByRole("button", { name: "Actualizar" }));
    await screen.findByText(MSG.proveedorActualizado);
    // Spec §8: the mail call's failure is shown too.
    await screen.findByText("No se pudo enviar (prueba).");
    expect(calls.find((call) => call.url.endsWith("/updateProveedor"))?.body).toMatchObject({
      CardCode: "P00002",
      U_SYS_PMESPR: "R",
      MOTRECHAZO: "Falta la opinión de cumplimiento",
      ResicoAgapes: "Y",
      OpinionCumplimiento: { Val: "Y" },
    });
    expect(calls.find((call) => call.url.endsWith("/sentCorreo"))?.body).toEqual({
      Correo: "berenice.ximo@correo.com.mx",
      Tipo: "Proveedor",
      Usuario: "BERENICE XIMO QUEZADA",
      EstatusRegistro: "R",
      Estatus: "A",
      Observaciones: "Falta la opinión de cumplimiento",
    });
    expect(screen.getByRole("button", { name: "Actualizar" }).hasAttribute("disabled")).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe("/Catalogo-Proveedores"));
  });

  it("links a company: required select, already linked ones disabled, the spec's message", async () => {
    session.storeLogin(ADMIN, "Empleado");
    const calls = fakeApi(
      proveedoresApi((call) => (call.url.endsWith("/addSociedad") ? message(MSG.sociedadVinculada) : undefined)),
    );
    const { router } = renderApp("/Catalogo-Proveedores");
    await openProveedor(/KEMPER/, 1);
    fireEvent.click(screen.getByRole("button", { name: "Agregar sociedad" }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/Catalogo-Proveedores/Proveedor/1/Sociedad/Nuevo"),
    );
    await screen.findByRole("heading", { level: 1, name: "Sociedad del proveedor" });
    const add = screen.getByRole("button", { name: "Agregar" });
    fireEvent.click(add);
    await screen.findByText("El campo Sociedad es obligatorio.");

    const listbox = screen.getByRole("listbox", { name: /Sociedad/, hidden: true });
    expect(
      within(listbox)
        .getByRole("option", { name: /MUNICIPIO/, hidden: true })
        .hasAttribute("data-combobox-disabled"),
    ).toBe(true);
    pickOption(/Sociedad/, "KIJ, S.A DE C.V.");
    fireEvent.click(add);
    await screen.findByText(MSG.sociedadVinculada);
    expect(calls.find((call) => call.url.endsWith("/addSociedad"))?.body).toEqual({
      CardCode: "P00001",
      IdSociedad: 2,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/Catalogo-Proveedores"));
  });

  it("re-enables the link form without a message when the link fails (spec §8)", async () => {
    session.storeLogin(ADMIN, "Empleado");
    fakeApi(
      proveedoresApi((call) =>
        call.url.endsWith("/addSociedad")
          ? { status: 409, body: { status: "error", message: "La sociedad ya está asignada a este proveedor." } }
          : undefined,
      ),
    );
    const { router } = renderApp("/Catalogo-Proveedores");
    await openProveedor(/BERENICE/, 1);
    fireEvent.click(screen.getByRole("button", { name: "Agregar sociedad" }));
    const add = await screen.findByRole("button", { name: "Agregar" });
    pickOption(/Sociedad/, "MUNICIPIO DE CUAUTITLAN IZCALLI");
    fireEvent.click(add);
    await waitFor(() => expect(takeConsoleErrors().length).toBeGreaterThan(0));
    await waitFor(() => expect(add.hasAttribute("disabled")).toBe(false));
    expect(screen.queryByText("La sociedad ya está asignada a este proveedor.")).toBeNull();
    expect(router.state.location.pathname).toBe("/Catalogo-Proveedores/Proveedor/2/Sociedad/Nuevo");
  });
});

describe("/Perfil of a supplier", () => {
  it("blocks the update while a required document is missing, then uploads the PDF", async () => {
    session.storeLogin(BERENICE_LOGIN, "Proveedor");
    const calls = fakeApi(
      proveedoresApi((call) => (call.url.endsWith("/updateProveedor") ? message(MSG.proveedorActualizado) : undefined)),
    );
    const { router } = renderApp("/Perfil");
    await screen.findByRole("form", { name: "Perfil del proveedor" });
    expect(calls.find((call) => call.url.endsWith("/rowProveedores"))?.body).toEqual({
      usuario: "P00002",
      operador: "Proveedor",
      tipo: "Perfil",
    });
    // Only what the supplier may change is editable; the administrator's agricultural flag is not shown.
    expect(screen.queryByRole("checkbox", { name: RESICO_AGAPES_LABEL })).toBeNull();
    expect(screen.getByRole("textbox", { name: /Razón social/ }).hasAttribute("readonly")).toBe(true);
    expect(screen.getByRole("combobox", { name: /Estatus del registro/ }).hasAttribute("readonly")).toBe(true);
    expect(screen.getByRole("textbox", { name: /Teléfono/ }).hasAttribute("readonly")).toBe(false);
    expect(screen.queryByRole("checkbox", { name: /Requerido/ })).toBeNull();

    const opinion = documentRow(/Opinión de cumplimiento/);
    expect(opinion.textContent).toContain("No cargado");
    expect(documentRow(/Comprobante de domicilio/).textContent).toContain("Vencido hace 3 días");

    fireEvent.click(screen.getByRole("button", { name: "Actualizar" }));
    await screen.findByText(MSG.documentoOpinionCumplimiento);
    expect(calls.some((call) => call.url.endsWith("/updateProveedor"))).toBe(false);

    // The upload button's hidden file input sits next to it.
    const fileInput = within(opinion)
      .getByRole("button", { name: /Cargar/ })
      .parentElement?.querySelector('input[type="file"]') as HTMLInputElement;
    expect(fileInput).toBeInstanceOf(HTMLInputElement);
    fireEvent.change(fileInput, { target: { files: [new File(["<xml/>"], "opinion.xml", { type: "text/xml" })] } });
    await within(opinion).findByText(MSG.archivoNoPdf);
    fireEvent.change(fileInput, {
      target: { files: [new File(["%PDF-1.4\n%%EOF\n"], "opinion.pdf", { type: "application/pdf" })] },
    });
    await waitFor(() => expect(documentRow(/Opinión de cumplimiento/).textContent).toContain("Cargado"));
    expect(documentRow(/Opinión de cumplimiento/).textContent).toContain("Por guardar: opinion.pdf");

    fireEvent.change(screen.getByRole("textbox", { name: /Teléfono/ }), { target: { value: "33 1111 2222" } });
    fireEvent.click(screen.getByRole("button", { name: "Actualizar" }));
    await screen.findByText(MSG.proveedorActualizado);
    expect(calls.find((call) => call.url.endsWith("/updateProveedor"))?.body).toEqual({
      CardCode: "P00002",
      Phone1: "33 1111 2222",
      E_Mail: "berenice.ximo@correo.com.mx",
      CntctPrsn: "Berenice Ximo Quezada",
      OpinionCumplimiento: { Archivo: "opinion.pdf", Archivo64: btoa("%PDF-1.4\n%%EOF\n") },
    });
    // A supplier's update sends no mail (only an administrator's does).
    expect(calls.some((call) => call.url.endsWith("/sentCorreo"))).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe("/Home"));
  });
});
