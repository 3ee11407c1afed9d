import { CALLS, MSG } from "@portal/contracts";
import { useNavigate } from "@tanstack/react-router";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { clock } from "../../../lib/clock";
import { readBytes } from "../../../lib/pdf-upload";
import { createQueryClient } from "../../../lib/query-client";
import { type Session, session } from "../../../lib/session";
import { type FakeAnswers, fakeCalls, signInAs } from "../../../test/fake-api";
import { type FakeCall, renderApp } from "../../../test/render-app";
import { renderScreen } from "../../../test/render-screen";
import { takeConsoleErrors } from "../../../test/setup";
import { pagosList } from "../api";
import { COMPLEMENTO_VENCIDO_EXPLICACION } from "../pago-logic";
import {
  COMPLEMENTO_ESPERADO,
  makePago,
  PDF_BYTES,
  UUID_COMPLEMENTO,
  UUID_FACTURA_1,
  UUID_FACTURA_2,
  xmlPago,
} from "../pagos.fixtures";
import { PagoDetalle } from "./pago-detalle";

const PAGOS = [
  makePago({ Fila: 1, DocEntry: 9001, DocNum: 4410, U_SYS_PMESPA: "P", ComplementoVencido: true }),
  makePago({
    Fila: 2,
    IdPago: 78,
    DocEntry: 9002,
    DocNum: 4411,
    U_SYS_PMESPA: "A",
    U_SYS_PMUUID: UUID_COMPLEMENTO,
    U_SYS_PMFECC: "2026-02-03",
    U_SYS_PMFECA: "2026-02-04",
    U_SYS_PMCOMC: "/api/archivos/201",
    U_SYS_PMPDFC: "/api/archivos/202",
    U_SYS_PMXMLC: "/api/archivos/203",
  }),
  makePago({
    Fila: 3,
    IdPago: 79,
    DocEntry: 9003,
    DocNum: 4412,
    U_SYS_PMESPA: "R",
    U_SYS_PMUUID: "7C1D2E3F-4A5B-4C6D-8E7F-9A0B1C2D3E4F",
    Comentarios: "Falta la factura 1192",
    U_SYS_PMPDFC: "/api/archivos/204",
    U_SYS_PMXMLC: "/api/archivos/205",
  }),
  makePago({
    Fila: 4,
    IdPago: 80,
    DocEntry: 9004,
    DocNum: 4413,
    U_SYS_PMESPA: "V",
    U_SYS_PMUUID: "8D2E3F4A-5B6C-4D7E-8F9A-0B1C2D3E4F5A",
    Comentarios: "En validación con tesorería",
    DocTotal: "1234.5",
    DocCur: "USD",
  }),
  makePago({ Fila: 5, IdPago: null, DocEntry: 9005, DocNum: 4414, CANCELED: "Y" }),
];

const table = () => screen.getByRole("table", { name: "Complemento de pagos" });
const bodyRows = () =>
  within(table())
    .getAllByRole("row")
    .filter((row) => !row.hasAttribute("data-detail"))
    .slice(1);
/** The row of a payment, by the 'Pago' column wherever the list shows it (a supplier's list has no 'Proveedor'). */
const rowOf = (docNum: number) => {
  const headers = within(within(table()).getAllByRole("row")[0] as HTMLElement).getAllByRole("columnheader");
  const pago = headers.findIndex((h) => h.textContent === "Pago");
  return bodyRows().find(
    (row) => within(row).queryAllByRole("cell")[pago]?.textContent === String(docNum),
  ) as HTMLElement;
};
const toast = () => document.querySelector(".mantine-Notification-root") as HTMLElement | null;
const fileInput = (clave: string) =>
  document.querySelector<HTMLInputElement>(`input[type="file"][data-archivo="${clave}"]`);
const pick = (clave: string, file: File) =>
  fireEvent.change(fileInput(clave) as HTMLInputElement, { target: { files: [file] } });
const pdfFile = (name = "complemento.pdf") => new File([PDF_BYTES as BlobPart], name, { type: "application/pdf" });
const xmlFile = (xml = xmlPago()) => new File([xml], "complemento.xml", { type: "text/xml" });
const isPost = (call: FakeCall) => call.url.endsWith(CALLS.postPago.path);
const add = () => screen.getByRole("button", { name: "Agregar" }) as HTMLButtonElement;

const PROVEEDOR = {
  CardCode: "P00001",
  CardName: "ESCUELA KEMPER URGATE",
  LicTradNum: "EKU9003173C9",
  E_Mail: "facturacion@kemper.edu.mx",
};

function api(extra: FakeAnswers = {}) {
  return fakeCalls({
    getPagos: PAGOS,
    getProveedor: [PROVEEDOR],
    getComplementoEsperado: null,
    ...extra,
  });
}

describe("/Pagos", () => {
  it("lists the columns of spec §2 in order, the complement status rule and 'Visualizar' only for present files", async () => {
    signInAs("proveedor");
    api();
    renderApp("/Pagos");
    await screen.findByRole("heading", { level: 1, name: "Complemento de pagos" });
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    const header = within(table()).getAllByRole("row")[0];
    // Issue 40 (decision 063): a supplier's own list, at 1366 px — which payment, its amount, the complement's
    // status and upload date first; no supplier name; the UUID from 'Columnas'.
    expect(header?.textContent).toBe(
      "#SociedadPagoFecha de pagoTotalEstatus del complementoFecha de carga del complementoFecha de timbradoForma de pagoComprobantePDFXML",
    );
    expect(screen.queryByPlaceholderText("Search…")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Recargar" })).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Agregar" })).toBeNull();
    // Spec §9: 50 rows per page by default, multiples of 50 plus All.
    expect((screen.getByRole("combobox", { name: "Filas por página" }) as HTMLInputElement).value).toBe("50");

    // Spec §4 and issue 23: Cancelado if CANCELED is Y; none uploaded 'Complemento por emitir'; A Aceptada;
    // R Rechazada; V Validación (with the reviewer's comment).
    expect(rowOf(4410).textContent).toContain("Complemento por emitir");
    expect(rowOf(4412).textContent).toContain("Comentarios: Falta la factura 1192");
    expect(rowOf(4413).textContent).toContain("Comentarios: En validación con tesorería");
    expect(rowOf(4411).textContent).toContain("Aceptada");
    expect(rowOf(4412).textContent).toContain("Rechazada");
    expect(rowOf(4413).textContent).toContain("Validación");
    expect(rowOf(4414).textContent).toContain("Cancelado");
    expect(rowOf(4410).textContent).toContain("17,852.75 MXN");
    expect(rowOf(4413).textContent).toContain("1,234.50 USD");
    // The UUID is one 'Columnas' click away (issue 40), and found by the search while hidden.
    expect(rowOf(4411).textContent).not.toContain(UUID_COMPLEMENTO);
    fireEvent.click(screen.getByRole("button", { name: "Columnas" }));
    fireEvent.click(await screen.findByRole("checkbox", { name: "UUID", hidden: true }));
    await waitFor(() => expect(rowOf(4411).textContent).toContain(UUID_COMPLEMENTO));
    expect(rowOf(4411).textContent).toContain("2026-02-04");

    expect(within(rowOf(4410)).queryAllByRole("button", { name: /^Visualizar/ })).toHaveLength(0);
    expect(
      within(rowOf(4411))
        .getAllByRole("button", { name: /^Visualizar/ })
        .map((button) => button.getAttribute("aria-label")),
    ).toEqual(["Visualizar Comprobante", "Visualizar PDF", "Visualizar XML"]);
    expect(within(rowOf(4412)).getAllByRole("button", { name: /^Visualizar/ })).toHaveLength(2);
  });

  it("marks the overdue complements with an explained badge, found by the search", async () => {
    signInAs("proveedor");
    api();
    renderApp("/Pagos");
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    const marcas = within(table()).getAllByText("Complemento vencido");
    expect(marcas).toHaveLength(1);
    expect(rowOf(4410).textContent).toContain("Complemento vencido");
    // The explanation on focus (keyboard users too).
    const objetivo = marcas[0]?.closest('[role="button"]') as HTMLElement;
    fireEvent.focus(objetivo);
    await screen.findByText(COMPLEMENTO_VENCIDO_EXPLICACION);

    fireEvent.change(screen.getByPlaceholderText("Search…"), { target: { value: "vencido" } });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.textContent).toContain("4410");
  });

  it("expands a row into its 'Factura(s)' with a keyboard-reachable toggle", async () => {
    signInAs("proveedor");
    api();
    renderApp("/Pagos");
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    const toggle = screen.getByRole("button", { name: "Ver detalle de la fila 1" }) as HTMLButtonElement;
    expect(toggle.tagName).toBe("BUTTON");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    toggle.focus();
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);

    const facturas = await screen.findByRole("region", { name: "Factura(s)" });
    const filas = within(facturas).getAllByRole("row");
    expect(filas[0]?.textContent).toBe("Folio SAPUUIDCódigo FacturaFechaMonto Aplicado");
    expect(filas[1]?.textContent).toBe(`7788${UUID_FACTURA_1}A-1234562026-01-1010,000.00 MXN`);
    expect(filas[2]?.textContent).toBe(`7789${UUID_FACTURA_2}A-1234572026-01-127,852.75 MXN`);
    const ocultar = screen.getByRole("button", { name: "Ocultar detalle de la fila 1" });
    expect(ocultar.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(ocultar);
    await waitFor(() => expect(screen.queryByRole("region", { name: "Factura(s)" })).toBeNull());
  });

  it("opens /Pagos/Pago/{row} on double-click", async () => {
    signInAs("proveedor");
    api();
    const { router } = renderApp("/Pagos");
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    fireEvent.doubleClick(rowOf(4412));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Pagos/Pago/3"));
    await screen.findByRole("heading", { level: 1, name: "Registar documentos del pago #4412" });
  });
});

/** The route's screen (routes/pagos.pago.lazy.tsx) for a row number: the detail, back to /Pagos when done. */
function PagoScreen({ current, fila }: { current: Session; fila: number }) {
  const navigate = useNavigate();
  return <PagoDetalle session={current} fila={fila} onDone={() => void navigate({ to: "/Pagos" })} />;
}

/**
 * The detail of row `fila` alone (renderScreen, decision 052), with the list loaded through the fake API as the
 * list screen loads it; opening it from the list is the flow test "opens /Pagos/Pago/{row} on double-click".
 */
async function openDetalle(fila: number, extra: FakeAnswers = {}) {
  const calls = api(extra);
  const current = session.peek() as Session;
  const queryClient = createQueryClient();
  await queryClient.fetchQuery(pagosList.queryOptions(current));
  const view = renderScreen(<PagoScreen current={current} fila={fila} />, {
    path: "/Pagos/Pago/$id",
    url: `/Pagos/Pago/${fila}`,
    queryClient,
  });
  await screen.findByRole("heading", { level: 1 });
  // What the detail asks on its own (the supplier's registration, the history) has answered.
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return { ...view, calls };
}

const fileRow = (clave: string) => document.querySelector(`[data-archivo-fila="${clave}"]`) as HTMLElement;

describe("/Pagos/Pago/:id (supplier)", () => {
  it("a PUE-only payment reads 'No requiere complemento' and offers no upload (issue 23)", async () => {
    signInAs("proveedor");
    const soloPue = PAGOS.map((p, i) =>
      i === 0
        ? { ...p, ComplementoVencido: false, Detalle: p.Detalle.map((d) => ({ ...d, MetodoPago: "PUE" as const })) }
        : p,
    );
    await openDetalle(1, { getPagos: soloPue });
    expect((screen.getByRole("textbox", { name: "Estatus del complemento" }) as HTMLInputElement).value).toBe(
      "No requiere complemento",
    );
    expect(screen.queryByText(/solo liquida facturas PUE/)).not.toBeNull();
    expect(fileInput("pdf")).toBeNull();
    expect(fileInput("xml")).toBeNull();
    expect(add().disabled).toBe(true);
    expect(screen.queryByText("Complemento vencido")).toBeNull();
  });

  it("a rejected complement shows the reviewer's comment and its Historial in words (issue 23)", async () => {
    signInAs("proveedor");
    const { calls } = await openDetalle(3, {
      getHistorialPago: [
        {
          Fecha: "2026-02-05T10:00:00",
          Quien: "ESCUELA KEMPER URGATE",
          Operador: "Proveedor",
          Campo: "registro",
          De: "",
          A: "P · UUID 7C1D2E3F-4A5B-4C6D-8E7F-9A0B1C2D3E4F · pago 4412",
          Comentario: "",
        },
        {
          Fecha: "2026-02-06T11:30:00",
          Quien: "Administrador del Portal",
          Operador: "Empleado",
          Campo: "estatus",
          De: "P",
          A: "R",
          Comentario: "Falta la factura 1192",
        },
      ],
    });
    expect((screen.getByRole("textbox", { name: "Comentarios" }) as HTMLTextAreaElement).value).toBe(
      "Falta la factura 1192",
    );
    const historial = screen.getByRole("region", { name: "Historial" });
    const filas = await waitFor(() => {
      const found = within(historial).getAllByRole("row").slice(1);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(filas.map((fila) => within(fila).getAllByRole("cell")[2]?.textContent)).toEqual([
      "Registrada (Pendiente): UUID 7C1D2E3F-4A5B-4C6D-8E7F-9A0B1C2D3E4F, pago 4412",
      "Rechazada",
    ]);
    expect(calls.find((call) => call.url.endsWith("/api/pagos/getHistorial"))?.body).toMatchObject({ IdPago: 79 });
    // A rejected complement can be replaced.
    expect(fileInput("xml")).not.toBeNull();
  });

  it("goes back to /Pagos when the list is not loaded or lacks the row", async () => {
    signInAs("proveedor");
    api();
    const { router } = renderApp("/Pagos/Pago/2");
    await waitFor(() => expect(router.state.location.pathname).toBe("/Pagos"));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    await router.navigate({ to: "/Pagos/Pago/$id", params: { id: 9 } });
    await waitFor(() => expect(router.state.location.pathname).toBe("/Pagos"));
  });

  it("shows the payment, its invoices read-only and PDF and XML pickers", async () => {
    signInAs("proveedor");
    await openDetalle(1);
    expect(screen.queryByRole("heading", { level: 1, name: "Registar documentos del pago #4410" })).not.toBeNull();
    expect((screen.getByRole("textbox", { name: "Razón social" }) as HTMLInputElement).value).toBe("KIJ, S.A DE C.V.");
    expect((screen.getByRole("textbox", { name: "Total" }) as HTMLInputElement).value).toBe("17,852.75 MXN");
    expect((screen.getByRole("textbox", { name: "Estatus del complemento" }) as HTMLInputElement).value).toBe(
      "Complemento por emitir",
    );
    expect(screen.queryByText("Complemento vencido")).not.toBeNull();
    const facturas = screen.getByRole("region", { name: "Factura(s)" });
    expect(within(facturas).getAllByRole("row")).toHaveLength(3);
    expect(fileInput("pdf")?.accept).toBe("application/pdf");
    expect(fileInput("xml")?.accept).toBe("text/xml");
    expect(fileInput("comprobante")).toBeNull();
    expect(fileRow("comprobante").textContent).toContain("No cargado");
    expect(add().disabled).toBe(false);
  });

  it("lists every validation message of spec §5 in one 30 s toast and sends nothing", async () => {
    signInAs("proveedor");
    const { calls } = await openDetalle(1);
    fireEvent.click(add());
    await waitFor(() => expect(toast()).not.toBeNull());
    expect(toast()?.textContent).toContain(MSG.pdfRequerido);
    expect(toast()?.textContent).toContain(MSG.pagoXmlRequerido);

    pick("pdf", pdfFile());
    pick(
      "xml",
      xmlFile(
        xmlPago({
          nombreEmisor: "OTRO PROVEEDOR SA DE CV",
          nombreReceptor: "OTRA SOCIEDAD SA DE CV",
          pagos: [
            { monto: "10000.00", documentos: [UUID_FACTURA_1] },
            { monto: "5000.00", documentos: ["ab12cd34-0000-4000-8000-000000000001"] },
          ],
        }),
      ),
    );
    fireEvent.click(add());
    await waitFor(() => expect(document.querySelectorAll(".mantine-Notification-root")).toHaveLength(2));
    const ultimo = [...document.querySelectorAll(".mantine-Notification-root")].find((node) =>
      node.textContent?.includes(MSG.totalPago),
    ) as HTMLElement;
    // Each message is an item of the toast's list (issue 40: lib/notify-list.tsx).
    const lineas = [...ultimo.querySelectorAll(".mantine-Notification-description li")].map((li) => li.textContent);
    expect(lineas).toEqual([
      "El nombre de proveedor del pago no es el mismo del XML",
      "El nombre de la sociedad del pago no es el mismo del XML",
      "El total del pago no es el mismo del XML",
      "El UUID del documento relacionado del XML: AB12CD34-0000-4000-8000-000000000001 No existe en las facturas registradas",
    ]);
    expect(calls.some(isPost)).toBe(false);
  });

  it("sends the supplier's postPago body, shows the server's message and returns to /Pagos", async () => {
    signInAs("proveedor");
    const { calls, router } = await openDetalle(1, {
      postPago: { body: { status: "success", message: MSG.documentosAgregados } },
    });
    pick("pdf", pdfFile());
    pick("xml", xmlFile());
    fireEvent.click(add());
    await screen.findByText("Se agrego con exito los documentos!");
    const post = calls.find(isPost);
    expect(post?.method).toBe("POST");
    const body = post?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      usuario: "P00001",
      id: "P00001",
      operador: "Proveedor",
      Correo: "facturacion@kemper.edu.mx",
      PagoSAP: 4410,
      BD: "SBO_KIJ",
      PDF: "complemento.pdf",
      XML: "complemento.xml",
      FechaPago: "2026-02-02T12:00:00",
      Folio: "P-88",
      Total: "17852.75",
      RFCEmisor: "EKU9003173C9",
      RFCReceptor: "KIJ0906199R1",
      NombreEmisor: "ESCUELA KEMPER URGATE",
      NombreReceptor: "KIJ, S.A DE C.V.",
      UUID: UUID_COMPLEMENTO,
      Detalle: makePago().Detalle,
    });
    expect(typeof body.PDF64).toBe("string");
    expect(CALLS.postPago.request.safeParse(body).success).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe("/Pagos"));
  });

  it("shows the server's refusal, and only logs a network failure", async () => {
    signInAs("proveedor");
    const { calls } = await openDetalle(1, {
      postPago: { status: 409, body: { status: "error", message: "El pago ya tiene un complemento aceptado" } },
    });
    pick("pdf", pdfFile());
    pick("xml", xmlFile());
    fireEvent.click(add());
    await waitFor(() => expect(toast()?.textContent).toContain("El pago ya tiene un complemento aceptado"));
    expect(calls.filter(isPost)).toHaveLength(1);

    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith(CALLS.postPago.path)) throw new TypeError("Failed to fetch");
      return realFetch(input, init);
    }) as typeof fetch;
    fireEvent.click(add());
    await waitFor(() => expect(takeConsoleErrors().length).toBeGreaterThan(0));
    expect(document.querySelectorAll(".mantine-Notification-root")).toHaveLength(1);
  });

  it("asks a supplier with an incomplete registration to complete it first", async () => {
    signInAs("proveedor");
    await openDetalle(1, { getProveedor: [] });
    await screen.findByText(MSG.registroIncompletoPagos);
    expect(MSG.registroIncompletoPagos.endsWith("para poder cargar pagos")).toBe(true);
    expect(fileInput("pdf")).toBeNull();
    expect(add().disabled).toBe(true);
  });

  it("is read-only once the complement is Aceptada or Cancelado: files can only be viewed", async () => {
    signInAs("proveedor");
    const { calls } = await openDetalle(2);
    expect(add().disabled).toBe(true);
    expect(fileInput("pdf")).toBeNull();
    expect(within(fileRow("pdf")).queryByRole("button", { name: "Ver PDF" })).not.toBeNull();
    expect(within(fileRow("xml")).queryByRole("button", { name: "Ver XML" })).not.toBeNull();
    expect(fileRow("pdf").textContent).toContain("Cargado");
    // No registration check is needed when nothing can be uploaded.
    expect(calls.some((call) => call.url.endsWith(CALLS.getProveedor.path))).toBe(false);
  });

  it("keeps 'Agregar' disabled for a cancelled payment", async () => {
    signInAs("proveedor");
    await openDetalle(5);
    expect((screen.getByRole("textbox", { name: "Estatus del complemento" }) as HTMLInputElement).value).toBe(
      "Cancelado",
    );
    expect(add().disabled).toBe(true);
    expect(fileInput("xml")).toBeNull();
  });
});

describe("/Pagos/Pago/:id (employee)", () => {
  it("uploads only the comprobante de pago and sends the employee variant", async () => {
    signInAs("consulta");
    const { calls } = await openDetalle(3, {
      postPago: { body: { status: "success", message: MSG.documentosAgregados } },
    });
    expect(screen.queryByRole("heading", { level: 1, name: "Registo del comprobante del pago #4412" })).not.toBeNull();
    expect(fileInput("pdf")).toBeNull();
    expect(fileInput("xml")).toBeNull();
    expect(fileInput("comprobante")?.accept).toBe("application/pdf");
    expect(screen.queryByRole("button", { name: "cargar comprobante de pago" })).not.toBeNull();
    // The supplier's files can be looked at.
    expect(within(fileRow("pdf")).queryByRole("button", { name: "Ver PDF" })).not.toBeNull();
    expect(calls.some((call) => call.url.endsWith(CALLS.getProveedor.path))).toBe(false);

    fireEvent.click(add());
    await waitFor(() => expect(toast()?.textContent).toContain("Debe cargar el complemento"));
    expect(calls.some(isPost)).toBe(false);

    pick("comprobante", pdfFile("transferencia.pdf"));
    fireEvent.click(add());
    await screen.findByText(MSG.documentosAgregados);
    const body = calls.find(isPost)?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      usuario: "2",
      id: "2",
      operador: "Empleado",
      PagoSAP: 4412,
      BD: "SBO_KIJ",
      Complemento: "transferencia.pdf",
      PDF: "No",
      XML: "No",
      UUID: "No",
      FechaPago: "No",
    });
    expect(typeof body.Complemento64).toBe("string");
    expect(CALLS.postPago.request.safeParse(body).success).toBe(true);
  });
});

describe("'Complemento esperado' (issue 14)", () => {
  it("says what to do and by when, then every Pagos 2.0 field with its value; a past deadline highlighted", async () => {
    signInAs("proveedor");
    const hoy = vi.spyOn(clock, "now").mockReturnValue(new Date(2026, 2, 10, 9, 0));
    try {
      const { calls } = await openDetalle(1, { getComplementoEsperado: COMPLEMENTO_ESPERADO });
      const panel = await screen.findByRole("region", { name: "Complemento esperado" });
      const nota = within(panel).getByRole("note", { name: "Qué hacer" });
      expect(nota.textContent).toContain(
        "El plazo venció el 5 de marzo de 2026: emita cuanto antes un CFDI de tipo P con estos datos.",
      );
      expect(nota.textContent).toContain("Plazo vencido");
      const pago = within(panel).getByRole("region", { name: "Pago" });
      for (const text of [
        "Fecha de pago (FechaPago)2 de febrero de 2026 (2026-02-02T12:00:00)",
        "Forma de pago (FormaDePagoP)03 · Transferencia electrónica de fondos",
        "Moneda (MonedaP)MXN",
        "Tipo de cambio (TipoCambioP)1",
        "Monto (Monto)17,852.75 MXN",
      ]) {
        expect(pago.textContent).toContain(text);
      }
      const primero = within(panel).getByRole("region", { name: "Documento relacionado 1: factura A123456" });
      for (const text of [
        `UUID de la factura (IdDocumento)${UUID_FACTURA_1}`,
        "Serie (Serie)A",
        "Folio (Folio)123456",
        "Moneda de la factura (MonedaDR)MXN",
        "Equivalencia (EquivalenciaDR)1",
        "Número de parcialidad (NumParcialidad)1",
        "Saldo anterior (ImpSaldoAnt)10,000.00 MXN",
        "Importe pagado (ImpPagado)10,000.00 MXN",
        "Saldo insoluto (ImpSaldoInsoluto)0.00 MXN",
        "Objeto de impuesto (ObjetoImpDR)02 · Sí objeto de impuesto",
        "Traslado IVA 16 % (TrasladoDR)ImpuestoDR 002 · TipoFactorDR Tasa · TasaOCuotaDR 0.160000",
        "Base del IVA 16 % (BaseDR)8,620.69 MXN",
        "Importe del IVA 16 % (ImporteDR)1,379.31 MXN",
      ]) {
        expect(primero.textContent).toContain(text);
      }
      const segundo = within(panel).getByRole("region", { name: "Documento relacionado 2: factura A123457" });
      expect(segundo.textContent).toContain("Número de parcialidad (NumParcialidad)2");
      expect(segundo.textContent).toContain("Saldo insoluto (ImpSaldoInsoluto)7,147.25 MXN");
      expect(segundo.textContent).toContain("Objeto de impuesto (ObjetoImpDR)01 · No objeto de impuesto");
      expect(segundo.textContent).not.toContain("TrasladoDR");
      const impuestos = within(panel).getByRole("region", { name: "Impuestos del pago (TrasladosP)" });
      expect(impuestos.textContent).toContain("Base del IVA 16 % (BaseP)8,620.69 MXN");
      expect(impuestos.textContent).toContain("Importe del IVA 16 % (ImporteP)1,379.31 MXN");
      const totales = within(panel).getByRole("region", { name: "Totales (en MXN)" });
      for (const text of [
        "Base del IVA 16 % (TotalTrasladosBaseIVA16)8,620.69 MXN",
        "IVA 16 % (TotalTrasladosImpuestoIVA16)1,379.31 MXN",
        "Monto total de los pagos (MontoTotalPagos)17,852.75 MXN",
      ]) {
        expect(totales.textContent).toContain(text);
      }
      expect(within(panel).queryByRole("button", { name: "Imprimir" })).not.toBeNull();
      const pedido = calls.find((call) => call.url.endsWith(CALLS.getComplementoEsperado.path));
      expect(pedido?.body).toEqual({ usuario: "P00001", operador: "Proveedor", BD: "SBO_KIJ", PagoSAP: 4410 });
    } finally {
      hoy.mockRestore();
    }
  });

  it("does not highlight a deadline still ahead, and shows the panel to employees too", async () => {
    signInAs("consulta");
    const hoy = vi.spyOn(clock, "now").mockReturnValue(new Date(2026, 2, 5, 23, 0));
    try {
      await openDetalle(1, { getComplementoEsperado: COMPLEMENTO_ESPERADO });
      const panel = await screen.findByRole("region", { name: "Complemento esperado" });
      expect(within(panel).getByRole("note", { name: "Qué hacer" }).textContent).toContain(
        "Emita un CFDI de tipo P con estos datos antes del 5 de marzo de 2026.",
      );
      expect(panel.textContent).not.toContain("Plazo vencido");
    } finally {
      hoy.mockRestore();
    }
  });

  it("'Imprimir' opens the browser's print dialog", async () => {
    signInAs("proveedor");
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    try {
      await openDetalle(1, { getComplementoEsperado: COMPLEMENTO_ESPERADO });
      const panel = await screen.findByRole("region", { name: "Complemento esperado" });
      fireEvent.click(within(panel).getByRole("button", { name: "Imprimir" }));
      expect(print).toHaveBeenCalledOnce();
    } finally {
      print.mockRestore();
    }
  });

  it("downloads the expected complement as complemento-esperado-{PagoSAP}.json", async () => {
    signInAs("proveedor");
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return "blob:complemento";
    });
    const revokeObjectURL = vi.fn();
    // jsdom has no object URLs; the download only needs one to hand to the link.
    const originales = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const descargados: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      descargados.push(this.download);
    });
    try {
      await openDetalle(1, { getComplementoEsperado: COMPLEMENTO_ESPERADO });
      const panel = await screen.findByRole("region", { name: "Complemento esperado" });
      fireEvent.click(within(panel).getByRole("button", { name: "Descargar JSON" }));
      expect(descargados).toEqual(["complemento-esperado-4410.json"]);
      expect(blobs[0]?.type).toBe("application/json");
      const texto = new TextDecoder().decode(await readBytes(blobs[0] as Blob));
      expect(JSON.parse(texto)).toEqual(COMPLEMENTO_ESPERADO);
    } finally {
      click.mockRestore();
      Object.assign(URL, originales);
    }
  });

  it("is absent when no complement is owed", async () => {
    signInAs("proveedor");
    await openDetalle(1, { getComplementoEsperado: null });
    await waitFor(() => expect(screen.queryByRole("region", { name: "Factura(s)" })).not.toBeNull());
    expect(screen.queryByRole("region", { name: "Complemento esperado" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Descargar JSON" })).toBeNull();
  });
});
