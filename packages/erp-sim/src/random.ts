/**
 * Seeded pseudo-random numbers for the ERP mock seed. The same seed gives the same data on every machine and
 * every run (no Math.random, no clock), so screenshots, tests and benchmarks see identical documents.
 */

/** 32-bit FNV-1a hash of a text: turns "SBO_KIJ|P00001" into a seed. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(options: ReadonlyArray<readonly [T, number]>): T;
  /** k distinct items (k capped at the list length), in list order. */
  sample<T>(items: readonly T[], k: number): T[];
}

/** sfc32 (Small Fast Counting), a well-tested 128-bit-state generator, seeded from one 32-bit number. */
export function createRandom(seed: number): Random {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next(); // let the state mix before the first value is used
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error("pick de una lista vacía");
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (options) => {
      const total = options.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, weight] of options) {
        r -= weight;
        if (r < 0) return value;
      }
      return (options[options.length - 1] as (typeof options)[number])[0];
    },
    sample: (items, k) => {
      const indexes = items.map((_, i) => i);
      for (let i = indexes.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [indexes[i], indexes[j]] = [indexes[j] as number, indexes[i] as number];
      }
      return indexes
        .slice(0, Math.min(k, items.length))
        .sort((x, y) => x - y)
        .map((i) => items[i] as (typeof items)[number]);
    },
  };
  return random;
}
