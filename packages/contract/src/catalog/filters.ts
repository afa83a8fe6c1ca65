import { z } from 'zod';
import {
  SAMPLE_PRICE_BUCKETS,
  MOQ_BUCKETS,
  ORDER_VOLUME_BUCKETS,
  ORDER_COUNT_BUCKETS,
  RATING_FILTERS,
  PRODUCTION_TIME_BUCKETS,
  ITEM_SORTS,
  SUPPLIER_SORTS,
} from './filter-values';

export * from './filter-values';

export const SamplePriceFilterSchema = z.enum(
  Object.keys(SAMPLE_PRICE_BUCKETS) as [keyof typeof SAMPLE_PRICE_BUCKETS],
);
export type SamplePriceFilter = z.infer<typeof SamplePriceFilterSchema>;

export const MoqFilterSchema = z.enum(Object.keys(MOQ_BUCKETS) as [keyof typeof MOQ_BUCKETS]);
export type MoqFilter = z.infer<typeof MoqFilterSchema>;

export const OrderVolumeFilterSchema = z.enum(
  Object.keys(ORDER_VOLUME_BUCKETS) as [keyof typeof ORDER_VOLUME_BUCKETS],
);
export type OrderVolumeFilter = z.infer<typeof OrderVolumeFilterSchema>;

export const OrderCountFilterSchema = z.enum(
  Object.keys(ORDER_COUNT_BUCKETS) as [keyof typeof ORDER_COUNT_BUCKETS],
);
export type OrderCountFilter = z.infer<typeof OrderCountFilterSchema>;

export const RatingFilterSchema = z.coerce
  .number()
  .int()
  .refine((value) => (RATING_FILTERS as readonly number[]).includes(value), 'Use 4, 3, 2 or 1.');

export const ProductionTimeFilterSchema = z.enum(
  Object.keys(PRODUCTION_TIME_BUCKETS) as [keyof typeof PRODUCTION_TIME_BUCKETS],
);
export type ProductionTimeFilter = z.infer<typeof ProductionTimeFilterSchema>;

export const ItemSortSchema = z.enum(Object.keys(ITEM_SORTS) as [keyof typeof ITEM_SORTS]);
export type ItemSort = z.infer<typeof ItemSortSchema>;

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
