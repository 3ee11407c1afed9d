import { type LoginData, SESSION_COOKIES, SESSION_TTL_MS } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { type CookieJar, createSessionStore, parseCookieHeader, sessionFromLogin } from "./session";

/** A cookie jar that honours Expires against an injected clock, like a browser would. */
function fakeJar(now: () => number) {
  const store = new Map<string, { value: string; expires: number }>();
  const writes: string[] = [];
  const jar: CookieJar = {
    read: () =>
      [...store]
        .filter(([, cookie]) => cookie.expires > now())
        .map(([name, cookie]) => `${name}=${cookie.value}`)
        .join("; "),
    write: (cookie) => {
      writes.push(cookie);
      const [pair = "", ...attributes] = cookie.split(";").map((part) => part.trim());
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const expiresAttribute = attributes.find((attribute) => attribute.toLowerCase().startsWith("expires="));
      const expires = expiresAttribute
        ? Date.parse(expiresAttribute.slice("expires=".length))
        : Number.POSITIVE_INFINITY;
      if (expires <= now()) store.delete(name);
      else store.set(name, { value, expires });
    },
  };
  return { jar, writes, store };
}

const LOGIN_ADMIN: LoginData = { perfil: "A", nombre: "Ana Pérez Núñez", token: "tok-123", id: "7", VisuDocPen: "Y" };

function setup(start = Date.UTC(2026, 0, 15, 12, 0, 0)) {
  let time = start;
  const clock = { now: () => time, advance: (ms: number) => (time += ms) };
  const cookies = fakeJar(clock.now);
  const store = createSessionStore({ jar: cookies.jar, now: clock.now, isSecure: () => false });
  return { clock, cookies, store };
}

describe("sessionFromLogin", () => {
  it("maps the login answer onto the six cookies (spec §3)", () => {
    expect(sessionFromLogin(LOGIN_ADMIN, "Empleado")).toEqual({
      access: "tok-123",
      usuario: "Ana Pérez Núñez",
      tipoEmpleado: "Administrador",
      operador: "Empleado",
      id: "7",
      ViDocPen: "Y",
    });
    expect(sessionFromLogin({ ...LOGIN_ADMIN, perfil: "G" }, "Empleado").tipoEmpleado).toBe("General");
    expect(sessionFromLogin({ ...LOGIN_ADMIN, perfil: "P" }, "Proveedor").tipoEmpleado).toBe("General");
  });
});

describe("session store", () => {
  it("stores all six cookies with path /, SameSite=Lax and a 10-minute expiry", () => {
    const { store, cookies, clock } = setup();
    store.storeLogin(LOGIN_ADMIN, "Empleado");
    expect(cookies.writes).toHaveLength(6);
    const expires = new Date(clock.now() + SESSION_TTL_MS).toUTCString();
    for (const name of SESSION_COOKIES) {
      const written = cookies.writes.find((cookie) => cookie.startsWith(`${name}=`));
      expect(written).toContain("Path=/");
      expect(written).toContain("SameSite=Lax");
      expect(written).toContain(`Expires=${expires}`);
      expect(written).not.toContain("Secure");
    }
    expect(store.check()?.usuario).toBe("Ana Pérez Núñez");
  });

  it("keeps the optional ConciliaSat cookie (issue 43) with the six: renewed, removed, never required", () => {
    const { store, cookies } = setup();
    store.storeLogin({ ...LOGIN_ADMIN, ConciliaSat: "Y" }, "Empleado");
    expect(cookies.writes.filter((c) => c.startsWith("ConciliaSat=Y"))).toHaveLength(1);
    expect(store.check()?.ConciliaSat).toBe("Y");
    store.clear();
    expect(store.peek()).toBeNull();
    store.storeLogin(LOGIN_ADMIN, "Empleado");
    // A session without it is a whole session, without the permission.
    expect(store.check()).toMatchObject({ usuario: "Ana Pérez Núñez" });
    expect(store.check()?.ConciliaSat).toBeUndefined();
  });

  it("marks cookies Secure when served over https", () => {
    const cookies = fakeJar(() => 0);
    const store = createSessionStore({ jar: cookies.jar, now: () => 0, isSecure: () => true });
    store.storeOperador("Proveedor");
    expect(cookies.writes[0]).toContain("; Secure");
  });

  it("is valid only when all six cookies are present and non-empty", () => {
    for (const missing of SESSION_COOKIES) {
      const { store, cookies } = setup();
      store.storeLogin(LOGIN_ADMIN, "Empleado");
      cookies.store.delete(missing);
      expect(store.peek(), `without ${missing}`).toBeNull();
    }
    const { store, cookies } = setup();
    store.storeLogin(LOGIN_ADMIN, "Empleado");
    cookies.jar.write("usuario=; Path=/");
    expect(store.peek()).toBeNull();
  });

  it("removes all six when a check finds one missing", () => {
    const { store, cookies } = setup();
    store.storeLogin(LOGIN_ADMIN, "Empleado");
    cookies.store.delete("ViDocPen");
    expect(store.check()).toBeNull();
    expect(cookies.store.size).toBe(0);
  });

  it("slides all six cookies to 10 minutes from each check", () => {
    const { store, clock } = setup();
    store.storeLogin(LOGIN_ADMIN, "Empleado");
    clock.advance(9 * 60_000);
    expect(store.check()).not.toBeNull(); // renewed at minute 9…
    clock.advance(9 * 60_000);
    expect(store.check()).not.toBeNull(); // …so still alive at minute 18
    clock.advance(SESSION_TTL_MS); // 10 minutes without a check
    expect(store.peek()).toBeNull();
    expect(store.check()).toBeNull();
  });

  it("peek does not renew", () => {
    const { store, clock } = setup();
    store.storeLogin(LOGIN_ADMIN, "Empleado");
    clock.advance(9 * 60_000);
    expect(store.peek()).not.toBeNull();
    clock.advance(2 * 60_000);
    expect(store.peek()).toBeNull();
  });

  it("rejects an operador other than Empleado or Proveedor", () => {
    const { store, cookies } = setup();
    store.storeLogin(LOGIN_ADMIN, "Empleado");
    cookies.jar.write("operador=Otro; Path=/");
    expect(store.peek()).toBeNull();
  });

  it("clear removes the six cookies and notifies subscribers", () => {
    const { store, cookies } = setup();
    let notifications = 0;
    store.subscribe(() => notifications++);
    store.storeLogin(LOGIN_ADMIN, "Proveedor");
    expect(notifications).toBe(1);
    store.clear();
    expect(notifications).toBe(2);
    expect(cookies.store.size).toBe(0);
    expect(store.getSnapshot()).toBeNull();
  });

  it("keeps the operador chosen on the landing without making a session", () => {
    const { store } = setup();
    store.storeOperador("Proveedor");
    expect(store.getOperador()).toBe("Proveedor");
    expect(store.peek()).toBeNull();
  });

  it("round-trips values with accents, spaces and separators", () => {
    const { store } = setup();
    store.storeLogin({ ...LOGIN_ADMIN, nombre: "BERENICE XIMO QUEZADA; S.A. = Ñ" }, "Proveedor");
    expect(store.peek()?.usuario).toBe("BERENICE XIMO QUEZADA; S.A. = Ñ");
  });

  it("getSnapshot is stable while nothing changes", () => {
    const { store } = setup();
    store.storeLogin(LOGIN_ADMIN, "Empleado");
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });

  it("getToken is a validity check", () => {
    const { store, clock } = setup();
    store.storeLogin(LOGIN_ADMIN, "Empleado");
    clock.advance(9 * 60_000);
    expect(store.getToken()).toBe("tok-123");
    clock.advance(9 * 60_000);
    expect(store.getToken()).toBe("tok-123");
  });
});

describe("with document.cookie (jsdom)", () => {
  it("writes, reads and clears real cookies", () => {
    const store = createSessionStore({ isSecure: () => false });
    store.storeLogin(LOGIN_ADMIN, "Empleado");
    expect(parseCookieHeader(document.cookie).get("access")).toBe("tok-123");
    expect(store.check()?.tipoEmpleado).toBe("Administrador");
    store.clear();
    expect(document.cookie).toBe("");
  });
});
