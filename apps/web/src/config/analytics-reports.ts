export type AnalyticsCategory = 'customers' | 'orders' | 'products' | 'marketing';

export type AnalyticsReport = { path: string; title: string; category: AnalyticsCategory };

export const ANALYTICS_CATEGORY_LABELS: Record<AnalyticsCategory, string> = {
  customers: 'Customers',
  orders: 'Orders',
  products: 'Products',
  marketing: 'Marketing',
};

/** Spec §2 analytics chart routes (all but the dashboards and fulfillment metrics). */
export const ANALYTICS_REPORTS: readonly AnalyticsReport[] = [
  { path: '/analytics-customer', title: 'Customers overview', category: 'customers' },
  { path: '/analytics-all-customers-graph', title: 'All customers', category: 'customers' },
  { path: '/analytics-repeat-purchase', title: 'Repeat purchase', category: 'customers' },
  {
    path: '/analytics-repeat-purchase-development',
    title: 'Repeat purchase development',
    category: 'customers',
  },
  {
    path: '/analytics-time-between-purchase',
    title: 'Time between purchases',
    category: 'customers',
  },
  { path: '/analytics-base-zone', title: 'Customer base zones', category: 'customers' },
  { path: '/analytics-zone-development', title: 'Zone development', category: 'customers' },
  { path: '/analytics-ltv', title: 'Lifetime value', category: 'customers' },
  { path: '/customer-daily-ltv', title: 'Daily lifetime value', category: 'customers' },
  { path: '/analytics-rfm', title: 'RFM segments', category: 'customers' },
  { path: '/analytics-percentile-analysis', title: 'Percentile analysis', category: 'customers' },
  { path: '/analytics-customer-economics', title: 'Customer economics', category: 'customers' },
  { path: '/analytics-cohorts', title: 'Cohorts', category: 'customers' },
  { path: '/analytics-revenue-by-cohorts', title: 'Revenue by cohort', category: 'customers' },
  {
    path: '/analytics-recovered-customers',
    title: 'Recovered customers',
    category: 'customers',
  },
  { path: '/analytics-churn-risk', title: 'Churn risk', category: 'customers' },
  {
    path: '/analytics-churn-risk-development',
    title: 'Churn risk development',
    category: 'customers',
  },
  { path: '/analytics-customer-persona', title: 'Customer personas', category: 'customers' },
  { path: '/analytics-order', title: 'Orders overview', category: 'orders' },
  { path: '/analytics-all-order', title: 'All orders', category: 'orders' },
  { path: '/order-development', title: 'Order development', category: 'orders' },
  { path: '/order-count-distribution', title: 'Order count distribution', category: 'orders' },
  { path: '/order-time-analysis', title: 'Order time analysis', category: 'orders' },
  { path: '/order-discounts', title: 'Order discounts', category: 'orders' },
  { path: '/order-first-order-value', title: 'First order value', category: 'orders' },
  {
    path: '/order-aov-pre-order-count',
    title: 'Average order value by order count',
    category: 'orders',
  },
  { path: '/order-avg-value', title: 'Average order value', category: 'orders' },
  { path: '/order-items-per-basket', title: 'Items per basket', category: 'orders' },
  { path: '/free-shipping-threshold', title: 'Free shipping threshold', category: 'orders' },
  { path: '/analytics-product', title: 'Products overview', category: 'products' },
  { path: '/product-all', title: 'All products', category: 'products' },
  { path: '/product-all-variants', title: 'All variants', category: 'products' },
  { path: '/product-best-item', title: 'Best sellers', category: 'products' },
  { path: '/product-sold-item', title: 'Sold items', category: 'products' },
  { path: '/product-return-rate', title: 'Return rate', category: 'products' },
  { path: '/product-return-items', title: 'Returned items', category: 'products' },
  {
    path: '/product-cross-selling-analysis',
    title: 'Cross-selling analysis',
    category: 'products',
  },
  {
    path: '/product-follow-up-purchases',
    title: 'Follow-up purchases',
    category: 'products',
  },
  { path: '/marketing-channels', title: 'Marketing channels', category: 'marketing' },
];

export const ANALYTICS_DASHBOARD_PATH = '/analytics';
export const FULFILLMENT_METRICS_PATH = '/fulfillment-metrics';

const ANALYTICS_PATHS = new Set([
  ANALYTICS_DASHBOARD_PATH,
  FULFILLMENT_METRICS_PATH,
  ...ANALYTICS_REPORTS.map((report) => report.path),
]);

export const isAnalyticsPath = (path: string): boolean => ANALYTICS_PATHS.has(path);

export const listReportsOf = (category: AnalyticsCategory): AnalyticsReport[] =>
  ANALYTICS_REPORTS.filter((report) => report.category === category);
