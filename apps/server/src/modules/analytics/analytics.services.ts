import type {
  AnalyticsRangeQuery,
  AnalyticsViewKey,
  AnalyticsViewResult,
} from '@atelier/contract/analytics/views';
import type {
  AnalyticsShare,
  EventReportBody,
  PredictiveModel,
  PredictiveModelQuery,
} from '@atelier/contract/analytics/analytics-api';
import type { Actor, ClientInfo } from '@/lib/actor';

/**
 * Issue 14: the services of the analytics module and how they call each other. Each is built in
 * its own file (named beside it); `index.ts` wires them. Money is integer minor units of the
 * store's main currency; days are store-local (the store's time zone).
 */

/** One customer's prediction at an as-of day (predictive/predictive.service.ts). */
export type CustomerPrediction = {
  customerId: string;
  /** P(alive) under BG/NBD, 0..1; churn risk is 1 − pAlive. */
  pAlive: number;
  /** Expected purchases in the next `horizonDays`. */
  expectedPurchases: number;
  /** Predicted revenue in the next `horizonDays` (Gamma-Gamma spend × expected purchases), minor units. */
  predictedRevenue: number;
};

/** predictive/predictive.service.ts: BG/NBD + Gamma-Gamma fits, cached per store and orders version. */
export interface PredictiveService {
  /** GET /api/web/analytics/predictive/model. */
  model(storeId: string, query: PredictiveModelQuery): Promise<PredictiveModel>;
  /**
   * Per-customer predictions fitted on every purchase up to `asOf` (YYYY-MM-DD, store-local),
   * over `horizonDays`; empty when no model can be fitted.
   */
  customerPredictions(
    storeId: string,
    asOf: string,
    horizonDays: number,
  ): Promise<CustomerPrediction[]>;
}

/** views/view-service.ts: every analytics view of spec §2, computed in SQL. */
export interface ViewService {
  /** 400 naming the parameter for a bad range (the contract's schema checks it first). */
  compute(
    storeId: string,
    view: AnalyticsViewKey,
    query: AnalyticsRangeQuery,
  ): Promise<AnalyticsViewResult>;
}

/** shares.service.ts: /share-report/{id} snapshots. */
export interface SharesService {
  create(actor: Actor, view: AnalyticsViewKey, query: AnalyticsRangeQuery): Promise<AnalyticsShare>;
  list(storeId: string): Promise<AnalyticsShare[]>;
  /** 404 `analytics_share_not_found` for another store's or an unknown id. */
  revoke(actor: Actor, id: string): Promise<AnalyticsShare>;
  /** The public snapshot; 404 when unknown or revoked. */
  publicSnapshot(
    id: string,
  ): Promise<{ share: AnalyticsShare; storeTitle: string; result: AnalyticsViewResult }>;
}

/** events.service.ts: spec §7 analytics report. */
export interface EventsService {
  /**
   * Stores the event (false: dropped because its content is empty); 429 past the limit of the
   * client's address.
   */
  report(
    body: EventReportBody,
    caller: { userId: string; storeId: string } | null,
    client: ClientInfo,
  ): Promise<{ stored: boolean }>;
}
