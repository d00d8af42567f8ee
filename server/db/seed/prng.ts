// A small seeded PRNG (sfc32) so the demo lot is the same on every machine and every run:
// Math.random would make screenshots, tests and benchmark numbers drift between seeds.

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Whole number in [min, max], both included. */
  int(min: number, max: number): number;
  /** Uniform in [min, max). */
  float(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks an item with probability proportional to weight(item). */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T;
  /** Standard normal variate (Box-Muller). */
  normal(): number;
  /** A copy of `items` in random order. */
  shuffle<T>(items: readonly T[]): T[];
  /** An independent stream derived from this one (sub-generators stay stable when other code adds draws). */
  fork(label: string): Rng;
}

function hashString(s: string): number {
  // FNV-1a: enough to turn a label into a seed.
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function createRng(seed: number | string): Rng {
  const s0 = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
  let a = 0x9e3779b9, b = 0x243f6a88, c = 0xb7e15162, d = s0;
  const raw = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Warm up: the first outputs of sfc32 still correlate with the seed.
  for (let i = 0; i < 15; i++) raw();

  const rng: Rng = {
    next: raw,
    int: (min, max) => min + Math.floor(raw() * (max - min + 1)),
    float: (min, max) => min + raw() * (max - min),
    chance: (p) => raw() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(raw() * items.length)]!;
    },
    weighted: (items, weight) => {
      let total = 0;
      for (const item of items) total += Math.max(0, weight(item));
      let r = raw() * total;
      for (const item of items) {
        r -= Math.max(0, weight(item));
        if (r < 0) return item;
      }
      return items[items.length - 1]!;
    },
    normal: () => {
      const u = 1 - raw();
      const v = raw();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    shuffle: (items) => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(raw() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
    fork: (label) => createRng((s0 ^ hashString(label)) >>> 0),
  };
  return rng;
}
