import { INVITACION_MSG, RESTABLECER_MSG } from "@portal/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, renderApp } from "../../../test/render-app";

const TOKEN = "q3Xv9w0bZ1kLmN2pR4sT6uV8yA_cD-eF3gH5iJ7kL9m";
const ok = (body: object) => ({ body: { status: "success", message: "OK", ...body } });

describe("/Registro: a supplier registers through the invitation's link (decision 070)", () => {
  const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it("drops the token from the address, shows who is invited, checks the password, sends RFC, password and contact", async () => {
    const calls = fakeApi((call) => {
      if (call.url.endsWith("/api/registro/getInvitacion")) {
        return ok({ data: { Nombre: "Vinos del Norte", NomSociedad: "MCI" } });
      }
      if (call.url.endsWith("/api/registro/registrarProveedor"))
        return ok({ message: INVITACION_MSG.registroRecibido });
      return undefined;
    });
    const { router } = renderApp(`/Registro?token=${TOKEN}`);
    await screen.findByText(INVITACION_MSG.explicacionRegistro("Vinos del Norte", "MCI"));
    await waitFor(() => expect(router.state.location.searchStr).toBe(""));
    fill(new RegExp(`^${INVITACION_MSG.etiquetaRfc}`), "vin200220jk0");
    fill(new RegExp(`^${RESTABLECER_MSG.etiquetaPassword}`), "Portal2026");
    fill(new RegExp(RESTABLECER_MSG.etiquetaConfirmacion), "Portal2026");
    fill(new RegExp(`^${INVITACION_MSG.etiquetaContacto}`), "Rosa Méndez");
    const boton = screen.getByRole("button", { name: INVITACION_MSG.botonRegistrar });
    fireEvent.click(boton);
    await screen.findByText(new RegExp(RESTABLECER_MSG.passwordCorta));
    expect(calls.filter((c) => c.url.endsWith("/registrarProveedor"))).toHaveLength(0);
    fill(new RegExp(`^${RESTABLECER_MSG.etiquetaPassword}`), "Tlacuache7Verde42");
    fill(new RegExp(RESTABLECER_MSG.etiquetaConfirmacion), "Tlacuache7Verde42");
    fireEvent.click(boton);
    await screen.findByText(INVITACION_MSG.registroRecibido);
    const registro = calls.find((c) => c.url.endsWith("/registrarProveedor"));
    expect(registro?.body).toEqual({
      token: TOKEN,
      RFC: "VIN200220JK0",
      password: "Tlacuache7Verde42",
      Phone1: "",
      CntctPrsn: "Rosa Méndez",
    });
    expect(registro?.headers.get("x-access-token")).toBeNull();
  });

  it("shows the server's one refusal for a link that does not work", async () => {
    fakeApi(() => ({ status: 400, body: { status: "error", message: INVITACION_MSG.enlaceNoValido } }));
    renderApp(`/Registro?token=${TOKEN}`);
    expect((await screen.findByRole("alert")).textContent).toContain(INVITACION_MSG.enlaceNoValido);
    expect(screen.queryByRole("button", { name: INVITACION_MSG.botonRegistrar })).toBeNull();
  });
});
