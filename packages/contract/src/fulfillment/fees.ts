import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { JobSchema } from '../jobs/job';
import type { PlanType } from '../identity/plans';

/**
 * Issue 15 fees and reports of the fulfillment center (spec §9 fulfillment constants): the fee
 * schedule, the report jobs (financial, outbound; CSV) and /fulfillment-metrics. Money is integer
 * USD cents.
 */

/** Fees are charged in this currency. */
export const FULFILLMENT_FEE_CURRENCY = 'USD';

/**
 * Spec §9: pick and pack per shipped order, in cents. The spec names $1.50 for Beginner (TIER_2)
 * and $1.15 for Professional (TIER_3); it gives no figure for Free (TIER_1) or Scaling
 * (TIER_2_5), so both pay the Beginner rate (the lower rate is Professional's only).
 */
export const ORDER_FEE_CENTS_BY_PLAN: Record<PlanType, number> = {
  TIER_1: 150,
  TIER_2: 150,
  TIER_2_5: 150,
  TIER_3: 115,
};

/** Spec §9: $1 per bin per SKU per month of storage, charged for whole months (never prorated). */
export const STORAGE_FEE_CENTS_PER_BIN_MONTH = 100;
/** Issue 15: priority fulfilment, per order. */
export const PRIORITY_FEE_CENTS = 1000;
/** Spec §9: 1 % cash back on the month's fulfillment fees, in basis points. */
export const CASH_BACK_BASIS_POINTS = 100;

/**
 * What a fee row is for. ORDER (pick and pack), PRIORITY and STORAGE are charges; CASH_BACK is a
 * credit (a negative amount); RECEIVING_INCIDENT is a receiving's non-compliance fee ($15 each).
 */
export const FEE_KINDS = [
  'ORDER',
  'PRIORITY',
  'STORAGE',
  'RECEIVING_INCIDENT',
  'CASH_BACK',
] as const;
export const FeeKindSchema = z.enum(FEE_KINDS);
export type FeeKind = z.infer<typeof FeeKindSchema>;

export const FEE_KIND_LABELS: Record<FeeKind, string> = {
  ORDER: 'Pick and pack',
  PRIORITY: 'Priority fulfilment',
  STORAGE: 'Storage',
  RECEIVING_INCIDENT: 'Receiving incidents',
  CASH_BACK: 'Cash back (1 %)',
};

/** The default low-stock threshold: a variant alerts when available falls to this or below. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** The highest threshold a variant can have. */
export const MAX_LOW_STOCK_THRESHOLD = 1_000_000;

const isoDate = z.iso.date();

/** The longest period a report or the metrics cover, in days (both ends counted). */
export const MAX_REPORT_DAYS = 366;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** A period of whole days (America/New_York calendar), `from` ≤ `to`, at most MAX_REPORT_DAYS. */
const periodShape = { from: isoDate, to: isoDate };
const refinePeriod = <T extends { from: string; to: string }>(value: T, ctx: z.RefinementCtx) => {
  const days = daysBetween(value.from, value.to);
  if (days < 1) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The period ends before it starts.' });
  } else if (days > MAX_REPORT_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `A period is at most ${MAX_REPORT_DAYS} days.`,
    });
  }
};

/**
 * The reports a store can run, each a job writing one file. The returns report is added with
 * returns: a new kind here and its definition on the server (fees/reports.ts).
 */
export const FULFILLMENT_REPORTS = ['financial', 'outbound', 'returns'] as const;
export const FulfillmentReportSchema = z.enum(FULFILLMENT_REPORTS);
export type FulfillmentReport = z.infer<typeof FulfillmentReportSchema>;

export const FULFILLMENT_REPORT_LABELS: Record<FulfillmentReport, string> = {
  financial: 'Financial report (fees by month and kind)',
  outbound: 'Outbound report (shipments)',
  returns: 'Returns report (returned items, inspection and refunds)',
};

/** File formats of a report: CSV (UTF-8 with a byte order mark) or an Excel workbook (XLSX). */
export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ReportFormatSchema = z.enum(REPORT_FORMATS);

/** The job kind of every fulfillment report; its key names the report, format and period. */
export const FULFILLMENT_REPORT_JOB_KIND = 'fulfillment.report';

export const StartReportBodySchema = z
  .object({
    report: FulfillmentReportSchema,
    format: ReportFormatSchema.default('csv'),
    ...periodShape,
  })
  .superRefine(refinePeriod);
export type StartReportBody = z.input<typeof StartReportBodySchema>;

/** The job key of a report: `<report>:<format>:<from>:<to>` (a double submit runs once). */
export const reportJobKey = (body: {
  report: string;
  format: string;
  from: string;
  to: string;
}): string => `${body.report}:${body.format}:${body.from}:${body.to}`;

export const MetricsQuerySchema = z.object(periodShape).superRefine(refinePeriod);
export type MetricsQuery = z.infer<typeof MetricsQuerySchema>;

/** Fulfilment figures of a set of orders (a period or one of its weeks). */
export const MetricsFiguresSchema = z.object({
  /** Orders whose first parcel left in the period. */
  ordersShipped: z.number().int(),
  /** Of those, shipped by their ship-by time (see `shipByDeadline`). */
  shippedOnTime: z.number().int(),
  /** shippedOnTime / ordersShipped, 0 to 1; null without orders. */
  onTimeRate: z.number().nullable(),
  /** Mean hours from the order to its first parcel; null without orders. */
  averageHoursToShip: z.number().nullable(),
  /** Shipments made in the period (recreated replacements not counted). */
  shipments: z.number().int(),
  /** Of those, recreated (their label voided and made again). */
  recreated: z.number().int(),
  /** (shipments − recreated) / shipments, 0 to 1; null without shipments. */
  accuracy: z.number().nullable(),
  /** Fees of the shipped orders plus their active labels' cost, per order; null without orders. */
  costPerOrderCents: z.number().int().nullable(),
});
export type MetricsFigures = z.infer<typeof MetricsFiguresSchema>;

export const FulfillmentMetricsSchema = z.object({
  from: isoDate,
  to: isoDate,
  currencyCode: z.string(),
  totals: MetricsFiguresSchema,
  /** Week by week (weeks start on Monday), oldest first. */
  weeks: z.array(MetricsFiguresSchema.extend({ weekStart: isoDate })),
});
export type FulfillmentMetrics = z.infer<typeof FulfillmentMetricsSchema>;

/** Stock per state for /inventory: tracked variants in stock, low (at or below threshold), out. */
export const InventoryCountsSchema = z.object({
  inStock: z.number().int(),
  low: z.number().int(),
  outOfStock: z.number().int(),
  total: z.number().int(),
});
export type InventoryCounts = z.infer<typeof InventoryCountsSchema>;

export const LowStockSettingSchema = z.object({
  variantId: z.string(),
  /** The variant's own threshold; null uses DEFAULT_LOW_STOCK_THRESHOLD. */
  threshold: z.number().int().nullable(),
  effectiveThreshold: z.number().int(),
  /** Whether the alert was sent and available has not gone back above the threshold since. */
  isAlerted: z.boolean(),
});
export type LowStockSetting = z.infer<typeof LowStockSettingSchema>;

export const SetLowStockThresholdBodySchema = z.object({
  threshold: z.number().int().min(0).max(MAX_LOW_STOCK_THRESHOLD).nullable(),
});

/** The stock CSV's download path (GET with the session's bearer token). */
export const INVENTORY_CSV_PATH = '/api/web/fulfillment/inventory.csv';

/** Issue 15 fee, report and metrics calls (store members; every row is the caller's store's). */
export const feeEndpoints = {
  startReport: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/reports',
    body: StartReportBodySchema,
    response: JobSchema,
    successStatus: 202,
    summary:
      'Issue 15 (spec §7 financial-export-job): starts a report job (financial or outbound, CSV) for a period; follow it with GET /api/jobs/:id and download its file when COMPLETED. While the same report runs, starting it again returns that job.',
    tags: ['fulfillment'],
  }),
  metrics: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/metrics',
    query: MetricsQuerySchema,
    response: FulfillmentMetricsSchema,
    summary:
      'Issue 15 /fulfillment-metrics: orders shipped on time, time to ship, accuracy and cost per order over a period, week by week.',
    tags: ['fulfillment'],
  }),
  inventoryCounts: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/inventory-counts',
    response: InventoryCountsSchema,
    summary:
      'Issue 15 (spec §7 inventory-counts): tracked variants in stock, low (available at or below their threshold) and out of stock.',
    tags: ['fulfillment'],
  }),
  inventoryCsv: defineEndpoint({
    method: 'GET',
    path: INVENTORY_CSV_PATH,
    response: z.unknown(),
    summary:
      'Issue 15: the stock as CSV (SKU, product, variant, on hand, reserved, available, incoming), one row per tracked variant.',
    tags: ['fulfillment'],
  }),
  getLowStock: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/inventory/:variantId/low-stock',
    params: z.object({ variantId: z.string().max(100) }),
    response: LowStockSettingSchema,
    summary: 'Issue 15: a variant’s low-stock threshold and whether its alert is out.',
    tags: ['fulfillment'],
  }),
  setLowStock: defineEndpoint({
    method: 'PUT',
    path: '/api/web/fulfillment/inventory/:variantId/low-stock',
    params: z.object({ variantId: z.string().max(100) }),
    body: SetLowStockThresholdBodySchema,
    response: LowStockSettingSchema,
    summary:
      'Issue 15: sets a variant’s low-stock threshold (null: the default); the alert is checked at once.',
    tags: ['fulfillment'],
  }),
};
