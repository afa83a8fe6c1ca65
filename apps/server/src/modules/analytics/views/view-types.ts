import type { AnalyticsViewKey, AnalyticsViewResult } from '@atelier/contract/analytics/views';
import type { Database } from '@/db/client';
import type { PredictiveService } from '../analytics.services';

/** A range of store-local days: `from`..`to` inclusive, and the instants that bound it. */
export type ViewRange = {
  from: string;
  to: string;
  /** The first instant of `from` in the store's time zone. */
  start: Date;
  /** The first instant of the day after `to` in the store's time zone (exclusive). */
  end: Date;
};

/**
 * What a view computes over (built by view-service.ts): the store, its main currency (money is
 * its minor units; orders in other currencies are left out) and time zone (IANA), the range, the
 * optional comparison range and the product a view is asked about.
 */
export type ViewScope = {
  db: Database;
  storeId: string;
  currencyCode: string;
  timeZone: string;
  range: ViewRange;
  compare: ViewRange | null;
  /** The query's `product` (product-follow-up-purchases' X), or undefined. */
  product?: string;
  now: Date;
  predictive: PredictiveService;
};

/** What a view computer returns; view-service.ts adds the view's title, definition and ranges. */
export type ViewBody = Pick<
  AnalyticsViewResult,
  'empty' | 'figures' | 'charts' | 'tables' | 'product'
>;

export type ViewComputer = (scope: ViewScope) => Promise<ViewBody>;

export type ViewComputers = Partial<Record<AnalyticsViewKey, ViewComputer>>;
