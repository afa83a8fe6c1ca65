import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsViewKey, AnalyticsViewResult } from '@atelier/contract/analytics/views';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { januaryScope, recordHandComputedStore } from './hand-computed-store.test-fixture';
import { marketingViews } from './marketing-views';
import { ordersViews } from './orders-views';
import { productsViews } from './products-views';

const COMPUTERS = { ...ordersViews, ...productsViews, ...marketingViews };
const VIEWS = Object.keys(COMPUTERS);
const JANUARY = 'from=2024-01-01&to=2024-01-31&compareFrom=2023-12-01&compareTo=2023-12-31';

let context: TestContext;
let alice: StoreAccount;
let bob: StoreAccount;

beforeAll(async () => {
  context = await createTestApp();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
  await recordHandComputedStore(context, alice.storeId);
}, 60_000);
afterAll(async () => context.close());

const view = async (account: StoreAccount, key: AnalyticsViewKey, query = JANUARY) => {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/web/analytics/views/${key}?${query}`,
    headers: account.headers,
  });
  expect(response.statusCode, `${key}: ${response.body}`).toBe(200);
  return response.json<AnalyticsViewResult>();
};

describe('GET /api/web/analytics/views/:view for the orders, products and marketing views', () => {
  it('answers each view of the store in its currency and time zone, as its computer does', async () => {
    for (const key of VIEWS) {
      const result = await view(alice, key);
      expect(result).toMatchObject({
        view: key,
        currencyCode: 'USD',
        timeZone: 'America/New_York',
        range: { from: '2024-01-01', to: '2024-01-31' },
        compare: { from: '2023-12-01', to: '2023-12-31' },
        empty: null,
      });
      const body = await COMPUTERS[key]!(januaryScope(context, alice.storeId));
      expect(
        {
          figures: result.figures,
          charts: result.charts,
          tables: result.tables,
          product: result.product,
        },
        key,
      ).toEqual(JSON.parse(JSON.stringify({ ...body, empty: undefined })) as object);
    }
  });

  it('answers the follow-up purchases after the product asked for, and 400 for a product too long', async () => {
    const result = await view(
      alice,
      'product-follow-up-purchases',
      `${JANUARY}&product=Product%20B`,
    );
    expect(result.tables[1]).toMatchObject({
      title: 'What the next purchase held after Product B',
      rows: [{ next: 'Product A', times: 1, share: 1 }],
    });
    const tooLong = await context.app.inject({
      method: 'GET',
      url: `/api/web/analytics/views/product-follow-up-purchases?product=${'x'.repeat(501)}`,
      headers: alice.headers,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      error: { details: [expect.objectContaining({ field: 'query.product' })] },
    });
  });

  it('answers 200 and says so for a store with no orders, whatever the range', async () => {
    for (const key of VIEWS) {
      for (const query of ['', JANUARY]) {
        const result = await view(bob, key, query);
        expect(result.empty, key).toEqual(expect.any(String));
        expect(
          result.figures.every((one) => one.value === null),
          key,
        ).toBe(true);
      }
    }
  });
});
