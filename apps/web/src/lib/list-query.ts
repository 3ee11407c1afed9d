import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { type LinkOptions, redirect } from "@tanstack/react-router";
import type { z } from "zod";
import { type ApiCall, type CallBody, type CallResult, sendCall } from "./api-client";
import type { Session } from "./session";

/** The body of most list calls: who asks. */
export const operatorBody = (operator: Operator) => ({ usuario: operator.id, operador: operator.operador });

/** Who asks: every list call is scoped by the signed-in operator (spec §7 usuario + operador). */
export type Operator = Pick<Session, "id" | "operador">;

/** A list answer: `{ status, message, data: Row[] }`. */
type ListCall = ApiCall & { answer: z.ZodType<{ data: readonly unknown[] }> };
type RowOf<C extends ListCall> = CallResult<C>["data"][number];

/**
 * A loaded list counts as fresh for a short while, so the request the route loader starts is the one the
 * screen shows (not repeated on mount); a later visit refreshes in the background and 'Recargar' always asks
 * again.
 */
export const LIST_STALE_TIME_MS = 30_000;

export interface ListDefinition<C extends ListCall> {
  /** Query-key prefix; mutations invalidate by it (e.g. ["empleados", "rows"]). */
  key: readonly unknown[];
  /** The registry entry (CALLS.x). */
  call: C;
  /** The request body for an operator. */
  body: (operator: Operator) => CallBody<C>;
  /** Where a detail goes back to when the list is not loaded (spec §2). */
  listPath?: NonNullable<LinkOptions["to"]>;
  /** Loads only for some operators (e.g. Home's companies, suppliers only). */
  isEnabled?: (operator: Operator) => boolean;
  staleTime?: number;
}

/**
 * The row at one-based position `fila` of a loaded list (spec §2: ":id is the position in the loaded list"),
 * checked by its `Fila`; a list re-sorted by the server still finds it.
 */
export function findByFila<Row extends { Fila: number }>(
  rows: readonly Row[] | undefined,
  fila: number,
): Row | undefined {
  if (!rows) return undefined;
  const atPosition = rows[fila - 1];
  if (atPosition?.Fila === fila) return atPosition;
  return rows.find((row) => row.Fila === fila);
}

/**
 * The list-screen kit's query half: one definition per list call gives its query keys, the queryOptions the
 * route loader and the component share, and the loaded-row lookup of the detail routes with the spec's rule
 * "when the list is not loaded, the detail goes back to its list".
 */
export function defineList<C extends ListCall>(definition: ListDefinition<C>) {
  type Row = RowOf<C>;
  const { key, call, body, listPath, isEnabled, staleTime = LIST_STALE_TIME_MS } = definition;

  const keys = {
    all: key,
    list: (operator: Operator) => [...key, operator.operador, operator.id] as const,
  };

  async function fetchList(operator: Operator, signal?: AbortSignal): Promise<Row[]> {
    const answer = await sendCall(call, body(operator), { signal });
    return answer.data as Row[];
  }

  const options = (operator: Operator) =>
    queryOptions({
      queryKey: keys.list(operator),
      queryFn: ({ signal }) => fetchList(operator, signal),
      staleTime,
      ...(isEnabled ? { enabled: isEnabled(operator) } : {}),
    });

  /** The list as loaded, never fetched; observing it keeps the cached list alive. */
  const loaded = (queryClient: QueryClient, operator: Operator): Row[] | undefined =>
    queryClient.getQueryData(options(operator).queryKey);

  const findLoaded = (queryClient: QueryClient, operator: Operator, fila: number): Row | undefined =>
    findByFila(loaded(queryClient, operator) as ({ Fila: number } & Row)[] | undefined, fila);

  return {
    keys,
    fetchList,
    queryOptions: options,
    /**
     * The list, observed. `refetchInterval` (issue 23) asks again on its own while the rows say something is on its
     * way (e.g. an invoice's A/P invoice in the ERP): ms until the next request, or false to stop.
     */
    useList: (operator: Operator, refetchInterval?: (rows: Row[] | undefined) => number | false) =>
      useQuery({
        ...options(operator),
        ...(refetchInterval
          ? { refetchInterval: (query: { state: { data: Row[] | undefined } }) => refetchInterval(query.state.data) }
          : {}),
      }),
    /**
     * The list route's loader: start the request while the screen's chunk loads, without holding the screen
     * back; the table shows its own spinner (spec §2) and a failure is only logged by the query cache (§8).
     */
    prefetch: (queryClient: QueryClient, operator: Operator) => {
      void queryClient.ensureQueryData(options(operator)).catch(() => undefined);
    },
    loaded,
    findLoaded,
    /** The detail's row from the loaded list, in React; undefined when the list is not loaded or lacks it. */
    useLoadedRow: (operator: Operator, fila: number): Row | undefined => {
      const list = useQuery({ ...options(operator), enabled: false });
      return findByFila(list.data as ({ Fila: number } & Row)[] | undefined, fila);
    },
    /** A detail route's loader: without the loaded list or without row `fila`, back to the list. */
    requireLoadedRow: (queryClient: QueryClient, operator: Operator, fila: number): void => {
      if (!listPath) throw new Error("defineList: listPath is required for detail routes");
      if (!findLoaded(queryClient, operator, fila)) throw redirect({ to: listPath, replace: true });
    },
  };
}

export type ListQuery<C extends ListCall> = ReturnType<typeof defineList<C>>;

/**
 * A catalogue call read two ways (spec §7 tipo): Lista, the catalogue for employees, and Perfil, the caller's own
 * row (/Perfil). Employees and suppliers are both read like this.
 */
export function defineListaPerfil<C extends ListCall>(
  key: readonly unknown[],
  call: C,
  listPath: NonNullable<LinkOptions["to"]>,
) {
  const body = (tipo: "Lista" | "Perfil") => (operator: Operator) =>
    ({ ...operatorBody(operator), tipo }) as unknown as CallBody<C>;
  return {
    lista: defineList({ key: [...key, "Lista"], call, body: body("Lista"), listPath }),
    perfil: defineList({ key: [...key, "Perfil"], call, body: body("Perfil") }),
  };
}
