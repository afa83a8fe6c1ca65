import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listSalesChannels,
  startShopifyInstall,
  type SalesChannel,
} from '@atelier/contract/sales/channel';
import type { StoreOrder, StoreOrderPage } from '@atelier/contract/sales/order';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { outboxEvents } from '@/events/outbox.table';
import {
  salesChannelConnections,
  salesChannelWebhookReceipts,
  salesCustomers,
} from '../sales.table';
import { aShopifyOrder, startShopifyFake, type ShopifyFake } from './shopify-fake';

type Account = Awaited<ReturnType<typeof registerAccount>>;

const API_KEY = 'test-client-id';
const API_SECRET = 'test-client-secret';
const SHOP = 'alice-studio.myshopify.com';

let context: TestContext;
let fake: ShopifyFake;
let alice: Account;
let bob: Account;

const connectShop = async (account: Account, shop: string) => {
  const started = await context.app.inject({
    method: 'POST',
    url: startShopifyInstall.path,
    headers: account.headers,
    payload: { shop },
  });
  const { callbackPath } = fake.approveInstall(started.json().authorizeUrl as string, shop);
  const response = await context.app.inject({ method: 'GET', url: callbackPath });
  expect(response.headers.location).toBe('/ecommerce-services?connected=shopify');
};

beforeAll(async () => {
  fake = await startShopifyFake({ apiKey: API_KEY, apiSecret: API_SECRET });
  context = await createTestApp({
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
    CHANNEL_TOKEN_KEY: Buffer.alloc(32, 9).toString('base64'),
    SHOPIFY_ADMIN_BASE_URL: fake.baseUrl,
  });
  alice = await registerAccount(context);
  bob = await registerAccount(context);
  await connectShop(alice, SHOP);
  await connectShop(bob, 'bob-goods.myshopify.com');
});
afterAll(async () => {
  await context.close();
  await fake.close();
});

const send = (input: Parameters<ShopifyFake['webhook']>[0]) =>
  context.app.inject(fake.webhook(input));

const listOrders = async (account: Account) =>
  (
    await context.app.inject({ method: 'GET', url: '/api/web/orders', headers: account.headers })
  ).json<StoreOrderPage>().items;

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  for (let round = 0; round < 300; round += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
};

const receiptsOf = (webhookId: string) =>
  context.connection.db
    .select()
    .from(salesChannelWebhookReceipts)
    .where(eq(salesChannelWebhookReceipts.webhookId, webhookId));

describe('Shopify webhooks (issue 11)', () => {
  it('answers 401 to a missing or wrong signature and keeps nothing', async () => {
    const body = aShopifyOrder({ id: 1 });
    const missing = await send({
      topic: 'orders/create',
      shop: SHOP,
      body,
      webhookId: 'w-unsigned',
      sign: null,
    });
    expect(missing.statusCode).toBe(401);
    const wrong = await send({
      topic: 'orders/create',
      shop: SHOP,
      body,
      webhookId: 'w-wrong',
      sign: 'guess',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    // A signed body changed on the way fails too.
    const signed = fake.webhook({
      topic: 'orders/create',
      shop: SHOP,
      body,
      webhookId: 'w-edited',
    });
    const edited = await context.app.inject({
      ...signed,
      payload: signed.payload.replace('"#1001"', '"#9999"'),
    });
    expect(edited.statusCode).toBe(401);
    for (const id of ['w-unsigned', 'w-wrong', 'w-edited'])
      expect(await receiptsOf(id)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await listOrders(alice)).toEqual([]);
  });

  it('records orders/create as a Shopify order of the shop’s store only, once per webhook id', async () => {
    const webhook = {
      topic: 'orders/create',
      shop: SHOP,
      body: aShopifyOrder(),
      webhookId: 'w-create-1',
    };
    expect((await send(webhook)).statusCode).toBe(200);
    const [summary] = await until(
      () => listOrders(alice),
      (items) => items.length === 1,
    );
    // Shopify redelivers: the same id is answered 200 and does nothing.
    expect((await send(webhook)).statusCode).toBe(200);
    expect(await receiptsOf('w-create-1')).toHaveLength(1);

    const order = (
      await context.app.inject({
        method: 'GET',
        url: `/api/web/orders/${summary!.id}`,
        headers: alice.headers,
      })
    ).json<StoreOrder>();
    expect(order).toMatchObject({
      origin: 'SHOPIFY_CREATOR',
      externalId: '5123456789012',
      placedAt: '2026-03-02T19:05:11.000Z',
      currencyCode: 'USD',
      subtotal: { amount: 6_000 },
      discountTotal: { amount: 500 },
      shippingTotal: { amount: 499 },
      taxTotal: { amount: 480 },
      total: { amount: 6_479, currencyCode: 'USD' },
      discountCodes: ['WELCOME5'],
      financialStatus: 'PAID',
      productionStatus: 'OUTSTANDING',
      fulfillmentState: 'NONE',
      cancelState: 'NONE',
      tags: ['vip', 'first-order'],
      note: 'Gift wrap, please',
      landingSite: '/products/black-mug?utm_source=newsletter',
      referringSite: 'https://www.google.com/',
      customer: {
        externalId: '7001',
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
      },
      shippingAddress: {
        name: 'Ada Lovelace',
        line1: '1 Analytical Way',
        stateCode: 'NC',
        countryCode: 'US',
      },
      billingAddress: null,
    });
    expect(
      order.lines.map((line) => [
        line.sku,
        line.quantity,
        line.unitPrice.amount,
        line.discount.amount,
        line.tax.amount,
      ]),
    ).toEqual([
      ['MUG-BLK', 2, 1_800, 100, 280],
      ['TEE-M', 1, 2_500, 0, 200],
    ]);
    expect(await listOrders(bob)).toEqual([]);
    // Recorded as sent: no change of the order announced on top of the creation (the
    // fulfillment center's own events, such as a hold for its address, aside).
    const announced = await context.connection.db
      .select({ type: outboxEvents.type })
      .from(outboxEvents)
      .where(eq(outboxEvents.aggregateId, order.id))
      .orderBy(outboxEvents.sequence);
    expect(
      announced.map((event) => event.type).filter((type) => type.startsWith('sales.')),
    ).toEqual(['sales.order.created']);
    const [receipt] = await receiptsOf('w-create-1');
    expect(receipt).toMatchObject({ topic: 'orders/create', body: null });
    expect(receipt!.processedAt).not.toBeNull();
    // The order reached the store: the connection's last sync says when.
    const channels = (
      await context.app.inject({ method: 'GET', url: '/api/web/channels', headers: alice.headers })
    ).json<{ items: SalesChannel[] }>();
    const shopify = channels.items.find((item) => item.channel === 'shopify');
    expect(shopify?.connections[0]?.lastSyncAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('brings the order up to orders/updated (cancellation, payment, fulfilment)', async () => {
    const updated = aShopifyOrder({
      financial_status: 'refunded',
      fulfillment_status: 'fulfilled',
      cancelled_at: '2026-03-03T10:00:00-05:00',
      tags: 'vip',
    });
    expect(
      (await send({ topic: 'orders/updated', shop: SHOP, body: updated, webhookId: 'w-update-1' }))
        .statusCode,
    ).toBe(200);
    const [summary] = await until(
      () => listOrders(alice),
      (items) => items[0]?.cancelState === 'CANCELED',
    );
    expect(summary).toMatchObject({
      financialStatus: 'REFUNDED',
      fulfillmentState: 'FULFILLED',
      tags: ['vip'],
    });
    expect(await listOrders(alice)).toHaveLength(1);
    const [customer] = await context.connection.db
      .select()
      .from(salesCustomers)
      .where(eq(salesCustomers.externalId, '7001'));
    expect(customer).toMatchObject({ orderCount: 1, totalSpent: 0 });
  });

  it('deletes a customer’s personal fields on customers/redact', async () => {
    const response = await send({
      topic: 'customers/redact',
      shop: SHOP,
      body: {
        shop_domain: SHOP,
        customer: { id: 7_001, email: 'ada@example.com' },
        orders_to_redact: [5_123_456_789_012],
      },
    });
    expect(response.statusCode).toBe(200);
    const [customer] = await context.connection.db
      .select()
      .from(salesCustomers)
      .where(eq(salesCustomers.externalId, '7001'));
    expect(customer).toMatchObject({ email: null, firstName: null, lastName: null, phone: null });
    const [summary] = await listOrders(alice);
    const order = (
      await context.app.inject({
        method: 'GET',
        url: `/api/web/orders/${summary!.id}`,
        headers: alice.headers,
      })
    ).json<StoreOrder>();
    expect(order.shippingAddress).toBeNull();
    for (const topic of ['customers/data_request', 'shop/redact']) {
      expect((await send({ topic, shop: SHOP, body: { shop_domain: SHOP } })).statusCode).toBe(200);
    }
  });

  it('disconnects the store and deletes the token on app/uninstalled', async () => {
    const response = await send({ topic: 'app/uninstalled', shop: SHOP, body: { domain: SHOP } });
    expect(response.statusCode).toBe(200);
    const shopify = (
      await context.app.inject({
        method: 'GET',
        url: listSalesChannels.path,
        headers: alice.headers,
      })
    )
      .json<{ items: SalesChannel[] }>()
      .items.find((item) => item.channel === 'shopify')!;
    expect(shopify.state).toBe('DISCONNECTED');
    expect(shopify.connections[0]!.lastError).toMatch(/uninstalled/);
    const [row] = await context.connection.db
      .select()
      .from(salesChannelConnections)
      .where(eq(salesChannelConnections.id, shopify.connections[0]!.id));
    expect(row).toMatchObject({ tokenCiphertext: null, tokenIv: null, tokenTag: null });
    // Bob's shop is untouched.
    const bobs = (
      await context.app.inject({ method: 'GET', url: listSalesChannels.path, headers: bob.headers })
    ).json<{ items: SalesChannel[] }>();
    expect(bobs.items[0]!.state).toBe('CONNECTED');

    // Orders of a disconnected shop are not taken in.
    await send({
      topic: 'orders/create',
      shop: SHOP,
      body: aShopifyOrder({ id: 2, name: '#1002' }),
      webhookId: 'w-after',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await listOrders(alice)).toHaveLength(1);
  });
});
