import { type LoginData, MSG, type SociedadRow } from "@portal/contracts";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import { idParam, rowOrNuevoSchema } from "../../../lib/route-params";
import { session } from "../../../lib/session";
import { Route as SociedadRoute } from "../../../routes/catalogo-sociedades.sociedad.lazy";
import { pickOption } from "../../../test/pick-option";
import { type FakeCall, fakeApi, renderApp } from "../../../test/render-app";
import { renderScreen } from "../../../test/render-screen";

// Saves and file reads are asynchronous round trips; give them room on a busy machine.
configure({ asyncUtilTimeout: 4000 });

const ADMIN: LoginData = { perfil: "A", nombre: "Administrador del Portal", token: "tok-a", id: "1", VisuDocPen: "Y" };
const CONSULTA: LoginData = { perfil: "G", nombre: "Mariana López Torres", token: "tok-g", id: "2", VisuDocPen: "N" };

const ROWS: SociedadRow[] = [
  {
    Fila: 1,
    IdSociedad: 4,
    NomSociedad: "COMERCIAL DEL CENTRO",
    RFC: "CCE010101AB1",
    Regimen: "601",
    CP: "1000",
    Estatus: "A",
    UsuarioSAP: "manager",
    PassSAP: "",
    BDSAP: "SBO_CCE",
    Constancia: "/api/archivos/cce",
    RetencionResico: true,
    RetencionArrendamiento: false,
    RetencionHonorarios: true,
    ClavesHonorarios: ["80111600"],
    DiasPago: [2],
    ReglaFechaContable: "rechazar",
    MonedasSap: [{ Codigo: "MXP", Moneda: "MXN" }],
  },
  {
    Fila: 2,
    IdSociedad: 7,
    NomSociedad: "KIJ, S.A DE C.V.",
    RFC: "KIJ0906199R1",
    Regimen: "603",
    CP: "59820",
    Estatus: "I",
    UsuarioSAP: "manager",
    PassSAP: "",
    BDSAP: "SBO_KIJ",
    Constancia: "",
  },
];

const ok = (data: unknown) => ({ body: { status: "success", message: "OK", data } });

function sociedadesApi(extra?: (call: FakeCall) => { status?: number; body: unknown } | undefined) {
  return (call: FakeCall) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.url.endsWith("/api/sociedades/rowSociedades")) return ok(ROWS);
    if (call.url.endsWith("/api/home/RowDocuments")) return ok({ Registro: 0 });
    return undefined;
  };
}

/** The route's screen (routes/catalogo-sociedades.sociedad.lazy.tsx). */
const SociedadRouteScreen = SociedadRoute.options.component as ComponentType;

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
const pdf = () => new File(["%PDF-1.4\n%%EOF\n"], "constancia.pdf", { type: "application/pdf" });

describe("company catalogue and form", () => {
  it("lists companies with the regime code, the masked postal code and Visualizar", async () => {
    session.storeLogin(CONSULTA, "Empleado");
    fakeApi(sociedadesApi());
    renderApp("/Catalogo-Sociedades");
    const table = await screen.findByRole("table", { name: "Catálogo de sociedades" });
    const first = await within(table).findByRole("row", { name: /COMERCIAL DEL CENTRO/ });
    expect(first.textContent).toContain("01000");
    expect(within(first).queryByRole("button", { name: "Visualizar" })).not.toBeNull();
    const second = within(table).getByRole("row", { name: /KIJ/ });
    expect(second.textContent).toContain("Inactivo");
    expect(second.textContent).toContain("No cargado");
    // Spec §6: 'Agregar' is for administrators only.
    expect(screen.queryByRole("button", { name: "Agregar" })).toBeNull();
  });

  it("creates a company: required fields, the PDF checked by signature, the locked SAP database", async () => {
    const current = session.storeLogin(ADMIN, "Empleado");
    const calls = fakeApi(
      sociedadesApi((call) =>
        call.url.endsWith("/createSociedad") ? { body: { status: "success", message: MSG.sociedadCreada } } : undefined,
      ),
    );
    // The form alone (renderScreen, decision 052): the route's screen for 'Nuevo'; its way back is the location.
    const { router } = renderScreen(<SociedadRouteScreen />, {
      path: "/Catalogo-Sociedades/Sociedad/$id",
      url: "/Catalogo-Sociedades/Sociedad/Nuevo",
      session: current,
      params: idParam(rowOrNuevoSchema),
    });
    const create = await screen.findByRole("button", { name: "Crear" });
    fireEvent.click(create);
    await screen.findByText(MSG.cartaSituacionFiscal);
    expect(screen.queryByText("El campo Razón social es obligatorio.")).not.toBeNull();

    fireEvent.change(screen.getByRole("textbox", { name: /Razón social/ }), {
      target: { value: "Comercializadora Norte" },
    });
    fireEvent.change(screen.getByRole("textbox", { name: /^RFC/ }), { target: { value: "cno010101ab1" } });
    expect((screen.getByRole("textbox", { name: /^RFC/ }) as HTMLInputElement).value).toBe("CNO010101AB1");
    pickOption(/Régimen fiscal/, "601 — General de Ley Personas Morales");
    fireEvent.change(screen.getByRole("textbox", { name: /Código postal/ }), { target: { value: "01-00a0" } });
    expect((screen.getByRole("textbox", { name: /Código postal/ }) as HTMLInputElement).value).toBe("01000");
    fireEvent.change(screen.getByRole("textbox", { name: /Usuario SAP/ }), { target: { value: "manager" } });
    fireEvent.change(screen.getByLabelText(/Contraseña SAP/), { target: { value: "B1Admin!" } });

    // Spec §5: the SAP database field is unlocked by its checkbox.
    const bdsap = screen.getByRole("textbox", { name: /Base de datos SAP/ });
    expect(bdsap.hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: "Editar la base de datos SAP" }));
    expect(bdsap.hasAttribute("disabled")).toBe(false);
    fireEvent.change(bdsap, { target: { value: "SBO_CNO" } });

    // A file that is not a PDF by its signature is refused at once.
    fireEvent.change(fileInput(), {
      target: { files: [new File(["hola"], "falso.pdf", { type: "application/pdf" })] },
    });
    await screen.findByText(MSG.archivoNoPdf);
    fireEvent.change(fileInput(), { target: { files: [pdf()] } });
    await waitFor(() => expect(screen.queryByText(MSG.archivoNoPdf)).toBeNull());
    await waitFor(() => expect(screen.queryByText(MSG.cartaSituacionFiscal)).toBeNull());
    // Crear stays disabled while the picked file is read and checked; click once it is done.
    await waitFor(() => expect(create.hasAttribute("disabled")).toBe(false));

    fireEvent.click(create);
    await screen.findByText(MSG.sociedadCreada);
    expect(calls.find((call) => call.url.endsWith("/createSociedad"))?.body).toEqual({
      RazonSocial: "Comercializadora Norte",
      RFC: "CNO010101AB1",
      RegimenFiscal: "601",
      CodigoPostal: "01000",
      Estatus: "A",
      UsuarioSAP: "manager",
      BDSAP: "SBO_CNO",
      ContraseñaSAP: "B1Admin!",
      CartaSituacionFiscal: btoa("%PDF-1.4\n%%EOF\n"),
      CartaSituacionFiscalNombre: "constancia.pdf",
      // Issue 27: the defaults (RESICO on, rent and fees off, any business day).
      RetencionResico: true,
      RetencionArrendamiento: false,
      RetencionHonorarios: false,
      NoRetieneIva: false,
      ClavesHonorarios: [],
      DiasPago: [],
      // Issue 37 (decision 047): the default posting-date rule.
      ReglaFechaContable: "primer_dia_abierto",
      DiasEnfriamientoCuenta: 3,
      MonedasSap: [],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/Catalogo-Sociedades"));
  });

  it("updates a company without resending the stored PDF", async () => {
    session.storeLogin(ADMIN, "Empleado");
    const calls = fakeApi(
      sociedadesApi((call) =>
        call.url.endsWith("/updateSociedad")
          ? { body: { status: "success", message: MSG.sociedadActualizada } }
          : undefined,
      ),
    );
    const { router } = renderApp("/Catalogo-Sociedades");
    const table = await screen.findByRole("table", { name: "Catálogo de sociedades" });
    fireEvent.doubleClick(await within(table).findByRole("row", { name: /COMERCIAL DEL CENTRO/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Catalogo-Sociedades/Sociedad/1"));
    await screen.findByText("Cargado");
    pickOption(/Estatus/, "Inactivo");
    fireEvent.click(screen.getByRole("button", { name: "Actualizar" }));
    await screen.findByText(MSG.sociedadActualizada);
    expect(calls.find((call) => call.url.endsWith("/updateSociedad"))?.body).toEqual({
      id: 1,
      Numero: 4,
      RazonSocial: "COMERCIAL DEL CENTRO",
      RFC: "CCE010101AB1",
      RegimenFiscal: "601",
      CodigoPostal: "01000",
      Estatus: "I",
      UsuarioSAP: "manager",
      BDSAP: "SBO_CCE",
      RetencionResico: true,
      RetencionArrendamiento: false,
      RetencionHonorarios: true,
      NoRetieneIva: false,
      ClavesHonorarios: ["80111600"],
      DiasPago: [2],
      ReglaFechaContable: "rechazar",
      DiasEnfriamientoCuenta: 3,
      // Issue 37 (decision 045): the company's currency codes come back as they were read.
      MonedasSap: [{ Codigo: "MXP", Moneda: "MXN" }],
    });
  });

  it("round-trips the withholding switches, the fee keys (8-digit ClaveProdServ) and the payment days", async () => {
    session.storeLogin(ADMIN, "Empleado");
    const calls = fakeApi(
      sociedadesApi((call) =>
        call.url.endsWith("/updateSociedad")
          ? { body: { status: "success", message: MSG.sociedadActualizada } }
          : undefined,
      ),
    );
    const { router } = renderApp("/Catalogo-Sociedades");
    const table = await screen.findByRole("table", { name: "Catálogo de sociedades" });
    fireEvent.doubleClick(await within(table).findByRole("row", { name: /COMERCIAL DEL CENTRO/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Catalogo-Sociedades/Sociedad/1"));
    // What is stored shows.
    const renta = await screen.findByRole("checkbox", { name: /arrendamiento/ });
    expect((renta as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole("checkbox", { name: /honorarios/ }) as HTMLInputElement).checked).toBe(true);
    const claves = screen.getByRole("textbox", { name: /Claves de producto o servicio de honorarios/ });
    expect((claves as HTMLInputElement).value).toBe("80111600");
    expect((screen.getByRole("checkbox", { name: "Martes" }) as HTMLInputElement).checked).toBe(true);
    // Issue 37 (decision 047): the posting-date rule stored shows and can be changed.
    const regla = screen.getByLabelText(/periodo contable de la fecha del CFDI/) as HTMLSelectElement;
    expect(regla.value).toBe("rechazar");
    fireEvent.change(regla, { target: { value: "primer_dia_abierto" } });

    // Issue 39 (decision 059): the company's "withholds no IVA" switch, off as stored.
    const noRetieneIva = screen.getByRole("checkbox", { name: "No retiene IVA (entidad federativa o municipio)" });
    expect((noRetieneIva as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/no retiene IVA \(Ley del IVA, art\. 3\)/).textContent).toContain("Ley del IVA, art. 3");

    fireEvent.click(renta);
    fireEvent.click(noRetieneIva);
    fireEvent.click(screen.getByRole("checkbox", { name: "Jueves" }));
    fireEvent.change(claves, { target: { value: "80111600, 8011-16" } });
    fireEvent.click(screen.getByRole("button", { name: "Actualizar" }));
    await screen.findByText(
      "Cada clave debe ser una ClaveProdServ de 8 dígitos (por ejemplo 80111600): 8011-16 no lo es.",
    );
    expect(calls.some((call) => call.url.endsWith("/updateSociedad"))).toBe(false);

    fireEvent.change(claves, { target: { value: "80111600; 80101500 80111600" } });
    fireEvent.click(screen.getByRole("button", { name: "Actualizar" }));
    await screen.findByText(MSG.sociedadActualizada);
    expect(calls.find((call) => call.url.endsWith("/updateSociedad"))?.body).toMatchObject({
      Numero: 4,
      RetencionResico: true,
      RetencionArrendamiento: true,
      RetencionHonorarios: true,
      NoRetieneIva: true,
      ClavesHonorarios: ["80111600", "80101500"],
      DiasPago: [2, 4],
      ReglaFechaContable: "primer_dia_abierto",
    });
  });

  it("is read-only for a general employee", async () => {
    session.storeLogin(CONSULTA, "Empleado");
    fakeApi(sociedadesApi());
    const { router } = renderApp("/Catalogo-Sociedades");
    const table = await screen.findByRole("table", { name: "Catálogo de sociedades" });
    fireEvent.doubleClick(await within(table).findByRole("row", { name: /KIJ/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Catalogo-Sociedades/Sociedad/2"));
    expect((await screen.findByRole("button", { name: "Actualizar" })).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("textbox", { name: /Razón social/ }).hasAttribute("readonly")).toBe(true);
    expect(screen.getByRole("checkbox", { name: "Editar la base de datos SAP" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("checkbox", { name: /No retiene IVA/ }).hasAttribute("disabled")).toBe(true);
  });
});
