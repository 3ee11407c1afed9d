import type { TareaRow } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import { Route } from "../../../routes/tareas.lazy";
import { fakeCalls, sessionOf, signInAs } from "../../../test/fake-api";
import { renderApp } from "../../../test/render-app";
import { renderScreen } from "../../../test/render-screen";

const RECORDATORIOS: TareaRow = {
  Nombre: "recordatorios-documentos",
  Descripcion: "Avisa por correo a cada proveedor activo los documentos requeridos que vencen.",
  Programa: "Todos los días a las 06:00 (hora de la Ciudad de México)",
  UltimaEjecucion: "2026-11-21T12:00:00.000Z",
  UltimoFin: "2026-11-21T12:00:01.000Z",
  Resultado: "Correcta",
  Mensaje: "Se avisó de 3 documentos a 2 proveedores.",
  ProximaEjecucion: "2026-11-22T12:00:00.000Z",
  Fallas: 0,
  Pendientes: 0,
};
const SAT: TareaRow = {
  Nombre: "estado-sat",
  Descripcion: "Vuelve a consultar en el SAT las facturas aceptadas.",
  Programa: "Cada hora",
  UltimaEjecucion: "2026-11-21T11:00:00.000Z",
  UltimoFin: "2026-11-21T11:00:09.000Z",
  Resultado: "Con error",
  Mensaje: "El servicio del SAT no respondió.",
  ProximaEjecucion: "2026-11-21T11:20:00.000Z",
  Fallas: 3,
  Pendientes: 12,
};
const NUEVA: TareaRow = {
  ...RECORDATORIOS,
  Nombre: "lista-69b",
  Programa: "Todos los días a las 00:00 (hora de la Ciudad de México)",
  UltimaEjecucion: null,
  UltimoFin: null,
  Resultado: null,
  Mensaje: "",
  ProximaEjecucion: "2026-11-22T06:00:00.000Z",
  Pendientes: null,
};

const table = () => screen.getByRole("table", { name: "Tareas programadas" });
const bodyRows = () => within(table()).getAllByRole("row").slice(1);

/** The route's screen alone (renderScreen, decision 052), signed in as an administrator as its guard requires. */
const TareasScreen = Route.options.component as ComponentType;
const renderTareas = () => renderScreen(<TareasScreen />, { path: "/Tareas", session: sessionOf("administrador") });

describe("/Tareas", () => {
  it("lists each job with its last run, result, next run, failures and backlog", async () => {
    const calls = fakeCalls({ getTareas: [RECORDATORIOS, SAT, NUEVA] });
    renderTareas();
    await screen.findByRole("heading", { level: 1, name: "Tareas programadas" });
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(within(table()).getAllByRole("row")[0]?.textContent).toBe(
      "TareaDescripciónÚltima ejecución (hora de la Ciudad de México)ResultadoMensajePróxima ejecución (hora de la Ciudad de México)Fallas seguidasPendientes",
    );
    const [recordatorios, sat, nueva] = bodyRows().map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );
    expect(recordatorios).toEqual([
      "recordatorios-documentosTodos los días a las 06:00 (hora de la Ciudad de México)",
      RECORDATORIOS.Descripcion,
      "2026-11-21 06:00",
      "Correcta",
      "Se avisó de 3 documentos a 2 proveedores.",
      "2026-11-22 06:00",
      "0",
      "0",
    ]);
    expect(sat).toEqual([
      "estado-satCada hora",
      SAT.Descripcion,
      "2026-11-21 05:00",
      "Con error",
      "El servicio del SAT no respondió.",
      "2026-11-21 05:20",
      "3",
      "12",
    ]);
    // Never run yet, and a job that cannot count its backlog.
    expect(nueva?.slice(2)).toEqual(["—", "Sin ejecutar", "", "2026-11-22 00:00", "0", "—"]);
    // The call carries who asks (spec §7 lists) and the session's token.
    expect(calls[0]?.body).toEqual({ usuario: "1", operador: "Empleado" });
    expect(calls[0]?.headers.get("x-access-token")).toBe("tok-a");
  });

  it("searches and reloads", async () => {
    const calls = fakeCalls({ getTareas: [RECORDATORIOS, SAT] });
    renderTareas();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    fireEvent.change(screen.getByPlaceholderText("Search…"), { target: { value: "SAT" } });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.textContent).toContain("estado-sat");
    fireEvent.click(screen.getByRole("button", { name: "Recargar" }));
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it("is in the drawer for administrators only", async () => {
    signInAs("administrador");
    fakeCalls({ getTareas: [] });
    renderApp("/Tareas");
    const nav = await screen.findByRole("navigation", { name: "Menú principal" });
    expect(within(nav).getByRole("link", { name: "Tareas programadas" }).getAttribute("href")).toBe("/Tareas");
    await screen.findByText("No hay tareas programadas.");
  });

  it("sends a general employee back to /Home and shows no entry", async () => {
    signInAs("consulta");
    // Home answers its tiles; the jobs call must never be made.
    const calls = fakeCalls({ getTareas: [RECORDATORIOS], homeRowDocuments: { Registro: 0 } });
    const { router } = renderApp("/Tareas");
    await waitFor(() => expect(router.state.location.pathname).toBe("/Home"));
    const nav = await screen.findByRole("navigation", { name: "Menú principal" });
    expect(within(nav).queryByRole("link", { name: "Tareas programadas" })).toBeNull();
    expect(calls.some((call) => call.url.endsWith("/api/tareas/getTareas"))).toBe(false);
  });
});
