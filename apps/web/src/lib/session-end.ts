/**
 * When the session ends on its own (issue 16): the server answered 401 to an authenticated call (expired,
 * revoked by a sign-out elsewhere, token removed) or a guarded screen finds the cookies gone in a tab that
 * had a session. The app then goes to / with MSG.sesionExpirada, and when the same user signs in next it
 * returns to the page the user was on; someone else who signs in next in the tab goes to /Home, never to the
 * previous user's page and its search. Both facts live in this tab's sessionStorage, so a reload of the landing
 * keeps them and another tab is not affected. Users are told apart by `sessionOwner` (operador and id).
 */

const STORAGE_KEY = "portal.sesionTerminada";
const SIGNED_IN_KEY = "portal.sesionIniciada";
/** Screens that are no place to come back to: the sign-in itself. */
const NOT_A_RETURN = new Set(["/", "/Login"]);
const MAX_PATH_LENGTH = 2048;

/** Where the two facts are kept; the real one is window.sessionStorage, tests pass their own. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * The path (and search) to return to, or null when it is not a same-origin relative path of this app:
 * it must start with one '/', carry no backslash, scheme, host or control character, and resolve on
 * this origin to itself. The sign-in screens are not returned to.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_PATH_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // Backslashes become slashes in URL parsing ('/\evil.com' is '//evil.com'); control characters are stripped.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, "http://portal.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://portal.invalid") return null;
  if (NOT_A_RETURN.has(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}

interface Ended {
  returnTo: string | null;
  /** Whose session ended (sessionOwner), when the tab knew it. */
  owner: string | null;
}

const browserStore = (): KeyValueStore | null => {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled: the notice and the return are lost, nothing else.
  }
};

export function createSessionEnd(store: () => KeyValueStore | null = browserStore) {
  const safely = (action: (s: KeyValueStore) => void) => {
    const s = store();
    if (!s) return;
    try {
      action(s);
    } catch {
      // Quota or privacy mode: the notice is a courtesy, never a failure.
    }
  };

  /** Who has (or had, until it ended) this tab's session; null when no one signed in. */
  function signedInOwner(): string | null {
    const owner = store()?.getItem(SIGNED_IN_KEY);
    return owner ? owner : null;
  }

  function read(): Ended | null {
    const raw = store()?.getItem(STORAGE_KEY);
    if (!raw) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== "object" || parsed === null) return null;
      const { returnTo, owner } = parsed as { returnTo?: unknown; owner?: unknown };
      return { returnTo: safeReturnPath(returnTo), owner: typeof owner === "string" && owner !== "" ? owner : null };
    } catch {
      return null;
    }
  }

  return {
    /** The session ended while the user was on `path`: remember it and show the notice on the landing. */
    remember(path: string) {
      // A late 401 answered after the app is already on / keeps the page (and its user) remembered first.
      const previous = read();
      const returnTo = safeReturnPath(path) ?? previous?.returnTo ?? null;
      const owner = signedInOwner() ?? previous?.owner ?? null;
      safely((s) => {
        s.setItem(STORAGE_KEY, JSON.stringify({ returnTo, owner }));
        s.removeItem(SIGNED_IN_KEY);
      });
    },
    /** Whether the landing should say MSG.sesionExpirada. */
    hasEnded(): boolean {
      return read() !== null;
    },
    /**
     * After `owner` signed in: where to go (the remembered page, if the session that ended was this user's; else
     * null), forgetting the notice.
     */
    takeReturnPath(owner: string): string | null {
      const ended = read();
      safely((s) => s.removeItem(STORAGE_KEY));
      return ended !== null && ended.owner === owner ? ended.returnTo : null;
    },
    /**
     * `owner` signed in, so this tab has a session: a later guard that finds none means it ended, not that there
     * never was one.
     */
    markSignedIn(owner: string) {
      safely((s) => {
        s.setItem(SIGNED_IN_KEY, owner);
        s.removeItem(STORAGE_KEY);
      });
    },
    /** A guard found `owner`'s valid session (a tab opened while signed in counts too). */
    noteSession(owner: string) {
      if (signedInOwner() !== owner) safely((s) => s.setItem(SIGNED_IN_KEY, owner));
    },
    /** Cerrar sesión: the user ended it, so no notice follows. */
    markSignedOut() {
      safely((s) => {
        s.removeItem(SIGNED_IN_KEY);
        s.removeItem(STORAGE_KEY);
      });
    },
    wasSignedIn(): boolean {
      return signedInOwner() !== null;
    },
  };
}

export type SessionEnd = ReturnType<typeof createSessionEnd>;

/** The app's record, in this tab's sessionStorage. */
export const sessionEnd = createSessionEnd();
