import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import {
  AnalyticsRangeQuerySchema,
  AnalyticsViewKeySchema,
  AnalyticsViewResultSchema,
} from './views';

/**
 * Issue 14, the analytics calls. Views are computed in SQL from the store's own orders; every
 * money value is integer minor units of the result's `currencyCode`.
 */

/** The longest horizon a prediction takes, in days (10 years). */
export const MAX_PREDICTION_HORIZON_DAYS = 3_650;

export const PredictiveModelQuerySchema = z.object({
  /** The last day (store-local) of the calibration period; the holdout is what follows. */
  calibrationEnd: z.iso.date(),
  timeUnit: z.enum(['day', 'week']).default('week'),
  /** Days after calibrationEnd predicted and compared with the actual purchases. */
  horizonDays: z.coerce.number().int().min(1).max(MAX_PREDICTION_HORIZON_DAYS).default(365),
});
export type PredictiveModelQuery = z.infer<typeof PredictiveModelQuerySchema>;

/**
 * The fitted BG/NBD (Fader, Hardie & Lee 2005) and Gamma-Gamma models of a store, and the
 * holdout: predicted against actual repeat purchases after `calibrationEnd`.
 */
export const PredictiveModelSchema = z.object({
  calibrationEnd: z.iso.date(),
  timeUnit: z.enum(['day', 'week']),
  horizonDays: z.number().int(),
  customers: z.number().int(),
  /** Customers with at least one repeat purchase in the calibration period. */
  repeatCustomers: z.number().int(),
  bgnbd: z
    .object({
      r: z.number(),
      alpha: z.number(),
      a: z.number(),
      b: z.number(),
      logLikelihood: z.number(),
    })
    .nullable(),
  gammaGamma: z
    .object({ p: z.number(), q: z.number(), gamma: z.number(), logLikelihood: z.number() })
    .nullable(),
  holdout: z.object({
    predictedRepeatPurchases: z.number(),
    actualRepeatPurchases: z.number().int(),
    /** By calibration frequency x (0, 1, 2, … and a last "7+" bucket). */
    byFrequency: z.array(
      z.object({
        frequency: z.string(),
        customers: z.number().int(),
        predicted: z.number(),
        actual: z.number().int(),
      }),
    ),
  }),
  /** Why no model could be fitted (too few customers or repeat purchases), or null. */
  empty: z.string().nullable(),
  fittedAt: z.iso.datetime(),
});
export type PredictiveModel = z.infer<typeof PredictiveModelSchema>;

export const AnalyticsShareSchema = z.object({
  id: z.string(),
  view: AnalyticsViewKeySchema,
  title: z.string(),
  /** The public page's path: /share-report/{id}. */
  path: z.string(),
  range: z.object({ from: z.iso.date(), to: z.iso.date() }),
  createdAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
});
export type AnalyticsShare = z.infer<typeof AnalyticsShareSchema>;

export const CreateAnalyticsShareBodySchema = z
  .object({ view: AnalyticsViewKeySchema })
  .and(AnalyticsRangeQuerySchema);

/** Spec §3/§7 analytics report: first-party product analytics, never sent to a third party. */
export const EventReportBodySchema = z
  .object({
    sourceClient: z.enum(['desktop_web', 'mobile_web']),
    anonymousUserId: z.string().min(1).max(100),
    commonType: z.string().min(1).max(100),
    eventName: z.string().min(1).max(200),
    commonContent: z.unknown(),
  })
  .catchall(z.unknown());
export type EventReportBody = z.infer<typeof EventReportBodySchema>;

export const analyticsEndpoints = {
  view: defineEndpoint({
    method: 'GET',
    path: '/api/web/analytics/views/:view',
    params: z.object({ view: AnalyticsViewKeySchema }),
    query: AnalyticsRangeQuerySchema,
    response: AnalyticsViewResultSchema,
    summary:
      'Issue 14: one analytics view of the store (figures, charts, tables) over a range of store-local days, with an optional comparison range.',
    tags: ['analytics'],
  }),
  predictiveModel: defineEndpoint({
    method: 'GET',
    path: '/api/web/analytics/predictive/model',
    query: PredictiveModelQuerySchema,
    response: PredictiveModelSchema,
    summary:
      'Issue 14: the BG/NBD and Gamma-Gamma fit on purchases up to calibrationEnd, and predicted against actual repeat purchases after it.',
    tags: ['analytics'],
  }),
  createShare: defineEndpoint({
    method: 'POST',
    path: '/api/web/analytics/shares',
    body: CreateAnalyticsShareBodySchema,
    response: AnalyticsShareSchema,
    successStatus: 201,
    summary: 'Issue 14: a public, read-only snapshot of one view (revocable).',
    tags: ['analytics'],
  }),
  listShares: defineEndpoint({
    method: 'GET',
    path: '/api/web/analytics/shares',
    response: z.object({ items: z.array(AnalyticsShareSchema) }),
    tags: ['analytics'],
  }),
  revokeShare: defineEndpoint({
    method: 'DELETE',
    path: '/api/web/analytics/shares/:id',
    params: z.object({ id: z.string().max(100) }),
    response: AnalyticsShareSchema,
    tags: ['analytics'],
  }),
  publicShare: defineEndpoint({
    method: 'GET',
    path: '/api/public/analytics/shares/:id',
    auth: 'public',
    params: z.object({ id: z.string().max(100) }),
    response: z.object({
      share: AnalyticsShareSchema,
      storeTitle: z.string(),
      result: AnalyticsViewResultSchema,
    }),
    summary: 'Issue 14: /share-report/{id}, the snapshot only (404 when unknown or revoked).',
    tags: ['analytics'],
  }),
  reportEvent: defineEndpoint({
    method: 'POST',
    path: '/api/commons/event-analyses/report',
    auth: 'optional',
    body: EventReportBodySchema,
    response: z.object({ stored: z.boolean() }),
    summary:
      'Spec §7 analytics report: stores a product-analytics event for the platform (never a third party); an event with empty content is dropped (stored: false).',
    tags: ['analytics'],
  }),
} as const;
