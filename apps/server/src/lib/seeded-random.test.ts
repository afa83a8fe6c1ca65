import { describe, expect, it } from 'vitest';
import { createSeededRandom, fnv1a32, fnv1a64Hex } from './seeded-random';

describe('fnv1a64Hex', () => {
  it('matches the published FNV-1a 64-bit test vectors', () => {
    expect(fnv1a64Hex('')).toBe('cbf29ce484222325');
    expect(fnv1a64Hex('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64Hex('foobar')).toBe('85944171f73967e8');
  });
});

describe('fnv1a32', () => {
  it('matches the published FNV-1a 32-bit test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });
});

describe('createSeededRandom', () => {
  const draw = (seed: string) => {
    const random = createSeededRandom(seed);
    return Array.from({ length: 5 }, () => random.next());
  };

  it('repeats the same sequence for the same seed and differs for a neighbouring seed', () => {
    expect(draw('cmp_1')).toEqual(draw('cmp_1'));
    expect(draw('cmp_1')).not.toEqual(draw('cmp_2'));
  });

  it('keeps int() inside its inclusive bounds and reaches both ends', () => {
    const random = createSeededRandom('bounds');
    const values = new Set(Array.from({ length: 2000 }, () => random.int(3, 8)));
    expect([...values].sort()).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('samples distinct items and draws weighted keys in proportion', () => {
    const random = createSeededRandom('weights');
    const sample = random.sample(['a', 'b', 'c', 'd'], 3);
    expect(new Set(sample).size).toBe(3);
    expect(random.sample(['a'], 3)).toEqual(['a']);
    const counts = { rare: 0, common: 0 };
    for (let index = 0; index < 4000; index += 1) {
      counts[random.weighted({ rare: 1, common: 3 })] += 1;
    }
    expect(counts.common / counts.rare).toBeGreaterThan(2.5);
    expect(counts.common / counts.rare).toBeLessThan(3.5);
  });
});
