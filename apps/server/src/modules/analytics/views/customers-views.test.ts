import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_VIEWS, type AnalyticsViewKey } from '@atelier/contract/analytics/views';
import { salesCustomers } from '@/db/schema';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { customersViews } from './customers-views';
import {
  predictionsOf,
  recordCustomersStore,
  recordOrder,
  winterScope,
} from './customers-store.test-fixture';
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
  it('builds every customers view of issue 14', () => {
    const keys = ANALYTICS_VIEWS.filter((view) => view.category === 'customers').map(
      (view) => view.key,
    );
    expect(Object.keys(customersViews).sort()).toEqual([...keys].sort());
  });

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

  it('analytics-customer: customers of the range, new and returning, per month', async () => {
    const body = await compute('analytics-customer');
    expect(figuresOf(body)).toEqual({
      customers: [5, 1],
      newCustomers: [4, 1],
      // Fay, whose first purchase was in 2023.
      returningCustomers: [1, 0],
      newShare: [0.8, 1],
      revenuePerCustomer: [13_000, 10_000],
    });
    expect(rowsOf(body, 'months')).toEqual([
      { month: '2024-01', customers: 2, new: 2, returning: 0, revenue: 32_000 },
      { month: '2024-02', customers: 2, new: 1, returning: 1, revenue: 9_000 },
      { month: '2024-03', customers: 3, new: 1, returning: 2, revenue: 16_000 },
      { month: '2024-04', customers: 1, new: 0, returning: 1, revenue: 8_000 },
    ]);
  });

  it('analytics-repeat-purchase: new customers reaching a 2nd, 3rd… purchase', async () => {
    const body = await compute('analytics-repeat-purchase');
    expect(figuresOf(body)).toEqual({
      customers: [4, 1],
      repeatRate: [0.5, 0],
      purchasesPerCustomer: [7 / 4, 1],
      // Ann 36 days (01-10 → 02-15), Ben 45 (01-20 → 03-05).
      medianDaysToSecond: [40.5, null],
    });
    expect(rowsOf(body, 'funnel')).toEqual([
      { purchase: '1st', customers: 4, share: 1, fromPrevious: null, medianDays: null },
      { purchase: '2nd', customers: 2, share: 0.5, fromPrevious: 0.5, medianDays: 40.5 },
      // Ann, 65 days from 02-15 to 04-20.
      { purchase: '3rd', customers: 1, share: 0.25, fromPrevious: 0.5, medianDays: 65 },
      { purchase: '4th', customers: 0, share: 0, fromPrevious: 0, medianDays: null },
      { purchase: '5th', customers: 0, share: 0, fromPrevious: null, medianDays: null },
    ]);
  });

  it('analytics-repeat-purchase-development: purchased again within 90 and 365 days', async () => {
    const body = await compute('analytics-repeat-purchase-development');
    // 90 days after a first purchase ends by 2024-04-30 only for January's Ann (36 days to her
    // second purchase) and Ben (45); Fay's second came 445 days after 2023-01-05.
    expect(figuresOf(body)).toEqual({
      customers: [4, 1],
      within90: [1, 0],
      within365: [null, null],
    });
    expect(rowsOf(body, 'development')).toEqual([
      { cohort: '2024-01', customers: 2, within90: 1, within365: null },
      { cohort: '2024-02', customers: 1, within90: null, within365: null },
      { cohort: '2024-03', customers: 1, within90: null, within365: null },
    ]);
  });

  it('analytics-time-between-purchase: days back to the purchase before, in bands', async () => {
    const body = await compute('analytics-time-between-purchase');
    // 36 and 65 (Ann), 45 (Ben), 445 (Fay, 2023-01-05 → 2024-03-25).
    expect(figuresOf(body)).toEqual({
      repeatPurchases: [4, 0],
      medianDays: [55, null],
      averageDays: [591 / 4, null],
    });
    expect(
      rowsOf(body, 'distribution')
        .filter((row) => row.purchases !== 0)
        .map((row) => [row.band, row.purchases]),
    ).toEqual([
      ['31–60 days', 2],
      ['61–90 days', 1],
      ['More than 365 days', 1],
    ]);
  });

  it('analytics-recovered-customers: purchases after more than 365 days without one', async () => {
    const body = await compute('analytics-recovered-customers');
    expect(figuresOf(body)).toEqual({
      recovered: [1, 0],
      share: [0.2, 0],
      revenue: [4_000, 0],
    });
    expect(rowsOf(body, 'recovered')).toEqual([
      { customer: 'Fay', day: '2024-03-25', previousDay: '2023-01-05', days: 445, revenue: 4_000 },
    ]);
  });

  it('analytics-customer-economics: per customer, new against returning', async () => {
    const body = await compute('analytics-customer-economics');
    expect(figuresOf(body)).toEqual({
      revenuePerCustomer: [13_000, 10_000],
      ordersPerCustomer: [9 / 5, 1],
      aov: [65_000 / 9, 10_000],
      newRevenuePerCustomer: [15_250, 10_000],
      returningRevenuePerCustomer: [4_000, null],
    });
    expect(
      rowsOf(body, 'economics').map((row) => [row.group, row.customers, row.orders, row.revenue]),
    ).toEqual([
      ['New', 4, 8, 61_000],
      ['Returning', 1, 1, 4_000],
      ['All', 5, 9, 65_000],
    ]);
  });

  it('analytics-all-customers-graph: new customers per day and the customer base', async () => {
    const body = await compute('analytics-all-customers-graph');
    // Before 2024: ivy, fay, gus, hal; new: ann, ben, cat, dan.
    expect(figuresOf(body)).toEqual({
      newCustomers: [4, 1],
      customerBase: [8, 2],
      growth: [1, 1],
    });
    const days = rowsOf(body, 'days');
    expect(days).toHaveLength(31 + 29 + 31 + 30);
    expect(days[0]).toEqual({ day: '2024-01-01', new: 0, base: 4 });
    expect(days.filter((row) => row.new !== 0).map((row) => [row.day, row.base])).toEqual([
      ['2024-01-10', 5],
      ['2024-01-20', 6],
      ['2024-02-01', 7],
      ['2024-03-10', 8],
    ]);
  });

  it('analytics-base-zone: the customer base by days since the last purchase', async () => {
    const body = await compute('analytics-base-zone');
    // On 2024-04-30: hal 162 days, gus 320, ivy 516; on 2023-04-30: ivy 150, fay 115.
    expect(figuresOf(body)).toEqual({
      customers: [8, 2],
      active: [5, 0],
      atRisk: [1, 2],
      lapsing: [1, 0],
      lost: [1, 0],
      activeShare: [5 / 8, 0],
    });
    expect(rowsOf(body, 'zones').map((row) => [row.zone, row.customers, row.revenue])).toEqual([
      ['Active', 5, 75_000],
      ['At risk', 1, 5_000],
      ['Lapsing', 1, 6_000],
      ['Lost', 1, 8_000],
    ]);
  });

  it('analytics-zone-development: the zones at each month end', async () => {
    const body = await compute('analytics-zone-development');
    expect(figuresOf(body)).toEqual({
      customers: [8, 2],
      active: [5, 0],
      activeChange: [2, -2],
    });
    expect(rowsOf(body, 'zones')).toEqual([
      { month: '2024-01', active: 3, atRisk: 0, lapsing: 1, lost: 2, customers: 6 },
      { month: '2024-02', active: 3, atRisk: 1, lapsing: 1, lost: 2, customers: 7 },
      { month: '2024-03', active: 5, atRisk: 1, lapsing: 1, lost: 1, customers: 8 },
      { month: '2024-04', active: 5, atRisk: 1, lapsing: 1, lost: 1, customers: 8 },
    ]);
  });

  it('analytics-churn-risk-development: churned customers at each month end', async () => {
    const body = await compute('analytics-churn-risk-development');
    // Ivy and Fay (one-time buyers, over 365 days) until Fay comes back in March.
    expect(rowsOf(body, 'churn').map((row) => [row.month, row.customers, row.churned])).toEqual([
      ['2024-01', 6, 2],
      ['2024-02', 7, 2],
      ['2024-03', 8, 1],
      ['2024-04', 8, 1],
    ]);
    expect(figuresOf(body)).toEqual({
      churned: [1, 0],
      churnRate: [1 / 8, 0],
      customers: [8, 2],
    });
  });

  it('analytics-churn-risk: 1 − P(alive) of the model, or empty without one', async () => {
    expect((await compute('analytics-churn-risk')).empty).toMatch(/no model/i);
    const customers = await context.connection.db
      .select({ id: salesCustomers.id, email: salesCustomers.email })
      .from(salesCustomers)
      .where(eq(salesCustomers.storeId, storeId));
    const idOf = (email: string) => customers.find((one) => one.email === email)!.id;
    const predictive = predictionsOf([
      {
        customerId: idOf('ann@example.com'),
        pAlive: 0.75,
        expectedPurchases: 2,
        predictedRevenue: 15_000,
      },
      {
        customerId: idOf('ben@example.com'),
        pAlive: 0.25,
        expectedPurchases: 0.5,
        predictedRevenue: 4_000,
      },
    ]);
    const body = await compute('analytics-churn-risk', { predictive });
    expect(figuresOf(body)).toEqual({
      customers: [2, 2],
      averageRisk: [0.5, 0.5],
      highRisk: [0.5, 0.5],
      predictedRevenue: [19_000, 19_000],
    });
    expect(rowsOf(body, 'customers')).toEqual([
      {
        customer: 'Ben',
        lastPurchase: '2024-03-05',
        purchases: 2,
        revenue: 27_000,
        churnRisk: 0.75,
        expectedPurchases: 0.5,
        predictedRevenue: 4_000,
      },
      {
        customer: 'Ann',
        lastPurchase: '2024-04-20',
        purchases: 3,
        revenue: 23_000,
        churnRisk: 0.25,
        expectedPurchases: 2,
        predictedRevenue: 15_000,
      },
    ]);
    const chart = body.charts[0]!;
    expect(chart.kind === 'bar' && chart.series[0]!.values).toEqual([0, 0, 1, 0, 0, 0, 0, 1, 0, 0]);
  });

  it('customer-daily-ltv: cumulative revenue per customer by days since the first purchase', async () => {
    const body = await compute('customer-daily-ltv');
    // Ages on 2024-04-30: ann 111, ben 101, cat 89, dan 51 days.
    expect(figuresOf(body)).toEqual({
      customers: [4, 1],
      day0: [10_750, 10_000],
      day30: [10_750, 10_000],
      // Ann 15,000 and Ben 27,000; Cat and Dan are younger than 90 days.
      day90: [21_000, 10_000],
      day365: [null, null],
    });
    const curve = rowsOf(body, 'daily-ltv');
    expect(curve).toHaveLength(112);
    expect([curve[51]!.ltv, curve[52]!.ltv, curve[101]!.ltv, curve[111]!.ltv]).toEqual([
      53_000 / 4,
      46_000 / 3,
      25_000,
      23_000,
    ]);
  });

  it('analytics-customer-persona: customers by country, purchases and AOV band', async () => {
    const body = await compute('analytics-customer-persona');
    expect(figuresOf(body)).toEqual({
      customers: [5, null],
      personas: [5, null],
      countries: [3, null],
    });
    expect(
      rowsOf(body, 'personas')
        .map((row) => [row.persona, row.customers])
        .sort(),
    ).toEqual([
      ['DE · 2 purchases · AOV 50–100', 1],
      ['DE · 3–5 purchases · AOV 50–100', 1],
      ['FR · 1 purchase · AOV 25–50', 1],
      ['Unknown · 1 purchase · AOV 50–100', 1],
      ['Unknown · 2 purchases · AOV 50–100', 1],
    ]);
  });
});
