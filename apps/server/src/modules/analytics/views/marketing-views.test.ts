import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import {
  januaryScope,
  recordHandComputedStore,
  recordOrder,
} from './hand-computed-store.test-fixture';
import { marketingViews } from './marketing-views';
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

const channels = (storeId = aliceStoreId) =>
  marketingViews['marketing-channels']!(januaryScope(context, storeId));

const figuresOf = (body: ViewBody) =>
  Object.fromEntries(body.figures.map((one) => [one.key, [one.value, one.compareValue]]));

describe('marketing-channels', () => {
  it('gives orders and revenue by referring site and UTM source, direct when neither', async () => {
    const body = await channels();
    expect(figuresOf(body)).toEqual({
      channels: [4, 1],
      orders: [5, 1],
      directShare: [0.4, 1],
    });
    // O4 (Ben's 2nd) and O6 (Cat's 1st) direct; O2 from www.google.com; O5 (a guest) from
    // facebook.com; O3 (Ben's 1st, refunded in full) from the newsletter.
    expect(body.tables[0]!.rows).toEqual([
      {
        channel: 'Direct',
        site: null,
        source: null,
        orders: 2,
        revenue: 6_500,
        share: 6_500 / 12_600,
        aov: 3_250,
        firstOrders: 1,
      },
      {
        channel: 'google.com',
        site: 'google.com',
        source: null,
        orders: 1,
        revenue: 3_600,
        share: 3_600 / 12_600,
        aov: 3_600,
        firstOrders: 0,
      },
      {
        channel: 'facebook.com',
        site: 'facebook.com',
        source: null,
        orders: 1,
        revenue: 2_500,
        share: 2_500 / 12_600,
        aov: 2_500,
        firstOrders: 0,
      },
      {
        channel: 'newsletter',
        site: null,
        source: 'newsletter',
        orders: 1,
        revenue: 0,
        share: 0,
        aov: 0,
        firstOrders: 1,
      },
    ]);
  });

  it('says an empty store is empty, with null figures', async () => {
    const body = await channels(bobStoreId);
    expect(body.empty).toEqual(expect.any(String));
    expect(body.figures.every((one) => one.value === null)).toBe(true);
  });

  it('never changes with another store’s orders', async () => {
    const before = await channels();
    await recordOrder(context, bobStoreId, {
      customer: 'ann',
      placed: '2024-01-05T09:30',
      lines: [{ product: 'B', quantity: 7 }],
      referringSite: 'https://www.google.com/',
      utmSource: 'Newsletter',
    });
    expect(await channels()).toEqual(before);
    const bob = await channels(bobStoreId);
    expect(bob.tables[0]!.rows.map((row) => row.channel)).toEqual(['newsletter (google.com)']);
  });
});
