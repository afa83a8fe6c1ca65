import type { AnalyticsShare } from '@atelier/contract/analytics/analytics-api';
import type { AnalyticsViewResult } from '@atelier/contract/analytics/views';

/**
 * Issue 14: the orders overview of Jan–Mar 2025 against the quarter before — revenue $1,250.00
 * (was $1,000.00), 40 orders (was 50), repeat rate 30% (was 25%) — with a bar chart and a table
 * of its months, and a table of discount codes.
 */
export const aViewResult = (overrides: Partial<AnalyticsViewResult> = {}): AnalyticsViewResult => ({
  view: 'analytics-order',
  title: 'Orders overview',
  definition: 'Orders, revenue, average order value and refunds in the range.',
  currencyCode: 'USD',
  timeZone: 'UTC',
  range: { from: '2025-01-01', to: '2025-03-31' },
  compare: { from: '2024-10-03', to: '2024-12-31' },
  empty: null,
  figures: [
    { key: 'revenue', label: 'Revenue', format: 'money', value: 125_000, compareValue: 100_000 },
    { key: 'orders', label: 'Orders', format: 'integer', value: 40, compareValue: 50 },
    { key: 'repeatRate', label: 'Repeat rate', format: 'percent', value: 0.3, compareValue: 0.25 },
  ],
  charts: [
    {
      kind: 'bar',
      key: 'by-month',
      title: 'Revenue by month',
      x: { label: 'Month', format: 'month', values: ['2025-01', '2025-02', '2025-03'] },
      series: [{ name: 'Revenue', format: 'money', values: [40_000, 35_000, 50_000] }],
      stacked: false,
    },
  ],
  tables: [
    {
      key: 'by-month',
      title: 'Months',
      columns: [
        { key: 'month', label: 'Month', format: 'month' },
        { key: 'orders', label: 'Orders', format: 'integer' },
        { key: 'revenue', label: 'Revenue', format: 'money' },
        { key: 'share', label: 'Share of revenue', format: 'percent' },
      ],
      rows: [
        { month: '2025-01', orders: 12, revenue: 40_000, share: 0.32 },
        { month: '2025-02', orders: 10, revenue: 35_000, share: 0.28 },
        { month: '2025-03', orders: 18, revenue: 50_000, share: 0.4 },
      ],
    },
    {
      key: 'codes',
      title: 'Discount codes',
      columns: [
        { key: 'code', label: 'Code', format: 'text' },
        { key: 'discount', label: 'Discount given', format: 'money' },
      ],
      rows: [
        { code: 'SPRING, "10"', discount: 1_250 },
        { code: '=HYPERLINK("http://evil")', discount: 0 },
        { code: '-5 OFF', discount: -300 },
      ],
    },
  ],
  computedAt: '2025-04-01T08:00:00.000Z',
  ...overrides,
});

/** A live share of the orders overview, at /share-report/shr_1. */
export const aShare = (overrides: Partial<AnalyticsShare> = {}): AnalyticsShare => ({
  id: 'shr_1',
  view: 'analytics-order',
  title: 'Orders overview',
  path: '/share-report/shr_1',
  range: { from: '2025-01-01', to: '2025-03-31' },
  createdAt: '2025-04-01T08:00:00.000Z',
  revokedAt: null,
  ...overrides,
});
