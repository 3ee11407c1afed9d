import { useMatch, useNavigate, useRouter } from "@tanstack/react-router";
import { useCallback, useEffect, useRef } from "react";
import { PAGE_SIZE_ALL, type PageSize } from "./constants";
import { session, sessionOwner } from "./session";

/**
 * A list's state in the URL's search params (issue 16): search text, sort column and direction, page and page
 * size, so going to a detail and back, the back button and a reload keep them. Only what differs from the
 * list's defaults is written, so an untouched list keeps its plain URL (/Pedidos).
 */
export interface ListSearch {
  /** Search text. */
  q?: string;
  /** Sort column id. */
  orden?: string;
  dir?: "asc" | "desc";
  /** One-based page. */
  pagina?: number;
  /** Page size: a number or 'All'. */
  filas?: PageSize;
  /** A list's own filter (issue 23: the review lists' 'todas'); only written when not the list's default. */
  estado?: string;
  /**
   * The columns shown or hidden against the list's default (issue 40: the 'Columnas' menu), their ids comma
   * separated; only written when some column differs.
   */
  columnas?: string;
}

const MAX_QUERY_LENGTH = 200;
const MAX_PAGE = 1_000_000;
const MAX_PAGE_SIZE = 10_000;
const COLUMN_ID = /^[A-Za-z0-9_.-]{1,64}$/;
const FILTER_VALUE = /^[a-z0-9-]{1,32}$/;
const COLUMN_IDS = /^[A-Za-z0-9_.-]{1,64}(,[A-Za-z0-9_.-]{1,64}){0,49}$/;

const asPositiveInt = (value: unknown, max: number): number | undefined => {
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isInteger(number) && number >= 1 && number <= max ? number : undefined;
};

/**
 * The tolerant parser of a list route's `validateSearch`: anything it does not understand falls back to the
 * default (undefined), never an error. Other params the route may have are kept as they are.
 */
export function parseListSearch(raw: Record<string, unknown>): ListSearch {
  const { q, orden, dir, pagina, filas, estado, columnas, ...others } = raw;
  const search: ListSearch & Record<string, unknown> = { ...others };
  const text = typeof q === "string" ? q : typeof q === "number" ? String(q) : undefined;
  if (text) search.q = text.slice(0, MAX_QUERY_LENGTH);
  if (typeof orden === "string" && COLUMN_ID.test(orden)) {
    search.orden = orden;
    search.dir = dir === "desc" ? "desc" : "asc";
  }
  const page = asPositiveInt(pagina, MAX_PAGE);
  if (page !== undefined && page > 1) search.pagina = page;
  if (filas === PAGE_SIZE_ALL) search.filas = PAGE_SIZE_ALL;
  else {
    const size = asPositiveInt(filas, MAX_PAGE_SIZE);
    if (size !== undefined) search.filas = size;
  }
  if (typeof estado === "string" && FILTER_VALUE.test(estado)) search.estado = estado;
  if (typeof columnas === "string" && COLUMN_IDS.test(columnas)) search.columnas = columnas;
  return search;
}

/** The list params of `search` only, without undefined entries. */
export function pickListSearch(search: Record<string, unknown>): ListSearch {
  const { q, orden, dir, pagina, filas, estado, columnas } = parseListSearch(search);
  const picked: ListSearch = {};
  if (q !== undefined) picked.q = q;
  if (orden !== undefined) {
    picked.orden = orden;
    picked.dir = dir;
  }
  if (pagina !== undefined) picked.pagina = pagina;
  if (filas !== undefined) picked.filas = filas;
  if (estado !== undefined) picked.estado = estado;
  if (columnas !== undefined) picked.columnas = columnas;
  return picked;
}

const LIST_KEYS = ["q", "orden", "dir", "pagina", "filas", "estado", "columnas"] as const;
/** What the table itself writes: the filter is the screen's (`onFilterChange`) and survives the table's updates. */
const TABLE_KEYS = ["q", "orden", "dir", "pagina", "filas", "columnas"] as const;
const isEmpty = (search: ListSearch) => LIST_KEYS.every((key) => search[key] === undefined);

/** What the table hands over: its state, the update and whether it is a keystroke (debounced). */
export interface ListSearchBinding {
  value: ListSearch;
  onChange: (next: ListSearch) => void;
  /** Sets the list's filter (undefined: its default), back on the first page. */
  onFilterChange?: (estado: string | undefined) => void;
}

/**
 * Last state of each list in this tab, so a detail's 'back' link (not only the back button) finds it. Kept per
 * signed-in user: whoever signs in next in this tab (after Cerrar sesión, or after a session that ended on its own
 * and a sign-in as someone else) never finds another user's searches, sorts and pages.
 */
const remembered = new Map<string, ListSearch>();
const rememberedKey = (pathname: string) => {
  const current = session.peek();
  return `${current ? sessionOwner(current) : ""}\u0000${pathname}`;
};

/** Cerrar sesión: forget every list state of this tab. */
export function forgetListSearches(): void {
  remembered.clear();
}

/**
 * Binds a DataTable to the current route's search params. The URL is replaced, never pushed, so the back
 * button goes to the previous page and not to each letter typed; the table debounces keystrokes itself.
 */
export function useListSearch(): ListSearchBinding {
  const navigate = useNavigate();
  const router = useRouter();
  // The list's own route match, not the router's current location: while the user leaves (a row opened, the
  // next screen loading), the list still reads its own URL and does not mistake the next one for a reset.
  const ownPathname = useMatch({ strict: false, shouldThrow: false, select: (match) => match.pathname });
  const ownSearch = useMatch({ strict: false, shouldThrow: false, select: (match) => match.search }) as
    | Record<string, unknown>
    | undefined;
  const last = useRef<{ pathname: string; search: Record<string, unknown> }>({ pathname: "", search: {} });
  if (ownPathname !== undefined && ownSearch !== undefined) last.current = { pathname: ownPathname, search: ownSearch };
  const { pathname, search: rawSearch } = last.current;
  const value = pickListSearch(rawSearch);
  const signature = JSON.stringify(value);
  const restoredFor = useRef<string | null>(null);

  // Arriving by a link with no list params (a detail's 'Regresar', the menu): the state it had before.
  useEffect(() => {
    if (restoredFor.current === pathname) return;
    restoredFor.current = pathname;
    const previous = remembered.get(rememberedKey(pathname));
    if (
      previous &&
      !isEmpty(previous) &&
      isEmpty(JSON.parse(signature) as ListSearch) &&
      router.latestLocation.pathname === pathname
    ) {
      void navigate({
        to: ".",
        search: (current: Record<string, unknown>) => ({ ...current, ...previous }),
        replace: true,
      } as never);
    }
  }, [pathname, signature, navigate, router]);

  useEffect(() => {
    if (restoredFor.current === pathname) remembered.set(rememberedKey(pathname), JSON.parse(signature) as ListSearch);
  }, [pathname, signature]);

  const onChange = useCallback(
    (next: ListSearch) => {
      // A debounced write that comes after the user left the list (a row opened, a menu link) would land on
      // the next page's URL (`to: "."` is wherever the router is now): the list's state stays with the list.
      // It is remembered for the way back instead.
      if (router.latestLocation.pathname !== pathname) {
        remembered.set(rememberedKey(pathname), pickListSearch(next as Record<string, unknown>));
        return;
      }
      void navigate({
        to: ".",
        search: (current: Record<string, unknown>) => {
          const kept = Object.fromEntries(
            Object.entries(current).filter(([key]) => !(TABLE_KEYS as readonly string[]).includes(key)),
          );
          const { estado: _filter, ...table } = pickListSearch(next as Record<string, unknown>);
          return { ...kept, ...table };
        },
        replace: true,
        resetScroll: false,
      } as never);
    },
    [navigate, router, pathname],
  );

  const onFilterChange = useCallback(
    (estado: string | undefined) => {
      if (router.latestLocation.pathname !== pathname) return;
      void navigate({
        to: ".",
        search: (current: Record<string, unknown>) => {
          const { pagina: _page, estado: _previous, ...others } = current;
          return estado === undefined ? others : { ...others, estado };
        },
        replace: true,
        resetScroll: false,
      } as never);
    },
    [navigate, router, pathname],
  );

  return { value: JSON.parse(signature) as ListSearch, onChange, onFilterChange };
}
