import { SEGUNDO_FACTOR_MSG } from "@portal/contracts";
import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCalls, sessionOf } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { SegundoFactorPerfil } from "./segundo-factor-perfil";

/** The profile's 'Verificación en dos pasos' (decision 071): an optional factor can be turned off with a code. */
describe("the profile's second factor", () => {
  it("an optional, enrolled factor is turned off with a code; a wrong code shows the server's message", async () => {
    let inscrito = true;
    const calls = fakeCalls({
      estadoSegundoFactor: () => ({ requerido: false, inscrito, paso: null, codigosRestantes: inscrito ? 8 : 0 }),
      desactivarSegundoFactor: (call) => {
        if ((call.body as { codigo: string }).codigo !== "123456") {
          return { status: 400, body: { status: "error", message: SEGUNDO_FACTOR_MSG.codigoIncorrecto } };
        }
        inscrito = false;
        return { body: { status: "success", message: SEGUNDO_FACTOR_MSG.desactivado } };
      },
    });
    renderScreen(<SegundoFactorPerfil />, { path: "/Perfil", session: sessionOf("proveedor") });
    fireEvent.click(await screen.findByRole("button", { name: SEGUNDO_FACTOR_MSG.botonDesactivar }));
    const codigo = screen.getByRole("textbox", { name: SEGUNDO_FACTOR_MSG.etiquetaCodigo });
    const desactivar = () =>
      act(async () => {
        fireEvent.click(screen.getByRole("button", { name: SEGUNDO_FACTOR_MSG.botonDesactivar }));
      });
    fireEvent.change(codigo, { target: { value: "000000" } });
    await desactivar();
    expect(await screen.findByText(SEGUNDO_FACTOR_MSG.codigoIncorrecto)).not.toBeNull();
    fireEvent.change(codigo, { target: { value: " 123456 " } });
    await desactivar();
    expect((await screen.findByRole("status")).textContent).toBe(SEGUNDO_FACTOR_MSG.desactivado);
    expect(await screen.findByText(new RegExp(SEGUNDO_FACTOR_MSG.perfilInactiva))).not.toBeNull();
    expect(screen.queryByRole("button", { name: SEGUNDO_FACTOR_MSG.botonDesactivar })).toBeNull();
    const sent = calls.filter((c) => c.url.endsWith("/api/segundoFactor/desactivar")).map((c) => c.body);
    expect(sent).toEqual([{ codigo: "000000" }, { codigo: "123456" }]);
  });

  it("a factor the role requires offers no way to turn it off", async () => {
    fakeCalls({ estadoSegundoFactor: { requerido: true, inscrito: true, paso: null, codigosRestantes: 10 } });
    renderScreen(<SegundoFactorPerfil />, { path: "/Perfil", session: sessionOf("administrador") });
    await screen.findByRole("button", { name: SEGUNDO_FACTOR_MSG.botonRegenerarCodigos });
    expect(screen.queryByRole("button", { name: SEGUNDO_FACTOR_MSG.botonDesactivar })).toBeNull();
  });
});
