import type { catalogItems } from '@/modules/catalog/item.table';

type ItemInsert = typeof catalogItems.$inferInsert;

const MATERIALS = [
  'Organic cotton',
  'Recycled polyester',
  'Linen',
  'Merino wool',
  'Denim',
  'Hemp',
  'Bamboo',
  'Nylon',
  'Leather',
  'Canvas',
];
const FINISHES = [
  'garment-dyed',
  'enzyme-washed',
  'brushed',
  'heavyweight',
  'lightweight',
  'stretch',
  'oversized',
  'cropped',
  'relaxed-fit',
  'tailored',
];

/** A small deterministic PRNG (mulberry32), so every benchmark run measures the same catalog. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/**
 * `count` benchmark items made by varying the seed catalog's own items: new ids, a material and
 * finish in the title, prices and ranks spread around the original. Kept apart from the real seed
 * (ids start `itm_bench`), in a database of its own.
 */
export const buildBenchItems = (seedItems: readonly ItemInsert[], count: number): ItemInsert[] => {
  const random = prng(20261121);
  const result: ItemInsert[] = [];
  const now = Date.UTC(2026, 10, 1);
  for (let index = 0; index < count; index += 1) {
    const base = seedItems[index % seedItems.length]!;
    const material = MATERIALS[Math.floor(random() * MATERIALS.length)]!;
    const finish = FINISHES[Math.floor(random() * FINISHES.length)]!;
    const title = `${material} ${finish} ${base.title.toLowerCase()}`;
    result.push({
      ...base,
      id: `itm_bench${index.toString(36).padStart(7, '0')}`,
      title,
      searchText: `${title} ${base.searchText}`,
      priceCents: Math.max(50, Math.round(base.priceCents * (0.5 + random()))),
      rank: Math.round(random() * 10000) / 100,
      enabledAt: new Date(now - Math.floor(random() * 730) * 86_400_000),
    });
  }
  return result;
};
