import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { downloadCsv, type ExportTable, toCsv } from "../../../components/data-table/export";
import { clock } from "../../../lib/clock";
import { session } from "../../../lib/session";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { pickOption } from "../../../test/pick-option";
import { renderApp } from "../../../test/render-app";
import { CONCILIACION, SOCIEDADES } from "../conciliacion-sat.fixtures";

vi.mock("../../../components/data-table/export", async (original) => ({
  ...(await original<typeof import("../../../components/data-table/export")>()),
  downloadCsv: vi.fn(),
}));

const tabla = (name: string) => screen.getByRole("table", { name });
const filas = (name: string) => within(tabla(name)).getAllByRole("row").slice(1);
const CFDI = "CFDI recibidos";

beforeEach(() => {
  vi.mocked(downloadCsv).mockClear();
  vi.spyOn(clock, "now").mockReturnValue(new Date(2026, 10, 29, 12));
});
afterEach(() => vi.restoreAllMocks());

async function exportCsv(indice: number): Promise<ExportTable> {
  await act(async () => fireEvent.click(screen.getAllByRole("button", { name: "Exportar" })[indice]!));
  const csv = await screen.findByRole("menuitem", { name: "CSV", hidden: true });
  await act(async () => fireEvent.click(csv));
  expect(downloadCsv).toHaveBeenCalledOnce();
  return vi.mocked(downloadCsv).mock.calls[0]?.[0] as ExportTable;
}

describe("/Conciliacion-SAT", () => {
  it("asks for the sociedad and month, lists each CFDI with its label, the totals and the other issuers apart", async () => {
    signInAs("administrador");
    const calls = fakeCalls({ rowSociedades: SOCIEDADES, getConciliacionSat: CONCILIACION });
    const { router } = renderApp("/Conciliacion-SAT");
    await screen.findByRole("heading", { level: 1, name: "Conciliación SAT" });
    await screen.findByText("Elija una sociedad para ver su conciliación.");
    expect(calls.some((c) => c.url.endsWith("/getConciliacion"))).toBe(false);
    pickOption("Sociedad", "MCI, S.A. DE C.V.");
    await waitFor(() => expect(filas(CFDI)).toHaveLength(4));
    expect(calls.find((c) => c.url.endsWith("/getConciliacion"))?.body).toEqual({ Sociedad: 4, Periodo: "2026-11" });
    expect(router.state.location.search).toMatchObject({ sociedad: 4 });
    const primera = within(filas(CFDI)[0]!)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    // The job's state for the sociedad: the SAT's refusal in Spanish and when it is asked again.
    const estado = screen.getByRole("region", { name: "Estado de la descarga del SAT" }).textContent;
    expect(estado).toContain("Descarga del SAT: Se volverá a solicitar.");
    expect(estado).toContain(
      "Periodo solicitado del 2026-10-01 al 2026-11-29; 4 CFDI recibido(s); actualizada el 2026-11-29 06:00 (hora de la Ciudad de México).",
    );
    expect(estado).toContain("El SAT respondió 5002");
    expect(estado).toContain("Próximo intento: 2026-11-30 06:00 (hora de la Ciudad de México).");
    expect(primera).toEqual([
      "BERENICE XIMO QUEZADA",
      "XIQB891116QE4",
      "11111111-1111-4111-8111-111111111111",
      "2026-11-03",
      "1,160.00 MXN",
      "1,160.00 MXN",
      "Vigente",
      "Aceptada",
      "501",
      "Conciliado",
      expect.any(String),
    ]);
    // The XML the SAT gave (decision 075, amendment 2), only on the rows whose XML the portal holds.
    expect(within(filas(CFDI)[0]!).queryByRole("button", { name: "Visualizar XML" })).not.toBeNull();
    expect(within(filas(CFDI)[1]!).queryByRole("button", { name: "Visualizar XML" })).toBeNull();
    expect(filas(CFDI)[1]?.textContent).toContain("No registrado");
    expect(filas(CFDI)[1]?.textContent).toContain("Falta en el portal");
    expect(filas(CFDI)[3]?.textContent).toContain("Cancelado en el SAT después de aceptado");
    expect(filas("Totales por moneda").map((r) => r.textContent)).toEqual([
      "MXN23,660.50 MXN3,660.50 MXN",
      "Sin moneda3970.000.00",
    ]);
    expect(filas("CFDI de emisores que no son proveedores")).toHaveLength(1);
    expect(filas("CFDI de emisores que no son proveedores")[0]?.textContent).toContain("PAPELERÍA AJENA");
    // One supplier has CFDI missing from the portal (the other issuer is no supplier: no mail).
    expect(filas("Proveedores con CFDI faltantes en el portal").map((r) => r.textContent)).toEqual([
      "BERENICE XIMO QUEZADAXIQB891116QE42Avisar al proveedor",
    ]);

    const exportado = await exportCsv(0);
    expect(toCsv(exportado).split("\r\n").slice(0, 3)).toEqual([
      "\uFEFFEmisor,RFC,UUID,Fecha de emisión,Total SAT,Moneda (Total SAT),Total portal,Moneda (Total portal),Estatus SAT,Estatus portal,Factura SAP,Conciliación",
      "BERENICE XIMO QUEZADA,XIQB891116QE4,11111111-1111-4111-8111-111111111111,2026-11-03,1160.00,MXN,1160.00,MXN,Vigente,Aceptada,501,Conciliado",
      "BERENICE XIMO QUEZADA,XIQB891116QE4,22222222-2222-4222-8222-222222222222,2026-11-05,580.00,,,,Vigente,No registrado,,Falta en el portal",
    ]);
  });

  it("opens with the sociedad and month of its URL and asks for that month", async () => {
    signInAs("administrador");
    const calls = fakeCalls({ rowSociedades: SOCIEDADES, getConciliacionSat: CONCILIACION });
    renderApp("/Conciliacion-SAT?sociedad=4&periodo=2026-10");
    await waitFor(() => expect(filas(CFDI)).toHaveLength(4));
    expect(calls.find((c) => c.url.endsWith("/getConciliacion"))?.body).toEqual({ Sociedad: 4, Periodo: "2026-10" });
    pickOption("Periodo", "septiembre de 2026");
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith("/getConciliacion")).map((c) => c.body)).toContainEqual({
        Sociedad: 4,
        Periodo: "2026-09",
      }),
    );
  });

  it("sends the supplier its one mail after confirming, and shows the server's message", async () => {
    signInAs("administrador");
    const mensaje = "Se envió al proveedor P00002 un correo con 2 CFDI que faltan en el portal.";
    const calls = fakeCalls({
      rowSociedades: SOCIEDADES,
      getConciliacionSat: CONCILIACION,
      avisarProveedorConciliacion: { body: { status: "success", message: mensaje } },
    });
    renderApp("/Conciliacion-SAT?sociedad=4&periodo=2026-11");
    fireEvent.click(await screen.findByRole("button", { name: "Avisar a BERENICE XIMO QUEZADA" }));
    const dialogo = await screen.findByRole("dialog", { name: "Avisar al proveedor" });
    expect(dialogo.textContent).toContain(
      "¿Enviar a BERENICE XIMO QUEZADA un correo con sus 2 CFDI que el SAT registra y faltan en el portal?",
    );
    expect(calls.some((c) => c.url.endsWith("/avisarProveedor"))).toBe(false);
    fireEvent.click(within(dialogo).getByRole("button", { name: "Enviar correo" }));
    await screen.findByText(mensaje);
    expect(calls.find((c) => c.url.endsWith("/avisarProveedor"))?.body).toEqual({
      Sociedad: 4,
      Periodo: "2026-11",
      CardCode: "P00002",
    });
  });

  it("shows the server's refusal of the mail", async () => {
    signInAs("administrador");
    const refusal = "El proveedor no tiene correo registrado; no se envió el aviso.";
    fakeCalls({
      rowSociedades: SOCIEDADES,
      getConciliacionSat: CONCILIACION,
      avisarProveedorConciliacion: { status: 409, body: { status: "error", message: refusal } },
    });
    renderApp("/Conciliacion-SAT?sociedad=4&periodo=2026-11");
    fireEvent.click(await screen.findByRole("button", { name: "Avisar a BERENICE XIMO QUEZADA" }));
    const dialogo = await screen.findByRole("dialog", { name: "Avisar al proveedor" });
    fireEvent.click(within(dialogo).getByRole("button", { name: "Enviar correo" }));
    await screen.findByText(refusal);
  });

  it("lets an administrator run the Descarga Masiva now, shows the job's answer and reloads the reconciliation", async () => {
    signInAs("administrador");
    const resumen = "1 sociedad(es) consultada(s); 4 CFDI recibido(s) registrado(s) o actualizado(s).";
    const calls = fakeCalls({
      rowSociedades: SOCIEDADES,
      getConciliacionSat: CONCILIACION,
      ejecutarDescargaSat: { body: { status: "success", message: resumen } },
    });
    renderApp("/Conciliacion-SAT?sociedad=4&periodo=2026-11");
    await waitFor(() => expect(filas(CFDI)).toHaveLength(4));
    fireEvent.click(screen.getByRole("button", { name: "Ejecutar ahora" }));
    expect((await screen.findByRole("status")).textContent).toContain(resumen);
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith("/getConciliacion"))).toHaveLength(2));
    expect(calls.find((c) => c.url.endsWith("/descargaSat/ejecutar"))?.body).toEqual({});
  });

  it("lets an administrator ask the SAT for the month's XML, shows the server's message and reloads", async () => {
    signInAs("administrador");
    const mensaje = "Se guardó el XML de 4 CFDI recibido(s) del 2026-11-01 00:00:00 al 2026-11-29 06:00:00.";
    const calls = fakeCalls({
      rowSociedades: SOCIEDADES,
      getConciliacionSat: CONCILIACION,
      descargarXmlSat: { body: { status: "success", message: mensaje } },
    });
    renderApp("/Conciliacion-SAT?sociedad=4&periodo=2026-11");
    await waitFor(() => expect(filas(CFDI)).toHaveLength(4));
    fireEvent.click(screen.getByRole("button", { name: "Descargar XML" }));
    expect((await screen.findByRole("status")).textContent).toContain(mensaje);
    expect(calls.find((c) => c.url.endsWith("/descargaSat/descargarXml"))?.body).toEqual({
      Sociedad: 4,
      Periodo: "2026-11",
    });
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith("/getConciliacion"))).toHaveLength(2));
  });

  it("gives an employee with ConciliaSat the screen and its menu entry, without 'Ejecutar ahora' nor 'Descargar XML'", async () => {
    session.storeLogin(
      { perfil: "G", nombre: "Tomás Reyes Salgado", token: "tok-r", id: "3", VisuDocPen: "N", ConciliaSat: "Y" },
      "Empleado",
    );
    fakeCalls({ rowSociedades: SOCIEDADES, getConciliacionSat: CONCILIACION, homeRowDocuments: { Registro: 0 } });
    renderApp("/Conciliacion-SAT?sociedad=4&periodo=2026-11");
    await waitFor(() => expect(filas(CFDI)).toHaveLength(4));
    const nav = screen.getByRole("navigation", { name: "Menú principal" });
    expect(within(nav).queryByRole("link", { name: "Conciliación SAT" })).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Ejecutar ahora" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Descargar XML" })).toBeNull();
    expect(screen.getByRole("button", { name: "Avisar a BERENICE XIMO QUEZADA" })).not.toBeNull();
  });

  it("sends a reviewer (ViDocPen Y) without ConciliaSat to /Home and shows no entry", async () => {
    session.storeLogin(
      { perfil: "G", nombre: "Revisora de Cuentas", token: "tok-v", id: "5", VisuDocPen: "Y" },
      "Empleado",
    );
    const calls = fakeCalls({ rowSociedades: SOCIEDADES, homeRowDocuments: { Registro: 0 } });
    const { router } = renderApp("/Conciliacion-SAT");
    await waitFor(() => expect(router.state.location.pathname).toBe("/Home"));
    const nav = await screen.findByRole("navigation", { name: "Menú principal" });
    expect(within(nav).queryByRole("link", { name: "Conciliación SAT" })).toBeNull();
    expect(calls.some((c) => c.url.endsWith("/getConciliacion"))).toBe(false);
  });

  it("sends an employee without ConciliaSat to /Home and shows no entry", async () => {
    signInAs("consulta");
    const calls = fakeCalls({ rowSociedades: SOCIEDADES, homeRowDocuments: { Registro: 0 } });
    const { router } = renderApp("/Conciliacion-SAT");
    await waitFor(() => expect(router.state.location.pathname).toBe("/Home"));
    const nav = await screen.findByRole("navigation", { name: "Menú principal" });
    expect(within(nav).queryByRole("link", { name: "Conciliación SAT" })).toBeNull();
    expect(calls.some((c) => c.url.endsWith("/getConciliacion"))).toBe(false);
  });
});
