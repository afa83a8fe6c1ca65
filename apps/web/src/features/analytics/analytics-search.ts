import { knownParams, readText } from '@/lib/search-params';

/**
 * The range of an analytics page as its address holds it (`?from=2025-01-01&to=…&compareFrom=…
 * &compareTo=…`, store-local days). Part of the first page through the route table, so Zod-free
 * (issue 10); a missing range is the server's default (the last 365 days).
 */
export type AnalyticsSearch = {
  from?: string;
  to?: string;
  compareFrom?: string;
  compareTo?: string;
  /** The product X of the follow-up purchases (`?product=…`; the server's default else). */
  product?: string;
};

/** The contract's MAX_ANALYTICS_PRODUCT_LENGTH (written out: this file stays Zod-free). */
const PRODUCT_MAX_LENGTH = 500;

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const readDate = (value: unknown) => readText(value, { pattern: ISO_DATE });

/**
 * `validateSearch` of every analytics route: well-formed dates only, a comparison whole or not at
 * all, a product of at most 500 characters.
 */
export const validateAnalyticsSearch = (raw: Record<string, unknown>): AnalyticsSearch => {
  const compareFrom = readDate(raw.compareFrom);
  const compareTo = readDate(raw.compareTo);
  const hasCompare = compareFrom !== undefined && compareTo !== undefined;
  return knownParams<AnalyticsSearch>({
    from: readDate(raw.from),
    to: readDate(raw.to),
    compareFrom: hasCompare ? compareFrom : undefined,
    compareTo: hasCompare ? compareTo : undefined,
    product: readText(raw.product, { maxLength: PRODUCT_MAX_LENGTH })?.trim() || undefined,
  });
};
