/**
 * The values of spec §9's search filters and sorts, without Zod: what the web app's first page
 * needs to read an address (issue 10). `filters.ts` builds the schemas from these and re-exports
 * them, so importers of `filters` are unchanged.
 */

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

export const MOQ_BUCKETS = {
  UNITS_0_100: { label: '0-100 units', min: 0, max: 100 },
  UNITS_100_1000: { label: '100-1000 units', min: 100, max: 1000 },
  UNITS_1000_PLUS: { label: '1000+ units', min: 1000 },
  CUSTOM: { label: 'Custom' },
} as const;

/** Units a supplier typically produces per order. */
export const ORDER_VOLUME_BUCKETS = {
  UNITS_0_1000: { label: '0-1000 units', min: 0, max: 1000 },
  UNITS_1000_5000: { label: '1000-5000 units', min: 1000, max: 5000 },
  UNITS_5000_PLUS: { label: '5000+ units', min: 5000 },
} as const;

/** Orders a supplier has completed: the spec's buckets 250+, 100+, 50+, under 50. */
export const ORDER_COUNT_BUCKETS = {
  ORDERS_250_PLUS: { label: '250+ orders', min: 250 },
  ORDERS_100_PLUS: { label: '100+ orders', min: 100 },
  ORDERS_50_PLUS: { label: '50+ orders', min: 50 },
  ORDERS_UNDER_50: { label: 'Under 50 orders', min: 0, max: 50 },
} as const;

/** Average review of 4, 3, 2 or 1 stars and up. */
export const RATING_FILTERS = [4, 3, 2, 1] as const;

/** Production time in days: under 1 month (< 30), 1-2 (30-59), 2-3 (60-89), 3+ months (≥ 90). */
export const PRODUCTION_TIME_BUCKETS = {
  UNDER_1_MONTH: { label: 'Under 1 month', maxDays: 30 },
  MONTHS_1_2: { label: '1-2 months', minDays: 30, maxDays: 60 },
  MONTHS_2_3: { label: '2-3 months', minDays: 60, maxDays: 90 },
  MONTHS_3_PLUS: { label: '3+ months', minDays: 90 },
} as const;

/** Spec §9 quick-pick countries. */
export const QUICK_PICK_COUNTRIES = ['CN', 'US', 'IT', 'VN', 'IN'] as const;

/** Spec §9 item sorts. */
export const ITEM_SORTS = {
  FEATURED: { label: 'Featured', key: '-rank' },
  NEWEST: { label: 'Newest', key: '-enabledAt' },
  PRICE_LOW_TO_HIGH: { label: 'Price: low to high', key: 'price' },
  PRICE_HIGH_TO_LOW: { label: 'Price: high to low', key: '-price' },
} as const;

/** Spec §9 supplier sorts ("lowest tariffs" arrives with the tariff agent). */
export const SUPPLIER_SORTS = {
  FEATURED: { label: 'Featured' },
  ONLINE_NOW: { label: 'Online now' },
  NEWLY_ADDED: { label: 'Newly added' },
} as const;
