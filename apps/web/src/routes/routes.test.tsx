import { type LoginData, MSG, type Operador } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { session } from "../lib/session";
import { type FakeCall, fakeApi, renderApp } from "../test/render-app";
import { takeConsoleErrors } from "../test/setup";

const ADMIN: LoginData = { perfil: "A", nombre: "Administrador del Portal", token: "tok-a", id: "1", VisuDocPen: "Y" };
const CONSULTA: LoginData = { perfil: "G", nombre: "Mariana López Torres", token: "tok-g", id: "2", VisuDocPen: "N" };
const PROVEEDOR: LoginData = {
  perfil: "P",
  nombre: "ESCUELA KEMPER URGATE",
  token: "tok-p",
  id: "P00001",
  VisuDocPen: "N",
};

const SOCIEDADES = [
  {
    Fila: 2,
    IdSociedad: 2,
    NomSociedad: "KIJ, S.A DE C.V.",
    RFC: "KIJ0906199R1",
    Regimen: "601",
    CP: "59820",
    Estatus: "A",
    Constancia: "",
  },
  {
    Fila: 1,
    IdSociedad: 1,
    NomSociedad: "MUNICIPIO DE CUAUTITLAN IZCALLI",
    RFC: "MCI7306249Y1",
    Regimen: "603",
    CP: "54700",
    Estatus: "I",
    Constancia: "/api/archivos/abc",
  },
];

/** Issue 27: the supplier's expected payments of the next 30 days, by week. */
const PAGOS = {
  Desde: "2026-11-21",
  Hasta: "2026-12-21",
  Semanas: [
    {
      Desde: "2026-11-23",
      Hasta: "2026-11-29",
      Importes: [
        { DocCur: "MXN", Total: "2320.00", Facturas: 2 },
        { DocCur: "USD", Total: "150.50", Facturas: 1 },
      ],
    },
    { Desde: "2026-12-21", Hasta: "2026-12-21", Importes: [{ DocCur: "MXN", Total: "1160.00", Facturas: 1 }] },
  ],
  Atrasado: [{ DocCur: "MXN", Total: "1160.00", Facturas: 1 }],
};

function homeApi({ url, body }: FakeCall) {
  if (url.endsWith("/api/home/RowDocuments")) {
    const dato = (body as { dato: string }).dato;
    return { body: { status: "success", message: "OK", data: { Registro: dato.length } } };
  }
  if (url.endsWith("/api/home/getSociedades")) return { body: { status: "success", message: "OK", data: SOCIEDADES } };
  if (url.endsWith("/api/home/getPagosProximos")) return { body: { status: "success", message: "OK", data: PAGOS } };
  if (url.endsWith("/api/logout")) return { body: { status: "success", message: MSG.sesionCerrada } };
  // Catalogue and list screens load their lists on entry; empty lists are enough here.
  if (CATALOGUE_CALLS.some((path) => url.endsWith(path)))
    return { body: { status: "success", message: "OK", data: [] } };
  return undefined;
}

const CATALOGUE_CALLS = [
  "/api/empleados/rowEmpleados",
  "/api/empleados/getAreas",
  "/api/proveedores/rowProveedores",
  "/api/proveedores/getSociedades",
  "/api/sociedades/rowSociedades",
  "/api/facturas/getFacturas",
  "/api/facturasPendientes/getFacturas",
  "/api/pagos/getPagos",
  "/api/pagosPendientes/getPagos",
];

function signIn(data: LoginData, operador: Operador) {
  session.storeLogin(data, operador);
}

describe("route table and guards", () => {
  it("shows 'No page' for unknown paths", async () => {
    fakeApi(() => undefined);
    renderApp("/NoExiste");
    await screen.findByText("No page");
  });

  it("treats a detail id that does not parse as an unknown path", async () => {
    signIn(ADMIN, "Empleado");
    fakeApi(homeApi);
    renderApp("/Pedidos/Pedido/abc");
    await screen.findByText("No page");
  });

  it.each([
    "/Home",
    "/Perfil",
    "/Pedidos",
    "/Pedidos/Pedido/1",
    "/Catalogo-Empleados/Empleado/Nuevo",
    "/MisFacturas/MiFactura/3",
    "/Pagos-Pendientes",
    "/Tareas",
  ])("sends %s to / without a session", async (path) => {
    fakeApi(() => undefined);
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it.each(["/", "/Login"])("sends %s to /Home with a session", async (path) => {
    signIn(CONSULTA, "Empleado");
    fakeApi(homeApi);
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe("/Home"));
  });

  it("clears a partial session when a protected screen checks it", async () => {
    signIn(ADMIN, "Empleado");
    // biome-ignore lint/suspicious/noDocumentCookie: the test removes one cookie behind the app's back
    document.cookie = "ViDocPen=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT";
    fakeApi(() => undefined);
    const { router } = renderApp("/Pedidos");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(document.cookie).toBe("");
  });

  it.each([
    ["a general employee without ViDocPen", "/Facturas-Pendientes", CONSULTA, "Empleado"],
    ["a general employee without ViDocPen", "/Pagos-Pendientes", CONSULTA, "Empleado"],
    ["a supplier", "/Catalogo-Empleados", PROVEEDOR, "Proveedor"],
    ["a supplier", "/Catalogo-Proveedores/Proveedor/1/Sociedad/Nuevo", PROVEEDOR, "Proveedor"],
    ["a supplier", "/Facturas-Pendientes", PROVEEDOR, "Proveedor"],
    ["an employee", "/MisFacturas/Factura/Nuevo", ADMIN, "Empleado"],
    ["a general employee", "/Tareas", CONSULTA, "Empleado"],
    ["a supplier", "/Tareas", PROVEEDOR, "Proveedor"],
  ] as const)("sends %s from %s to /Home", async (_who, path, data, operador) => {
    signIn(data, operador);
    fakeApi(homeApi);
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe("/Home"));
  });

  it.each([
    ["/Catalogo-Empleados", "Catálogo de empleados"],
    ["/Catalogo-Proveedores", "Catálogo de proveedores"],
    ["/Catalogo-Sociedades/Sociedad/Nuevo", "Nueva sociedad"],
    ["/MisFacturas", "Facturas"],
    ["/Facturas-Pendientes", "Facturas pendientes"],
    ["/Pagos", "Complemento de pagos"],
    ["/Pagos-Pendientes", "Complemento de pagos pendientes"],
  ])("renders %s for an administrator with its title", async (path, title) => {
    signIn(ADMIN, "Empleado");
    fakeApi(homeApi);
    renderApp(path);
    await screen.findByRole("heading", { level: 1, name: title });
  });
});

describe("detail routes", () => {
  it.each([
    ["/Catalogo-Empleados/Empleado/2", "/Catalogo-Empleados"],
    ["/Catalogo-Proveedores/Proveedor/1", "/Catalogo-Proveedores"],
    ["/Catalogo-Proveedores/Proveedor/3/Sociedad/Nuevo", "/Catalogo-Proveedores"],
    ["/Catalogo-Sociedades/Sociedad/1", "/Catalogo-Sociedades"],
    ["/Pagos/Pago/1", "/Pagos"],
  ])("sends %s back to its list when the list is not loaded (spec §2)", async (path, list) => {
    signIn(ADMIN, "Empleado");
    fakeApi(homeApi);
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe(list));
  });

  it("sends /Perfil to /Home when the profile has no data (spec §2)", async () => {
    signIn(PROVEEDOR, "Proveedor");
    fakeApi(homeApi);
    const { router } = renderApp("/Perfil");
    await waitFor(() => expect(router.state.location.pathname).toBe("/Home"));
  });
});

describe("landing", () => {
  it("stores the chosen operador and opens the login", async () => {
    fakeApi(() => undefined);
    const { router } = renderApp("/");
    const proveedor = await screen.findByRole("region", { name: "Proveedor" });
    fireEvent.click(within(proveedor).getByRole("button", { name: "Ingresar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Login"));
    expect(session.getOperador()).toBe("Proveedor");
    await screen.findByLabelText(/RFC/);
  });

  it("has no drawer and sends the avatar to / when signed out", async () => {
    fakeApi(() => undefined);
    const { router } = renderApp("/RecuperarPassword");
    await screen.findByText("soporte.portal@empresa.com.mx");
    expect(screen.queryByRole("navigation", { name: "Menú principal" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Menú de usuario" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });
});

describe("layout and home", () => {
  it("shows an administrator every drawer entry and tile with counts", async () => {
    signIn(ADMIN, "Empleado");
    const calls = fakeApi(homeApi);
    renderApp("/Home");
    const nav = await screen.findByRole("navigation", { name: "Menú principal" });
    expect(within(nav).getByRole("link", { name: "Catálogo de empleados" }).getAttribute("href")).toBe(
      "/Catalogo-Empleados",
    );
    expect(within(nav).getByRole("link", { name: "Complemento de pago pendientes" }).getAttribute("href")).toBe(
      "/Pagos-Pendientes",
    );
    expect(screen.queryByText("Administrador del Portal")).not.toBeNull();
    const catalogos = screen.getByRole("region", { name: "Catálogos" });
    expect(within(catalogos).getAllByRole("link")).toHaveLength(3);
    const documentos = screen.getByRole("region", { name: "Documentos Electronicos" });
    const pendientes = within(documentos).getByRole("link", { name: /^Facturas pendientes/ });
    await waitFor(() => expect(pendientes.textContent).toContain("19 registros"));
    const datos = calls
      .filter((call) => call.url.endsWith("/RowDocuments"))
      .map((call) => (call.body as { dato: string }).dato);
    expect(datos).toHaveLength(8); // one request per tile, the loader's prefetch reused on mount
    expect(datos.sort()).toEqual(
      [
        "Entradas de mercancia",
        "Facturas",
        "Facturas pendientes",
        "Notas de crédito",
        "Notas de crédito pendientes",
        "Pagos",
        "Pagos pendientes",
        "Pedidos",
      ].sort(),
    );
    for (const call of calls) expect(call.headers.get("x-access-token")).toBe("tok-a");
    expect(calls.some((call) => call.url.endsWith("/getSociedades"))).toBe(false);
  });

  it("shows a supplier their companies sorted by #, without catalogues or pending reviews", async () => {
    signIn(PROVEEDOR, "Proveedor");
    const calls = fakeApi(homeApi);
    renderApp("/Home");
    const table = await screen.findByRole("table", { name: "Sociedades" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(3));
    const [, first, second] = within(table).getAllByRole("row");
    expect(first?.textContent).toContain("MUNICIPIO DE CUAUTITLAN IZCALLI");
    expect(first?.textContent).toContain("Inactivo");
    expect(second?.textContent).toContain("Activo");
    expect(within(first as HTMLElement).queryByRole("button", { name: "Visualizar" })).not.toBeNull();
    expect(within(second as HTMLElement).queryByRole("button", { name: "Visualizar" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Catálogos" })).toBeNull();
    const nav = screen.getByRole("navigation", { name: "Menú principal" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.getAttribute("aria-label")),
    ).toEqual([
      "Pedidos",
      "Entradas de mercancía",
      "Mis facturas",
      "Notas de crédito",
      "Complemento de pago",
      "Cuentas bancarias",
    ]);
    expect(calls.find((call) => call.url.endsWith("/getSociedades"))?.body).toEqual({
      usuario: "P00001",
      operador: "Proveedor",
      dato: "SN",
    });
    // Header click toggles the order.
    fireEvent.click(within(table).getByRole("button", { name: "#" }));
    await waitFor(() => expect(within(table).getAllByRole("row")[1]?.textContent).toContain("KIJ"));
  });

  it("shows a supplier what it is expected to be paid in the next 30 days, by week and currency (issue 27)", async () => {
    signIn(PROVEEDOR, "Proveedor");
    fakeApi(homeApi);
    renderApp("/Home");
    const table = await screen.findByRole("table", { name: "Pagos próximos por semana" });
    const [, atrasado, primera, ultima] = within(table).getAllByRole("row");
    expect(atrasado?.textContent).toBe("Fecha probable vencida, sin pagar11,160.00 MXN");
    // Each currency on its own line (issue 40).
    expect(within(primera!).getAllByRole("cell")[1]?.querySelectorAll("p")).toHaveLength(2);
    expect(primera?.textContent).toBe("Del 23 nov al 29 nov 202632,320.00 MXN150.50 USD");
    expect(ultima?.textContent).toBe("21 dic 202611,160.00 MXN");
    // A row opens the supplier's invoices in the order they are expected to be paid.
    const link = within(primera!).getByRole("link", { name: "Del 23 nov al 29 nov 2026" });
    expect(link.getAttribute("href")).toBe("/MisFacturas?orden=FechaProbablePago&dir=asc");
  });

  it("shows no payments panel to employees", async () => {
    signIn(ADMIN, "Empleado");
    const calls = fakeApi(homeApi);
    renderApp("/Home");
    await screen.findByRole("navigation", { name: "Menú principal" });
    expect(screen.queryByRole("table", { name: "Pagos próximos por semana" })).toBeNull();
    expect(calls.some((call) => call.url.endsWith("/getPagosProximos"))).toBe(false);
  });

  it("signs out: revokes, clears the six cookies and goes to /", async () => {
    signIn(ADMIN, "Empleado");
    const calls = fakeApi(homeApi);
    const { router } = renderApp("/Home");
    fireEvent.click(await screen.findByRole("button", { name: "Menú de usuario", expanded: false }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Cerrar sesión" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(document.cookie).toBe("");
    // The call's module loads on use (decision 017): the request follows a moment after the navigation.
    await waitFor(() => expect(calls.some((call) => call.url.endsWith("/api/logout"))).toBe(true));
    const logout = calls.find((call) => call.url.endsWith("/api/logout"));
    expect(logout?.headers.get("x-access-token")).toBe("tok-a");
    expect(screen.queryByRole("navigation", { name: "Menú principal" })).toBeNull();
  });

  it("ends the session on a 401 from any call", async () => {
    signIn(ADMIN, "Empleado");
    fakeApi(({ url }) =>
      url.endsWith("/RowDocuments")
        ? { status: 401, body: { status: "error", message: MSG.sesionRequerida } }
        : undefined,
    );
    const { router } = renderApp("/Home");
    await waitFor(() => expect(document.cookie).toBe(""));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    // Spec §8: the failed loads are logged.
    expect(takeConsoleErrors().length).toBeGreaterThan(0);
  });
});
