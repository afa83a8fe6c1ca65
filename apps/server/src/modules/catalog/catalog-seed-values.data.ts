import type { SeededRandom } from '@/lib/seeded-random';

/** Inclusive range drawn in steps: [min, max, step]. */
type Range = readonly [min: number, max: number, step: number];
type Buckets = Readonly<Record<string, { weight: number; range: Range }>>;

/**
 * How the generated demo values of one kind of supplier are spread. The buckets line up with
 * the §9 filter buckets of the contract (filters.ts) so that every filter value finds suppliers.
 */
type DemoProfile = {
  customSampleShare: number;
  samplePriceCents: Buckets;
  customMoqShare: number;
  moq: Buckets;
  productionTimeDays: Buckets;
  orderVolume: Buckets;
  orderCount: Buckets;
};

const ORDER_COUNT: Buckets = {
  under50: { weight: 35, range: [0, 49, 1] },
  from50: { weight: 25, range: [50, 99, 1] },
  from100: { weight: 25, range: [100, 249, 1] },
  from250: { weight: 15, range: [250, 600, 1] },
};
const ONE_UNIT: Buckets = { one: { weight: 1, range: [1, 1, 1] } };

export const DEMO_PROFILES = {
  factory: {
    customSampleShare: 0.1,
    samplePriceCents: {
      low: { weight: 45, range: [800, 4950, 50] },
      mid: { weight: 30, range: [5000, 9950, 50] },
      high: { weight: 25, range: [10000, 25000, 100] },
    },
    customMoqShare: 0.08,
    moq: {
      small: { weight: 30, range: [50, 90, 10] },
      mid: { weight: 45, range: [100, 950, 50] },
      large: { weight: 25, range: [1000, 5000, 100] },
    },
    productionTimeDays: {
      underMonth: { weight: 25, range: [10, 29, 1] },
      oneToTwo: { weight: 30, range: [30, 59, 1] },
      twoToThree: { weight: 25, range: [60, 89, 1] },
      threePlus: { weight: 20, range: [90, 120, 1] },
    },
    orderVolume: {
      small: { weight: 35, range: [100, 950, 50] },
      mid: { weight: 40, range: [1000, 4900, 100] },
      large: { weight: 25, range: [5000, 20000, 500] },
    },
    orderCount: ORDER_COUNT,
  },
  packaging: {
    customSampleShare: 0.15,
    samplePriceCents: {
      low: { weight: 70, range: [800, 4950, 50] },
      mid: { weight: 25, range: [5000, 9950, 50] },
      high: { weight: 5, range: [10000, 15000, 100] },
    },
    customMoqShare: 0.1,
    moq: {
      small: { weight: 15, range: [50, 90, 10] },
      mid: { weight: 45, range: [100, 950, 50] },
      large: { weight: 40, range: [1000, 10000, 500] },
    },
    productionTimeDays: {
      underMonth: { weight: 60, range: [7, 29, 1] },
      oneToTwo: { weight: 40, range: [30, 45, 1] },
    },
    orderVolume: {
      small: { weight: 20, range: [250, 950, 50] },
      mid: { weight: 50, range: [1000, 4900, 100] },
      large: { weight: 30, range: [5000, 20000, 500] },
    },
    orderCount: ORDER_COUNT,
  },
  services: {
    customSampleShare: 0.6,
    samplePriceCents: {
      low: { weight: 30, range: [2500, 4950, 50] },
      mid: { weight: 40, range: [5000, 9950, 50] },
      high: { weight: 30, range: [10000, 25000, 500] },
    },
    customMoqShare: 0.3,
    moq: ONE_UNIT,
    productionTimeDays: {
      underMonth: { weight: 60, range: [3, 29, 1] },
      oneToTwo: { weight: 40, range: [30, 59, 1] },
    },
    orderVolume: { small: { weight: 1, range: [1, 50, 1] } },
    orderCount: ORDER_COUNT,
  },
  website: {
    customSampleShare: 0.8,
    samplePriceCents: { high: { weight: 1, range: [10000, 50000, 500] } },
    customMoqShare: 0.3,
    moq: ONE_UNIT,
    productionTimeDays: {
      underMonth: { weight: 25, range: [7, 29, 1] },
      oneToTwo: { weight: 45, range: [30, 59, 1] },
      twoToThree: { weight: 25, range: [60, 89, 1] },
      threePlus: { weight: 5, range: [90, 120, 1] },
    },
    orderVolume: { one: { weight: 1, range: [1, 1, 1] } },
    orderCount: ORDER_COUNT,
  },
} as const satisfies Record<string, DemoProfile>;
export type DemoProfileName = keyof typeof DEMO_PROFILES;

const drawStepped = (random: SeededRandom, [min, max, step]: Range): number =>
  random.int(Math.ceil(min / step), Math.floor(max / step)) * step;

const draw = (random: SeededRandom, buckets: Buckets): number => {
  const weights = Object.fromEntries(
    Object.entries(buckets).map(([key, bucket]) => [key, bucket.weight]),
  );
  return drawStepped(random, buckets[random.weighted(weights)]!.range);
};

/** The end of the window in which seeded suppliers were "enabled" (the seed's fixed today). */
export const SEED_AS_OF = new Date('2026-11-01T00:00:00.000Z');
const MINUTES_IN_24_MONTHS = 730 * 24 * 60;

export type SupplierDemoValues = {
  samplePriceCents: number | null;
  moq: number | null;
  productionTimeDays: number;
  orderVolume: number;
  orderCount: number;
  demoRating: number;
  isConciergeRecommended: boolean;
  rank: number;
  enabledAt: Date;
};

const roundTo1 = (value: number) => Math.round(value * 10) / 10;

/** 2.5–5.0 with one decimal, skewed high as on review sites; about one in twenty lower. */
const drawRating = (random: SeededRandom): number => {
  if (random.chance(0.05)) return random.int(12, 24) / 10;
  return random.chance(0.3) ? random.int(25, 39) / 10 : random.int(40, 50) / 10;
};

/** The generated values of one supplier, drawn in a fixed order from its own random stream. */
export const drawSupplierDemoValues = (
  random: SeededRandom,
  profileName: DemoProfileName,
): SupplierDemoValues => {
  const profile: DemoProfile = DEMO_PROFILES[profileName];
  const samplePriceCents = random.chance(profile.customSampleShare)
    ? null
    : draw(random, profile.samplePriceCents);
  const moq = random.chance(profile.customMoqShare) ? null : draw(random, profile.moq);
  const productionTimeDays = draw(random, profile.productionTimeDays);
  const orderVolume = draw(random, profile.orderVolume);
  const orderCount = draw(random, profile.orderCount);
  const demoRating = drawRating(random);
  const isConciergeRecommended = random.chance(0.05);
  const rank = roundTo1(
    Math.min(100, random.next() * 60 + (demoRating - 1) * 7.5 + (isConciergeRecommended ? 10 : 0)),
  );
  const enabledAt = new Date(SEED_AS_OF.getTime() - random.int(1, MINUTES_IN_24_MONTHS) * 60_000);
  return {
    samplePriceCents,
    moq,
    productionTimeDays,
    orderVolume,
    orderCount,
    demoRating,
    isConciergeRecommended,
    rank,
    enabledAt,
  };
};

export type ItemDemoValues = {
  samplePriceCents: number | null;
  moq: number | null;
  productionTimeDays: number;
  rank: number;
  enabledAt: Date;
};

/** An item's values near its supplier's: the same sample policy, a similar MOQ and lead time. */
export const drawItemDemoValues = (
  random: SeededRandom,
  supplier: SupplierDemoValues,
  priceCents: number,
): ItemDemoValues => {
  const samplePriceCents =
    supplier.samplePriceCents === null
      ? null
      : Math.max(
          Math.round((supplier.samplePriceCents * (0.8 + random.next() * 0.5)) / 50) * 50,
          Math.ceil((priceCents * 2) / 50) * 50,
        );
  const moq =
    supplier.moq === null || supplier.moq === 1 || random.chance(0.6)
      ? supplier.moq
      : Math.max(10, Math.round((supplier.moq * random.pick([0.5, 2])) / 10) * 10);
  const productionTimeDays = Math.max(3, supplier.productionTimeDays + random.int(-7, 7));
  const rank = roundTo1(supplier.rank * 0.5 + random.next() * 50);
  const enabledAt = new Date(
    Math.min(
      SEED_AS_OF.getTime() - 60_000,
      supplier.enabledAt.getTime() + random.int(0, 90 * 24 * 60) * 60_000,
    ),
  );
  return { samplePriceCents, moq, productionTimeDays, rank, enabledAt };
};

/** A price in cents drawn from a range, rounded to a price a supplier would quote. */
export const drawPriceCents = (random: SeededRandom, [min, max]: readonly [number, number]) => {
  const step = max >= 100_000 ? 5000 : max >= 10_000 ? 500 : max >= 1000 ? 50 : 1;
  return drawStepped(random, [min, max, step]);
};
