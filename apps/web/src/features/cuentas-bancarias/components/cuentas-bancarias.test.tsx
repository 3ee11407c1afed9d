import { SOLICITUD_CUENTA_MSG } from "@portal/contracts";
import { MUESTRAS, proveedorRow } from "@portal/contracts/muestras";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { pickOption } from "../../../test/pick-option";
import { renderApp } from "../../../test/render-app";
import { PDF_BYTES } from "../../facturas/facturas.fixtures";

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

  it("an employee enters a request for a supplier picked from the catalogue: it is sent with the supplier's CardCode", async () => {
    signInAs("consulta");
    const calls = fakeCalls({
      getSolicitudesCuentaBancaria: solicitudes,
      rowProveedores: [proveedorRow, { ...proveedorRow, Fila: 2, CardCode: "P00099", U_SYS_PMESRE: "I" as const }],
      postSolicitudCuentaBancaria: { body: MUESTRAS.postSolicitudCuentaBancaria.answer },
    });
    renderApp("/Solicitudes-Cuenta-Bancaria");
    await screen.findByRole("heading", { level: 1, name: "Solicitudes de cuenta bancaria" });
    await act(async () =>
      fireEvent.click(screen.getByRole("button", { name: SOLICITUD_CUENTA_MSG.pantalla.capturarBoton })),
    );
    const seccion = screen.getByRole("region", { name: SOLICITUD_CUENTA_MSG.pantalla.capturarBoton });
    // Only the catalogue's active suppliers are offered.
    await waitFor(() =>
      expect(
        within(screen.getByRole("listbox", { name: "Proveedor", hidden: true })).queryAllByRole("option", {
          hidden: true,
        }),
      ).toHaveLength(1),
    );
    pickOption("Proveedor", "ACEROS Y TORNILLOS DEL BAJIO SA DE CV (ATB990101AB3)");
    const clabe = await within(seccion).findByRole("textbox", { name: "CLABE" });
    await act(async () => fireEvent.change(clabe, { target: { value: "002180701234567895" } }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"][data-archivo="comprobante-cuenta"]');
    const pdf = new File([PDF_BYTES as BlobPart], "caratula.pdf", { type: "application/pdf" });
    await act(async () => fireEvent.change(input as HTMLInputElement, { target: { files: [pdf] } }));
    await act(async () => fireEvent.click(within(seccion).getByRole("button", { name: "Enviar solicitud" })));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/postSolicitud"))).toBe(true));
    expect(calls.find((c) => c.url.endsWith("/postSolicitud"))?.body).toMatchObject({
      CardCode: "P00042",
      Tipo: "clabe",
      CLABE: "002180701234567895",
      Moneda: "MXN",
      PDF: "caratula.pdf",
    });
  });
});
