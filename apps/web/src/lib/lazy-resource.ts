/**
 * Something the app loads on first use (a chunk, a client) and that components read once it is there: loaded once
 * however many ask at the same time, loaded again on the next use after a failure, and subscribers told when it
 * arrives (for `useSyncExternalStore`). Used for React Query's client and Mantine's provider (decision 017).
 */
export interface LazyResource<T> {
  /** The value once loaded; undefined before. */
  current(): T | undefined;
  /** Loads the value (once) and returns it. */
  load(): Promise<T>;
  subscribe(listener: () => void): () => void;
}

/** `onLoad` runs once with the value, before subscribers are told. */
export function lazyResource<T>(loader: () => Promise<T>, onLoad?: (value: T) => void): LazyResource<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    current: () => value,
    load() {
      if (value !== undefined) return Promise.resolve(value);
      loading ??= loader().then(
        (loaded) => {
          value = loaded;
          onLoad?.(loaded);
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
