import { MSG } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BERENICE, KEMPER } from "../features/proveedores/proveedores.fixtures";
import { fakeCalls, type Role, signInAs } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { session } from "./session";

/**
 * A list's remembered search, sort and page (lib/list-search.ts) belong to the user who left them: Cerrar sesión
 * forgets them, and after a session that ended on its own only the same user finds them again in this tab.
 */
const TABLE = "Catálogo de proveedores";
const searchbox = () => screen.getByRole("searchbox", { name: "Buscar" }) as HTMLInputElement;
const bodyRows = () =>
  within(screen.getByRole("table", { name: TABLE }))
    .getAllByRole("row")
    .slice(1);

function openApp() {
  fakeCalls({
    rowProveedores: [KEMPER, BERENICE],
    homeRowDocuments: { Registro: 0 },
    logout: { body: { status: "success", message: MSG.sesionCerrada } },
  });
  signInAs("administrador");
  return renderApp("/Catalogo-Proveedores?q=kemper");
}

/** Signs `role` in and goes to the list by a link without params (the menu, a detail's 'Regresar'). */
async function arriveAs(router: ReturnType<typeof openApp>["router"], role: Role) {
  signInAs(role);
  await router.navigate({ to: "/Catalogo-Proveedores" });
  await waitFor(() => expect(screen.queryByRole("table", { name: TABLE })).not.toBeNull());
  await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
}

describe("remembered list states and the user of the tab", () => {
  it("are restored by a link without params, and Cerrar sesión forgets them, even for the same user", async () => {
    const { router } = openApp();
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(searchbox().value).toBe("kemper");

    // Away and back by a plain link: the administrator's search comes back.
    await router.navigate({ to: "/Home" });
    await arriveAs(router, "administrador");
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: "kemper" }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));

    // Signs out from another screen, the list left behind with its search.
    await router.navigate({ to: "/Home" });
    fireEvent.click(await screen.findByRole("button", { name: "Menú de usuario", expanded: false }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Cerrar sesión" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));

    await arriveAs(router, "administrador");
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(router.state.location.search).toEqual({});
    expect(searchbox().value).toBe("");
  });

  it("after a session that ended on its own, another user gets the plain list and the same user gets theirs", async () => {
    const { router } = openApp();
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    await router.navigate({ to: "/Home" });
    await screen.findByRole("region", { name: "Documentos Electronicos" });

    // The cookies expire (or a 401 clears them): the guard sends the tab to /; someone else signs in.
    session.clear();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    await arriveAs(router, "consulta");
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(router.state.location.search).toEqual({});
    expect(searchbox().value).toBe("");

    // The administrator signs in again in this tab: the list as they left it.
    session.clear();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    await arriveAs(router, "administrador");
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: "kemper" }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
  });
});
