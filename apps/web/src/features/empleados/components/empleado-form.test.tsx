import { type EmpleadoRow, type LoginData, MSG } from "@portal/contracts";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { session } from "../../../lib/session";
import { pickOption } from "../../../test/pick-option";
import { type FakeCall, fakeApi, renderApp } from "../../../test/render-app";

// Saves and file reads are asynchronous round trips; give them room on a busy machine.
configure({ asyncUtilTimeout: 4000 });

const ADMIN: LoginData = { perfil: "A", nombre: "Administrador del Portal", token: "tok-a", id: "1", VisuDocPen: "Y" };
const CONSULTA: LoginData = { perfil: "G", nombre: "Mariana López Torres", token: "tok-g", id: "2", VisuDocPen: "N" };

const ROWS: EmpleadoRow[] = [
  {
    Fila: 1,
    IdEmpleado: "admin",
    Perfil: "A",
    Nombre: "Administrador",
    Apellidos: "del Portal",
    Email: "admin@empresa.com.mx",
    IdArea: 5,
    Area: "Sistemas",
    Estatus: "A",
    Pass: "",
    VisuDocPen: "Y",
  },
  {
    Fila: 2,
    IdEmpleado: "consulta",
    Perfil: "G",
    Nombre: "Mariana",
    Apellidos: "López Torres",
    Email: "consulta@empresa.com.mx",
    IdArea: 2,
    Area: "Cuentas por pagar",
    Estatus: "A",
    Pass: "",
    VisuDocPen: "N",
  },
];
const AREAS = [
  { IdArea: 1, Nombre: "Compras" },
  { IdArea: 2, Nombre: "Cuentas por pagar" },
  { IdArea: 5, Nombre: "Sistemas" },
];

const ok = (data: unknown) => ({ body: { status: "success", message: "OK", data } });

function empleadosApi(extra?: (call: FakeCall) => { status?: number; body: unknown } | undefined) {
  return (call: FakeCall) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.url.endsWith("/api/empleados/rowEmpleados")) {
      const tipo = (call.body as { tipo: string }).tipo;
      return ok(
        tipo === "Perfil"
          ? ROWS.filter(
              (row) => row.IdEmpleado === (call.headers.get("x-access-token") === "tok-a" ? "admin" : "consulta"),
            )
          : ROWS,
      );
    }
    if (call.url.endsWith("/api/empleados/getAreas")) return ok(AREAS);
    if (call.url.endsWith("/api/home/RowDocuments")) return ok({ Registro: 0 });
    return undefined;
  };
}

describe("employee form", () => {
  it("creates an employee: required marks, the password rule, the spec's message, back to the catalogue", async () => {
    session.storeLogin(ADMIN, "Empleado");
    const calls = fakeApi(
      empleadosApi((call) =>
        call.url.endsWith("/createEmpleado") ? { body: { status: "success", message: MSG.empleadoCreado } } : undefined,
      ),
    );
    const { router } = renderApp("/Catalogo-Empleados/Empleado/Nuevo");
    await screen.findByRole("heading", { level: 1, name: "Nuevo empleado" });
    const create = screen.getByRole("button", { name: "Crear" });

    fireEvent.click(create);
    await screen.findByText("El campo Usuario es obligatorio.");
    expect(screen.queryByText("El campo Área es obligatorio.")).not.toBeNull();
    expect(screen.queryByText(MSG.passwordEmpleado)).not.toBeNull();
    expect(calls.some((call) => call.url.endsWith("/createEmpleado"))).toBe(false);

    fireEvent.change(screen.getByRole("textbox", { name: /Usuario/ }), { target: { value: "jperez" } });
    pickOption(/Rol/, "General");
    fireEvent.change(screen.getByRole("textbox", { name: /^Nombre/ }), { target: { value: "Juan" } });
    fireEvent.change(screen.getByRole("textbox", { name: /Apellidos/ }), { target: { value: "Pérez" } });
    fireEvent.change(screen.getByRole("textbox", { name: /Correo/ }), { target: { value: "jperez@empresa.com.mx" } });
    pickOption(/Área/, "Compras");
    const password = screen.getByLabelText(/Contraseña/);
    fireEvent.change(password, { target: { value: "ab!" } });
    // Spec §5: the form cannot be submitted while the password fails.
    await waitFor(() => expect(create.hasAttribute("disabled")).toBe(true));
    expect(screen.queryByText(MSG.passwordEmpleado)).not.toBeNull();
    fireEvent.change(password, { target: { value: "Clave2026" } });
    await waitFor(() => expect(create.hasAttribute("disabled")).toBe(false));
    fireEvent.click(screen.getByRole("checkbox", { name: "Ver el módulo de documentos pendientes" }));

    fireEvent.click(create);
    await screen.findByText(MSG.empleadoCreado);
    expect(calls.find((call) => call.url.endsWith("/createEmpleado"))?.body).toEqual({
      Usuario: "jperez",
      RolEmpleado: "G",
      Nombre: "Juan",
      Apellidos: "Pérez",
      Correo: "jperez@empresa.com.mx",
      Area: 1,
      ViDocPen: "Y",
      ApruebaCuentas: "N",
      ConciliaSat: "N",
      Estatus: "A",
      Contraseña: "Clave2026",
    });
    // Spec §4: the save button stays disabled and the catalogue comes back once the message closes.
    expect(create.hasAttribute("disabled")).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe("/Catalogo-Empleados"));
  });

  it("opens a row by double-click and updates it; a refusal shows the server's message", async () => {
    session.storeLogin(ADMIN, "Empleado");
    const calls = fakeApi(
      empleadosApi((call) =>
        call.url.endsWith("/updateEmpleado")
          ? { status: 409, body: { status: "error", message: "No se pudo actualizar (prueba)." } }
          : undefined,
      ),
    );
    const { router } = renderApp("/Catalogo-Empleados");
    const table = await screen.findByRole("table", { name: "Catálogo de empleados" });
    expect(screen.queryByRole("button", { name: "Agregar" })).not.toBeNull();
    const row = await within(table).findByRole("row", { name: /consulta/ });
    fireEvent.doubleClick(row);
    await waitFor(() => expect(router.state.location.pathname).toBe("/Catalogo-Empleados/Empleado/2"));

    const modify = await screen.findByRole("button", { name: "Actualizar" });
    expect(screen.getByRole("textbox", { name: /Usuario/ }).hasAttribute("readonly")).toBe(true);
    // Spec §4: the status is selectable only when creating.
    expect(screen.getByRole("combobox", { name: /Estatus/ }).hasAttribute("readonly")).toBe(true);
    fireEvent.change(screen.getByRole("textbox", { name: /^Nombre/ }), { target: { value: "Mariana Isabel" } });
    fireEvent.click(modify);

    await screen.findByText("No se pudo actualizar (prueba).");
    expect(calls.find((call) => call.url.endsWith("/updateEmpleado"))?.body).toEqual({
      Id: 2,
      Usuario: "consulta",
      RolEmpleado: "G",
      Nombre: "Mariana Isabel",
      Apellidos: "López Torres",
      Correo: "consulta@empresa.com.mx",
      Area: 2,
      ViDocPen: "N",
      ApruebaCuentas: "N",
      ConciliaSat: "N",
    });
    expect(router.state.location.pathname).toBe("/Catalogo-Empleados/Empleado/2");
    await waitFor(() => expect(modify.hasAttribute("disabled")).toBe(false));
  });

  it("Desactivar / Activar: administrators confirm, the server's message shows, the form and the list follow", async () => {
    session.storeLogin(ADMIN, "Empleado");
    let estatus: "A" | "I" = "A";
    const calls = fakeApi(
      empleadosApi((call) => {
        if (call.url.endsWith("/updateEstatusEmpleado")) {
          estatus = (call.body as { Estatus: "A" | "I" }).Estatus;
          const message = estatus === "I" ? MSG.empleadoDesactivado : MSG.empleadoActivado;
          return { body: { status: "success", message } };
        }
        if (call.url.endsWith("/rowEmpleados") && (call.body as { tipo: string }).tipo === "Lista") {
          return ok(ROWS.map((row) => (row.IdEmpleado === "consulta" ? { ...row, Estatus: estatus } : row)));
        }
        return undefined;
      }),
    );
    const estatusCalls = () => calls.filter((call) => call.url.endsWith("/updateEstatusEmpleado"));
    const { router } = renderApp("/Catalogo-Empleados");
    const table = await screen.findByRole("table", { name: "Catálogo de empleados" });
    fireEvent.doubleClick(await within(table).findByRole("row", { name: /consulta/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Catalogo-Empleados/Empleado/2"));
    const estatusField = () => screen.getByRole("combobox", { name: /Estatus/ }) as HTMLInputElement;
    expect(estatusField().value).toBe("Activo");

    // Cancelar in the confirmation sends nothing.
    fireEvent.click(await screen.findByRole("button", { name: "Desactivar" }));
    let dialog = await screen.findByRole("dialog", { name: "Desactivar empleado" });
    expect(within(dialog).queryByText(/¿Desactivar al empleado consulta\? No podrá iniciar sesión/)).not.toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(estatusCalls()).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Desactivar" }));
    dialog = await screen.findByRole("dialog", { name: "Desactivar empleado" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Desactivar" }));
    await screen.findByText(MSG.empleadoDesactivado);
    expect(estatusCalls().map((call) => call.body)).toEqual([{ Usuario: "consulta", Estatus: "I" }]);
    await waitFor(() => expect(estatusField().value).toBe("Inactivo"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The form stays, with the opposite action; the status is still locked in the form itself (spec §4).
    expect(screen.queryByRole("button", { name: "Activar" })).not.toBeNull();
    expect(estatusField().hasAttribute("readonly")).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Activar" }));
    dialog = await screen.findByRole("dialog", { name: "Activar empleado" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Activar" }));
    await screen.findByText(MSG.empleadoActivado);
    await waitFor(() => expect(estatusField().value).toBe("Activo"));
    expect(estatusCalls().map((call) => call.body)).toEqual([
      { Usuario: "consulta", Estatus: "I" },
      { Usuario: "consulta", Estatus: "A" },
    ]);
  });

  it("Desactivar: the list shows Inactivo afterwards; a refusal shows the server's message", async () => {
    session.storeLogin(ADMIN, "Empleado");
    let estatus: "A" | "I" = "A";
    fakeApi(
      empleadosApi((call) => {
        if (call.url.endsWith("/updateEstatusEmpleado")) {
          const body = call.body as { Usuario: string; Estatus: "A" | "I" };
          if (body.Usuario === "admin") {
            return { status: 400, body: { status: "error", message: MSG.empleadoNoDesactivarseASiMismo } };
          }
          estatus = body.Estatus;
          return { body: { status: "success", message: MSG.empleadoDesactivado } };
        }
        if (call.url.endsWith("/rowEmpleados") && (call.body as { tipo: string }).tipo === "Lista") {
          return ok(ROWS.map((row) => (row.IdEmpleado === "consulta" ? { ...row, Estatus: estatus } : row)));
        }
        return undefined;
      }),
    );
    const { router } = renderApp("/Catalogo-Empleados/Empleado/2");
    await waitFor(() => expect(router.state.location.pathname).toBe("/Catalogo-Empleados"));
    const table = await screen.findByRole("table", { name: "Catálogo de empleados" });
    fireEvent.doubleClick(await within(table).findByRole("row", { name: /consulta/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Desactivar" }));
    const dialog = await screen.findByRole("dialog", { name: "Desactivar empleado" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Desactivar" }));
    await screen.findByText(MSG.empleadoDesactivado);
    fireEvent.click(screen.getByRole("button", { name: "Regresar" }));
    const lista = await screen.findByRole("table", { name: "Catálogo de empleados" });
    expect(within(await within(lista).findByRole("row", { name: /consulta/ })).queryByText("Inactivo")).not.toBeNull();

    // Its own record: the server refuses, and its message is shown.
    fireEvent.doubleClick(await within(lista).findByRole("row", { name: /admin/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Desactivar" }));
    const propio = await screen.findByRole("dialog", { name: "Desactivar empleado" });
    fireEvent.click(within(propio).getByRole("button", { name: "Desactivar" }));
    await screen.findByText(MSG.empleadoNoDesactivarseASiMismo);
    expect((screen.getByRole("combobox", { name: /Estatus/ }) as HTMLInputElement).value).toBe("Activo");
  });

  it("is read-only for a general employee: no Agregar, Actualizar disabled", async () => {
    session.storeLogin(CONSULTA, "Empleado");
    fakeApi(empleadosApi());
    const { router } = renderApp("/Catalogo-Empleados");
    const table = await screen.findByRole("table", { name: "Catálogo de empleados" });
    fireEvent.doubleClick(await within(table).findByRole("row", { name: /admin/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/Catalogo-Empleados/Empleado/1"));
    expect(screen.queryByRole("button", { name: "Agregar" })).toBeNull();
    expect((await screen.findByRole("button", { name: "Actualizar" })).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("textbox", { name: /^Nombre/ }).hasAttribute("readonly")).toBe(true);
    expect(screen.queryByRole("checkbox", { name: "Ver el módulo de documentos pendientes" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Desactivar" })).toBeNull();
  });

  it("shows the employee's own form in /Perfil without the pending-documents checkbox", async () => {
    session.storeLogin(ADMIN, "Empleado");
    const calls = fakeApi(empleadosApi());
    renderApp("/Perfil");
    await screen.findByRole("form", { name: "Perfil del empleado" });
    expect((screen.getByRole("textbox", { name: /Usuario/ }) as HTMLInputElement).value).toBe("admin");
    expect(screen.queryByRole("checkbox", { name: "Ver el módulo de documentos pendientes" })).toBeNull();
    expect(screen.getByRole("button", { name: "Actualizar" }).hasAttribute("disabled")).toBe(false);
    // No Desactivar in one's own profile.
    expect(screen.queryByRole("button", { name: "Desactivar" })).toBeNull();
    expect(calls.find((call) => call.url.endsWith("/rowEmpleados"))?.body).toEqual({
      usuario: "1",
      operador: "Empleado",
      tipo: "Perfil",
    });
  });
});
