import { SOLICITUD_CUENTA_MSG } from "@portal/contracts";
import { MUESTRAS } from "@portal/contracts/muestras";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { renderApp } from "../../../test/render-app";

const cuentas = MUESTRAS.getCuentasBancarias.answer.data;
const solicitudes = MUESTRAS.getSolicitudesCuentaBancaria.answer.data;
const detalle = MUESTRAS.getSolicitudCuentaBancaria.answer.data;

describe("/Cuentas-Bancarias (supplier)", () => {
  it("shows the approved account, the pending request, and the bank of a CLABE as it is typed", async () => {
    signInAs("proveedor");
    fakeCalls({ getCuentasBancarias: cuentas });
    renderApp("/Cuentas-Bancarias");
    await screen.findByRole("heading", { level: 1, name: "Cuentas bancarias" });
    const aprobadas = await screen.findByRole("table", { name: "Cuentas aprobadas" });
    expect(within(aprobadas).queryByText(/CLABE 032180000118359719/)).not.toBeNull();
    const mias = screen.getByRole("table", { name: "Solicitudes de cambio de cuenta bancaria" });
    expect(within(mias).queryByText("Pendiente")).not.toBeNull();
    const clabe = screen.getByRole("textbox", { name: "CLABE" });
    await act(async () => fireEvent.change(clabe, { target: { value: "0021 8070 1234 5678 95" } }));
    expect(screen.queryByText("Banco: Banco Nacional de México")).not.toBeNull();
    await act(async () => fireEvent.change(clabe, { target: { value: "032180000118359714" } }));
    expect(
      screen.queryByText("El dígito verificador de la CLABE no es correcto: debería ser 9 y es 4."),
    ).not.toBeNull();
  });
});

describe("/Solicitudes-Cuenta-Bancaria (employee)", () => {
  it("compares the current and the requested account and approves at the version read", async () => {
    signInAs("administrador");
    const calls = fakeCalls({
      getSolicitudesCuentaBancaria: solicitudes,
      getSolicitudCuentaBancaria: detalle,
      aprobarSolicitudCuentaBancaria: { body: { status: "success", message: SOLICITUD_CUENTA_MSG.aprobada(3) } },
    });
    renderApp("/Solicitudes-Cuenta-Bancaria");
    await screen.findByRole("heading", { level: 1, name: "Solicitudes de cuenta bancaria" });
    const reviewButton = await screen.findByRole("button", { name: /Revisar la solicitud 7/ });
    await act(async () => fireEvent.click(reviewButton));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByText(/CLABE 032180000118359719/)).not.toBeNull();
    expect(within(dialog).queryByText(/CLABE 002010077777777771/)).not.toBeNull();
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Aprobar" })));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/aprobarSolicitud"))).toBe(true));
    expect(calls.find((c) => c.url.endsWith("/aprobarSolicitud"))?.body).toEqual({ Solicitud: 7, Version: 1 });
  });
});
