import { type LoginData, SESSION_TTL_MS } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { type CookieJar, createSessionStore } from "./session";
import { AVISO_EXPIRACION_MS, estadoExpiracion, MENSAJE_AVISO_EXPIRACION, shouldWarnExpiry } from "./session-expiry";
import { createUnsentEdits } from "./unsent-edits";

/** Issue 23: a minute before the 10-minute session ends, a screen with unsent decisions warns. */
const RENOVADA = Date.UTC(2026, 10, 25, 18, 0, 0);

describe("the session's expiry", () => {
  it("is active until a minute before the 10 minutes, then warns, then has expired", () => {
    expect(SESSION_TTL_MS).toBe(600_000);
    expect(estadoExpiracion(RENOVADA, RENOVADA)).toEqual({
      phase: "activa",
      msToNextPhase: SESSION_TTL_MS - AVISO_EXPIRACION_MS,
    });
    expect(estadoExpiracion(RENOVADA, RENOVADA + 540_000 - 1).phase).toBe("activa");
    expect(estadoExpiracion(RENOVADA, RENOVADA + 540_000)).toEqual({ phase: "aviso", msToNextPhase: 60_000 });
    expect(estadoExpiracion(RENOVADA, RENOVADA + 599_999)).toEqual({ phase: "aviso", msToNextPhase: 1 });
    expect(estadoExpiracion(RENOVADA, RENOVADA + 600_000)).toEqual({ phase: "vencida", msToNextPhase: 0 });
  });

  it("warns only in the last minute and only with unsent decisions", () => {
    const aviso = estadoExpiracion(RENOVADA, RENOVADA + 570_000);
    expect(shouldWarnExpiry(aviso, 2)).toBe(true);
    expect(shouldWarnExpiry(aviso, 0)).toBe(false);
    expect(shouldWarnExpiry(estadoExpiracion(RENOVADA, RENOVADA + 1_000), 2)).toBe(false);
    expect(shouldWarnExpiry(estadoExpiracion(RENOVADA, RENOVADA + 700_000), 2)).toBe(false);
    expect(shouldWarnExpiry(null, 2)).toBe(false);
    expect(MENSAJE_AVISO_EXPIRACION).toContain("tiene cambios sin enviar");
  });
});

describe("the session store's renewals", () => {
  it("records each renewal (sign-in, validity check) by its clock and tells its subscribers", () => {
    let time = RENOVADA;
    const cookies = new Map<string, string>();
    const jar: CookieJar = {
      read: () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      write: (cookie) => {
        const [pair = ""] = cookie.split(";");
        const [name = "", value = ""] = pair.split("=");
        if (value === "") cookies.delete(name);
        else cookies.set(name, value);
      },
    };
    const store = createSessionStore({ jar, now: () => time, renewalClock: () => time, isSecure: () => false });
    let avisos = 0;
    store.subscribeRenewal(() => avisos++);
    expect(store.renewedAt()).toBeNull();
    const login: LoginData = { perfil: "A", nombre: "Ana", token: "tok", id: "7", VisuDocPen: "Y" };
    store.storeLogin(login, "Empleado");
    expect(store.renewedAt()).toBe(RENOVADA);
    time += 300_000;
    expect(store.getToken()).toBe("tok");
    expect(store.renewedAt()).toBe(RENOVADA + 300_000);
    expect(avisos).toBe(2);
    // Reading without renewing (rendering) does not move it.
    store.peek();
    store.getSnapshot();
    expect(store.renewedAt()).toBe(RENOVADA + 300_000);
  });
});

describe("unsent decisions across screens", () => {
  it("adds up what each screen holds and forgets a screen that leaves", () => {
    const registro = createUnsentEdits();
    const a = Symbol("a");
    const b = Symbol("b");
    let avisos = 0;
    registro.subscribe(() => avisos++);
    registro.set(a, 2);
    registro.set(b, 1);
    expect(registro.count()).toBe(3);
    registro.set(a, 0);
    expect(registro.count()).toBe(1);
    registro.set(b, 0);
    expect(registro.count()).toBe(0);
    expect(avisos).toBe(4);
  });
});
