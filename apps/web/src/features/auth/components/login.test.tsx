import { EXTRANJERO_MSG, MSG } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { fakeApi, renderApp } from "../../../test/render-app";

const LOGIN_OK = {
  status: "success",
  message: MSG.bienvenida,
  data: { perfil: "A", nombre: "Administrador del Portal", token: "tok-1", id: "1", VisuDocPen: "Y" },
};

function answerHome(url: string) {
  if (url.endsWith("/api/home/RowDocuments"))
    return { body: { status: "success", message: "OK", data: { Registro: 4 } } };
  if (url.endsWith("/api/home/getSociedades")) return { body: { status: "success", message: "OK", data: [] } };
  return undefined;
}

describe("Login", () => {
  it("labels the fields for employees and masks the password until toggled", async () => {
    session.storeOperador("Empleado");
    fakeApi(() => undefined);
    renderApp("/Login");
    const usuario = await screen.findByLabelText(/Usuario/);
    expect(usuario).toHaveProperty("required", true);
    const password = screen.getByLabelText(/Contraseña/);
    expect(password.getAttribute("type")).toBe("password");
    const toggle = screen.getByRole("button", { name: "Mostrar u ocultar la contraseña" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(toggle);
    expect(password.getAttribute("type")).toBe("text");
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(screen.queryByRole("button", { name: "Ingresar" })).not.toBeNull();
    expect(screen.getByRole("link", { name: "¿Olvidó su contraseña?" }).getAttribute("href")).toBe(
      "/RecuperarPassword",
    );
    expect(screen.getByRole("link", { name: "Aviso de privacidad" }).getAttribute("href")).toBe("/AvisoDePrivacidad");
    expect(screen.queryByLabelText(/RFC/)).toBeNull();
  });

  it("asks suppliers for their RFC", async () => {
    session.storeOperador("Proveedor");
    fakeApi(() => undefined);
    renderApp("/Login");
    const rfc = await screen.findByLabelText(/RFC/);
    expect(screen.queryByLabelText(/Usuario/)).toBeNull();
    // Decision 073: the spec's label stays; a foreign supplier reads that it types its supplier number there.
    const ayuda = screen.getByText(EXTRANJERO_MSG.ayudaAcceso);
    expect(rfc.getAttribute("aria-describedby")).toBe(ayuda.id);
  });

  it("shows no foreign suppliers' help to employees", async () => {
    session.storeOperador("Empleado");
    fakeApi(() => undefined);
    renderApp("/Login");
    await screen.findByLabelText(/Usuario/);
    expect(screen.queryByText(EXTRANJERO_MSG.ayudaAcceso)).toBeNull();
  });

  it("marks empty fields and does not call the server", async () => {
    session.storeOperador("Empleado");
    const calls = fakeApi(() => undefined);
    renderApp("/Login");
    fireEvent.click(await screen.findByRole("button", { name: "Ingresar" }));
    await waitFor(() => expect(screen.getByLabelText(/Contraseña/).getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByLabelText(/Usuario/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText("El campo contraseña es obligatorio.")).not.toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message after the spec's prefix on failure", async () => {
    session.storeOperador("Empleado");
    fakeApi(({ url }) =>
      url.endsWith("/api/login")
        ? { status: 401, body: { status: "error", message: MSG.credencialesInvalidas } }
        : undefined,
    );
    const { router } = renderApp("/Login");
    fireEvent.change(await screen.findByLabelText(/Usuario/), { target: { value: "admin" } });
    fireEvent.change(screen.getByLabelText(/Contraseña/), { target: { value: "mala" } });
    fireEvent.click(screen.getByRole("button", { name: "Ingresar" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(`${MSG.loginFallidoPrefijo} ${MSG.credencialesInvalidas}`);
    expect(router.state.location.pathname).toBe("/Login");
    expect(session.getOperador()).toBe("Empleado"); // the chosen operador survives a failed attempt
  });

  it("stores the session and goes to /Home on success", async () => {
    session.storeOperador("Empleado");
    const calls = fakeApi(({ url }) => (url.endsWith("/api/login") ? { body: LOGIN_OK } : answerHome(url)));
    const { router } = renderApp("/Login");
    fireEvent.change(await screen.findByLabelText(/Usuario/), { target: { value: " admin " } });
    fireEvent.change(screen.getByLabelText(/Contraseña/), { target: { value: "Portal2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Ingresar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Home"));
    expect(calls[0]?.body).toEqual({ usuario: "admin", password: "Portal2026", operador: "Empleado" });
    expect(calls[0]?.headers.has("x-access-token")).toBe(false);
    expect(session.peek()).toEqual({
      access: "tok-1",
      usuario: "Administrador del Portal",
      tipoEmpleado: "Administrador",
      operador: "Empleado",
      id: "1",
      ViDocPen: "Y",
    });
    const nav = await screen.findByRole("navigation", { name: "Menú principal" });
    // The spec's nine entries plus the credit notes and their review, 'Complementos atrasados' (issue 27),
    // 'Conciliación SAT' (issue 43), 'Tareas programadas' (issue 15), and issue 41's 'Invitaciones de proveedores'
    // and 'Solicitudes de cuenta bancaria'.
    expect(within(nav).getAllByRole("link")).toHaveLength(16);
  });

  it("sends operators without a chosen operador back to the landing", async () => {
    fakeApi(() => undefined);
    const { router } = renderApp("/Login");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findAllByRole("button", { name: "Ingresar" })).toHaveLength(2);
  });
});

vi.mock("../../../lib/service-worker", () => ({ registerServiceWorker: () => {} }));
