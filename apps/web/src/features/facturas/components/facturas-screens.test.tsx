import { CALLS, MSG } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { idParam, rowNumberSchema } from "../../../lib/route-params";
import { type Session, session } from "../../../lib/session";
import { Route as MiFacturaRoute } from "../../../routes/mis-facturas.mi-factura.lazy";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { pickOption } from "../../../test/pick-option";
import type { FakeCall } from "../../../test/render-app";
import { renderApp } from "../../../test/render-app";
import { renderScreen } from "../../../test/render-screen";
import { facturasList } from "../api";
import { FORM_MSG } from "../factura-logic";
import {
  makeEntradaFactura,
  makeFactura,
  PDF_BYTES,
  PNG_BYTES,
  PROVEEDOR,
  SOCIEDADES,
  xmlFactura,
} from "../facturas.fixtures";

const FACTURAS = [
  makeFactura({
    Fila: 1,
    IdFactura: 14,
    FolioFactura: "A-104",
    MetodoPago: "PUE",
    EstatusFactura: "A",
    PaidToDate: "3327.01",
  }),
  makeFactura({
    Fila: 2,
    IdFactura: 13,
    FolioFactura: "A-103",
    EstatusFactura: "A",
    Recepcion: "",
    FechaProbablePago: "2026-03-24",
  }),
  makeFactura({
    Fila: 3,
    IdFactura: 12,
    FolioFactura: "A-102",
    MetodoPago: "PUE",
    EstatusFactura: "R",
    Comentarios: "Sin firma",
  }),
  makeFactura({ Fila: 4, IdFactura: 11, FolioFactura: "A-101", CANCELED: "Y", PDF: "", XML: "" }),
  makeFactura({ Fila: 5, IdFactura: 10, FolioFactura: "A-100", FechaFactura: "2026-01-05" }),
];

const bodyRows = () =>
  within(screen.getByRole("table", { name: "Facturas" }))
    .getAllByRole("row")
    .slice(1);

const rowOf = (folio: string) => bodyRows().find((row) => row.textContent?.includes(folio)) as HTMLElement;

const fileInput = (clave: "pdf" | "xml" | "recepcion") =>
  document.querySelector<HTMLInputElement>(`input[type="file"][data-archivo="${clave}"]`) as HTMLInputElement;

const pick = (clave: "pdf" | "xml" | "recepcion", file: File) =>
  fireEvent.change(fileInput(clave), { target: { files: [file] } });

const pdfFile = (name = "factura.pdf") => new File([PDF_BYTES as BlobPart], name, { type: "application/pdf" });
const pngFile = () => new File([PNG_BYTES as BlobPart], "recepcion.png", { type: "image/png" });
const xmlFile = (xml = xmlFactura()) => new File([xml], "factura.xml", { type: "text/xml" });

const toast = () => document.querySelector(".mantine-Notification-root") as HTMLElement | null;

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

function nuevaApi(extra: Parameters<typeof fakeCalls>[0] = {}) {
  return fakeCalls({
    getNotasCredito: [],
    getFacturas: FACTURAS,
    getProveedor: [PROVEEDOR],
    facturasGetSociedades: SOCIEDADES,
    getEntradas: (call: FakeCall) =>
      (call.body as { BD: string }).BD === "SBO_MCI"
        ? [
            makeEntradaFactura(),
            makeEntradaFactura({ Fila: 2, DocNum: 5121, GroupNum: 30, Pedido: null }),
            makeEntradaFactura({
              Fila: 3,
              DocNum: 5101,
              NumAtCard: "SAT-PRUEBA-2025",
              DocDate: "2025-02-18",
              DocTotal: "3400.00",
              Pedido: 900,
            }),
          ]
        : [makeEntradaFactura({ DocNum: 7001, NomSociedad: "KIJ, S.A DE C.V." })],
    ...extra,
  });
}

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
const MiFacturaScreen = MiFacturaRoute.options.component as ComponentType;

/**
 * The detail of row `fila` alone (renderScreen, decision 052): the route's screen for the signed-in session, with
 * the list loaded through the fake API as the list screen loads it. Opening it from the list is the flow of
 * "offers 'Agregar' to suppliers only and opens an invoice on double-click".
 */
async function openDetalle(fila: number) {
  const current = session.peek() as Session;
  const queryClient = createQueryClient();
  await queryClient.fetchQuery(facturasList.queryOptions(current));
  const view = renderScreen(<MiFacturaScreen />, {
    path: "/MisFacturas/MiFactura/$id",
    url: `/MisFacturas/MiFactura/${fila}`,
    session: current,
    params: idParam(rowNumberSchema),
    queryClient,
  });
  await screen.findByRole("heading", { level: 1, name: "Datos generales" });
  // What the detail asks on its own (the supplier's registration, the history) has answered.
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return view;
}

/** The row number of the invoice `folio` in `filas`, as the list numbers it. */
const filaDe = (filas: readonly { FolioFactura: string; Fila: number }[], folio: string) =>
  filas.find((fila) => fila.FolioFactura === folio)?.Fila ?? Number.NaN;

const fileRow = (clave: string) => document.querySelector(`[data-archivo-fila="${clave}"]`) as HTMLElement;

describe("/MisFacturas/MiFactura/:id", () => {
  it("goes back to /MisFacturas when the list is not loaded", async () => {
    signInAs("proveedor");
    fakeCalls({ getNotasCredito: [], getFacturas: FACTURAS });
    const { router } = renderApp("/MisFacturas/MiFactura/2");
    await waitFor(() => expect(router.state.location.pathname).toBe("/MisFacturas"));
  });

  it("Aceptada: only 'Ver', 'Actualizar' disabled", async () => {
    signInAs("proveedor");
    nuevaApi();
    await openDetalle(2);
    expect(screen.queryByRole("button", { name: /^cargar/ })).toBeNull();
    expect(within(fileRow("pdf")).queryByRole("button", { name: "Ver PDF" })).not.toBeNull();
    expect(fileRow("pdf").textContent).toContain("Cargado");
    expect(fileRow("recepcion").textContent).toContain("No cargado");
    expect(within(fileRow("recepcion")).queryByRole("button", { name: "Ver Recepción" })).toBeNull();
    expect((screen.getByRole("button", { name: "Actualizar" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("textbox", { name: "Estatus" }) as HTMLInputElement).value).toBe("Aceptada");
  });

  it("Cancelado: 'cargar' shown, 'Actualizar' disabled", async () => {
    signInAs("proveedor");
    nuevaApi();
    await openDetalle(4);
    expect(screen.getAllByRole("button", { name: /^cargar/ })).toHaveLength(3);
    expect(fileRow("pdf").textContent).toContain("No cargado");
    expect((screen.getByRole("button", { name: "Actualizar" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("textbox", { name: "Estatus" }) as HTMLInputElement).value).toBe("Cancelado");
  });

  it("Rechazada: shows its fields, replaces the PDF only and returns to the list", async () => {
    signInAs("proveedor");
    const calls = nuevaApi({
      patchFactura: { body: { status: "success", message: MSG.facturaActualizada("A-102") } },
    });
    const { router } = await openDetalle(3);
    const valor = (name: string) => (screen.getByRole("textbox", { name }) as HTMLInputElement).value;
    expect(valor("Razón social")).toBe("MUNICIPIO DE CUAUTITLAN IZCALLI");
    expect(valor("Proveedor")).toBe("ESCUELA KEMPER URGATE");
    expect(valor("Folio")).toBe("A-102");
    expect(valor("Fecha")).toBe("2026-02-19");
    expect(valor("Estatus")).toBe("Rechazada");
    expect(valor("Entrada")).toBe("5120");
    expect(valor("Estatus del pago")).toBe("Pendiente");
    expect(valor("Fecha pago")).toBe("");
    expect(valor("Comentarios")).toBe("Sin firma");
    expect(screen.getAllByRole("button", { name: /^cargar/ })).toHaveLength(3);
    const modify = screen.getByRole("button", { name: "Actualizar" }) as HTMLButtonElement;
    expect(modify.disabled).toBe(false);

    pick("pdf", pdfFile("corregida.pdf"));
    fireEvent.click(modify);
    await screen.findByText(MSG.facturaActualizada("A-102"));
    const sent = calls.find((call) => call.url.endsWith("/patchfactura"))?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      IdFactura: 12,
      RazonSocial: "SBO_MCI",
      BD: "SBO_MCI",
      EntradaMercancia: 5120,
      FolioFactura: "A-102",
      PDF: "corregida.pdf",
    });
    expect(sent).not.toHaveProperty("XML64");
    expect(sent).not.toHaveProperty("Recepcion");
    await waitFor(() => expect(router.state.location.pathname).toBe("/MisFacturas"));
  });

  it("refuses 'Actualizar' on a rejected invoice without a new file, in Spanish, and sends nothing (issue 23)", async () => {
    signInAs("proveedor");
    const calls = nuevaApi();
    await openDetalle(3);
    fireEvent.click(screen.getByRole("button", { name: "Actualizar" }));
    await waitFor(() => expect(toast()?.textContent).toContain(MSG.correccionSinArchivo));
    expect(calls.some((call) => call.url.endsWith("/patchfactura"))).toBe(false);
  });

  it("refuses a picked file of the wrong type in one error toast", async () => {
    signInAs("proveedor");
    const calls = nuevaApi();
    await openDetalle(5);
    pick("recepcion", pdfFile("recepcion.png"));
    fireEvent.click(screen.getByRole("button", { name: "Actualizar" }));
    await waitFor(() => expect(toast()?.textContent).toContain(MSG.archivoNoImagen));
    expect(calls.some((call) => call.url.endsWith("/patchfactura"))).toBe(false);
  });
});

describe("'Historial' of the invoice detail", () => {
  async function openDetail(historial: Parameters<typeof fakeCalls>[0]["getHistorialFactura"]) {
    signInAs("proveedor");
    const calls = fakeCalls({
      getNotasCredito: [],
      getFacturas: FACTURAS,
      getProveedor: [PROVEEDOR],
      getEntradas: [makeEntradaFactura()],
      ...(historial === undefined ? {} : { getHistorialFactura: historial }),
    });
    await openDetalle(filaDe(FACTURAS, "A-102"));
    return calls;
  }

  const historial = () => screen.getByRole("region", { name: "Historial" });

  it("lists the decisions and corrections: when, who, from → to and the comment", async () => {
    const calls = await openDetail([
      // Local time without offset, so the shown hour does not depend on the machine's time zone.
      {
        Fecha: "2026-02-19T15:30:00.000Z", // 09:30 in Mexico City, as the screen shows it
        Quien: "ESCUELA KEMPER URGATE",
        Operador: "Proveedor",
        Campo: "registro",
        De: "",
        A: "P · UUID 6F1A · entrada 5120",
        Comentario: "",
      },
      {
        Fecha: "2026-02-20T23:05:00.000Z",
        Quien: "Administrador del Portal",
        Operador: "Empleado",
        Campo: "estatus",
        De: "P",
        A: "R",
        Comentario: "Sin firma",
      },
    ]);
    const rows = await waitFor(() => {
      const found = within(historial()).getAllByRole("row").slice(1);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      // Issue 23: in words, not raw codes.
      ["2026-02-19 09:30", "ESCUELA KEMPER URGATE", "Registrada (Pendiente): UUID 6F1A, entrada 5120", ""],
      ["2026-02-20 17:05", "Administrador del Portal", "Rechazada", "Sin firma"],
    ]);
    const asked = calls.find((call) => call.url.endsWith("/api/facturas/getHistorial"));
    expect(asked?.body).toEqual({ usuario: "P00001", operador: "Proveedor", IdFactura: 12 });
  });

  it("says 'Sin movimientos' when there are none", async () => {
    await openDetail([]);
    await waitFor(() => expect(within(historial()).queryByText("Sin movimientos")).not.toBeNull());
  });

  it("reads a failing history call (404) as empty, without breaking the detail", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await openDetail(undefined);
    await waitFor(() => expect(within(historial()).queryByText("Sin movimientos")).not.toBeNull());
    expect(screen.queryByRole("textbox", { name: "Folio" })).not.toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe("ERP state and payment in the invoice detail (issue 13)", () => {
  const ERROR_ERP = "El proveedor P00001 está inactivo [OCRD.frozenFor]";
  const ERP_FACTURAS = [
    // PPD, partly paid: 'Pago parcial' (decision 058); its A/P invoice refused by the ERP.
    makeFactura({
      Fila: 1,
      IdFactura: 21,
      FolioFactura: "A-201",
      EstatusFactura: "A",
      PaidToDate: "1000.00",
      FechaPago: "2026-03-02",
      EstadoERP: "fallido",
      FolioSAP: null,
      ErrorERP: ERROR_ERP,
      FechaProbablePago: "2026-03-24",
    }),
    // PPD, fully paid: Pagada.
    makeFactura({
      Fila: 2,
      IdFactura: 22,
      FolioFactura: "A-202",
      EstatusFactura: "A",
      PaidToDate: "3327.01",
      FechaPago: "2026-03-05",
      EstadoERP: "creada",
      FolioSAP: 8123,
      ErrorERP: "",
    }),
    // Cancelled in the ERP: Cancelado, and a cancelled PPD invoice's payment reads Pendiente.
    makeFactura({
      Fila: 3,
      IdFactura: 23,
      FolioFactura: "A-203",
      EstatusFactura: "A",
      CANCELED: "Y",
      PaidToDate: "3327.01",
      EstadoERP: "creada",
      FolioSAP: 8124,
      ErrorERP: "",
    }),
    makeFactura({ Fila: 4, IdFactura: 24, FolioFactura: "A-204", EstatusFactura: "A", EstadoERP: "pendiente" }),
  ];
  const CREADA = makeFactura({ ...ERP_FACTURAS[0], EstadoERP: "creada", FolioSAP: 8125, ErrorERP: "" });

  const valor = (name: string) => (screen.getByRole("textbox", { name }) as HTMLInputElement).value;
  const erp = () => screen.queryByRole("region", { name: "ERP" });
  const retry = (folio: string) => screen.queryByRole("button", { name: `Reintentar en el ERP la factura ${folio}` });
  const isList = (call: FakeCall) => call.url.endsWith(CALLS.getFacturas.path);

  async function openErpDetail(
    role: "administrador" | "consulta" | "proveedor",
    folio: string,
    extra: Parameters<typeof fakeCalls>[0] = {},
  ) {
    signInAs(role);
    let listados = 0;
    const calls = fakeCalls({
      getNotasCredito: [],
      // After a retry the list answers with the A/P invoice created, as the server would.
      getFacturas: () => (listados++ === 0 ? ERP_FACTURAS : [CREADA, ...ERP_FACTURAS.slice(1)]),
      getProveedor: [PROVEEDOR],
      getEntradas: [makeEntradaFactura()],
      getHistorialFactura: [],
      ...extra,
    });
    await openDetalle(filaDe(ERP_FACTURAS, folio));
    return calls;
  }

  it("a reviewer sees the ERP's refusal and retries: the payload, the answer in green, the invoice reloaded", async () => {
    const calls = await openErpDetail("administrador", "A-201", {
      facturasPendientesReintentarErp: { body: { status: "success", message: MSG.erpFacturaCreada(8125) } },
    });
    expect(valor("Estatus")).toBe("Aceptada");
    // Issue 39 (decision 058): 1,000.00 of 3,327.01 paid reads 'Pago parcial', with its balance.
    expect(valor("Estatus del pago")).toBe("Pago parcial");
    expect(valor("Saldo")).toBe("2,327.01 MXN");
    expect(valor("Fecha pago")).toBe("2026-03-02");
    expect(screen.queryByRole("textbox", { name: "Folio SAP" })).toBeNull();
    const seccion = erp() as HTMLElement;
    expect(within(seccion).queryByText("Error en ERP")).not.toBeNull();
    expect(within(seccion).queryByText(ERROR_ERP)).not.toBeNull();

    const listados = calls.filter(isList).length;
    fireEvent.click(within(seccion).getByRole("button", { name: "Reintentar en el ERP la factura A-201" }));
    await waitFor(() => expect(toast()?.textContent).toContain(MSG.erpFacturaCreada(8125)));
    expect(toast()?.getAttribute("style")).toContain("teal");
    const enviado = calls.find((call) => call.url.endsWith(CALLS.facturasPendientesReintentarErp.path));
    expect(enviado?.method).toBe("POST");
    expect(enviado?.body).toEqual({ usuario: "1", id: "1", operador: "Empleado", Factura: 21 });
    await waitFor(() => expect(calls.filter(isList).length).toBeGreaterThan(listados));
    await waitFor(() => expect(within(erp() as HTMLElement).queryByText("Factura SAP 8125")).not.toBeNull());
    expect(valor("Folio SAP")).toBe("8125");
    expect(screen.queryByText(ERROR_ERP)).toBeNull();
    expect(retry("A-201")).toBeNull();
  });

  it("shows a waiting invoice as 'Pendiente en ERP'; an employee who does not review sees the state without 'Reintentar'", async () => {
    await openErpDetail("consulta", "A-204");
    expect(within(erp() as HTMLElement).queryByText("Pendiente en ERP")).not.toBeNull();
    expect(retry("A-204")).toBeNull();
  });

  it("an employee sees the created invoice's Folio SAP; paid PPD reads Pagada", async () => {
    await openErpDetail("administrador", "A-202");
    expect(valor("Folio SAP")).toBe("8123");
    expect(within(erp() as HTMLElement).queryByText("Factura SAP 8123")).not.toBeNull();
    expect(retry("A-202")).toBeNull();
    expect(valor("Estatus del pago")).toBe("Pagada");
    expect(valor("Fecha pago")).toBe("2026-03-05");
  });

  it("a supplier sees only the Folio SAP, never the ERP's state or message", async () => {
    await openErpDetail("proveedor", "A-202");
    expect(valor("Folio SAP")).toBe("8123");
    expect(erp()).toBeNull();
    expect(screen.queryByText("Factura SAP 8123")).toBeNull();
  });

  it("a supplier sees the 'Fecha probable de pago' of an accepted, unpaid invoice; none once paid (issue 27)", async () => {
    // A flow through the list (the real routes): the detail, 'Regresar', then another invoice.
    signInAs("proveedor");
    fakeCalls({
      getNotasCredito: [],
      getFacturas: ERP_FACTURAS,
      getProveedor: [PROVEEDOR],
      getEntradas: [makeEntradaFactura()],
      getHistorialFactura: [],
    });
    renderApp("/MisFacturas");
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    fireEvent.doubleClick(rowOf("A-201"));
    await screen.findByRole("heading", { level: 1, name: "Datos generales" });
    expect(valor("Fecha probable de pago")).toBe("2026-03-24");
    fireEvent.click(screen.getByRole("button", { name: "Regresar" }));
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    fireEvent.doubleClick(rowOf("A-202"));
    await screen.findByRole("heading", { level: 1, name: "Datos generales" });
    expect(screen.queryByRole("textbox", { name: "Fecha probable de pago" })).toBeNull();
  });

  it("a supplier's refused invoice shows no error, even if one were sent", async () => {
    await openErpDetail("proveedor", "A-201");
    expect(screen.queryByRole("textbox", { name: "Folio SAP" })).toBeNull();
    expect(erp()).toBeNull();
    expect(screen.queryByText(ERROR_ERP)).toBeNull();
    expect(screen.queryByText("Error en ERP")).toBeNull();
    expect(retry("A-201")).toBeNull();
  });

  it("an invoice cancelled in the ERP reads Cancelado, and its PPD payment Pendiente", async () => {
    await openErpDetail("proveedor", "A-203");
    expect(valor("Estatus")).toBe("Cancelado");
    expect(valor("Estatus del pago")).toBe("Pendiente");
    expect((screen.getByRole("button", { name: "Actualizar" }) as HTMLButtonElement).disabled).toBe(true);
    expect(valor("Folio SAP")).toBe("8124");
  });
});

describe("the SAT's status for employees (issue 15)", () => {
  const FILAS = [
    makeFactura({
      Fila: 1,
      IdFactura: 31,
      FolioFactura: "S-1",
      EstatusFactura: "A",
      EstadoSAT: "Cancelado",
      PendienteSAT: false,
      EfosSAT: "200",
    }),
    makeFactura({
      Fila: 2,
      IdFactura: 32,
      FolioFactura: "S-2",
      EstatusFactura: "P",
      EstadoSAT: "",
      PendienteSAT: true,
      EfosSAT: "",
    }),
    makeFactura({
      Fila: 3,
      IdFactura: 33,
      FolioFactura: "S-3",
      EstatusFactura: "P",
      EstadoSAT: "Vigente",
      PendienteSAT: false,
      EfosSAT: "100",
    }),
    makeFactura({
      Fila: 4,
      IdFactura: 34,
      FolioFactura: "S-4",
      EstatusFactura: "P",
      EstadoSAT: "Vigente",
      PendienteSAT: false,
      EfosSAT: "200",
    }),
  ];

  it("flags a CFDI cancelled at the SAT, one pending verification and an EFOS issuer, in the list and the detail", async () => {
    signInAs("consulta");
    fakeCalls({ getNotasCredito: [], getFacturas: FILAS, getHistorialFactura: [] });
    renderApp("/MisFacturas");
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    expect(within(rowOf("S-1")).queryByText("Cancelado en el SAT")).not.toBeNull();
    expect(within(rowOf("S-2")).queryByText("Pendiente de verificar en el SAT")).not.toBeNull();
    expect(within(rowOf("S-3")).queryByText("Emisor en la lista EFOS del SAT")).not.toBeNull();
    expect(within(rowOf("S-4")).queryByText(/SAT/)).toBeNull();
    fireEvent.doubleClick(rowOf("S-1"));
    await screen.findByRole("heading", { level: 1, name: "Datos generales" });
    expect(screen.queryByText("Cancelado en el SAT")).not.toBeNull();
  });
});

describe("the payment block for employees (issue 27, decision 036)", () => {
  const SUSTITUTO = "5E2D6AFF-2DD7-43D1-83D3-14C1ACA396D9";
  const FILAS = [
    makeFactura({
      Fila: 1,
      IdFactura: 41,
      FolioFactura: "B-1",
      EstatusFactura: "A",
      EstadoSAT: "Cancelado",
      BloqueoPago: "bloqueado",
      SustitutoUUID: "",
      EstadoBloqueoERP: "hecho",
      ErrorBloqueoERP: "",
      Version: 7,
      // Issue 36 (decision 038): its CFDI also names another blocked invoice with TipoRelacion 04.
      AvisoSustitucion: MSG.sustituyeFacturaBloqueada("A-7"),
    }),
    makeFactura({
      Fila: 2,
      IdFactura: 42,
      FolioFactura: "B-2",
      EstatusFactura: "A",
      EstadoSAT: "Cancelado",
      BloqueoPago: "liberado",
      SustitutoUUID: SUSTITUTO,
      EstadoBloqueoERP: "pendiente",
      ErrorBloqueoERP: "",
    }),
  ];

  it("says the payment is blocked in the list and the detail, with the ERP job's state; and when it was lifted", async () => {
    signInAs("consulta");
    fakeCalls({ getNotasCredito: [], getFacturas: FILAS, getHistorialFactura: [] });
    renderApp("/MisFacturas");
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(within(rowOf("B-1")).queryByText("Pago bloqueado en el ERP")).not.toBeNull();
    expect(within(rowOf("B-2")).queryByText("Bloqueo de pago quitado")).not.toBeNull();
    expect(within(rowOf("B-2")).queryByText("Desbloqueo en el ERP: pendiente")).not.toBeNull();
    fireEvent.doubleClick(rowOf("B-1"));
    await screen.findByRole("heading", { level: 1, name: "Datos generales" });
    expect(
      screen.queryByText(
        "Pago bloqueado en el ERP: el SAT canceló este CFDI. El bloqueo se quita al aceptar la factura que tome su " +
          "lugar (mismas entradas, total y moneda), o a mano con un motivo.",
      ),
    ).not.toBeNull();
    expect(screen.queryByText("Bloqueo en el ERP: aplicado")).not.toBeNull();
    // Issue 36: the warning of a CFDI naming a blocked invoice; lifting by hand is not a general employee's.
    expect(screen.queryByText("Este CFDI dice sustituir a la factura A-7, cuyo pago está bloqueado.")).not.toBeNull();
    expect(screen.queryByRole("button", { name: /Quitar el bloqueo de pago/ })).toBeNull();
  });

  it("issue 36: accounts payable lifts it from the detail; the dialog asks the reason, then sends it with the Version", async () => {
    signInAs("administrador");
    const isQuitar = (call: FakeCall) => call.url.endsWith(CALLS.facturasPendientesQuitarBloqueoPago.path);
    const calls = fakeCalls({
      getFacturas: FILAS,
      getHistorialFactura: [],
      getNotasCredito: [],
      facturasPendientesQuitarBloqueoPago: { body: { status: "success", message: MSG.bloqueoPagoQuitado("B-1") } },
    });
    await openDetalle(filaDe(FILAS, "B-1"));
    fireEvent.click(await screen.findByRole("button", { name: "Quitar el bloqueo de pago de la factura B-1" }));
    const dialogo = await screen.findByRole("dialog", { name: "Quitar bloqueo de pago" });

    // Without a reason: the contract's words, nothing sent.
    fireEvent.click(within(dialogo).getByRole("button", { name: "Quitar bloqueo" }));
    await within(dialogo).findByText("El campo Motivo es obligatorio.");
    expect(calls.filter(isQuitar)).toHaveLength(0);

    fireEvent.change(within(dialogo).getByRole("textbox", { name: /Motivo/ }), {
      target: { value: " Autorizado por la contraloría " },
    });
    fireEvent.click(within(dialogo).getByRole("button", { name: "Quitar bloqueo" }));
    await waitFor(() => expect(toast()?.textContent).toContain(MSG.bloqueoPagoQuitado("B-1")));
    expect(calls.filter(isQuitar).map((c) => [c.method, c.body])).toEqual([
      [
        "POST",
        {
          usuario: "1",
          id: "1",
          operador: "Empleado",
          Factura: 41,
          Version: 7,
          Motivo: "Autorizado por la contraloría",
        },
      ],
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Quitar bloqueo de pago" })).toBeNull());
  });
});

describe("the replacement that took over the A/P invoice (issue 27, decision 036)", () => {
  it("the replaced invoice's detail says which invoice replaced it", async () => {
    signInAs("consulta");
    fakeCalls({
      getNotasCredito: [],
      getFacturas: [
        makeFactura({
          Fila: 1,
          IdFactura: 51,
          FolioFactura: "C-1",
          EstatusFactura: "A",
          SustituidaPor: "C-2 (UUID 5E2D6AFF-2DD7-43D1-83D3-14C1ACA396D9)",
        }),
      ],
      getHistorialFactura: [],
    });
    await openDetalle(1);
    await screen.findByText(
      "Sustituida por la factura C-2 (UUID 5E2D6AFF-2DD7-43D1-83D3-14C1ACA396D9), que tomó su factura de proveedor en el ERP.",
    );
  });
});
