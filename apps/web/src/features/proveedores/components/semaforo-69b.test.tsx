import type { Lista69b, LoginData, ProveedorRow } from "@portal/contracts";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { session } from "../../../lib/session";
import { type FakeCall, fakeApi, renderApp } from "../../../test/render-app";
import { BERENICE, KEMPER } from "../proveedores.fixtures";

/** Issue 15: the traffic light of each supplier's RFC on the SAT's 69-B list, in the catalogue and the detail. */
const CONSULTA: LoginData = { perfil: "G", nombre: "Mariana López Torres", token: "tok-g", id: "2", VisuDocPen: "N" };
const ok = (data: unknown) => ({ body: { status: "success", message: "OK", data } });

const lista = (over: Partial<Lista69b>): Lista69b => ({
  Semaforo: "verde",
  Situacion: null,
  Nombre: "",
  Oficio: "",
  PublicacionSAT: "",
  PublicacionDOF: "",
  ListaAl: "2026-11-21",
  ...over,
});
const DEFINITIVO = lista({
  Semaforo: "rojo",
  Situacion: "Definitivo",
  Nombre: "ESCUELA KEMPER URGATE",
  Oficio: "500-05-2025-20014 de fecha 6 de junio de 2025",
  PublicacionSAT: "07/07/2025",
  PublicacionDOF: "08/08/2025",
});
const ROWS: ProveedorRow[] = [
  { ...KEMPER, Lista69B: DEFINITIVO },
  { ...BERENICE, Lista69B: lista({ Semaforo: "ambar", Situacion: "Presunto", Nombre: "BERENICE XIMO QUEZADA" }) },
  {
    ...KEMPER,
    Fila: 3,
    CardCode: "P00003",
    CardName: "DISTRIBUIDORA DESVIRTUADA",
    Lista69B: lista({ Situacion: "Desvirtuado" }),
  },
  {
    ...KEMPER,
    Fila: 4,
    CardCode: "P00004",
    CardName: "CONSTRUCCIONES CON SENTENCIA",
    Lista69B: lista({ Situacion: "Sentencia Favorable" }),
  },
  { ...KEMPER, Fila: 5, CardCode: "P00005", CardName: "LIMPIO NO LISTADO", Lista69B: lista({}) },
];

const api = (rows: ProveedorRow[]) => (call: FakeCall) => {
  if (call.url.endsWith("/api/proveedores/rowProveedores")) return ok(rows);
  if (call.url.endsWith("/api/proveedores/getSociedades")) return ok([]);
  if (call.url.endsWith("/api/home/RowDocuments")) return ok({ Registro: 0 });
  if (call.url.endsWith("/api/home/getSociedades")) return ok([]);
  return undefined;
};

describe("the 69-B traffic light", () => {
  it("shows each situation's light in the catalogue: red Definitivo, amber Presunto, green otherwise", async () => {
    session.storeLogin(CONSULTA, "Empleado");
    fakeApi(api(ROWS));
    renderApp("/Catalogo-Proveedores");
    const table = await screen.findByRole("table", { name: "Catálogo de proveedores" });
    expect(within(table).queryByRole("columnheader", { name: /69-B/ })).not.toBeNull();
    const luz = (fila: RegExp) =>
      within(within(table).getByRole("row", { name: fila })).queryByLabelText(/^Lista 69-B/);
    await within(table).findByRole("row", { name: /LIMPIO/ });
    const casos: [RegExp, string, string][] = [
      [/ESCUELA KEMPER URGATE/, "Definitivo", "rojo"],
      [/BERENICE/, "Presunto", "ambar"],
      [/DESVIRTUADA/, "Desvirtuado", "verde"],
      [/SENTENCIA/, "Sentencia Favorable", "verde"],
      [/LIMPIO/, "No listado", "verde"],
    ];
    for (const [fila, texto, semaforo] of casos) {
      const badge = luz(fila);
      expect(badge?.textContent).toBe(texto);
      expect(badge?.getAttribute("data-semaforo")).toBe(semaforo);
      expect(badge?.getAttribute("aria-label")).toBe(`Lista 69-B: ${texto}`);
    }
    // Searching by the light's words finds the suppliers.
    fireEvent.change(screen.getByPlaceholderText("Search…"), { target: { value: "Presunto" } });
    expect(within(table).queryByRole("row", { name: /KEMPER/ })).toBeNull();
    expect(within(table).queryByRole("row", { name: /BERENICE/ })).not.toBeNull();
  });

  it("shows no light while no list has been imported", async () => {
    session.storeLogin(CONSULTA, "Empleado");
    fakeApi(api([{ ...KEMPER, Lista69B: null }, BERENICE]));
    renderApp("/Catalogo-Proveedores");
    const table = await screen.findByRole("table", { name: "Catálogo de proveedores" });
    await within(table).findByRole("row", { name: /KEMPER/ });
    expect(within(table).queryAllByLabelText(/^Lista 69-B/)).toEqual([]);
  });

  it("the detail of a Definitivo supplier warns the employee with the publication data", async () => {
    session.storeLogin(CONSULTA, "Empleado");
    fakeApi(api(ROWS));
    renderApp("/Catalogo-Proveedores");
    const table = await screen.findByRole("table", { name: "Catálogo de proveedores" });
    fireEvent.doubleClick(await within(table).findByRole("row", { name: /ESCUELA KEMPER URGATE/ }));
    const title = await screen.findByText(/lista definitiva del artículo 69-B del CFF/);
    const alerta = title.closest('[role="alert"]') as HTMLElement;
    expect(alerta.textContent).toContain("lista definitiva del artículo 69-B del CFF");
    expect(alerta.textContent).toContain("Oficio: 500-05-2025-20014 de fecha 6 de junio de 2025");
    expect(alerta.textContent).toContain("Publicación en la página del SAT: 07/07/2025");
    expect(alerta.textContent).toContain("Publicación en el DOF: 08/08/2025");
    expect(screen.getAllByLabelText("Lista 69-B: Definitivo").length).toBeGreaterThan(0);
  });
});
