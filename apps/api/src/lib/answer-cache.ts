/**
 * Whole list answers cached per scope under a fingerprint of what they depend on: a call reads the fingerprint
 * (cheap) and rebuilds the answer only when it changed, so an answer is never stale. Concurrent calls that find
 * the same new fingerprint share one build. Bounded in size: the least recently used answers go first.
 */
export function createAnswerCache(maxChars: number) {
  const entries = new Map<string, { fingerprint: string; text: string }>();
  const pending = new Map<string, { fingerprint: string; promise: Promise<string> }>();
  let size = 0;
  const remove = (scope: string) => {
    const old = entries.get(scope);
    if (old) {
      size -= old.text.length;
      entries.delete(scope);
    }
  };
  return {
    async get(scope: string, fingerprint: () => Promise<string>, build: () => Promise<string>): Promise<string> {
      if (maxChars <= 0) return build();
      const current = await fingerprint();
      const hit = entries.get(scope);
      if (hit && hit.fingerprint === current) {
        // Most recently used last.
        entries.delete(scope);
        entries.set(scope, hit);
        return hit.text;
      }
      const running = pending.get(scope);
      if (running && running.fingerprint === current) return running.promise;
      const promise = build().then((text) => {
        remove(scope);
        if (text.length <= maxChars) {
          entries.set(scope, { fingerprint: current, text });
          size += text.length;
          for (const [key, entry] of entries) {
            if (size <= maxChars) break;
            size -= entry.text.length;
            entries.delete(key);
          }
        }
        return text;
      });
      pending.set(scope, { fingerprint: current, promise });
      try {
        return await promise;
      } finally {
        if (pending.get(scope)?.promise === promise) pending.delete(scope);
      }
    },
  };
}
