import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsViewKey } from '@atelier/contract/analytics/views';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { customersViews } from './customers-views';
import { recordCustomersStore, recordOrder, winterScope } from './customers-store.test-fixture';
import type { ViewBody, ViewScope } from './view-types';

let context: TestContext;
let storeId: string;

beforeAll(async () => {
  context = await createTestApp();
  storeId = (await registerAccount(context)).storeId;
  await recordCustomersStore(context, storeId);
  // Another store's customers (same e-mails, same days) never count.
  const otherStoreId = (await registerAccount(context)).storeId;
  await recordOrder(context, otherStoreId, {
    customer: 'ann',
    placed: '2024-01-11T12:00',
    total: 500,
  });
  await recordOrder(context, otherStoreId, {
    customer: 'cat',
    placed: '2024-03-11T12:00',
    total: 70,
  });
  await recordOrder(context, otherStoreId, {
    customer: 'gus',
    placed: '2024-02-11T12:00',
    total: 9,
  });
}, 60_000);
afterAll(async () => context.close());

const compute = (view: AnalyticsViewKey, overrides: Partial<ViewScope> = {}) =>
  customersViews[view]!(winterScope(context, storeId, overrides));

const figuresOf = (body: ViewBody) =>
  Object.fromEntries(body.figures.map((one) => [one.key, [one.value, one.compareValue]]));

const rowsOf = (body: ViewBody, key: string) => body.tables.find((one) => one.key === key)!.rows;

// Purchases of the fixture (customers-store.test-fixture.ts), in EUR cents:
// ivy 2022-12-01 8,000 · fay 2023-01-05 10,000 · gus 2023-06-15 6,000 · hal 2023-11-20 5,000 ·
// ann 2024-01-10 10,000 · ben 2024-01-20 22,000 (two orders) · cat 2024-02-01 4,000 ·
// ann 2024-02-15 5,000 · ben 2024-03-05 5,000 · dan 2024-03-10 7,000 · fay 2024-03-25 4,000 ·
// ann 2024-04-20 8,000. Range: January–April 2024; comparison: January–April 2023.
describe('customers views on the hand-computed store', () => {
  it('analytics-cohorts: monthly cohorts × months since, with retention and revenue', async () => {
    const body = await compute('analytics-cohorts');
    // Cohorts: 2024-01 (ann, ben), 2024-02 (cat), 2024-03 (dan); fay's is 2023-01.
    expect(figuresOf(body)).toEqual({
      cohorts: [3, 1],
      customers: [4, 1],
      // After 1 month: ann of January, none of February or March: 1 of 4.
      retentionMonth1: [0.25, 0],
      // Only January's cohort reached 3 months: ann in April, 1 of 2.
      retentionMonth3: [0.5, 0],
      revenue: [61_000, 10_000],
    });
    const cells = rowsOf(body, 'cohorts').map((row) => [
      row.cohort,
      row.monthsSince,
      row.customers,
      row.retention,
      row.revenue,
    ]);
    expect(cells).toEqual([
      ['2024-01', 0, 2, 1, 32_000],
      ['2024-01', 1, 1, 0.5, 5_000],
      ['2024-01', 2, 1, 0.5, 5_000],
      ['2024-01', 3, 1, 0.5, 8_000],
      ['2024-02', 0, 1, 1, 4_000],
      ['2024-02', 1, 0, 0, 0],
      ['2024-02', 2, 0, 0, 0],
      ['2024-03', 0, 1, 1, 7_000],
      ['2024-03', 1, 0, 0, 0],
    ]);
    const heatmap = body.charts[0]!;
    expect(heatmap).toMatchObject({
      kind: 'heatmap',
      key: 'retention',
      x: { values: [0, 1, 2, 3] },
      y: { values: ['2024-01', '2024-02', '2024-03'] },
    });
    expect(heatmap.kind === 'heatmap' && heatmap.cells.slice(0, 5)).toEqual([
      [0, 0, 1],
      [1, 0, 0.5],
      [2, 0, 0.5],
      [3, 0, 0.5],
      [0, 1, 1],
    ]);
  });

  it('analytics-ltv: cumulative revenue per customer by months since the first purchase', async () => {
    const body = await compute('analytics-ltv');
    expect(figuresOf(body)).toEqual({
      customers: [4, 1],
      // (10,000 + 22,000 + 4,000 + 7,000) ÷ 4.
      ltvMonth0: [10_750, 10_000],
      // January's cohort only: (23,000 + 27,000) ÷ 2.
      ltvMonth3: [25_000, 10_000],
      ltvMonth12: [null, null],
      revenuePerCustomer: [15_250, 10_000],
    });
    const chart = body.charts[0]!;
    expect(chart.kind === 'line' && chart.series.map((one) => [one.name, one.values])).toEqual([
      ['All cohorts', [10_750, 12_000, 46_000 / 3, 25_000]],
      ['2024-01', [16_000, 18_500, 21_000, 25_000]],
      ['2024-02', [4_000, 4_000, 4_000, null]],
      ['2024-03', [7_000, 7_000, null, null]],
    ]);
    expect(rowsOf(body, 'ltv')).toHaveLength(9);
  });

  it('analytics-revenue-by-cohorts: each month split by the first-purchase month', async () => {
    const body = await compute('analytics-revenue-by-cohorts');
    expect(figuresOf(body)).toEqual({
      revenue: [65_000, 10_000],
      newRevenue: [61_000, 10_000],
      earlierRevenue: [4_000, 0],
      earlierShare: [4_000 / 65_000, 0],
    });
    const chart = body.charts[0]!;
    expect(chart.kind === 'bar' && chart.stacked).toBe(true);
    expect(chart.kind === 'bar' && chart.series.map((one) => [one.name, one.values])).toEqual([
      ['Before the range', [0, 0, 4_000, 0]],
      ['2024-01', [32_000, 5_000, 5_000, 8_000]],
      ['2024-02', [0, 4_000, 0, 0]],
      ['2024-03', [0, 0, 7_000, 0]],
    ]);
  });

  it('analytics-rfm: quintile scores (ties share the lower) and segments from R and F', async () => {
    const body = await compute('analytics-rfm');
    // Recency to 2024-04-30: ann 10, ben 56, dan 51, fay 36, cat 89 days.
    expect(figuresOf(body)).toEqual({
      customers: [5, 1],
      champions: [0.2, null],
      atRisk: [0.2, null],
      recencyDays: [242 / 5, 115],
    });
    const customers = rowsOf(body, 'customers')
      .map((row) => [
        row.customer,
        row.recencyDays,
        row.purchases,
        row.revenue,
        row.score,
        row.segment,
      ])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(customers).toEqual([
      ['Ann', 10, 3, 23_000, '554', 'Champions'],
      ['Ben', 56, 2, 27_000, '245', 'At risk'],
      ['Cat', 89, 1, 4_000, '111', 'Hibernating'],
      ['Dan', 51, 1, 7_000, '313', 'About to sleep'],
      ['Fay', 36, 1, 4_000, '411', 'Promising'],
    ]);
    expect(body.charts[0]).toEqual({
      kind: 'treemap',
      key: 'segments',
      title: 'Customers by RFM segment',
      format: 'integer',
      items: [
        { name: 'Champions', value: 1 },
        { name: 'Promising', value: 1 },
        { name: 'About to sleep', value: 1 },
        { name: 'At risk', value: 1 },
        { name: 'Hibernating', value: 1 },
      ],
    });
  });

  it('analytics-percentile-analysis: what the top customers bring', async () => {
    const body = await compute('analytics-percentile-analysis');
    expect(figuresOf(body)).toEqual({
      customers: [5, 1],
      top10: [27_000 / 65_000, 1],
      top20: [27_000 / 65_000, 1],
    });
    expect(
      rowsOf(body, 'percentiles').map((row) => [row.group, row.customers, row.revenue]),
    ).toEqual([
      ['Top 1 %', 1, 27_000],
      ['Top 5 %', 1, 27_000],
      ['Top 10 %', 1, 27_000],
      ['Top 20 %', 1, 27_000],
      ['Top 50 %', 3, 57_000],
    ]);
  });
});
