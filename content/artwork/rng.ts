// Seeded randomness: every picture is a pure function of its seed string, so the same item
// always gets the same artwork and a rebuild reproduces identical SVG bytes.

/** 32-bit FNV-1a hash of a string, used to turn a slug into a seed. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [a, b). */
  range(a: number, b: number): number;
  /** Integer in [a, b]. */
  int(a: number, b: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** A new generator whose sequence depends on this one's seed and the label only. */
  fork(label: string): Rng;
}

/** A small, fast generator (a 32-bit xorshift-multiply mix); plenty for drawing. */
export function rng(seed: string | number): Rng {
  const base = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
  let state = base || 0x9e3779b9;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r: Rng = {
    next,
    range: (a, b) => a + (b - a) * next(),
    int: (a, b) => a + Math.floor((b - a + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    fork: (label) => rng(hashString(`${base}:${label}`)),
  };
  return r;
}
