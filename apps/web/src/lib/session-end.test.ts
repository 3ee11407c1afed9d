import { describe, expect, it } from "vitest";
import { createSessionEnd, type KeyValueStore, safeReturnPath } from "./session-end";

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe("safeReturnPath", () => {
  it("keeps a same-origin path with its search", () => {
    expect(safeReturnPath("/Pedidos")).toBe("/Pedidos");
    expect(safeReturnPath("/Pedidos?buscar=abc&pagina=2")).toBe("/Pedidos?buscar=abc&pagina=2");
    expect(safeReturnPath("/Catalogo-Proveedores/Proveedor/12")).toBe("/Catalogo-Proveedores/Proveedor/12");
    // Drops the fragment, encodes what a URL encodes.
    expect(safeReturnPath("/Perfil?q=José#datos")).toBe("/Perfil?q=Jos%C3%A9");
  });

  it.each([
    "//evil.example",
    "//evil.example/Pedidos",
    "/\\evil.example",
    "\\\\evil.example",
    "/Pedidos\\..\\x",
    "http://evil.example/",
    "https:/evil.example",
    "javascript:alert(1)",
    "Pedidos",
    "",
    " /Pedidos",
    "/\t/evil.example",
    "/\n/evil.example",
    `/${"a".repeat(3000)}`,
  ])("rejects %j", (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("rejects what is not a string and the sign-in screens", () => {
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
    expect(safeReturnPath({ pathname: "/Pedidos" })).toBeNull();
    expect(safeReturnPath("/")).toBeNull();
    expect(safeReturnPath("/Login?x=1")).toBeNull();
  });
});

const ADMIN = "Empleado:1";
const KEMPER = "Proveedor:P00001";

describe("session end record", () => {
  it("remembers the page, shows the notice until the sign-in, then returns once", () => {
    const store = memoryStore();
    const record = createSessionEnd(() => store);
    record.markSignedIn(ADMIN);
    expect(record.hasEnded()).toBe(false);
    record.remember("/Pedidos?buscar=x");
    expect(record.hasEnded()).toBe(true);
    expect(record.takeReturnPath(ADMIN)).toBe("/Pedidos?buscar=x");
    expect(record.hasEnded()).toBe(false);
    expect(record.takeReturnPath(ADMIN)).toBeNull();
  });

  it("returns only the user whose session ended; someone else signing in next goes to Home", () => {
    const store = memoryStore();
    const record = createSessionEnd(() => store);
    record.noteSession(ADMIN);
    record.remember("/Catalogo-Proveedores?q=kemper");
    expect(record.hasEnded()).toBe(true);
    expect(record.takeReturnPath(KEMPER)).toBeNull();
    // Taken once: the notice is gone and the page is not handed to a later sign-in either.
    expect(record.hasEnded()).toBe(false);
    expect(record.takeReturnPath(ADMIN)).toBeNull();
    // A session the tab knew no owner of (a record of an older version) returns no one.
    store.setItem("portal.sesionTerminada", JSON.stringify({ returnTo: "/Pedidos" }));
    expect(record.takeReturnPath(ADMIN)).toBeNull();
  });

  it("never hands back an unsafe path, even one written into storage by hand", () => {
    const store = memoryStore();
    const record = createSessionEnd(() => store);
    record.markSignedIn(ADMIN);
    record.remember("//evil.example");
    expect(record.hasEnded()).toBe(true);
    expect(record.takeReturnPath(ADMIN)).toBeNull();
    store.setItem("portal.sesionTerminada", JSON.stringify({ returnTo: "https://evil.example", owner: ADMIN }));
    expect(record.takeReturnPath(ADMIN)).toBeNull();
    store.setItem("portal.sesionTerminada", "not json");
    expect(record.hasEnded()).toBe(false);
  });

  it("a late 401 on / keeps the page remembered first", () => {
    const store = memoryStore();
    const record = createSessionEnd(() => store);
    record.noteSession(KEMPER);
    record.remember("/Pagos?pagina=3");
    record.remember("/");
    expect(record.takeReturnPath(KEMPER)).toBe("/Pagos?pagina=3");
  });

  it("tracks whether the tab had a session; Cerrar sesión forgets it without a notice", () => {
    const store = memoryStore();
    const record = createSessionEnd(() => store);
    expect(record.wasSignedIn()).toBe(false);
    record.noteSession(ADMIN);
    expect(record.wasSignedIn()).toBe(true);
    record.markSignedOut();
    expect(record.wasSignedIn()).toBe(false);
    expect(record.hasEnded()).toBe(false);
    record.markSignedIn(ADMIN);
    record.remember("/Home");
    expect(record.wasSignedIn()).toBe(false);
  });

  it("works without storage (disabled or throwing)", () => {
    const none = createSessionEnd(() => null);
    none.remember("/Pedidos");
    expect(none.hasEnded()).toBe(false);
    expect(none.takeReturnPath(ADMIN)).toBeNull();
    const throwing = createSessionEnd(() => ({
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {},
    }));
    expect(() => throwing.remember("/Pedidos")).not.toThrow();
  });
});
