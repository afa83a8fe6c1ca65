import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import {
  predictionsOf,
  recordCustomersStore,
  recordOrder,
  winterScope,
} from './customers-store.test-fixture';
import { dashboardViews } from './dashboard-views';

let context: TestContext;
let storeId: string;

beforeAll(async () => {
  context = await createTestApp();
  storeId = (await registerAccount(context)).storeId;
  await recordCustomersStore(context, storeId);
  const otherStoreId = (await registerAccount(context)).storeId;
  await recordOrder(context, otherStoreId, {
    customer: 'ann',
    placed: '2024-01-11T12:00',
    total: 500,
  });
}, 60_000);
afterAll(async () => context.close());

const dashboard = dashboardViews.analytics!;

// The store of customers-store.test-fixture.ts, January–April 2024 against January–April 2023.
describe('analytics (the dashboard)', () => {
  it('gives the headline figures against the comparison, with 12-month sparklines', async () => {
    const body = await dashboard(winterScope(context, storeId));
    const byKey = Object.fromEntries(body.figures.map((one) => [one.key, one]));
    // 11 counted orders (Dan's refunded one included, at 0; Eve's canceled and Ann's USD one
    // left out): 100 + 200 + 20 + 40 + 0 + 50 + 50 + 70 + 25 + 40 + 80 EUR.
    expect(byKey.revenue).toMatchObject({ value: 67_500, compareValue: 10_000 });
    expect(byKey.orders).toMatchObject({ value: 11, compareValue: 1 });
    // Ann, Ben, Cat, Dan and Fay; the guest is no customer.
    expect(byKey.customers).toMatchObject({ value: 5, compareValue: 1 });
    expect(byKey.aov).toMatchObject({ value: 67_500 / 11, compareValue: 10_000 });
    // Ann (3 purchases), Ben (2), Fay (2 with 2023's).
    expect(byKey.repeatRate).toMatchObject({ value: 0.6, compareValue: 0 });
    expect(byKey.predictedRevenue).toMatchObject({ value: null, compareValue: null });
    // May 2023 … April 2024: Gus in June, Hal in November.
    expect(byKey.revenue!.sparkline).toEqual([
      0, 6_000, 0, 0, 0, 0, 5_000, 0, 32_000, 9_000, 18_500, 8_000,
    ]);
    expect(byKey.orders!.sparkline).toEqual([0, 1, 0, 0, 0, 0, 1, 0, 3, 3, 4, 1]);
    expect(byKey.customers!.sparkline).toEqual([0, 1, 0, 0, 0, 0, 1, 0, 2, 2, 3, 1]);
    expect(byKey.aov!.sparkline).toEqual([
      null,
      6_000,
      null,
      null,
      null,
      null,
      5_000,
      null,
      32_000 / 3,
      3_000,
      4_625,
      8_000,
    ]);
    expect(byKey.repeatRate!.sparkline).toEqual([
      null,
      0,
      null,
      null,
      null,
      null,
      0,
      null,
      0,
      0.5,
      2 / 3,
      1,
    ]);
    expect(body.tables[0]!.rows.map((row) => row.month)).toEqual([
      '2023-05',
      '2023-06',
      '2023-07',
      '2023-08',
      '2023-09',
      '2023-10',
      '2023-11',
      '2023-12',
      '2024-01',
      '2024-02',
      '2024-03',
      '2024-04',
    ]);
  });

  it('predicts 12-month revenue from the model’s customer predictions', async () => {
    const predictive = predictionsOf([
      { customerId: 'cus_a', pAlive: 0.8, expectedPurchases: 2, predictedRevenue: 15_000 },
      { customerId: 'cus_b', pAlive: 0.2, expectedPurchases: 0.1, predictedRevenue: 500 },
    ]);
    const body = await dashboard(winterScope(context, storeId, { predictive, compare: null }));
    expect(body.figures.find((one) => one.key === 'predictedRevenue')).toMatchObject({
      value: 15_500,
      compareValue: null,
    });
    expect(body.figures.find((one) => one.key === 'revenue')!.compareValue).toBeNull();
  });

  it('says so for a range without orders', async () => {
    const scope = winterScope(context, storeId);
    const body = await dashboard({
      ...scope,
      range: {
        from: '2030-01-01',
        to: '2030-01-31',
        start: new Date('2030-01-01'),
        end: new Date('2030-02-01'),
      },
    });
    expect(body.empty).toMatch(/no orders/i);
    expect(body.figures.every((one) => one.value === null)).toBe(true);
  });
});
