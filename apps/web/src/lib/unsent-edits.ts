import { useEffect, useSyncExternalStore } from "react";

/**
 * Which screens hold decisions not sent yet (issue 23): a review list registers while it has some, so the
 * session's expiry warning (session-expiry.tsx) knows, on any screen, that letting the session end would lose work.
 */
export function createUnsentEdits() {
  const owners = new Map<symbol, number>();
  const listeners = new Set<() => void>();
  let total = 0;
  const emit = () => {
    total = [...owners.values()].reduce((sum, n) => sum + n, 0);
    for (const listener of listeners) listener();
  };
  return {
    /** `owner` now holds `count` unsent rows (0 removes it). */
    set(owner: symbol, count: number) {
      if (count > 0) owners.set(owner, count);
      else owners.delete(owner);
      emit();
    },
    /** How many unsent rows the screens hold together. */
    count: () => total,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type UnsentEdits = ReturnType<typeof createUnsentEdits>;

/** The app's registry. */
export const unsentEdits = createUnsentEdits();

/** Registers this screen's unsent rows while it is mounted. */
export function useRegisterUnsentEdits(count: number, store: UnsentEdits = unsentEdits): void {
  useEffect(() => {
    const owner = Symbol("unsent-edits");
    store.set(owner, count);
    return () => store.set(owner, 0);
  }, [count, store]);
}

/** How many unsent rows there are, on whatever screen. */
export function useUnsentEditsCount(store: UnsentEdits = unsentEdits): number {
  return useSyncExternalStore(store.subscribe, store.count, store.count);
}
