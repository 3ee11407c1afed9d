import { MSG } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { pickOption } from "../../../test/pick-option";
import { renderApp } from "../../../test/render-app";
import { FORM_MSG } from "../factura-logic";
import { makeEntradaFactura, makeFactura, xmlFactura } from "../facturas.fixtures";

import {
  bodyRows,
  FACTURAS,
  fileInput,
  nuevaApi,
  pdfFile,
  pick,
  pngFile,
  rowOf,
  toast,
  xmlFile,
} from "./facturas-screens.fixtures";

describe("/MisFacturas", () => {
  it("lists every column, the status rule and 'Visualizar' only for present files", async () => {
    signInAs("proveedor");
    fakeCalls({ getNotasCredito: [], getFacturas: FACTURAS });
    renderApp("/MisFacturas");
    await screen.findByRole("heading", { level: 1, name: "Facturas" });
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    const header = within(screen.getByRole("table", { name: "Facturas" })).getAllByRole("row")[0];
    // Issue 40 (decision 063): a supplier's own list, at 1366 px — which invoice, then balance, status and the
    // expected payment date; no supplier name or RFC; UUID and 'Tentativa de pago' from 'Columnas'.
    expect(header?.textContent).toBe(
      "#SociedadFolioEntradaFechaTotalSaldoEstatusFecha probable de pagoForma de pagoUso principalMétodo de pagoPDFXMLRecepción",
    );
    fireEvent.click(screen.getByRole("button", { name: "Columnas" }));
    fireEvent.click(await screen.findByRole("checkbox", { name: "UUID", hidden: true }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Tentativa de pago", hidden: true }));
    await waitFor(() => expect(header?.textContent).toContain("Método de pagoTentativa de pagoPDF"));
    expect(header?.textContent).toContain("Fecha probable de pagoUUIDForma de pago");
    expect(screen.queryByRole("checkbox", { name: "Proveedor", hidden: true })).toBeNull();
    expect(screen.queryByPlaceholderText("Search…")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Recargar" })).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Agregar" })).not.toBeNull();

    // Issue 23 (decision 024): Pagada only when the ERP says paid, whatever the method; a rejected PUE
    // invoice reads Rechazada.
    expect(rowOf("A-104").textContent).toContain("Pagada");
    expect(rowOf("A-103").textContent).toContain("Aceptada");
    // Issue 27: an accepted, unpaid invoice's expected payment date.
    expect(rowOf("A-103").textContent).toContain("2026-03-24");
    expect(rowOf("A-102").textContent).toContain("Rechazada");
    expect(rowOf("A-101").textContent).toContain("Cancelado");
    expect(rowOf("A-100").textContent).toContain("Pendiente");
    expect(rowOf("A-100").textContent).toContain("3,327.01 MXN");

    expect(within(rowOf("A-104")).getAllByRole("button", { name: /^Visualizar/ })).toHaveLength(3);
    expect(within(rowOf("A-103")).queryByRole("button", { name: "Visualizar Recepción" })).toBeNull();
    expect(within(rowOf("A-101")).getAllByRole("button", { name: /^Visualizar/ })).toHaveLength(1);
    // Codes carry their SAT description on hover.
    expect(within(rowOf("A-100")).queryByRole("button", { name: "PPD" })).not.toBeNull();
  });

  it("finds the rejected PUE invoice by searching 'rechazada' (issue 23: the status column searches what it shows)", async () => {
    signInAs("proveedor");
    fakeCalls({ getNotasCredito: [], getFacturas: FACTURAS });
    renderApp("/MisFacturas");
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    fireEvent.change(screen.getByRole("searchbox", { name: "Buscar" }), { target: { value: "rechazada" } });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.textContent).toContain("A-102");
    fireEvent.change(screen.getByRole("searchbox", { name: "Buscar" }), { target: { value: "pagada" } });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.textContent).toContain("A-104");
  });

  it("offers 'Agregar' to suppliers only and opens an invoice on double-click", async () => {
    signInAs("consulta");
    fakeCalls({ getNotasCredito: [], getFacturas: FACTURAS });
    const { router } = renderApp("/MisFacturas");
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(screen.queryByRole("button", { name: "Agregar" })).toBeNull();
    fireEvent.doubleClick(rowOf("A-100"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/MisFacturas/MiFactura/5"));
    await screen.findByRole("heading", { level: 1, name: "Datos generales" });
    // An employee only looks: no 'cargar', 'Actualizar' disabled.
    expect(screen.queryByRole("button", { name: /^cargar/ })).toBeNull();
    expect((screen.getByRole("button", { name: "Actualizar" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

async function openForm() {
  const view = renderApp("/MisFacturas/Factura/Nuevo");
  await screen.findByRole("heading", { level: 1, name: "Registro de la facturación" });
  await screen.findByRole("combobox", { name: "Razón social" });
  return view;
}

/** The receipt options of nuevaApi's SBO_MCI, as the picker labels them (issue 23). */
const OPCION = {
  5120: "5120 · REF-77 · 2026-02-10 · 3,327.01 MXN",
  5121: "5121 · REF-77 · 2026-02-10 · 3,327.01 MXN",
  5101: "5101 · SAT-PRUEBA-2025 · 2025-02-18 · 3,400.00 MXN",
} as const;

const entradaOptions = () =>
  within(screen.getByRole("listbox", { name: "Entrada de mercancia", hidden: true })).queryAllByRole("option", {
    hidden: true,
  });

async function chooseSociedadYEntrada(sociedad = "MUNICIPIO DE CUAUTITLAN IZCALLI", entrada: string = OPCION[5120]) {
  await waitFor(() => expect(screen.queryByRole("listbox", { name: "Razón social", hidden: true })).not.toBeNull());
  pickOption("Razón social", sociedad);
  await waitFor(() =>
    expect(
      within(screen.getByRole("listbox", { name: "Entrada de mercancia", hidden: true })).getAllByRole("option", {
        hidden: true,
      }).length,
    ).toBeGreaterThan(0),
  );
  pickOption("Entrada de mercancia", entrada);
}

describe("/MisFacturas/Factura/Nuevo", () => {
  it("shows the registration message instead of the form when the profile is incomplete", async () => {
    signInAs("proveedor");
    nuevaApi({ getProveedor: [] });
    renderApp("/MisFacturas/Factura/Nuevo");
    await screen.findByText(MSG.registroIncompletoFacturas);
    expect(screen.queryByRole("combobox", { name: "Razón social" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Agregar" })).toBeNull();
  });

  it("shows the receipt's data; a new sociedad clears the receipt and files and reloads; receipts past the XML's total clear the files", async () => {
    signInAs("proveedor");
    const calls = nuevaApi();
    await openForm();
    expect(fileInput("pdf").accept).toBe("application/pdf");
    expect(fileInput("xml").accept).toBe("text/xml");
    expect(fileInput("recepcion").accept).toBe("image/gif,image/jpeg,image/png");
    expect(screen.getAllByRole("button", { name: /^cargar/ })).toHaveLength(3);

    await chooseSociedadYEntrada();
    expect(calls.find((call) => call.url.endsWith("/api/facturas/getEntradas"))?.body).toEqual({
      usuario: "P00001",
      operador: "Proveedor",
      BD: "SBO_MCI",
      tipo: "Nuevo",
    });
    const panel = await screen.findByRole("region", { name: "Datos de la entrada" });
    for (const text of [
      "Pedido1100",
      "Entrada5120",
      "SociedadMUNICIPIO DE CUAUTITLAN IZCALLI",
      "ProveedorESCUELA KEMPER URGATE",
      "Fecha de la entrada2026-02-10",
      "Fecha de vencimiento2026-03-12",
      "ReferenciaREF-77",
      "ComentariosEntrega parcial",
      "EstatusAbierto",
      "Uso principalG03",
      "Método de pagoPUE",
      "Total3,327.01 MXN",
    ]) {
      expect(panel.textContent).toContain(text);
    }

    // Issue 40: another receipt whose sum with the first passes the XML's total clears the files, saying why.
    pick("pdf", pdfFile());
    pick("xml", xmlFile());
    expect(screen.queryByText("factura.pdf")).not.toBeNull();
    pickOption("Entrada de mercancia", OPCION[5121]);
    await waitFor(() => expect(screen.queryByText("factura.pdf")).toBeNull());
    expect(screen.queryByText("factura.xml")).toBeNull();
    // Issue 23: the form says so; picking a file again takes the notice away.
    expect(screen.getByRole("alert").textContent).toBe(
      "Se quitaron los archivos: la suma de las entradas elegidas (6,654.02 MXN) supera el total del XML (3,327.01 MXN); vuelva a elegirlos.",
    );
    expect(
      within(screen.getByRole("table", { name: "Entradas elegidas" }))
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual([
      "EntradaFechaReferenciaMonedaTotal",
      "51202026-02-10REF-77MXN3,327.01",
      "51212026-02-10REF-77MXN3,327.01",
      "Suma de las 2 entradasMXN6,654.02",
    ]);

    // A new sociedad clears the receipt and the files and loads its receipts.
    pick("recepcion", pngFile());
    expect(screen.queryByText("recepcion.png")).not.toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    const before = calls.filter((call) => call.url.endsWith("/getEntradas")).length;
    pickOption("Razón social", "KIJ, S.A DE C.V.");
    await waitFor(() => expect(screen.queryByRole("region", { name: "Datos de la entrada" })).toBeNull());
    expect(screen.queryByText("recepcion.png")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe(
      "Se quitaron los archivos seleccionados porque cambió la razón social; vuelva a elegirlos.",
    );
    expect((screen.getByRole("combobox", { name: "Entrada de mercancia" }) as HTMLInputElement).value).toBe("");
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith("/getEntradas")).length).toBe(before + 1));
    expect(calls.at(-1)?.body).toMatchObject({ BD: "SBO_KIJ", tipo: "Nuevo" });
  });

  it("shows each receipt as 'number · reference · date · total', newest first, found by any of them", async () => {
    signInAs("proveedor");
    nuevaApi();
    await openForm();
    await waitFor(() => expect(screen.queryByRole("listbox", { name: "Razón social", hidden: true })).not.toBeNull());
    pickOption("Razón social", "MUNICIPIO DE CUAUTITLAN IZCALLI");
    await waitFor(() => expect(entradaOptions()).toHaveLength(3));
    expect(entradaOptions().map((option) => option.textContent)).toEqual([OPCION[5121], OPCION[5120], OPCION[5101]]);

    const combobox = screen.getByRole("combobox", { name: "Entrada de mercancia" });
    // Typed by the user: Mantine reads a change to an input without the focus as the browser's autofill.
    combobox.focus();
    fireEvent.change(combobox, { target: { value: "sat-prueba" } });
    await waitFor(() => expect(entradaOptions().map((option) => option.textContent)).toEqual([OPCION[5101]]));
    fireEvent.change(combobox, { target: { value: "3400.00" } });
    await waitFor(() => expect(entradaOptions().map((option) => option.textContent)).toEqual([OPCION[5101]]));
    fireEvent.change(combobox, { target: { value: "ref-77 5120" } });
    await waitFor(() => expect(entradaOptions().map((option) => option.textContent)).toEqual([OPCION[5120]]));
    fireEvent.click(
      within(screen.getByRole("listbox", { name: "Entrada de mercancia", hidden: true })).getByRole("option", {
        name: OPCION[5120],
        hidden: true,
      }),
    );
    expect((await screen.findByRole("region", { name: "Datos de la entrada" })).textContent).toContain("Entrada5120");
  });

  it("proposes the receipt the XML picked first matches, and keeps the files when it is accepted", async () => {
    signInAs("proveedor");
    nuevaApi();
    await openForm();
    await waitFor(() => expect(screen.queryByRole("listbox", { name: "Razón social", hidden: true })).not.toBeNull());
    pickOption("Razón social", "MUNICIPIO DE CUAUTITLAN IZCALLI");
    await waitFor(() => expect(entradaOptions()).toHaveLength(3));
    // Total 3,400.00 and Folio SAT-PRUEBA-2025: only 5101 (5120 and 5121 share their total with each other).
    pick("pdf", pdfFile());
    pick(
      "xml",
      xmlFile(xmlFactura({ folio: "SAT-PRUEBA-2025", total: "3400.00", subtotal: "2931.03", iva: "468.97" })),
    );
    const propuesta = await screen.findByRole("region", { name: "Entrada propuesta" });
    expect(propuesta.textContent).toContain(
      `La entrada ${OPCION[5101]} coincide con el total y la referencia del XML.`,
    );
    expect(screen.queryByRole("region", { name: "Datos de la entrada" })).toBeNull();
    fireEvent.click(within(propuesta).getByRole("button", { name: "Usar esta entrada" }));
    expect((await screen.findByRole("region", { name: "Datos de la entrada" })).textContent).toContain("Entrada5101");
    expect(screen.queryByText("factura.pdf")).not.toBeNull();
    expect(screen.queryByText("factura.xml")).not.toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("region", { name: "Entrada propuesta" })).toBeNull();
  });

  it("proposes none when two receipts match the XML equally, and names both", async () => {
    signInAs("proveedor");
    nuevaApi();
    await openForm();
    await waitFor(() => expect(screen.queryByRole("listbox", { name: "Razón social", hidden: true })).not.toBeNull());
    pickOption("Razón social", "MUNICIPIO DE CUAUTITLAN IZCALLI");
    await waitFor(() => expect(entradaOptions()).toHaveLength(3));
    pick("xml", xmlFile());
    const aviso = await screen.findByText(/Varias entradas coinciden con el total del XML/);
    const lista = aviso.parentElement?.textContent ?? "";
    expect(lista).toContain(OPCION[5120]);
    expect(lista).toContain(OPCION[5121]);
    expect(lista).not.toContain(OPCION[5101]);
    expect(screen.queryByRole("button", { name: "Usar esta entrada" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Datos de la entrada" })).toBeNull();
  });

  it("lists every validation message in one 30 s error toast and sends nothing", async () => {
    signInAs("proveedor");
    const calls = nuevaApi();
    await openForm();
    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await waitFor(() => expect(toast()).not.toBeNull());
    const text = toast()?.textContent ?? "";
    for (const message of [
      FORM_MSG.sociedadRequerida,
      FORM_MSG.entradaRequerida,
      MSG.pdfRequerido,
      MSG.facturaXmlRequerido,
      MSG.facturaRecepcionRequerida,
    ]) {
      expect(text).toContain(message);
    }
    expect(document.querySelectorAll(".mantine-Notification-root")).toHaveLength(1);
    expect(calls.some((call) => call.url.endsWith("/postFactura"))).toBe(false);
  });

  it("issue 27: picks two receipts, shows each and their sum, and sends one CFDI for both", async () => {
    signInAs("proveedor");
    const calls = nuevaApi({
      postFactura: { status: 200, body: { status: "success", message: MSG.facturaRegistrada } },
    });
    await openForm();
    await chooseSociedadYEntrada();
    pickOption("Entrada de mercancia", OPCION[5101]);
    // Issue 40: several receipts read as one table, in the order picked, with their sum.
    const tabla = await screen.findByRole("table", { name: "Entradas elegidas" });
    expect(
      within(tabla)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual([
      "EntradaFechaReferenciaMonedaTotal",
      "51202026-02-10REF-77MXN3,327.01",
      "51012025-02-18SAT-PRUEBA-2025MXN3,400.00",
      "Suma de las 2 entradasMXN6,727.01",
    ]);
    expect(screen.getByRole("region", { name: "Datos de la entrada" }).textContent).not.toContain("Comentarios");
    pick("pdf", pdfFile());
    pick("xml", xmlFile(xmlFactura({ total: "6727.01", subtotal: "5799.15", iva: "927.86" })));
    pick("recepcion", pngFile());
    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await screen.findByText(MSG.facturaRegistrada);
    const sent = calls.find((call) => call.url.endsWith("/postFactura"))?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ RazonSocial: "SBO_MCI", EntradaMercancia: [5101, 5120], Total: "6727.01" });
    // Two receipts picked one by one, the files and the toast: longer than one receipt's flow on a slow machine.
  });

  it("issue 37: two receipts sharing a number (two ERP numbering series) are both offered; the one picked is sent by DocEntry", async () => {
    signInAs("proveedor");
    const calls = nuevaApi({
      getEntradas: [
        makeEntradaFactura({ DocEntry: 801, NumAtCard: "SERIE-A" }),
        makeEntradaFactura({ Fila: 2, DocEntry: 802, NumAtCard: "SERIE-B" }),
      ],
      postFactura: { status: 200, body: { status: "success", message: MSG.facturaRegistrada } },
    });
    await openForm();
    await chooseSociedadYEntrada("MUNICIPIO DE CUAUTITLAN IZCALLI", "5120 · SERIE-B · 2026-02-10 · 3,327.01 MXN");
    // Both are offered (the one picked is hidden from the list, hidePickedOptions), each shows the number users read.
    expect(entradaOptions().map((option) => option.textContent)).toEqual([
      "5120 · SERIE-A · 2026-02-10 · 3,327.01 MXN",
    ]);
    const panel = await screen.findByRole("region", { name: "Datos de la entrada" });
    expect(panel.textContent).toContain("Entrada5120");
    pick("pdf", pdfFile());
    pick("xml", xmlFile());
    pick("recepcion", pngFile());
    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await screen.findByText(MSG.facturaRegistrada);
    const sent = calls.find((call) => call.url.endsWith("/postFactura"))?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ RazonSocial: "SBO_MCI", EntradaMercancia: 5120, EntradaDocEntry: 802 });
  });

  it("shows the receiver messages when the XML is for another sociedad", async () => {
    signInAs("proveedor");
    const calls = nuevaApi();
    await openForm();
    await chooseSociedadYEntrada();
    pick("pdf", pdfFile());
    pick(
      "xml",
      xmlFile(xmlFactura({ nombreReceptor: "KIJ, S.A DE C.V.", regimenReceptor: "601", cpReceptor: "59820" })),
    );
    pick("recepcion", pngFile());
    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await waitFor(() => expect(toast()).not.toBeNull());
    const text = toast()?.textContent ?? "";
    expect(text).toContain(MSG.nombreReceptorSociedad);
    expect(text).toContain(MSG.regimenReceptorSociedad);
    expect(text).toContain(MSG.cpReceptorSociedad);
    // Issue 23: one item each, with the values compared.
    const items = within(toast() as HTMLElement)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(items).toEqual([
      `${MSG.nombreReceptorSociedad} — se esperaba «MUNICIPIO DE CUAUTITLAN IZCALLI»; el XML trae «KIJ, S.A DE C.V.».`,
      `${MSG.regimenReceptorSociedad} — se esperaba «603»; el XML trae «601».`,
      `${MSG.cpReceptorSociedad} — se esperaba «54700»; el XML trae «59820».`,
    ]);
    expect(calls.some((call) => call.url.endsWith("/postFactura"))).toBe(false);
  });

  it("disables 'Agregar' while submitting, then shows the success toast and returns to /MisFacturas", async () => {
    signInAs("proveedor");
    let answer: (() => void) | undefined;
    const calls = nuevaApi();
    const { router } = await openForm();
    await chooseSociedadYEntrada();
    pick("pdf", pdfFile());
    pick("xml", xmlFile());
    pick("recepcion", pngFile());
    // Hold the answer to see the button while the call is in flight.
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith("/postFactura")) {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        calls.push({
          url: String(input),
          method: "POST",
          headers: new Headers(),
          body: JSON.parse(String(init?.body)),
        });
        return new Response(JSON.stringify({ status: "success", message: MSG.facturaRegistrada }), {
          headers: { "Content-Type": "application/json" },
        });
      }
      return realFetch(input, init);
    }) as typeof fetch;
    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await waitFor(() => expect(answer).toBeDefined());
    expect((screen.getByRole("button", { name: "Agregar" }) as HTMLButtonElement).disabled).toBe(true);
    answer?.();
    await screen.findByText(MSG.facturaRegistrada);
    const sent = calls.find((call) => call.url.endsWith("/postFactura"))?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ RazonSocial: "SBO_MCI", EntradaMercancia: 5120, UUID: makeFactura().UUID });
    // The toast closes after 3 s, then the list.
    await waitFor(() => expect(router.state.location.pathname).toBe("/MisFacturas"));
  });

  it("shows the server's lines, or 'Error al consumir el servicio postFactura' when the call fails", async () => {
    signInAs("proveedor");
    nuevaApi({
      postFactura: { status: 400, body: { status: "error", message: `${MSG.totalEntrada}\nOtro problema` } },
    });
    await openForm();
    await chooseSociedadYEntrada();
    pick("pdf", pdfFile());
    pick("xml", xmlFile());
    pick("recepcion", pngFile());
    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await waitFor(() => expect(toast()?.textContent).toContain(MSG.totalEntrada));
    expect(toast()?.textContent).toContain("Otro problema");

    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith("/postFactura")) throw new TypeError("Failed to fetch");
      return realFetch(input, init);
    }) as typeof fetch;
    fireEvent.click(screen.getByRole("button", { name: "Agregar" }));
    await screen.findByText(MSG.errorPostFactura);
  });
});

/** The route's screen (routes/mis-facturas.mi-factura.lazy.tsx). */
