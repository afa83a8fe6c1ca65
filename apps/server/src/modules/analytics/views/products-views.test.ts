import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsViewKey } from '@atelier/contract/analytics/views';
import { salesOrders } from '@/db/schema';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import {
  januaryScope,
  recordHandComputedStore,
  recordOrder,
} from './hand-computed-store.test-fixture';
import { productsViews } from './products-views';
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

const compute = (view: AnalyticsViewKey, storeId = aliceStoreId) =>
  productsViews[view]!(januaryScope(context, storeId));

const figuresOf = (body: ViewBody) =>
  Object.fromEntries(body.figures.map((one) => [one.key, [one.value, one.compareValue]]));

const rowsOf = (body: ViewBody, key: string) => body.tables.find((one) => one.key === key)!.rows;

const PRODUCTS_VIEWS = Object.keys(productsViews);

// January's lines (orders not canceled, in USD): O2 A×1 B×1; O3 B×2 (both refunded); O4 A×3 (one
// refunded) C×2; O5 C×4; O6 A×1 B×1. December: O1 A×2.
describe('products views on the hand-computed store (January 2024 against December 2023)', () => {
  it('builds every products view of issue 14', () => {
    expect([...PRODUCTS_VIEWS].sort()).toEqual(
      [
        'analytics-product',
        'product-all',
        'product-all-variants',
        'product-best-item',
        'product-cross-selling-analysis',
        'product-follow-up-purchases',
        'product-return-items',
        'product-return-rate',
        'product-sold-item',
      ].sort(),
    );
  });

  it('analytics-product: units, revenue of the units kept and orders per product', async () => {
    const body = await compute('analytics-product');
    expect(figuresOf(body)).toEqual({
      products: [3, 1],
      units: [15, 2],
      revenue: [13_000, 2_000],
    });
    expect(rowsOf(body, 'top-products')).toEqual([
      { product: 'Product B', units: 4, revenue: 6_000, orders: 3 },
      { product: 'Product A', units: 5, revenue: 4_000, orders: 3 },
      { product: 'Product C', units: 6, revenue: 3_000, orders: 2 },
    ]);
  });

  it('product-all: every product with its average unit revenue', async () => {
    const body = await compute('product-all');
    expect(rowsOf(body, 'products').map((row) => [row.product, row.averagePrice])).toEqual([
      ['Product B', 3_000],
      ['Product A', 1_000],
      ['Product C', 500],
    ]);
  });

  it('product-all-variants: by SKU, else title and variant title', async () => {
    const body = await compute('product-all-variants');
    expect(figuresOf(body).variants).toEqual([3, null]);
    expect(rowsOf(body, 'variants')).toEqual([
      { sku: 'SKU-B', product: 'Product B', variant: null, units: 4, revenue: 6_000, orders: 3 },
      { sku: 'SKU-A', product: 'Product A', variant: null, units: 5, revenue: 4_000, orders: 3 },
      { sku: null, product: 'Product C', variant: 'Large', units: 6, revenue: 3_000, orders: 2 },
    ]);
  });

  it('product-best-item: top products with their share of revenue', async () => {
    const body = await compute('product-best-item');
    expect(figuresOf(body)).toEqual({ bestSeller: [6_000, null], topShare: [1, null] });
    expect(
      rowsOf(body, 'best-sellers').map((row) => [row.product, row.share, row.cumulativeShare]),
    ).toEqual([
      ['Product B', 6 / 13, 6 / 13],
      ['Product A', 4 / 13, 10 / 13],
      ['Product C', 3 / 13, 1],
    ]);
    expect(body.charts[0]).toMatchObject({ kind: 'treemap' });
  });

  it('product-sold-item: units per day beside the comparison', async () => {
    const body = await compute('product-sold-item');
    expect(figuresOf(body)).toEqual({ units: [15, 2] });
    const days = rowsOf(body, 'days');
    expect(days.filter((row) => row.units !== 0).map((row) => [row.day, row.units])).toEqual([
      ['2024-01-05', 4],
      ['2024-01-06', 5],
      ['2024-01-20', 4],
      ['2024-01-31', 2],
    ]);
    expect(days[9]).toMatchObject({ compareDay: '2023-12-10', compareUnits: 2 });
  });

  it('product-return-rate: units refunded ÷ units sold', async () => {
    const body = await compute('product-return-rate');
    expect(figuresOf(body)).toEqual({
      returnRate: [0.2, 0],
      returned: [3, 0],
      sold: [15, 2],
    });
    expect(rowsOf(body, 'products')).toEqual([
      { product: 'Product B', sold: 4, returned: 2, returnRate: 0.5 },
      { product: 'Product A', sold: 5, returned: 1, returnRate: 0.2 },
      { product: 'Product C', sold: 6, returned: 0, returnRate: 0 },
    ]);
  });

  it('product-return-items: refunded units and their value', async () => {
    const body = await compute('product-return-items');
    expect(figuresOf(body)).toEqual({
      returned: [3, null],
      returnedValue: [7_000, null],
      products: [2, null],
    });
    expect(rowsOf(body, 'products')).toEqual([
      { product: 'Product B', returned: 2, returnedValue: 6_000, orders: 1 },
      { product: 'Product A', returned: 1, returnedValue: 1_000, orders: 1 },
    ]);
  });

  it('product-cross-selling-analysis: support, confidence and lift of pairs', async () => {
    const body = await compute('product-cross-selling-analysis');
    // Orders: {A,B} {B} {A,C} {C} {A,B}: A in 3, B in 3, C in 2 of 5.
    expect(figuresOf(body)).toEqual({
      orders: [5, null],
      multiProductShare: [0.6, null],
      pairs: [2, null],
    });
    const pairs = rowsOf(body, 'pairs');
    expect(pairs).toHaveLength(2);
    expect(pairs[0]).toMatchObject({ productA: 'Product A', productB: 'Product B', orders: 2 });
    expect(pairs[0]!.support).toBeCloseTo(0.4, 12);
    expect(pairs[0]!.confidenceAB).toBeCloseTo(2 / 3, 12);
    expect(pairs[0]!.confidenceBA).toBeCloseTo(2 / 3, 12);
    expect(pairs[0]!.lift).toBeCloseTo(0.4 / (0.6 * 0.6), 12);
    expect(pairs[1]).toMatchObject({ productA: 'Product A', productB: 'Product C', orders: 1 });
    expect(pairs[1]!.support).toBeCloseTo(0.2, 12);
    expect(pairs[1]!.confidenceAB).toBeCloseTo(1 / 3, 12);
    expect(pairs[1]!.confidenceBA).toBeCloseTo(1 / 2, 12);
    expect(pairs[1]!.lift).toBeCloseTo(0.2 / (0.6 * 0.4), 12);
    const heatmap = body.charts[0]!;
    expect(heatmap.kind === 'heatmap' && heatmap.y.values).toEqual([
      'Product A',
      'Product B',
      'Product C',
    ]);
  });

  it('product-follow-up-purchases: what the next purchase held', async () => {
    const body = await compute('product-follow-up-purchases');
    // January purchases: Ann Jan 5 {A,B} (next Feb 1 {A}), Ben Jan 6 {A,C} (his Jan 5 order was
    // refunded in full: no purchase), Cat Jan 31 {A,B}; only Ann's was followed.
    expect(figuresOf(body)).toEqual({ purchases: [3, null], followedShare: [1 / 3, null] });
    expect(rowsOf(body, 'products')).toEqual([
      { product: 'Product A', purchases: 3, followed: 1, followedShare: 1 / 3 },
      { product: 'Product B', purchases: 2, followed: 1, followedShare: 0.5 },
      { product: 'Product C', purchases: 1, followed: 0, followedShare: 0 },
    ]);
    // X is at first the product in most orders (A and B in 3 each: the first by name).
    expect(body.tables[1]!.title).toBe('What the next purchase held after Product A');
    expect(rowsOf(body, 'follow-ups')).toEqual([{ next: 'Product A', times: 1, share: 1 }]);
  });

  it('product-follow-up-purchases: after the product asked for', async () => {
    const after = async (product: string) => {
      const body = await productsViews['product-follow-up-purchases']!({
        ...januaryScope(context, aliceStoreId),
        product,
      });
      return { body, rows: rowsOf(body, 'follow-ups') };
    };
    const b = await after('Product B');
    expect(b.rows).toEqual([{ next: 'Product A', times: 1, share: 1 }]);
    expect(b.body.charts[0]).toMatchObject({ x: { values: ['Product A'] } });
    // C's one purchase (Ben, Jan 6) was not followed: nothing next, and no chart.
    const c = await after('Product C');
    expect(c.rows).toEqual([]);
    expect(c.body.charts).toEqual([]);
    // A product the store never sold: its row says 0, the other figures are unchanged.
    const unknown = await after('Product Z');
    expect(figuresOf(unknown.body)).toEqual({ purchases: [3, null], followedShare: [1 / 3, null] });
    expect(rowsOf(unknown.body, 'products')).toContainEqual({
      product: 'Product Z',
      purchases: 0,
      followed: 0,
      followedShare: null,
    });
    expect(unknown.rows).toEqual([]);
  });
});

const hasNoNaN = (body: ViewBody) =>
  !JSON.stringify(body, (_, value: unknown) =>
    typeof value === 'number' && !Number.isFinite(value) ? 'NOT-FINITE' : value,
  ).includes('NOT-FINITE');

describe('products views on other stores', () => {
  it('say an empty store is empty, with null figures', async () => {
    for (const view of PRODUCTS_VIEWS) {
      const body = await compute(view, bobStoreId);
      expect(body.empty, view).toEqual(expect.any(String));
      expect(
        body.figures.every((one) => one.value === null),
        view,
      ).toBe(true);
      expect(hasNoNaN(body), view).toBe(true);
    }
  });

  it('never change with another store’s orders', async () => {
    const before = await Promise.all(PRODUCTS_VIEWS.map((view) => compute(view)));
    await recordOrder(context, bobStoreId, {
      customer: 'ann',
      placed: '2024-01-05T09:30',
      lines: [{ product: 'B', quantity: 7 }],
    });
    const after = await Promise.all(PRODUCTS_VIEWS.map((view) => compute(view)));
    expect(after).toEqual(before);
  });

  it('count orders placed in another time zone on the store’s days (or one no one knows)', async () => {
    // The day summaries hold each order's day in its own zone; the views read the orders of
    // other zones from their items, in the store's zone, so the figures stay the same.
    const { db } = context.connection;
    const before = await Promise.all(PRODUCTS_VIEWS.map((view) => compute(view)));
    const [moved, unknown] = await db
      .select({ id: salesOrders.id, timeZone: salesOrders.timeZone })
      .from(salesOrders)
      .where(eq(salesOrders.storeId, aliceStoreId))
      .orderBy(salesOrders.placedAt)
      .limit(2)
      .offset(2);
    await db
      .update(salesOrders)
      .set({ timeZone: 'Asia/Tokyo' })
      .where(eq(salesOrders.id, moved!.id));
    await db
      .update(salesOrders)
      .set({ timeZone: 'Nowhere/Atlantis' })
      .where(eq(salesOrders.id, unknown!.id));
    const after = await Promise.all(PRODUCTS_VIEWS.map((view) => compute(view)));
    expect(after).toEqual(before);
    for (const order of [moved!, unknown!]) {
      await db
        .update(salesOrders)
        .set({ timeZone: order.timeZone })
        .where(eq(salesOrders.id, order.id));
    }
  });

  it('say a store with one product has nothing to pair, without NaN', async () => {
    for (const view of PRODUCTS_VIEWS) {
      expect(hasNoNaN(await compute(view, bobStoreId)), view).toBe(true);
    }
    const crossSelling = await compute('product-cross-selling-analysis', bobStoreId);
    expect(crossSelling.empty).toMatch(/one product/);
    expect(crossSelling.figures.every((one) => one.value === null)).toBe(true);
    const best = await compute('product-best-item', bobStoreId);
    expect(figuresOf(best)).toEqual({ bestSeller: [21_000, null], topShare: [1, null] });
  });
});
