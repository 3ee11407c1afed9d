import type { QueryClient } from "@tanstack/react-query";
// Only React Query's context: the client itself (query-core) is not part of the first screen (decision 017).
import { QueryClientContext } from "@tanstack/react-query";
import { type ReactNode, useSyncExternalStore } from "react";

/**
 * Where the app's QueryClient comes from. The landing and sign-in screens query nothing, so React Query's
 * client (query-core) is a chunk of its own, loaded by the first signed-in screen's guard (`requireAccess`)
 * before that screen renders; the provider below makes it the context's client as soon as it exists, without
 * remounting what it wraps.
 */
export interface QueryClientSource {
  /** The client once loaded; undefined before. */
  current(): QueryClient | undefined;
  /** Loads the client (once) and returns it. */
  load(): Promise<QueryClient>;
  subscribe(listener: () => void): () => void;
}

/** A source that loads its client on first use; a failed load is retried on the next use. */
export function lazyQueryClientSource(loader: () => Promise<QueryClient>): QueryClientSource {
  let client: QueryClient | undefined;
  let loading: Promise<QueryClient> | undefined;
  const listeners = new Set<() => void>();
  return {
    current: () => client,
    load() {
      if (client) return Promise.resolve(client);
      loading ??= loader().then(
        (loaded) => {
          client = loaded;
          // What QueryClientProvider does on mount: the app's client lives as long as the page.
          loaded.mount();
          for (const listener of listeners) listener();
          return loaded;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A source whose client already exists (tests, which give each render its own client). */
export function readyQueryClientSource(client: QueryClient): QueryClientSource {
  return {
    current: () => client,
    load: () => Promise.resolve(client),
    subscribe: () => () => undefined,
  };
}

/** React Query's context with the source's client, undefined until it is loaded. */
export function QueryClientSourceProvider({ source, children }: { source: QueryClientSource; children: ReactNode }) {
  const client = useSyncExternalStore(source.subscribe, source.current, source.current);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}
