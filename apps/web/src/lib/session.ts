import {
  type LoginData,
  OPERADORES,
  type Operador,
  SESSION_COOKIES,
  SESSION_TTL_MS,
  type SessionCookie,
  TIPO_EMPLEADO,
} from "@portal/contracts";
import { useSyncExternalStore } from "react";
import { clock } from "./clock";

/**
 * The browser session is six cookies (spec §3): access (token), usuario (display name), tipoEmpleado,
 * operador, id and ViDocPen. It is valid only when all six are present and non-empty. Every validity
 * check slides all six to expire SESSION_TTL_MS from now (spec §4, §9); a check that finds any of them
 * missing or empty removes all six. Beyond the spec, one optional cookie rides with them: ConciliaSat ('Y' when the
 * employee may read the SAT reconciliation, issue 43; absent otherwise), renewed and removed with the six but never
 * required for a valid session.
 */
export interface Session {
  access: string;
  usuario: string;
  tipoEmpleado: string;
  operador: Operador;
  id: string;
  ViDocPen: string;
  ConciliaSat?: "Y";
}

/** The optional cookie (decision 075): a session signed in before it existed simply lacks it. */
const CONCILIA_SAT_COOKIE = "ConciliaSat";

/** Where cookies are read and written; the real one is `document.cookie`, tests pass their own. */
export interface CookieJar {
  read(): string;
  write(cookie: string): void;
}

export interface SessionStoreOptions {
  jar?: CookieJar;
  /** Clock used for cookie expiry; injectable so tests can move time. */
  now?: () => number;
  /** Secure cookies only when the page is served over https (localhost dev and e2e run on http). */
  isSecure?: () => boolean;
  /** The clock the last renewal is told by (issue 23: the expiry warning); default `now`. */
  renewalClock?: () => number;
}

const documentCookieJar: CookieJar = {
  read: () => (typeof document === "undefined" ? "" : document.cookie),
  write: (cookie) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the one place the session cookies are written (Cookie Store API is not in every supported browser)
    if (typeof document !== "undefined") document.cookie = cookie;
  },
};

/** Empleado or Proveedor (`operadorSchema`, checked without zod so the first screen does not load it). */
const asOperador = (value: string | undefined): Operador | null =>
  (OPERADORES as readonly (string | undefined)[]).includes(value) ? (value as Operador) : null;

const EXPIRED = "Thu, 01 Jan 1970 00:00:00 GMT";

export function parseCookieHeader(header: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    const raw = part.slice(separator + 1).trim();
    if (!name || values.has(name)) continue;
    try {
      values.set(name, decodeURIComponent(raw));
    } catch {
      values.set(name, raw);
    }
  }
  return values;
}

/** Session values stored after a successful login (spec §3). */
export function sessionFromLogin(data: LoginData, operador: Operador): Session {
  return {
    access: data.token,
    usuario: data.nombre,
    tipoEmpleado: data.perfil === "A" ? TIPO_EMPLEADO.A : TIPO_EMPLEADO.G,
    operador,
    id: data.id,
    ViDocPen: data.VisuDocPen,
    ...(data.ConciliaSat === "Y" ? { ConciliaSat: "Y" as const } : {}),
  };
}

/** Who a session belongs to (operador and id): what a tab may keep for one user and not show the next. */
export const sessionOwner = (session: Pick<Session, "operador" | "id">): string => `${session.operador}:${session.id}`;

function sessionKey(session: Session | null): string {
  return session ? [...SESSION_COOKIES.map((name) => session[name]), session.ConciliaSat ?? ""].join("\u0000") : "";
}

export function createSessionStore(options: SessionStoreOptions = {}) {
  const jar = options.jar ?? documentCookieJar;
  const now = options.now ?? Date.now;
  const isSecure = options.isSecure ?? (() => typeof window !== "undefined" && window.location.protocol === "https:");
  const renewalClock = options.renewalClock ?? now;
  const listeners = new Set<() => void>();
  const renewalListeners = new Set<() => void>();
  /** When the six cookies (and so, by the API call that read them, the server's session) were last renewed. */
  let renewedAt: number | null = null;
  let snapshot: Session | null = null;
  let snapshotKey = "";

  const attributes = (expires: string) => `; Path=/; Expires=${expires}; SameSite=Lax${isSecure() ? "; Secure" : ""}`;

  function writeCookie(name: SessionCookie | typeof CONCILIA_SAT_COOKIE, value: string) {
    jar.write(`${name}=${encodeURIComponent(value)}${attributes(new Date(now() + SESSION_TTL_MS).toUTCString())}`);
  }

  function removeCookie(name: SessionCookie | typeof CONCILIA_SAT_COOKIE) {
    jar.write(`${name}=${attributes(EXPIRED)}`);
  }

  /** Reads the six cookies without side effects; null unless all six are present and non-empty. */
  function peek(): Session | null {
    const cookies = parseCookieHeader(jar.read());
    const values: Partial<Record<SessionCookie, string>> = {};
    for (const name of SESSION_COOKIES) {
      const value = cookies.get(name);
      if (!value) return null;
      values[name] = value;
    }
    // An operador other than Empleado/Proveedor cannot be given a role (spec §6), so it is no session.
    const operador = asOperador(values.operador);
    if (!operador) return null;
    const conciliaSat = cookies.get(CONCILIA_SAT_COOKIE) === "Y" ? { ConciliaSat: "Y" as const } : {};
    return { ...(values as Record<SessionCookie, string>), operador, ...conciliaSat };
  }

  function emitIfChanged() {
    const current = peek();
    const key = sessionKey(current);
    if (key === snapshotKey) return;
    snapshotKey = key;
    snapshot = current;
    for (const listener of listeners) listener();
  }

  function removeAll() {
    for (const name of SESSION_COOKIES) removeCookie(name);
    removeCookie(CONCILIA_SAT_COOKIE);
  }

  function clear() {
    removeAll();
    emitIfChanged();
  }

  function write(session: Session) {
    for (const name of SESSION_COOKIES) writeCookie(name, session[name]);
    if (session.ConciliaSat === "Y") writeCookie(CONCILIA_SAT_COOKIE, "Y");
    else if (parseCookieHeader(jar.read()).has(CONCILIA_SAT_COOKIE)) removeCookie(CONCILIA_SAT_COOKIE);
    renewedAt = renewalClock();
    for (const listener of renewalListeners) listener();
  }

  /** The validity check (spec §4): renews all six cookies, or removes all six when one is missing. */
  function check(): Session | null {
    const current = peek();
    if (current) write(current);
    else removeAll();
    emitIfChanged();
    return current;
  }

  return {
    peek,
    check,
    clear,
    /** After login (spec §3): stores the six values and returns the session. */
    storeLogin(data: LoginData, operador: Operador): Session {
      const session = sessionFromLogin(data, operador);
      write(session);
      emitIfChanged();
      return session;
    },
    /** Landing 'Ingresar' (spec §2): remembers the chosen operador before there is a session. */
    storeOperador(operador: Operador) {
      writeCookie("operador", operador);
    },
    /** The stored operador, valid or null; Login uses it to pick its labels and logo. */
    getOperador(): Operador | null {
      return asOperador(parseCookieHeader(jar.read()).get("operador"));
    },
    /** Token for x-access-token; it is a validity check, so API use keeps the session alive. */
    getToken(): string | null {
      return check()?.access ?? null;
    },
    /** When the session was last renewed (a validity check or a sign-in in this tab), or null before any. */
    renewedAt: (): number | null => renewedAt,
    subscribeRenewal(listener: () => void): () => void {
      renewalListeners.add(listener);
      return () => renewalListeners.delete(listener);
    },
    /** Re-reads the cookies (they may have expired on their own) and notifies subscribers on change. */
    sync: emitIfChanged,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot(): Session | null {
      const current = peek();
      const key = sessionKey(current);
      if (key !== snapshotKey) {
        snapshotKey = key;
        snapshot = current;
      }
      return snapshot;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** The app's session, backed by document.cookie. */
export const session = createSessionStore({ renewalClock: () => clock.now().getTime() });

/** Current session for rendering (no renewal: rendering is not a validity check). */
export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.getSnapshot, () => null);
}
