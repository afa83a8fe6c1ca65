import { z } from 'zod';

/**
 * Spec §9 search filters as bounded lists. Every bucket is half-open, [min, max): a value on an
 * edge belongs to the higher bucket ($50.00 is in $50-$100, 100 units in 100-1000, 30 days in
 * 1-2 months). Money in cents, durations in days, quantities in units.
 */
export const SAMPLE_PRICE_BUCKETS = {
  ALL: { label: 'All' },
  USD_5_50: { label: '$5-$50', minCents: 500, maxCents: 5000 },
  USD_50_100: { label: '$50-$100', minCents: 5000, maxCents: 10000 },
  USD_100_PLUS: { label: '$100+', minCents: 10000 },
  CUSTOM_QUOTE: { label: 'Custom quote' },
} as const;
export const SamplePriceFilterSchema = z.enum(
  Object.keys(SAMPLE_PRICE_BUCKETS) as [keyof typeof SAMPLE_PRICE_BUCKETS],
);
export type SamplePriceFilter = z.infer<typeof SamplePriceFilterSchema>;

export const MOQ_BUCKETS = {
  UNITS_0_100: { label: '0-100 units', min: 0, max: 100 },
  UNITS_100_1000: { label: '100-1000 units', min: 100, max: 1000 },
  UNITS_1000_PLUS: { label: '1000+ units', min: 1000 },
  CUSTOM: { label: 'Custom' },
} as const;
export const MoqFilterSchema = z.enum(Object.keys(MOQ_BUCKETS) as [keyof typeof MOQ_BUCKETS]);
export type MoqFilter = z.infer<typeof MoqFilterSchema>;

/** Units a supplier typically produces per order. */
export const ORDER_VOLUME_BUCKETS = {
  UNITS_0_1000: { label: '0-1000 units', min: 0, max: 1000 },
  UNITS_1000_5000: { label: '1000-5000 units', min: 1000, max: 5000 },
  UNITS_5000_PLUS: { label: '5000+ units', min: 5000 },
} as const;
export const OrderVolumeFilterSchema = z.enum(
  Object.keys(ORDER_VOLUME_BUCKETS) as [keyof typeof ORDER_VOLUME_BUCKETS],
);
export type OrderVolumeFilter = z.infer<typeof OrderVolumeFilterSchema>;

/** Orders a supplier has completed: the spec's buckets 250+, 100+, 50+, under 50. */
export const ORDER_COUNT_BUCKETS = {
  ORDERS_250_PLUS: { label: '250+ orders', min: 250 },
  ORDERS_100_PLUS: { label: '100+ orders', min: 100 },
  ORDERS_50_PLUS: { label: '50+ orders', min: 50 },
  ORDERS_UNDER_50: { label: 'Under 50 orders', min: 0, max: 50 },
} as const;
export const OrderCountFilterSchema = z.enum(
  Object.keys(ORDER_COUNT_BUCKETS) as [keyof typeof ORDER_COUNT_BUCKETS],
);
export type OrderCountFilter = z.infer<typeof OrderCountFilterSchema>;

/** Average review of 4, 3, 2 or 1 stars and up. */
export const RATING_FILTERS = [4, 3, 2, 1] as const;
export const RatingFilterSchema = z.coerce
  .number()
  .int()
  .refine((value) => (RATING_FILTERS as readonly number[]).includes(value), 'Use 4, 3, 2 or 1.');

/** Production time in days: under 1 month (< 30), 1-2 (30-59), 2-3 (60-89), 3+ months (≥ 90). */
export const PRODUCTION_TIME_BUCKETS = {
  UNDER_1_MONTH: { label: 'Under 1 month', maxDays: 30 },
  MONTHS_1_2: { label: '1-2 months', minDays: 30, maxDays: 60 },
  MONTHS_2_3: { label: '2-3 months', minDays: 60, maxDays: 90 },
  MONTHS_3_PLUS: { label: '3+ months', minDays: 90 },
} as const;
export const ProductionTimeFilterSchema = z.enum(
  Object.keys(PRODUCTION_TIME_BUCKETS) as [keyof typeof PRODUCTION_TIME_BUCKETS],
);
export type ProductionTimeFilter = z.infer<typeof ProductionTimeFilterSchema>;

/** Spec §9 quick-pick countries. */
export const QUICK_PICK_COUNTRIES = ['CN', 'US', 'IT', 'VN', 'IN'] as const;

/** Spec §9 item sorts. */
export const ITEM_SORTS = {
  FEATURED: { label: 'Featured', key: '-rank' },
  NEWEST: { label: 'Newest', key: '-enabledAt' },
  PRICE_LOW_TO_HIGH: { label: 'Price: low to high', key: 'price' },
  PRICE_HIGH_TO_LOW: { label: 'Price: high to low', key: '-price' },
} as const;
export const ItemSortSchema = z.enum(Object.keys(ITEM_SORTS) as [keyof typeof ITEM_SORTS]);
export type ItemSort = z.infer<typeof ItemSortSchema>;

/** Spec §9 supplier sorts ("lowest tariffs" arrives with the tariff agent). */
export const SUPPLIER_SORTS = {
  FEATURED: { label: 'Featured' },
  ONLINE_NOW: { label: 'Online now' },
  NEWLY_ADDED: { label: 'Newly added' },
} as const;
export const SupplierSortSchema = z.enum(
  Object.keys(SUPPLIER_SORTS) as [keyof typeof SUPPLIER_SORTS],
);
export type SupplierSort = z.infer<typeof SupplierSortSchema>;

/** Is `value` inside the half-open bucket [min, max)? */
export const isInRange = (value: number, range: { min?: number; max?: number }): boolean =>
  (range.min === undefined || value >= range.min) && (range.max === undefined || value < range.max);

/** The sample-price bucket a price in cents falls in; null (no price) is a custom quote. */
export const samplePriceBucketOf = (cents: number | null): SamplePriceFilter | null => {
  if (cents === null) return 'CUSTOM_QUOTE';
  if (isInRange(cents, { min: 500, max: 5000 })) return 'USD_5_50';
  if (isInRange(cents, { min: 5000, max: 10000 })) return 'USD_50_100';
  if (cents >= 10000) return 'USD_100_PLUS';
  return null;
};

/** The production-time bucket of a number of days. */
export const productionTimeBucketOf = (days: number): ProductionTimeFilter => {
  if (days < 30) return 'UNDER_1_MONTH';
  if (days < 60) return 'MONTHS_1_2';
  if (days < 90) return 'MONTHS_2_3';
  return 'MONTHS_3_PLUS';
};
