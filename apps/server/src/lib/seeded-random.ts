const encoder = new TextEncoder();

const FNV64_OFFSET = 0xcbf29ce484222325n;
const FNV64_PRIME = 0x100000001b3n;
const MASK_64 = (1n << 64n) - 1n;

/** FNV-1a 64-bit hash of the UTF-8 bytes of `text`, as 16 lowercase hex digits. */
export const fnv1a64Hex = (text: string): string => {
  let hash = FNV64_OFFSET;
  for (const byte of encoder.encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV64_PRIME) & MASK_64;
  }
  return hash.toString(16).padStart(16, '0');
};

/** FNV-1a 32-bit hash of the UTF-8 bytes of `text`; `basis` varies it to derive several words. */
export const fnv1a32 = (text: string, basis = 0x811c9dc5): number => {
  let hash = basis >>> 0;
  for (const byte of encoder.encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
};

export type SeededRandom = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability `probability`. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in random order (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[];
  /** A key of `weights`, drawn in proportion to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
};

/**
 * A small fast PRNG (sfc32) seeded from a string: the same seed gives the same sequence on every
 * machine and Node.js version, which `Math.random` does not.
 */
export const createSeededRandom = (seed: string): SeededRandom => {
  let a = fnv1a32(seed);
  let b = fnv1a32(seed, a ^ 0x9e3779b9);
  let c = fnv1a32(seed, b ^ 0x85ebca6b);
  let d = 1;
  const nextUint32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  // Warm-up rounds spread similar seeds ("cmp_a1", "cmp_a2") apart.
  for (let round = 0; round < 12; round += 1) nextUint32();

  const next = () => nextUint32() / 4294967296;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('Cannot pick from an empty list.');
    return items[int(0, items.length - 1)]!;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    sample<T>(items: readonly T[], count: number): T[] {
      const pool = [...items];
      for (let index = pool.length - 1; index > 0; index -= 1) {
        const other = int(0, index);
        [pool[index], pool[other]] = [pool[other]!, pool[index]!];
      }
      return pool.slice(0, Math.max(0, count));
    },
    weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
      const entries = Object.entries(weights) as [K, number][];
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let threshold = next() * total;
      for (const [key, weight] of entries) {
        threshold -= weight;
        if (threshold < 0) return key;
      }
      return entries[entries.length - 1]![0];
    },
  };
};
