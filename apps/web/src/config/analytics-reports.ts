import type { AnalyticsCategory, AnalyticsViewKey } from '@atelier/contract/analytics/views';

/** The categories of the analytics reports (the dashboard has its own entry). */
export type AnalyticsReportCategory = Exclude<AnalyticsCategory, 'dashboard'>;

export type AnalyticsReport = {
  key: AnalyticsViewKey;
  path: string;
  category: AnalyticsReportCategory;
};

export const ANALYTICS_CATEGORY_LABELS: Record<AnalyticsReportCategory, string> = {
  customers: 'Customers',
  orders: 'Orders',
  products: 'Products',
  marketing: 'Marketing',
};

/**
 * Spec §2 analytics report routes by category, in the order of the contract's registry
 * (ANALYTICS_VIEWS, with titles and definitions). That registry builds Zod schemas beside it,
 * and the navigation and route table are part of the first page, which loads no Zod (issue 10):
 * the keys are repeated here, and analytics-reports.test.ts holds them to the registry.
 */
const REPORT_KEYS: Record<AnalyticsReportCategory, readonly AnalyticsViewKey[]> = {
  customers: [
    'analytics-customer',
    'analytics-all-customers-graph',
    'analytics-repeat-purchase',
    'analytics-repeat-purchase-development',
    'analytics-time-between-purchase',
    'analytics-base-zone',
    'analytics-zone-development',
    'analytics-ltv',
    'customer-daily-ltv',
    'analytics-rfm',
    'analytics-percentile-analysis',
    'analytics-customer-economics',
    'analytics-cohorts',
    'analytics-revenue-by-cohorts',
    'analytics-recovered-customers',
    'analytics-churn-risk',
    'analytics-churn-risk-development',
    'analytics-customer-persona',
  ],
  orders: [
    'analytics-order',
    'analytics-all-order',
    'order-development',
    'order-count-distribution',
    'order-time-analysis',
    'order-discounts',
    'order-first-order-value',
    'order-aov-pre-order-count',
    'order-avg-value',
    'order-items-per-basket',
    'free-shipping-threshold',
  ],
  products: [
    'analytics-product',
    'product-all',
    'product-all-variants',
    'product-best-item',
    'product-sold-item',
    'product-return-rate',
    'product-return-items',
    'product-cross-selling-analysis',
    'product-follow-up-purchases',
  ],
  marketing: ['marketing-channels'],
};

export const ANALYTICS_REPORT_CATEGORIES = Object.keys(REPORT_KEYS) as AnalyticsReportCategory[];

/** Spec §2 analytics report routes (all but the dashboards and fulfillment metrics). */
export const ANALYTICS_REPORTS: readonly AnalyticsReport[] = ANALYTICS_REPORT_CATEGORIES.flatMap(
  (category) => REPORT_KEYS[category].map((key) => ({ key, path: `/${key}`, category })),
);

export const ANALYTICS_DASHBOARD_KEY = 'analytics' satisfies AnalyticsViewKey;
export const ANALYTICS_DASHBOARD_PATH = '/analytics';
export const FULFILLMENT_METRICS_PATH = '/fulfillment-metrics';

const ANALYTICS_PATHS = new Set([
  ANALYTICS_DASHBOARD_PATH,
  FULFILLMENT_METRICS_PATH,
  ...ANALYTICS_REPORTS.map((report) => report.path),
]);

export const isAnalyticsPath = (path: string): boolean => ANALYTICS_PATHS.has(path);

export const listReportsOf = (category: AnalyticsReportCategory): AnalyticsReport[] =>
  ANALYTICS_REPORTS.filter((report) => report.category === category);
