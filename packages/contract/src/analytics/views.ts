import { z } from 'zod';

/**
 * Issue 14, spec §2 Analytics routes: every analytics view, in one registry the server computes
 * and the web draws. A view's `key` is its route without the leading slash (`analytics-cohorts`
 * is /analytics-cohorts). `definition` is the one line each page shows (what counts as a repeat
 * customer, a churned one, a zone…); the server's SQL follows it.
 */
export type AnalyticsCategory = 'dashboard' | 'customers' | 'orders' | 'products' | 'marketing';

export const ANALYTICS_CATEGORY_LABELS: Record<AnalyticsCategory, string> = {
  dashboard: 'Dashboards',
  customers: 'Customers',
  orders: 'Orders',
  products: 'Products',
  marketing: 'Marketing',
};

/** The definitions every view shares (spec §5 analytics rules, issue 14 "Views"). */
export const ANALYTICS_DEFINITIONS = {
  order:
    'An order counts when it is not canceled; its revenue is its total less what was refunded on it, in the store’s main currency.',
  purchaseOccasion:
    'A customer’s orders on the same calendar day (store time zone) are one purchase; an order refunded in full is not a purchase.',
  repeatCustomer: 'A repeat customer has made two or more purchases.',
  churned:
    'A customer is churned once the time since their last purchase is more than 3 times their usual time between purchases, or more than 365 days for one-time buyers.',
} as const;

/** Days without a purchase after which a one-time buyer counts as churned. */
export const CHURN_DAYS_ONE_TIME_BUYER = 365;
/** A repeat buyer counts as churned after this many times their median gap between purchases. */
export const CHURN_GAP_MULTIPLE = 3;

export type AnalyticsViewDefinition = {
  key: string;
  path: string;
  title: string;
  category: AnalyticsCategory;
  /** One line, shown on the page under the title. */
  definition: string;
};

const view = (
  key: string,
  title: string,
  category: AnalyticsCategory,
  definition: string,
): AnalyticsViewDefinition => ({ key, path: `/${key}`, title, category, definition });

/**
 * Every analytics view (spec §2), dashboards first, then customers, orders, products, marketing.
 * /fulfillment-metrics is not here: it comes with fulfillment (issue 15).
 */
export const ANALYTICS_VIEWS = [
  view(
    'analytics',
    'Dashboard',
    'dashboard',
    'Headline figures of the range against the comparison period; predicted revenue is the BG/NBD and Gamma-Gamma model’s next 12 months.',
  ),
  view(
    'analytics-customer',
    'Customers overview',
    'customers',
    'Customers who purchased in the range: new (first purchase in the range) and returning.',
  ),
  view(
    'analytics-all-customers-graph',
    'All customers',
    'customers',
    'Customers by the day of their first purchase, and the running total of the customer base.',
  ),
  view(
    'analytics-repeat-purchase',
    'Repeat purchase',
    'customers',
    'Of the customers whose first purchase is in the range: the share with a second purchase, and how many come back for a 3rd, 4th, 5th…',
  ),
  view(
    'analytics-repeat-purchase-development',
    'Repeat purchase development',
    'customers',
    'Per month of first purchase: the share of those customers who purchased again within 90 and 365 days (once that many days have passed).',
  ),
  view(
    'analytics-time-between-purchase',
    'Time between purchases',
    'customers',
    'Days between one purchase and the next of the same customer, as a distribution with its median.',
  ),
  view(
    'analytics-base-zone',
    'Customer base zones',
    'customers',
    'Zones by the time since the last purchase on the range’s last day: active (≤ 90 days), at risk (91–180), lapsing (181–365), lost (> 365).',
  ),
  view(
    'analytics-zone-development',
    'Zone development',
    'customers',
    'The customer base zones at the end of each month of the range.',
  ),
  view(
    'analytics-ltv',
    'Lifetime value',
    'customers',
    'Average revenue per customer by months since their first purchase, per first-purchase cohort.',
  ),
  view(
    'customer-daily-ltv',
    'Daily lifetime value',
    'customers',
    'Average cumulative revenue per customer by days since the first purchase.',
  ),
  view(
    'analytics-rfm',
    'RFM segments',
    'customers',
    'Recency, frequency and monetary value of the range’s customers scored 1–5 by quintile (ties share the lower score); segments named from the R and F scores.',
  ),
  view(
    'analytics-percentile-analysis',
    'Percentile analysis',
    'customers',
    'Customers ranked by revenue: what the top 1 %, 5 %, 10 %, 20 % and 50 % bring.',
  ),
  view(
    'analytics-customer-economics',
    'Customer economics',
    'customers',
    'Revenue, orders and average order value per customer, new against returning.',
  ),
  view(
    'analytics-cohorts',
    'Cohorts',
    'customers',
    'Monthly cohorts by first purchase × months since: customers still purchasing, retention and revenue.',
  ),
  view(
    'analytics-revenue-by-cohorts',
    'Revenue by cohort',
    'customers',
    'Revenue of each month split by the month the customers first purchased.',
  ),
  view(
    'analytics-recovered-customers',
    'Recovered customers',
    'customers',
    'Customers who purchased in the range after more than 365 days without a purchase.',
  ),
  view(
    'analytics-churn-risk',
    'Churn risk',
    'customers',
    'Each customer’s probability of being alive (BG/NBD); churn risk is 1 − P(alive).',
  ),
  view(
    'analytics-churn-risk-development',
    'Churn risk development',
    'customers',
    'Customers churned by the end of each month, under the churn definition.',
  ),
  view(
    'analytics-customer-persona',
    'Customer personas',
    'customers',
    'Customers grouped by country, order count and average order value band.',
  ),
  view(
    'analytics-order',
    'Orders overview',
    'orders',
    'Orders, revenue, average order value and refunds in the range.',
  ),
  view(
    'analytics-all-order',
    'All orders',
    'orders',
    'Orders and revenue per day, with the comparison period.',
  ),
  view(
    'order-development',
    'Order development',
    'orders',
    'Orders and revenue per month: customers’ first orders, their repeat orders and guest orders.',
  ),
  view(
    'order-count-distribution',
    'Order count distribution',
    'orders',
    'Customers who purchased in the range, by how many purchases they had made by its end.',
  ),
  view(
    'order-time-analysis',
    'Order time analysis',
    'orders',
    'Orders by weekday × hour in the store’s time zone.',
  ),
  view(
    'order-discounts',
    'Order discounts',
    'orders',
    'Orders with a discount code, by code (codes used together are one row): orders, discount given and revenue.',
  ),
  view(
    'order-first-order-value',
    'First order value',
    'orders',
    'Customers whose first order is in the range, by its value, and what they spent on their later orders.',
  ),
  view(
    'order-aov-pre-order-count',
    'Average order value by order count',
    'orders',
    'Average order value of customers’ 1st, 2nd, 3rd… order in the range (guest orders left out).',
  ),
  view(
    'order-avg-value',
    'Average order value',
    'orders',
    'Average order value per month (revenue ÷ orders).',
  ),
  view(
    'order-items-per-basket',
    'Items per basket',
    'orders',
    'Units per order (ordered less canceled), as a distribution, and its average per month.',
  ),
  view(
    'free-shipping-threshold',
    'Free shipping threshold',
    'orders',
    'Basket value (subtotal less order discounts) against thresholds: orders just under each (within 20 %), and those it would ship free.',
  ),
  view(
    'analytics-product',
    'Products overview',
    'products',
    'Units, revenue and orders per product in the range; revenue is the units kept (not canceled or refunded) at their price after line discounts.',
  ),
  view('product-all', 'All products', 'products', 'Every product sold: units, revenue, orders.'),
  view(
    'product-all-variants',
    'All variants',
    'products',
    'Every variant (SKU) sold: units, revenue, orders.',
  ),
  view(
    'product-best-item',
    'Best sellers',
    'products',
    'Top products by revenue, with their share of all revenue.',
  ),
  view(
    'product-sold-item',
    'Sold items',
    'products',
    'Units sold per day, with the comparison period.',
  ),
  view(
    'product-return-rate',
    'Return rate',
    'products',
    'Units refunded ÷ units sold (ordered less canceled), per product, on orders placed in the range.',
  ),
  view(
    'product-return-items',
    'Returned items',
    'products',
    'Refunded units and their value per product, on orders placed in the range.',
  ),
  view(
    'product-cross-selling-analysis',
    'Cross-selling analysis',
    'products',
    'Product pairs bought in the same order, among the 100 products in most orders: support (share of orders with both), confidence P(B | A) and lift.',
  ),
  view(
    'product-follow-up-purchases',
    'Follow-up purchases',
    'products',
    'What customers buy in their next purchase after a purchase in the range with a product X (chosen; at first the product in most orders), and how often the purchases with each of the 50 products in most orders were followed by another.',
  ),
  view(
    'marketing-channels',
    'Marketing channels',
    'marketing',
    'Orders and revenue by referring site and UTM source (direct when neither is known).',
  ),
] as const satisfies readonly AnalyticsViewDefinition[];

export type AnalyticsViewKey = (typeof ANALYTICS_VIEWS)[number]['key'];
export const ANALYTICS_VIEW_KEYS = ANALYTICS_VIEWS.map((v) => v.key) as [
  AnalyticsViewKey,
  ...AnalyticsViewKey[],
];
export const AnalyticsViewKeySchema = z.enum(ANALYTICS_VIEW_KEYS);

/** The view of a key, or undefined. */
export const analyticsViewOf = (key: string): AnalyticsViewDefinition | undefined =>
  ANALYTICS_VIEWS.find((v) => v.key === key);

/** The longest range a view takes (and the comparison's), in days: 20 years. */
export const MAX_ANALYTICS_RANGE_DAYS = 20 * 366;

/** The longest `product` (a product's title) a view's query takes. */
export const MAX_ANALYTICS_PRODUCT_LENGTH = 500;

/**
 * A view's query: a range of store-local days (inclusive) and an optional comparison range
 * (both ends or neither). Defaults are the server's: the last 365 days of the store's orders.
 * `product` (a product's title) is the product X of product-follow-up-purchases ("what customers
 * buy next after X"; default: the product in most orders of the range); other views ignore it.
 */
export const AnalyticsRangeQuerySchema = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    compareFrom: z.iso.date().optional(),
    compareTo: z.iso.date().optional(),
    product: z.string().trim().min(1).max(MAX_ANALYTICS_PRODUCT_LENGTH).optional(),
  })
  .superRefine((query, context) => {
    const check = (from: string | undefined, to: string | undefined, toPath: string) => {
      if (!from || !to) return;
      if (to < from) {
        context.addIssue({
          code: 'custom',
          path: [toPath],
          message: 'The end is before the start.',
        });
        return;
      }
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
      if (days > MAX_ANALYTICS_RANGE_DAYS) {
        context.addIssue({
          code: 'custom',
          path: [toPath],
          message: 'A range is at most 20 years.',
        });
      }
    };
    check(query.from, query.to, 'to');
    check(query.compareFrom, query.compareTo, 'compareTo');
    if (Boolean(query.compareFrom) !== Boolean(query.compareTo)) {
      context.addIssue({
        code: 'custom',
        path: [query.compareFrom ? 'compareTo' : 'compareFrom'],
        message: 'A comparison needs both its start and its end.',
      });
    }
  });
export type AnalyticsRangeQuery = z.infer<typeof AnalyticsRangeQuerySchema>;

/** How a number is shown: money is integer minor units of the result's `currencyCode`. */
export const ValueFormatSchema = z.enum([
  'text',
  'integer',
  'decimal',
  'percent',
  'money',
  'date',
  'month',
  'days',
]);
export type ValueFormat = z.infer<typeof ValueFormatSchema>;

/** A headline figure; `percent` values are fractions (0.25 is 25 %). null: not defined (no data). */
export const AnalyticsFigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  format: ValueFormatSchema,
  value: z.number().nullable(),
  /** The same figure over the comparison range (null without one or without data). */
  compareValue: z.number().nullable(),
  /** A short series for a sparkline (dashboard), oldest first. */
  sparkline: z.array(z.number().nullable()).optional(),
});
export type AnalyticsFigure = z.infer<typeof AnalyticsFigureSchema>;

const CellSchema = z.union([z.string(), z.number(), z.null()]);

export const AnalyticsColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  format: ValueFormatSchema,
});
export type AnalyticsColumn = z.infer<typeof AnalyticsColumnSchema>;

/** A table of the view (CSV export is this table as it is). */
export const AnalyticsTableSchema = z.object({
  key: z.string(),
  title: z.string(),
  columns: z.array(AnalyticsColumnSchema),
  rows: z.array(z.record(z.string(), CellSchema)),
});
export type AnalyticsTable = z.infer<typeof AnalyticsTableSchema>;

const AxisSchema = z.object({
  label: z.string(),
  format: ValueFormatSchema,
  values: z.array(z.union([z.string(), z.number()])),
});

/** Chart data (not drawing options): the web turns each kind into an ECharts option. */
export const AnalyticsChartSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['line', 'bar', 'area']),
    key: z.string(),
    title: z.string(),
    x: AxisSchema,
    series: z.array(
      z.object({
        name: z.string(),
        format: ValueFormatSchema,
        values: z.array(z.number().nullable()),
      }),
    ),
    stacked: z.boolean().default(false),
  }),
  z.object({
    kind: z.literal('heatmap'),
    key: z.string(),
    title: z.string(),
    x: AxisSchema,
    y: AxisSchema,
    format: ValueFormatSchema,
    /** [x index, y index, value]; a missing cell has no entry. */
    cells: z.array(z.tuple([z.number().int(), z.number().int(), z.number().nullable()])),
  }),
  z.object({
    kind: z.literal('treemap'),
    key: z.string(),
    title: z.string(),
    format: ValueFormatSchema,
    items: z.array(z.object({ name: z.string(), value: z.number() })),
  }),
]);
export type AnalyticsChart = z.infer<typeof AnalyticsChartSchema>;

/** One computed view (GET /api/web/analytics/views/:view and the share snapshots). */
export const AnalyticsViewResultSchema = z.object({
  view: AnalyticsViewKeySchema,
  title: z.string(),
  definition: z.string(),
  /** The store's main currency (money values are its minor units). */
  currencyCode: z.string(),
  /** The store's time zone (IANA), in which days, weekdays and hours are counted. */
  timeZone: z.string(),
  range: z.object({ from: z.iso.date(), to: z.iso.date() }),
  compare: z.object({ from: z.iso.date(), to: z.iso.date() }).nullable(),
  /** Why there is nothing to show (no orders, one customer…), or null. */
  empty: z.string().nullable(),
  /**
   * The product the view is about (product-follow-up-purchases' X: the query's `product`, else
   * the product in most orders of the range); absent for the other views.
   */
  product: z.string().optional(),
  figures: z.array(AnalyticsFigureSchema),
  charts: z.array(AnalyticsChartSchema),
  tables: z.array(AnalyticsTableSchema),
  computedAt: z.iso.datetime(),
});
export type AnalyticsViewResult = z.infer<typeof AnalyticsViewResultSchema>;
