import { CALLS, MSG } from "@portal/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callApi, setUnauthorizedHandler } from "./api-client";
import { session, sessionOwner } from "./session";
import { createSessionEnd, type KeyValueStore } from "./session-end";
import { createUnauthorizedHandler } from "./unauthorized";

function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

function fakeRouter(pathname: string, searchStr: string) {
  const navigate = vi.fn(async (_options: unknown) => {});
  return { navigate, state: { location: { pathname, searchStr } } };
}

afterEach(() => setUnauthorizedHandler(() => session.clear()));

describe("a 401 on an authenticated call", () => {
  it("clears the session, remembers the page with its search and goes to / with the notice", async () => {
    const signedIn = session.storeLogin(
      { perfil: "G", nombre: "N", token: "tok-1", id: "1", VisuDocPen: "N" },
      "Proveedor",
    );
    const store = memoryStore();
    const record = createSessionEnd(() => store);
    record.markSignedIn(sessionOwner(signedIn));
    const router = fakeRouter("/Pedidos/Pedido/3", "?buscar=abc");
    const queryClient = { clear: vi.fn() };
    setUnauthorizedHandler(createUnauthorizedHandler(router as never, () => queryClient, record));

    answer(401, { status: "error", message: MSG.sesionRequerida });
    await expect(callApi(CALLS.getPedidos, { IdProveedor: "1" } as never)).rejects.toMatchObject({ status: 401 });

    expect(session.peek()).toBeNull();
    expect(router.navigate).toHaveBeenCalledWith({ to: "/", replace: true });
    await vi.waitFor(() => expect(queryClient.clear).toHaveBeenCalledOnce());
    expect(record.hasEnded()).toBe(true);
    expect(record.takeReturnPath(sessionOwner(signedIn))).toBe("/Pedidos/Pedido/3?buscar=abc");
  });

  it("a wrong password at sign-in (a public call answering 401) is a form error, not an ended session", async () => {
    const store = memoryStore();
    const record = createSessionEnd(() => store);
    const router = fakeRouter("/Login", "");
    setUnauthorizedHandler(createUnauthorizedHandler(router as never, () => ({ clear: vi.fn() }), record));

    answer(401, { status: "error", message: MSG.credencialesInvalidas });
    await expect(callApi(CALLS.login, { usuario: "X", password: "mala", operador: "Proveedor" })).rejects.toMatchObject(
      { status: 401, message: MSG.credencialesInvalidas },
    );

    expect(router.navigate).not.toHaveBeenCalled();
    expect(record.hasEnded()).toBe(false);
  });
});
