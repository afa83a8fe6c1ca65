import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsFigure, AnalyticsViewKey } from '@atelier/contract/analytics/views';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import {
  januaryScope,
  recordHandComputedStore,
  recordOrder,
} from './hand-computed-store.test-fixture';
import { ordersViews } from './orders-views';
import type { ViewBody } from './view-types';

let context: TestContext;
let aliceStoreId: string;
let bobStoreId: string;

beforeAll(async () => {
  context = await createTestApp();
  aliceStoreId = (await registerAccount(context)).storeId;
  bobStoreId = (await registerAccount(context)).storeId;
  await recordHandComputedStore(context, aliceStoreId);
}, 60_000);
afterAll(async () => context.close());

const compute = (view: AnalyticsViewKey, storeId = aliceStoreId, scope = januaryScope) =>
  ordersViews[view]!(scope(context, storeId));

const figuresOf = (body: ViewBody) =>
  Object.fromEntries(body.figures.map((one) => [one.key, [one.value, one.compareValue]]));

const rowsOf = (body: ViewBody, key: string) => body.tables.find((one) => one.key === key)!.rows;

const ORDERS_VIEWS = Object.keys(ordersViews);

describe('orders views on the hand-computed store (January 2024 against December 2023)', () => {
  it('builds every orders view of issue 14', () => {
    expect(ORDERS_VIEWS.sort()).toEqual(
      [
        'analytics-all-order',
        'analytics-order',
        'free-shipping-threshold',
        'order-aov-pre-order-count',
        'order-avg-value',
        'order-count-distribution',
        'order-development',
        'order-discounts',
        'order-first-order-value',
        'order-items-per-basket',
        'order-time-analysis',
      ].sort(),
    );
  });

  it('analytics-all-order: orders and revenue per day, beside the same day of the comparison', async () => {
    const body = await compute('analytics-all-order');
    // O2 36 + O3 0 (refunded in full) + O4 35 + O5 25 + O6 30; O7 canceled, O9 in EUR.
    expect(figuresOf(body)).toEqual({
      orders: [5, 1],
      revenue: [12_600, 2_500],
      aov: [2_520, 2_500],
    });
    const days = rowsOf(body, 'days');
    expect(days).toHaveLength(31);
    const nonZero = days.filter((row) => row.orders !== 0);
    expect(nonZero.map((row) => [row.day, row.orders, row.revenue])).toEqual([
      ['2024-01-05', 2, 3_600],
      ['2024-01-06', 1, 3_500],
      ['2024-01-20', 1, 2_500],
      // 23:30 in New York is 04:30 UTC the next day: still January 31 for the store.
      ['2024-01-31', 1, 3_000],
    ]);
    expect(days[9]).toMatchObject({
      day: '2024-01-10',
      compareDay: '2023-12-10',
      compareOrders: 1,
      compareRevenue: 2_500,
    });
    expect(body.charts.map((chart) => chart.key)).toEqual(['orders-per-day', 'revenue-per-day']);
  });

  it('order-time-analysis: weekday × hour in the store’s time zone', async () => {
    const body = await compute('order-time-analysis');
    expect(figuresOf(body)).toEqual({
      orders: [5, null],
      weekendShare: [0.4, null],
      busiestHourOrders: [1, null],
    });
    const heatmap = body.charts[0]!;
    expect(heatmap.kind).toBe('heatmap');
    if (heatmap.kind !== 'heatmap') return;
    // [hour, weekday index (Monday 0), orders]
    expect([...heatmap.cells].sort((a, b) => a[1] - b[1] || a[0] - b[0])).toEqual([
      [23, 2, 1],
      [9, 4, 1],
      [14, 4, 1],
      [11, 5, 1],
      [20, 5, 1],
    ]);
    const friday = rowsOf(body, 'weekday-hour')[4]!;
    expect(friday).toMatchObject({ weekday: 'Friday', h9: 1, h14: 1, h10: 0, total: 2 });
  });

  it('analytics-order: orders, revenue, refunds and cancellations against the comparison', async () => {
    const body = await compute('analytics-order');
    expect(figuresOf(body)).toEqual({
      orders: [5, 1],
      gross: [19_600, 2_500],
      refunded: [7_000, 0],
      revenue: [12_600, 2_500],
      aov: [2_520, 2_500],
      refundedOrders: [2, 0],
      refundRate: [7_000 / 19_600, 0],
      customers: [3, 1],
      canceled: [1, 0],
    });
  });

  it('order-development: first, repeat and guest orders per month', async () => {
    const body = await compute('order-development');
    expect(figuresOf(body)).toEqual({
      orders: [5, null],
      firstOrders: [2, null],
      repeatOrders: [2, null],
      repeatShare: [0.4, null],
    });
    expect(rowsOf(body, 'months')).toEqual([
      {
        month: '2024-01',
        firstOrders: 2,
        repeatOrders: 2,
        guestOrders: 1,
        orders: 5,
        firstRevenue: 3_000,
        repeatRevenue: 7_100,
        guestRevenue: 2_500,
        revenue: 12_600,
      },
    ]);
  });

  it('order-avg-value: revenue ÷ orders per month', async () => {
    const body = await compute('order-avg-value');
    expect(figuresOf(body)).toEqual({
      aov: [2_520, 2_500],
      orders: [5, 1],
      revenue: [12_600, 2_500],
    });
    expect(rowsOf(body, 'months')).toEqual([
      { month: '2024-01', orders: 5, revenue: 12_600, aov: 2_520 },
    ]);
  });

  it('order-items-per-basket: units per order, distribution and monthly average', async () => {
    const body = await compute('order-items-per-basket');
    // Units: O2 2, O3 2, O4 5, O5 4, O6 2; December: O1 2.
    expect(figuresOf(body)).toEqual({
      orders: [5, null],
      unitsPerOrder: [3, 2],
      medianUnits: [2, null],
    });
    const distribution = rowsOf(body, 'distribution');
    expect(distribution.filter((row) => row.orders !== 0)).toEqual([
      { units: '2', orders: 3, share: 0.6 },
      { units: '4', orders: 1, share: 0.2 },
      { units: '5', orders: 1, share: 0.2 },
    ]);
    expect(rowsOf(body, 'months')).toEqual([{ month: '2024-01', orders: 5, unitsPerOrder: 3 }]);
  });

  it('order-count-distribution: customers of the range by purchases so far', async () => {
    const body = await compute('order-count-distribution');
    // Ann: Dec 10 and Jan 5; Ben: Jan 6 (Jan 5 was refunded in full, not a purchase); Cat: Jan 31.
    expect(figuresOf(body)).toEqual({
      customers: [3, 1],
      repeatShare: [1 / 3, 0],
      purchasesPerCustomer: [4 / 3, 1],
    });
    expect(rowsOf(body, 'distribution').filter((row) => row.customers !== 0)).toEqual([
      { purchases: '1', customers: 2, share: 2 / 3 },
      { purchases: '2', customers: 1, share: 1 / 3 },
    ]);
  });

  it('order-discounts: orders with a code, by code', async () => {
    const body = await compute('order-discounts');
    expect(figuresOf(body)).toEqual({
      ordersWithCode: [2, null],
      shareWithCode: [0.4, null],
      discount: [1_400, null],
      discountPerOrder: [700, null],
    });
    expect(rowsOf(body, 'codes')).toEqual([
      { code: 'SAVE10', orders: 1, discount: 400, revenue: 3_600, aov: 3_600 },
      { code: 'SAVE10 + VIP', orders: 1, discount: 1_000, revenue: 3_000, aov: 3_000 },
    ]);
  });

  it('order-first-order-value: first orders in the range and what those customers spent later', async () => {
    const body = await compute('order-first-order-value');
    // Ben's first order O3 (0 after its refund) then O4 (35); Cat's O6 (30), O7 canceled.
    expect(figuresOf(body)).toEqual({
      newCustomers: [2, null],
      firstOrderValue: [1_500, null],
      orderedAgain: [0.5, null],
      laterRevenue: [1_750, null],
    });
    expect(rowsOf(body, 'bands').filter((row) => row.customers !== 0)).toEqual([
      {
        band: '0–10',
        customers: 1,
        share: 0.5,
        firstOrderValue: 0,
        orderedAgain: 1,
        laterRevenue: 3_500,
      },
      {
        band: '25–50',
        customers: 1,
        share: 0.5,
        firstOrderValue: 3_000,
        orderedAgain: 0,
        laterRevenue: 0,
      },
    ]);
  });

  it('order-aov-pre-order-count: average value of customers’ 1st, 2nd… orders', async () => {
    const body = await compute('order-aov-pre-order-count');
    expect(figuresOf(body)).toEqual({ firstAov: [1_500, null], repeatAov: [3_550, null] });
    expect(rowsOf(body, 'order-numbers').slice(0, 3)).toEqual([
      { orderNumber: '1', orders: 2, revenue: 3_000, aov: 1_500 },
      { orderNumber: '2', orders: 2, revenue: 7_100, aov: 3_550 },
      { orderNumber: '3', orders: 0, revenue: 0, aov: null },
    ]);
  });

  it('free-shipping-threshold: orders at or just under each threshold', async () => {
    const body = await compute('free-shipping-threshold');
    // Baskets (subtotal less order discounts): 36, 60, 40, 20, 30; shipping on O4 and O5 only.
    expect(figuresOf(body)).toEqual({
      orders: [5, null],
      shippedFreeShare: [0.6, null],
      medianBasket: [3_600, null],
    });
    expect(rowsOf(body, 'thresholds')).toEqual([
      {
        threshold: 1_000,
        ordersFree: 5,
        shareFree: 1,
        ordersJustUnder: 0,
        shareJustUnder: 0,
        shippingGivenUp: 1_000,
      },
      {
        threshold: 2_000,
        ordersFree: 5,
        shareFree: 1,
        ordersJustUnder: 0,
        shareJustUnder: 0,
        shippingGivenUp: 1_000,
      },
      {
        threshold: 5_000,
        ordersFree: 1,
        shareFree: 0.2,
        ordersJustUnder: 1,
        shareJustUnder: 0.2,
        shippingGivenUp: 0,
      },
      {
        threshold: 10_000,
        ordersFree: 0,
        shareFree: 0,
        ordersJustUnder: 0,
        shareJustUnder: 0,
        shippingGivenUp: 0,
      },
    ]);
  });
});

const hasNoNaN = (body: ViewBody) =>
  !JSON.stringify(body, (_, value: unknown) =>
    typeof value === 'number' && !Number.isFinite(value) ? 'NOT-FINITE' : value,
  ).includes('NOT-FINITE');

describe('orders views on other stores', () => {
  it('say an empty store is empty, with null figures', async () => {
    for (const view of ORDERS_VIEWS) {
      const body = await compute(view, bobStoreId);
      expect(body.empty, view).toEqual(expect.any(String));
      expect(
        body.figures.every((one: AnalyticsFigure) => one.value === null),
        view,
      ).toBe(true);
      expect(hasNoNaN(body), view).toBe(true);
    }
  });

  it('never change with another store’s orders', async () => {
    const before = await Promise.all(ORDERS_VIEWS.map((view) => compute(view)));
    await recordOrder(context, bobStoreId, {
      customer: 'ann',
      placed: '2024-01-05T09:30',
      lines: [{ product: 'B', quantity: 7 }],
      codes: ['SAVE10'],
      discount: 100,
    });
    const after = await Promise.all(ORDERS_VIEWS.map((view) => compute(view)));
    expect(after).toEqual(before);
  });

  it('answer a store with one order without NaN', async () => {
    // Bob has exactly one order now (the test above).
    for (const view of ORDERS_VIEWS) {
      const body = await compute(view, bobStoreId);
      expect(hasNoNaN(body), view).toBe(true);
    }
    const overview = await compute('analytics-order', bobStoreId);
    expect(figuresOf(overview).orders).toEqual([1, 0]);
    expect(figuresOf(overview).aov).toEqual([20_900, null]);
  });
});
