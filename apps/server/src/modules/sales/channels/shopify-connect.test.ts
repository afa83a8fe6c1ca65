import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listSalesChannels,
  startShopifyInstall,
  type ChannelConnection,
  type SalesChannel,
} from '@atelier/contract/sales/channel';
import { expectApiError } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { salesChannelConnections } from '../sales.table';
import { startShopifyFake, type ShopifyFake } from './shopify-fake';
import { createTokenCipher } from './token-cipher';

type Account = Awaited<ReturnType<typeof registerAccount>>;

const API_KEY = 'test-client-id';
const API_SECRET = 'test-client-secret';
const TOKEN_KEY = Buffer.alloc(32, 7).toString('base64');

let context: TestContext;
let fake: ShopifyFake;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  fake = await startShopifyFake({ apiKey: API_KEY, apiSecret: API_SECRET });
  context = await createTestApp({
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
    CHANNEL_TOKEN_KEY: TOKEN_KEY,
    SHOPIFY_ADMIN_BASE_URL: fake.baseUrl,
    PUBLIC_URL: 'https://atelier.example',
  });
  alice = await registerAccount(context);
  bob = await registerAccount(context);
});
afterAll(async () => {
  await context.close();
  await fake.close();
});

const startInstall = async (account: Account, shop: string) => {
  const response = await context.app.inject({
    method: 'POST',
    url: startShopifyInstall.path,
    headers: account.headers,
    payload: { shop },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ authorizeUrl: string }>().authorizeUrl;
};

/** Follows Shopify's redirect back; answers where the app sends the browser. */
const callBack = async (callbackPath: string) => {
  const response = await context.app.inject({ method: 'GET', url: callbackPath });
  expect(response.statusCode, response.body).toBe(302);
  return new URL(response.headers.location as string, 'https://atelier.example');
};

const shopifyOf = async (account: Account) =>
  (
    await context.app.inject({
      method: 'GET',
      url: listSalesChannels.path,
      headers: account.headers,
    })
  )
    .json<{ items: SalesChannel[] }>()
    .items.find((item) => item.channel === 'shopify')!;

const rowOf = async (id: string) =>
  (
    await context.connection.db
      .select()
      .from(salesChannelConnections)
      .where(eq(salesChannelConnections.id, id))
  )[0]!;

describe('Shopify app install (issue 11)', () => {
  it('answers the shop’s install page with the app id, scopes, callback and a state', async () => {
    const authorizeUrl = new URL(await startInstall(alice, ' Alice-Studio.myshopify.com '));
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(
      `${fake.baseUrl}/admin/oauth/authorize`,
    );
    expect(authorizeUrl.searchParams.get('client_id')).toBe(API_KEY);
    expect(authorizeUrl.searchParams.get('scope')).toBe('read_products,read_customers,read_orders');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      'https://atelier.example/api/channels/shopify/callback',
    );
    expect(authorizeUrl.searchParams.get('state')!.length).toBeGreaterThanOrEqual(32);
    // Offline access: no per-user grant.
    expect(authorizeUrl.searchParams.has('grant_options[]')).toBe(false);
  });

  it('refuses a shop address that is not name.myshopify.com, naming body.shop', async () => {
    for (const shop of ['example.com', 'shop.myshopify.com.evil.com', '-x.myshopify.com', '']) {
      const response = await context.app.inject({
        method: 'POST',
        url: startShopifyInstall.path,
        headers: alice.headers,
        payload: { shop },
      });
      const error = expectApiError(response, 400, { code: 'bad_request' });
      expect(error.details?.[0]?.field).toBe('body.shop');
    }
  });

  it('lists every channel, Shopify configured and not connected yet, the others not configured', async () => {
    const { items } = (
      await context.app.inject({
        method: 'GET',
        url: listSalesChannels.path,
        headers: bob.headers,
      })
    ).json<{ items: SalesChannel[] }>();
    expect(items.map((item) => [item.channel, item.state, item.isConfigured])).toEqual([
      ['shopify', 'NOT_CONNECTED', true],
      ['woocommerce', 'NOT_CONFIGURED', false],
      ['wix', 'NOT_CONFIGURED', false],
    ]);
    expect(items[1]!.notConfiguredReason).toMatch(/not available/);
  });

  it('connects the shop on a signed callback and keeps the token encrypted', async () => {
    const shop = 'alice-studio.myshopify.com';
    const { callbackPath } = fake.approveInstall(await startInstall(alice, shop), shop);
    const location = await callBack(callbackPath);
    expect(location.pathname).toBe('/ecommerce-services');
    expect(location.searchParams.get('connected')).toBe('shopify');

    const shopify = await shopifyOf(alice);
    expect(shopify.state).toBe('CONNECTED');
    const [connection] = shopify.connections;
    expect(connection).toMatchObject({
      shop,
      status: 'CONNECTED',
      scopes: ['read_products', 'read_customers', 'read_orders'],
      lastError: null,
    });
    expect(JSON.stringify(shopify)).not.toContain('shpat_');

    const token = fake.tokens.get(shop)!;
    expect(token).toMatch(/^shpat_/);
    const row = await rowOf(connection!.id);
    for (const column of [row.tokenCiphertext, row.tokenIv, row.tokenTag]) {
      expect(column).toBeTruthy();
      expect(column).not.toContain(token);
      expect(column).not.toContain(token.slice(6));
    }
    const cipher = createTokenCipher(Buffer.from(TOKEN_KEY, 'base64'));
    const sealed = { ciphertext: row.tokenCiphertext!, iv: row.tokenIv!, tag: row.tokenTag! };
    expect(cipher.open(sealed)).toBe(token);
    // The tag guards the ciphertext: another key does not open it.
    expect(() => createTokenCipher(Buffer.alloc(32, 1)).open(sealed)).toThrow();
    // Bob's store sees nothing of it.
    expect((await shopifyOf(bob)).connections).toEqual([]);
  });

  it('refuses a tampered signature, an unknown state and another shop, connecting nothing', async () => {
    const shop = 'bob-goods.myshopify.com';
    const authorizeUrl = await startInstall(bob, shop);

    const tampered = fake.approveInstall(authorizeUrl, shop, { sign: 'not-the-secret' });
    expect((await callBack(tampered.callbackPath)).searchParams.get('error')).toMatch(/not signed/);
    const edited = fake.approveInstall(authorizeUrl, shop);
    const editedQuery = new URLSearchParams({ ...edited.query, code: 'another-code' });
    expect(
      (await callBack(`/api/channels/shopify/callback?${editedQuery.toString()}`)).searchParams.get(
        'error',
      ),
    ).toMatch(/not signed/);

    const unknownState = fake.approveInstall(authorizeUrl, shop, { state: 'made-up-state' });
    expect((await callBack(unknownState.callbackPath)).searchParams.get('error')).toMatch(
      /expired or was already used/,
    );

    const otherShop = fake.approveInstall(authorizeUrl, 'mallory.myshopify.com');
    expect((await callBack(otherShop.callbackPath)).searchParams.get('error')).toMatch(
      /mallory\.myshopify\.com/,
    );
    // That install's state is used up now, even though it failed.
    const late = fake.approveInstall(authorizeUrl, shop);
    expect((await callBack(late.callbackPath)).searchParams.get('error')).toMatch(
      /expired or was already used/,
    );

    const notShopify = fake.approveInstall(await startInstall(bob, shop), 'bob-goods.example.com');
    expect((await callBack(notShopify.callbackPath)).searchParams.get('error')).toMatch(
      /myshopify\.com/,
    );
    expect((await shopifyOf(bob)).state).toBe('NOT_CONNECTED');
  });

  it('says plainly when Shopify refuses the install code', async () => {
    const shop = 'bob-goods.myshopify.com';
    const approved = fake.approveInstall(await startInstall(bob, shop), shop);
    // Someone used the code first: Shopify gives a code once.
    const used = await fetch(`${fake.baseUrl}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: API_KEY,
        client_secret: API_SECRET,
        code: approved.query.code,
      }),
    });
    expect(used.status).toBe(200);
    const location = await callBack(approved.callbackPath);
    expect(location.searchParams.get('error')).toBe(
      'Shopify refused the app’s credentials or the install code: The authorization code was not found or was already used.',
    );
    expect((await shopifyOf(bob)).state).toBe('NOT_CONNECTED');
  });

  it('refuses a shop already connected to another store', async () => {
    const shop = 'alice-studio.myshopify.com';
    const { callbackPath } = fake.approveInstall(await startInstall(bob, shop), shop);
    expect((await callBack(callbackPath)).searchParams.get('error')).toMatch(
      /connected to another Atelier store/,
    );
  });

  it('disconnects: the token is deleted and the connection kept as DISCONNECTED', async () => {
    const [connection] = (await shopifyOf(alice)).connections;
    const notHers = await context.app.inject({
      method: 'DELETE',
      url: `/api/web/channels/${connection!.id}`,
      headers: bob.headers,
    });
    expectApiError(notHers, 404, { code: 'not_found', reason: 'channel_connection_not_found' });

    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/web/channels/${connection!.id}`,
      headers: alice.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ChannelConnection>()).toMatchObject({ status: 'DISCONNECTED' });
    const row = await rowOf(connection!.id);
    expect([row.tokenCiphertext, row.tokenIv, row.tokenTag]).toEqual([null, null, null]);
    expect((await shopifyOf(alice)).state).toBe('DISCONNECTED');

    // Connecting again brings the same connection back with a new token.
    const shop = 'alice-studio.myshopify.com';
    const { callbackPath } = fake.approveInstall(await startInstall(alice, shop), shop);
    expect((await callBack(callbackPath)).searchParams.get('connected')).toBe('shopify');
    const again = await shopifyOf(alice);
    expect(again.state).toBe('CONNECTED');
    expect(again.connections.map((item) => item.id)).toEqual([connection!.id]);
  });
});
