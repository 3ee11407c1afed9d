import { EXTRANJERO_MSG, RESTABLECER_MSG } from "@portal/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { session } from "../../../lib/session";
import { fakeApi, renderApp } from "../../../test/render-app";

const TOKEN = "q3Xv9w0bZ1kLmN2pR4sT6uV8yA_cD-eF3gH5iJ7kL9m";
const ok = (message: string) => ({ body: { status: "success", message } });

describe("Recuperar contraseña: the spec's text and the reset link's request (decision 067)", () => {
  it("keeps the spec's static instructions and the administrator's contact", async () => {
    fakeApi(() => undefined);
    renderApp("/RecuperarPassword");
    await screen.findByText("El administrador le responderá con una nueva contraseña.");
    expect(screen.queryByText(/Incluya en el mensaje su código de usuario/)).not.toBeNull();
    expect(screen.queryByText("soporte.portal@empresa.com.mx")).not.toBeNull();
    expect(screen.queryByRole("heading", { name: RESTABLECER_MSG.tituloSolicitud })).not.toBeNull();
  });

  it("asks for the user name and sends it with the stored operador; shows the one answer", async () => {
    session.storeOperador("Empleado");
    const calls = fakeApi((call) =>
      call.url.endsWith("/api/password/solicitarRestablecimiento") ? ok(RESTABLECER_MSG.solicitudRecibida) : undefined,
    );
    renderApp("/RecuperarPassword");
    const boton = await screen.findByRole("button", { name: RESTABLECER_MSG.botonEnviarEnlace });
    // Decision 073: the foreign suppliers' help shows for suppliers only.
    expect(screen.queryByText(EXTRANJERO_MSG.ayudaAcceso)).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: "Proveedor" }));
    expect(await screen.findByText(EXTRANJERO_MSG.ayudaAcceso)).not.toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: "Empleado" }));
    fireEvent.click(boton);
    await screen.findByText("El campo usuario es obligatorio.");
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(new RegExp(RESTABLECER_MSG.etiquetaUsuario)), {
      target: { value: "consulta@empresa.com.mx" },
    });
    fireEvent.click(boton);
    await screen.findByText(RESTABLECER_MSG.solicitudRecibida);
    expect(calls.map((c) => c.body)).toEqual([{ operador: "Empleado", usuario: "consulta@empresa.com.mx" }]);
    expect(calls[0]!.headers.get("x-access-token")).toBeNull();
  });

  it("shows the server's refusal (too many requests) in Spanish", async () => {
    session.storeOperador("Proveedor");
    fakeApi(() => ({ status: 429, body: { status: "error", message: RESTABLECER_MSG.demasiadasSolicitudes } }));
    renderApp("/RecuperarPassword");
    fireEvent.change(await screen.findByLabelText(new RegExp(RESTABLECER_MSG.etiquetaUsuario)), {
      target: { value: "EKU9003173C9" },
    });
    fireEvent.click(screen.getByRole("button", { name: RESTABLECER_MSG.botonEnviarEnlace }));
    expect((await screen.findByRole("alert")).textContent).toContain(RESTABLECER_MSG.demasiadasSolicitudes);
  });
});

describe("/RestablecerPassword: the new password through the link", () => {
  const fill = (password: string, confirmacion = password) => {
    fireEvent.change(screen.getByLabelText(new RegExp(`^${RESTABLECER_MSG.etiquetaPassword}`)), {
      target: { value: password },
    });
    fireEvent.change(screen.getByLabelText(new RegExp(RESTABLECER_MSG.etiquetaConfirmacion)), {
      target: { value: confirmacion },
    });
  };

  it("drops the token from the address, checks the rules in Spanish before sending, then sends token and password", async () => {
    const calls = fakeApi((call) =>
      call.url.endsWith("/api/password/restablecer") ? ok(RESTABLECER_MSG.passwordRestablecida) : undefined,
    );
    const { router } = renderApp(`/RestablecerPassword?token=${TOKEN}`);
    const saveButton = await screen.findByRole("button", { name: RESTABLECER_MSG.botonGuardarPassword });
    await waitFor(() => expect(router.state.location.searchStr).toBe(""));
    expect(screen.getByText(RESTABLECER_MSG.reglaLargo).closest("li")?.getAttribute("data-cumple")).toBe("false");

    fill("Portal2026");
    fireEvent.click(saveButton);
    await screen.findByText(new RegExp(RESTABLECER_MSG.passwordCorta));
    fill("Tlacuache7Verde42", "Tlacuache7Verde43");
    expect(screen.getByText(RESTABLECER_MSG.reglaLargo).closest("li")?.getAttribute("data-cumple")).toBe("true");
    expect(screen.getByText(RESTABLECER_MSG.reglaComun).closest("li")?.getAttribute("data-cumple")).toBe("true");
    fireEvent.click(saveButton);
    await screen.findByText(RESTABLECER_MSG.passwordsDistintas);
    expect(calls).toHaveLength(0);

    fill("Tlacuache7Verde42");
    fireEvent.click(saveButton);
    await screen.findByText(RESTABLECER_MSG.passwordRestablecida);
    expect(calls.map((c) => c.body)).toEqual([{ token: TOKEN, password: "Tlacuache7Verde42" }]);
    expect(screen.getByRole("link", { name: RESTABLECER_MSG.irALogin }).getAttribute("href")).toBe("/Login");
  });

  it("marks a common password while it is typed", async () => {
    fakeApi(() => undefined);
    renderApp(`/RestablecerPassword?token=${TOKEN}`);
    await screen.findByRole("button", { name: RESTABLECER_MSG.botonGuardarPassword });
    fill("Proveedor20262026");
    expect(screen.getByText(RESTABLECER_MSG.reglaComun).closest("li")?.getAttribute("data-cumple")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: RESTABLECER_MSG.botonGuardarPassword }));
    await screen.findByText(new RegExp(RESTABLECER_MSG.passwordComun.slice(0, 40)));
  });

  it("shows an expired link's answer and offers another link", async () => {
    fakeApi(() => ({ status: 400, body: { status: "error", message: RESTABLECER_MSG.enlaceVencido } }));
    renderApp(`/RestablecerPassword?token=${TOKEN}`);
    await screen.findByRole("button", { name: RESTABLECER_MSG.botonGuardarPassword });
    fill("Tlacuache7Verde42");
    fireEvent.click(screen.getByRole("button", { name: RESTABLECER_MSG.botonGuardarPassword }));
    expect((await screen.findByRole("alert")).textContent).toContain(RESTABLECER_MSG.enlaceVencido);
    expect(screen.getByRole("link", { name: RESTABLECER_MSG.solicitarOtro }).getAttribute("href")).toBe(
      "/RecuperarPassword",
    );
  });

  it("says so when the address has no token", async () => {
    fakeApi(() => undefined);
    renderApp("/RestablecerPassword");
    expect((await screen.findByRole("alert")).textContent).toContain(RESTABLECER_MSG.sinToken);
    expect(screen.queryByRole("button", { name: RESTABLECER_MSG.botonGuardarPassword })).toBeNull();
  });
});
