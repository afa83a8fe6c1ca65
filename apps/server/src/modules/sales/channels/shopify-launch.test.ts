import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShopifyInstall } from '@atelier/contract/sales/channel';
import { checkShopifyLaunch } from '@atelier/contract/sales/shopify-app';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { startShopifyFake, type ShopifyFake } from './shopify-fake';
import { signShopifyQuery } from './shopify-protocol';

const API_KEY = 'launch-client-id';
const API_SECRET = 'launch-client-secret';
const SHOP = 'launch-goods.myshopify.com';

let context: TestContext;
let fake: ShopifyFake;

beforeAll(async () => {
  fake = await startShopifyFake({ apiKey: API_KEY, apiSecret: API_SECRET });
  context = await createTestApp({
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
    SHOPIFY_ADMIN_BASE_URL: fake.baseUrl,
  });
});
afterAll(async () => {
  await context.close();
  await fake.close();
});

/** The query Shopify's app store opens /shopify with, signed with `secret`. */
const launchQuery = (shop: string, secret = API_SECRET, secondsAgo = 5) => {
  const query: Record<string, string> = {
    host: Buffer.from(`admin.shopify.com/store/${shop.split('.')[0]}`).toString('base64url'),
    shop,
    timestamp: String(Math.floor(context.clock.now().getTime() / 1000) - secondsAgo),
  };
  return { ...query, hmac: signShopifyQuery(secret, query) };
};

const check = (query: Record<string, string>, headers: Record<string, string> = {}) =>
  context.app.inject({
    method: 'POST',
    url: checkShopifyLaunch.path,
    headers,
    payload: { query },
  });

describe('POST /api/channels/shopify/launch (spec §2 /shopify)', () => {
  it('accepts a launch Shopify signed, and says whether the caller’s store has the shop', async () => {
    const anonymous = await check(launchQuery(SHOP));
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    expect(anonymous.json()).toEqual({ shop: SHOP, isConnected: false });

    const alice = await registerAccount(context);
    const started = await context.app.inject({
      method: 'POST',
      url: startShopifyInstall.path,
      headers: alice.headers,
      payload: { shop: SHOP },
    });
    const { callbackPath } = fake.approveInstall(started.json().authorizeUrl as string, SHOP);
    await context.app.inject({ method: 'GET', url: callbackPath });
    expect((await check(launchQuery(SHOP), alice.headers)).json()).toEqual({
      shop: SHOP,
      isConnected: true,
    });
    const bob = await registerAccount(context);
    expect((await check(launchQuery(SHOP), bob.headers)).json()).toEqual({
      shop: SHOP,
      isConnected: false,
    });
  });

  it('refuses a launch signed with another secret, a changed one, an expired one or another domain', async () => {
    const forged = await check(launchQuery(SHOP, 'not-the-secret'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: { reason: 'shopify_launch_unsigned' } });
    const changed = await check({ ...launchQuery(SHOP), shop: 'other.myshopify.com' });
    expect(changed.json()).toMatchObject({ error: { reason: 'shopify_launch_unsigned' } });
    const outside = await check(launchQuery('evil.example.com'));
    expect(outside.json()).toMatchObject({ error: { reason: 'shopify_launch_unsigned' } });
    const expired = await check(launchQuery(SHOP, API_SECRET, 2 * 24 * 3600));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: { reason: 'shopify_launch_expired' } });
    const empty = await check({});
    expect(empty.statusCode).toBe(400);
  });
});
