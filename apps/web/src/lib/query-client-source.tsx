import type { QueryClient } from "@tanstack/react-query";
// Only React Query's context: the client itself (query-core) is not part of the first screen (decision 017).
import { QueryClientContext } from "@tanstack/react-query";
import { type ReactNode, useSyncExternalStore } from "react";
import { type LazyResource, lazyResource } from "./lazy-resource";

/**
 * Where the app's QueryClient comes from. The landing and sign-in screens query nothing, so React Query's
 * client (query-core) is a chunk of its own, loaded by the first signed-in screen's guard (`requireAccess`)
 * before that screen renders; the provider below makes it the context's client as soon as it exists, without
 * remounting what it wraps.
 */
export type QueryClientSource = LazyResource<QueryClient>;

/** A source that loads its client on first use (again after a failure) and mounts it, as QueryClientProvider would. */
export const lazyQueryClientSource = (loader: () => Promise<QueryClient>): QueryClientSource =>
  // The app's client lives as long as the page.
  lazyResource(loader, (client) => client.mount());

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
