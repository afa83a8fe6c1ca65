import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectWooCommerce,
  listSalesChannels,
  startShopifyInstall,
  type SalesChannel,
} from '@atelier/contract/sales/channel';
import { ConfigError, loadConfig } from '@/config';
import { expectApiError } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { startShopifyFake } from './shopify-fake';
import { channelTokenKey } from './token-cipher';

const issuesOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
};

const shopify = { SHOPIFY_API_KEY: 'client-id', SHOPIFY_API_SECRET: 'client-secret' };

describe('channel configuration (issue 11)', () => {
  it('refuses to start in production with Shopify configured and no CHANNEL_TOKEN_KEY', () => {
    const [issue, ...others] = issuesOf({ NODE_ENV: 'production', ...shopify });
    expect(others).toEqual([]);
    expect(issue).toMatch(/^CHANNEL_TOKEN_KEY: Shopify is configured/);
    expect(issue).toContain('openssl rand -base64 32');

    const key = Buffer.alloc(32, 3).toString('base64');
    expect(issuesOf({ NODE_ENV: 'production', ...shopify, CHANNEL_TOKEN_KEY: key })).toEqual([]);
    // Without a channel there is no token to keep.
    expect(issuesOf({ NODE_ENV: 'production' })).toEqual([]);
  });

  it('reads WIX_WEBHOOK_PUBLIC_KEY as a PEM, its line breaks escaped or not', () => {
    const pem = '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkq\n-----END PUBLIC KEY-----';
    expect(
      loadConfig({ WIX_WEBHOOK_PUBLIC_KEY: pem.replace(/\n/g, '\\n') }).WIX_WEBHOOK_PUBLIC_KEY,
    ).toBe(pem);
    expect(loadConfig({ WIX_WEBHOOK_PUBLIC_KEY: `${pem}\n` }).WIX_WEBHOOK_PUBLIC_KEY).toBe(pem);
    expect(issuesOf({ WIX_WEBHOOK_PUBLIC_KEY: 'not a key' })[0]).toMatch(
      /^WIX_WEBHOOK_PUBLIC_KEY: must be a PEM public key/,
    );
  });

  it('checks the key’s length and that the app id and secret come together', () => {
    expect(issuesOf({ CHANNEL_TOKEN_KEY: Buffer.alloc(16).toString('base64') })[0]).toMatch(
      /^CHANNEL_TOKEN_KEY: must be 32 bytes/,
    );
    expect(issuesOf({ SHOPIFY_API_KEY: 'client-id' })[0]).toMatch(/^SHOPIFY_API_SECRET: set/);
    const config = loadConfig({ SHOPIFY_SCOPES: 'read_orders, read_products' });
    expect(config.SHOPIFY_SCOPES).toEqual(['read_orders', 'read_products']);
    expect(loadConfig({}).SHOPIFY_SCOPES).toEqual([
      'read_products',
      'read_customers',
      'read_orders',
    ]);
  });

  it('derives the same development key from the same secret, outside production', () => {
    const first = channelTokenKey(undefined, 'client-secret');
    expect(first.isDevelopmentKey).toBe(true);
    expect(first.key).toHaveLength(32);
    expect(channelTokenKey(undefined, 'client-secret').key.equals(first.key)).toBe(true);
    expect(channelTokenKey(undefined, 'other-secret').key.equals(first.key)).toBe(false);
    const configured = Buffer.alloc(32, 5).toString('base64');
    expect(channelTokenKey(configured, 'client-secret')).toEqual({
      key: Buffer.alloc(32, 5),
      isDevelopmentKey: false,
    });
  });
});

describe('Shopify without app credentials (issue 11)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => {
    await context.close();
  });

  it('says it is not configured, connects nothing and accepts no webhook', async () => {
    const account = await registerAccount(context);
    const { items } = (
      await context.app.inject({
        method: 'GET',
        url: listSalesChannels.path,
        headers: account.headers,
      })
    ).json<{ items: SalesChannel[] }>();
    expect(items[0]).toMatchObject({
      channel: 'shopify',
      state: 'NOT_CONFIGURED',
      isConfigured: false,
      connections: [],
    });
    expect(items[0]!.notConfiguredReason).toContain('SHOPIFY_API_KEY');

    const install = await context.app.inject({
      method: 'POST',
      url: startShopifyInstall.path,
      headers: account.headers,
      payload: { shop: 'someone.myshopify.com' },
    });
    expectApiError(install, 409, { code: 'conflict', reason: 'channel_not_configured' });

    const fake = await startShopifyFake({ apiKey: 'client-id', apiSecret: 'client-secret' });
    const webhook = await context.app.inject(
      fake.webhook({ topic: 'app/uninstalled', shop: 'someone.myshopify.com', body: {} }),
    );
    await fake.close();
    expect(webhook.statusCode).toBe(401);
  });
});

describe('WooCommerce and Wix in production without CHANNEL_TOKEN_KEY (issue 11)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await context.close();
  });

  it('says what the operator sets, and connects nothing', async () => {
    const account = await registerAccount(context);
    const { items } = (
      await context.app.inject({
        method: 'GET',
        url: listSalesChannels.path,
        headers: account.headers,
      })
    ).json<{ items: SalesChannel[] }>();
    for (const item of items.slice(1)) {
      expect(item).toMatchObject({ state: 'NOT_CONFIGURED', isConfigured: false });
      expect(item.notConfiguredReason).toContain('CHANNEL_TOKEN_KEY');
    }
    const connect = await context.app.inject({
      method: 'POST',
      url: connectWooCommerce.path,
      headers: account.headers,
      payload: {
        storeUrl: 'https://shop.example.com',
        consumerKey: `ck_${'1'.repeat(40)}`,
        consumerSecret: `cs_${'2'.repeat(40)}`,
      },
    });
    expectApiError(connect, 409, { code: 'conflict', reason: 'channel_not_configured' });
  });
});
