import { MSG, SEGUNDO_FACTOR_MSG } from "@portal/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { session } from "../../../lib/session";
import { fakeApi, renderApp } from "../../../test/render-app";

/** Decision 071: the second factor's step between /Login and /Home. */
const login = (segundoFactor: "verificar" | "inscribir") => ({
  status: "success",
  message: MSG.bienvenida,
  data: { perfil: "A", nombre: "Administrador del Portal", token: "tok-2f", id: "1", VisuDocPen: "Y", segundoFactor },
});

function answerHome(url: string) {
  if (url.endsWith("/api/home/RowDocuments"))
    return { body: { status: "success", message: "OK", data: { Registro: 4 } } };
  if (url.endsWith("/api/home/getSociedades")) return { body: { status: "success", message: "OK", data: [] } };
  return undefined;
}

async function signIn() {
  fireEvent.change(await screen.findByLabelText(/Usuario/), { target: { value: "admin" } });
  fireEvent.change(screen.getByLabelText(/Contraseña/), { target: { value: "Portal2026" } });
  fireEvent.click(screen.getByRole("button", { name: "Ingresar" }));
}

describe("second factor after the password", () => {
  it("asks for the code before any session cookie; a wrong code shows the server's message; the right one opens /Home", async () => {
    session.storeOperador("Empleado");
    let right = false;
    const calls = fakeApi(({ url }) => {
      if (url.endsWith("/api/login")) return { body: login("verificar") };
      if (url.endsWith("/api/segundoFactor/verificar"))
        return right
          ? { body: { status: "success", message: SEGUNDO_FACTOR_MSG.verificado } }
          : { status: 400, body: { status: "error", message: SEGUNDO_FACTOR_MSG.codigoIncorrecto } };
      return answerHome(url);
    });
    const { router } = renderApp("/Login");
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/SegundoFactor"));
    expect(session.peek()).toBeNull();
    const codigo = await screen.findByLabelText(new RegExp(SEGUNDO_FACTOR_MSG.etiquetaCodigo));
    fireEvent.change(codigo, { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: SEGUNDO_FACTOR_MSG.botonVerificar }));
    expect((await screen.findByRole("alert")).textContent).toBe(SEGUNDO_FACTOR_MSG.codigoIncorrecto);
    expect(session.peek()).toBeNull();
    right = true;
    fireEvent.change(codigo, { target: { value: "287082" } });
    fireEvent.click(screen.getByRole("button", { name: SEGUNDO_FACTOR_MSG.botonVerificar }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Home"));
    expect(session.peek()).toMatchObject({ access: "tok-2f", ViDocPen: "Y" });
    const verify = calls.find((c) => c.url.endsWith("/api/segundoFactor/verificar"));
    expect(verify?.headers.get("x-access-token")).toBe("tok-2f");
    expect(verify?.body).toEqual({ codigo: "000000" });
  });

  it("enrols when the role requires it: QR code and key, the first code, the recovery codes once", async () => {
    session.storeOperador("Empleado");
    const codigos = Array.from({ length: 10 }, (_, i) => `ABCDE-1234${i}`);
    fakeApi(({ url }) => {
      if (url.endsWith("/api/login")) return { body: login("inscribir") };
      if (url.endsWith("/api/segundoFactor/inscripcion"))
        return {
          body: {
            status: "success",
            message: SEGUNDO_FACTOR_MSG.inscripcionIniciada,
            data: { secreto: "JBSWY3DPEHPK3PXP", uri: "otpauth://totp/Portal:admin?secret=JBSWY3DPEHPK3PXP" },
          },
        };
      if (url.endsWith("/api/segundoFactor/confirmar"))
        return { body: { status: "success", message: SEGUNDO_FACTOR_MSG.inscripcionCompletada, data: { codigos } } };
      return answerHome(url);
    });
    const { router } = renderApp("/Login");
    await signIn();
    fireEvent.click(await screen.findByRole("button", { name: SEGUNDO_FACTOR_MSG.botonGenerar }));
    await screen.findByRole("img", { name: SEGUNDO_FACTOR_MSG.etiquetaQr });
    expect((screen.getByLabelText(SEGUNDO_FACTOR_MSG.etiquetaSecreto) as HTMLInputElement).value).toBe(
      "JBSWY3DPEHPK3PXP",
    );
    fireEvent.change(screen.getByLabelText(new RegExp(SEGUNDO_FACTOR_MSG.etiquetaCodigo)), {
      target: { value: "123456" },
    });
    fireEvent.click(screen.getByRole("button", { name: SEGUNDO_FACTOR_MSG.botonConfirmar }));
    await screen.findByText("ABCDE-12349");
    expect(session.peek()).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: SEGUNDO_FACTOR_MSG.botonContinuar }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Home"));
  });

  it("/SegundoFactor without a sign-in waiting goes back to /Login", async () => {
    session.storeOperador("Empleado");
    fakeApi(() => undefined);
    const { router } = renderApp("/SegundoFactor");
    await waitFor(() => expect(router.state.location.pathname).toBe("/Login"));
  });
});
