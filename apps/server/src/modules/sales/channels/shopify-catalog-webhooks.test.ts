import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShopifyInstall } from '@atelier/contract/sales/channel';
import type { StoreCustomer, StoreCustomerPage } from '@atelier/contract/sales/customer';
import type { Product, ProductPage } from '@atelier/contract/sales/product';
import { outboxEvents } from '@/events/outbox.table';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { salesChannelWebhookReceipts } from '../sales.table';
import {
  aShopifyCustomer,
  aShopifyProduct,
  startShopifyFake,
  type ShopifyFake,
} from './shopify-fake';

type Account = Awaited<ReturnType<typeof registerAccount>>;

const API_KEY = 'catalog-client-id';
const API_SECRET = 'catalog-client-secret';
const SHOP = 'tote-works.myshopify.com';

let context: TestContext;
let fake: ShopifyFake;
let alice: Account;
let bob: Account;

const connect = async (account: Account, shop: string) => {
  const started = await context.app.inject({
    method: 'POST',
    url: startShopifyInstall.path,
    headers: account.headers,
    payload: { shop },
  });
  const { callbackPath } = fake.approveInstall(started.json().authorizeUrl as string, shop);
  await context.app.inject({ method: 'GET', url: callbackPath });
};

beforeAll(async () => {
  fake = await startShopifyFake({ apiKey: API_KEY, apiSecret: API_SECRET });
  context = await createTestApp({
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
    CHANNEL_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64'),
    SHOPIFY_ADMIN_BASE_URL: fake.baseUrl,
    SHOPIFY_BULK_POLL_MS: '20',
  });
  alice = await registerAccount(context);
  bob = await registerAccount(context);
  await connect(alice, SHOP);
  await connect(bob, 'bob-bags.myshopify.com');
});
afterAll(async () => {
  await context.close();
  await fake.close();
});

const send = (input: Parameters<ShopifyFake['webhook']>[0]) =>
  context.app.inject(fake.webhook(input));

const get = async <T>(account: Account, url: string) =>
  (await context.app.inject({ method: 'GET', url, headers: account.headers })).json<T>();

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  let value = await read();
  for (let round = 0; round < 300 && !done(value); round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  if (!done(value)) throw new Error(`timed out: ${JSON.stringify(value)}`);
  return value;
};

const productsOf = (account: Account, status = 'ACTIVE') =>
  get<ProductPage>(account, `/api/web/products?status=${status}`);

const receiptOf = async (webhookId: string) =>
  (
    await context.connection.db
      .select()
      .from(salesChannelWebhookReceipts)
      .where(eq(salesChannelWebhookReceipts.webhookId, webhookId))
  )[0];

const eventsOf = (storeId: string, prefix: string) =>
  context.connection.db
    .select({ type: outboxEvents.type })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.storeId, storeId), like(outboxEvents.type, `${prefix}%`)))
    .orderBy(outboxEvents.sequence);

describe('Shopify product and customer webhooks (issue 11)', () => {
  it('answers 401 to a product or customer webhook with a bad signature and stores nothing', async () => {
    for (const [topic, body] of [
      ['products/update', aShopifyProduct()],
      ['customers/update', aShopifyCustomer()],
    ] as const) {
      const unsigned = await send({
        topic,
        shop: SHOP,
        body,
        webhookId: `bad-${topic}`,
        sign: null,
      });
      expect(unsigned.statusCode).toBe(401);
      const wrong = await send({ topic, shop: SHOP, body, webhookId: `bad2-${topic}`, sign: 'x' });
      expect(wrong.statusCode).toBe(401);
      expect(await receiptOf(`bad-${topic}`)).toBeUndefined();
      expect(await receiptOf(`bad2-${topic}`)).toBeUndefined();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await productsOf(alice)).items).toEqual([]);
    expect((await get<StoreCustomerPage>(alice, '/api/web/customers')).total).toBe(0);
  });

  it('applies products/create and products/update once each, replays changing nothing', async () => {
    const created = {
      topic: 'products/create',
      shop: SHOP,
      body: aShopifyProduct(),
      webhookId: 'p-1',
    };
    expect((await send(created)).statusCode).toBe(200);
    const [summary] = (
      await until(
        () => productsOf(alice),
        (page) => page.items.length === 1,
      )
    ).items;
    const product = await get<Product>(alice, `/api/web/products/${summary!.id}`);
    expect(product).toMatchObject({
      title: 'Canvas tote',
      channel: `shopify:${SHOP}`,
      externalId: '8801',
      tags: ['bags', 'canvas'],
      currencyCode: 'USD',
      images: [{ url: 'https://cdn.shopify.com/s/files/1/tote.jpg', alt: 'Canvas tote' }],
    });
    expect(
      product.variants.map((variant) => [
        variant.title,
        variant.sku,
        variant.price.amount,
        variant.compareAtPrice?.amount ?? null,
        variant.weightGrams,
      ]),
    ).toEqual([
      ['Natural', 'TOTE-NAT', 3_200, null, 410],
      ['Black', 'TOTE-BLK', 3_200, 4_000, 410],
    ]);

    const update = {
      topic: 'products/update',
      shop: SHOP,
      body: aShopifyProduct({ title: 'Canvas tote bag', tags: 'bags' }),
      webhookId: 'p-2',
    };
    expect((await send(update)).statusCode).toBe(200);
    await until(
      async () => (await receiptOf('p-2'))?.processedAt,
      (processedAt) => Boolean(processedAt),
    );
    const updatedEvents = (await eventsOf(alice.storeId, 'sales.product.')).length;
    // Shopify redelivers both: answered 200, nothing applied again.
    expect((await send(update)).statusCode).toBe(200);
    expect((await send(created)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await get<Product>(alice, `/api/web/products/${summary!.id}`);
    expect(after).toMatchObject({ title: 'Canvas tote bag', tags: ['bags'] });
    expect(after.variants.map((variant) => variant.id)).toEqual(
      product.variants.map((variant) => variant.id),
    );
    expect((await productsOf(alice)).items).toHaveLength(1);
    expect(await eventsOf(alice.storeId, 'sales.product.')).toHaveLength(updatedEvents);
    expect((await eventsOf(alice.storeId, 'sales.product.')).map((event) => event.type)).toEqual([
      'sales.product.created',
      'sales.product.updated',
    ]);
    // The same update under a new webhook id changes nothing either.
    await send({ ...update, webhookId: 'p-3' });
    await until(
      async () => (await receiptOf('p-3'))?.processedAt,
      (processedAt) => Boolean(processedAt),
    );
    expect(await eventsOf(alice.storeId, 'sales.product.')).toHaveLength(updatedEvents);
    expect((await productsOf(bob)).items).toEqual([]);
  });

  it('archives the product on products/delete', async () => {
    expect(
      (
        await send({
          topic: 'products/delete',
          shop: SHOP,
          body: { id: 8_801 },
          webhookId: 'p-del',
        })
      ).statusCode,
    ).toBe(200);
    await until(
      () => productsOf(alice, 'ARCHIVED'),
      (page) => page.items.length === 1,
    );
    expect((await productsOf(alice)).items).toEqual([]);
  });

  it('applies customers/create and customers/update once, in the shop’s store only', async () => {
    const created = {
      topic: 'customers/create',
      shop: SHOP,
      body: aShopifyCustomer(),
      webhookId: 'c-1',
    };
    expect((await send(created)).statusCode).toBe(200);
    const page = await until(
      () => get<StoreCustomerPage>(alice, '/api/web/customers'),
      (found) => found.total === 1,
    );
    const customer = await get<StoreCustomer>(alice, `/api/web/customers/${page.items[0]!.id}`);
    expect(customer).toMatchObject({
      email: 'mary.shelley@example.com',
      firstName: 'Mary',
      externalId: '7301',
      acceptsMarketing: true,
      marketingConsentAt: '2026-02-01T09:00:00.000Z',
      marketingConsentSource: 'shopify',
      tags: ['newsletter'],
      defaultAddress: { line1: '24 Chester Square', city: 'London', countryCode: 'GB' },
    });
    const update = {
      topic: 'customers/update',
      shop: SHOP,
      body: aShopifyCustomer({
        last_name: 'Wollstonecraft Shelley',
        email_marketing_consent: { state: 'unsubscribed', consent_updated_at: null },
      }),
      webhookId: 'c-2',
    };
    expect((await send(update)).statusCode).toBe(200);
    expect((await send(update)).statusCode).toBe(200);
    const changed = await until(
      () => get<StoreCustomer>(alice, `/api/web/customers/${customer.id}`),
      (found) => found.lastName === 'Wollstonecraft Shelley',
    );
    expect(changed).toMatchObject({ acceptsMarketing: false, marketingConsentAt: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await eventsOf(alice.storeId, 'sales.customer.')).map((event) => event.type)).toEqual([
      'sales.customer.created',
      'sales.customer.updated',
    ]);
    expect((await get<StoreCustomerPage>(alice, '/api/web/customers')).total).toBe(1);
    expect((await get<StoreCustomerPage>(bob, '/api/web/customers')).total).toBe(0);
  });
});
