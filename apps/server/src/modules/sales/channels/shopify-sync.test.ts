import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobPage } from '@atelier/contract/jobs/job';
import {
  listSalesChannels,
  startShopifyInstall,
  type ChannelConnection,
  type SalesChannel,
} from '@atelier/contract/sales/channel';
import {
  SHOPIFY_SYNC_JOB_KIND,
  type ChannelSyncResult,
} from '@atelier/contract/sales/channel-sync';
import type { StoreCustomerPage } from '@atelier/contract/sales/customer';
import type { StoreOrder, StoreOrderPage } from '@atelier/contract/sales/order';
import type { Product, ProductPage } from '@atelier/contract/sales/product';
import { outboxEvents } from '@/events/outbox.table';
import type { JobContext } from '@/modules/jobs';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { startShopifyFake, type ShopifyFake } from './shopify-fake';
import { shopifyFixtures } from './shopify-fake-fixtures';

type Account = Awaited<ReturnType<typeof registerAccount>>;

const API_KEY = 'sync-client-id';
const API_SECRET = 'sync-client-secret';

let context: TestContext;
let fake: ShopifyFake;

beforeAll(async () => {
  fake = await startShopifyFake({ apiKey: API_KEY, apiSecret: API_SECRET });
  context = await createTestApp({
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
    CHANNEL_TOKEN_KEY: Buffer.alloc(32, 5).toString('base64'),
    SHOPIFY_ADMIN_BASE_URL: fake.baseUrl,
    PUBLIC_URL: 'https://atelier.example',
    SHOPIFY_BULK_POLL_MS: '20',
  });
});
afterAll(async () => {
  await context.close();
  await fake.close();
});

const get = async <T>(account: Account, url: string) => {
  const response = await context.app.inject({ method: 'GET', url, headers: account.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  let value = await read();
  for (let round = 0; round < 400 && !done(value); round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  if (!done(value)) throw new Error(`timed out: ${JSON.stringify(value)}`);
  return value;
};

const latestSync = async (account: Account) =>
  (await get<JobPage>(account, `/api/jobs?kind=${SHOPIFY_SYNC_JOB_KIND}&limit=1`)).items[0];

const isEnded = (job: Job | undefined) =>
  job !== undefined && !['QUEUED', 'RUNNING'].includes(job.status);

/** Waits for the job (or the store's latest sync) to end and answers it. */
const ended = (account: Account, jobId?: string) =>
  until(
    () => (jobId ? get<Job>(account, `/api/jobs/${jobId}`) : latestSync(account)),
    isEnded,
  ) as Promise<Job>;

const connectionOf = async (account: Account): Promise<ChannelConnection> => {
  const { items } = await get<{ items: SalesChannel[] }>(account, listSalesChannels.path);
  return items.find((item) => item.channel === 'shopify')!.connections[0]!;
};

/** Connects the shop (its first sync starts) and answers the account's connection. */
const connect = async (shop: string) => {
  const account = await registerAccount(context);
  const started = await context.app.inject({
    method: 'POST',
    url: startShopifyInstall.path,
    headers: account.headers,
    payload: { shop },
  });
  const { callbackPath } = fake.approveInstall(started.json().authorizeUrl as string, shop);
  const callback = await context.app.inject({ method: 'GET', url: callbackPath });
  expect(callback.headers.location).toBe('/ecommerce-services?connected=shopify');
  return account;
};

const resync = async (account: Account, connectionId: string) => {
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/web/channels/${connectionId}/sync`,
    headers: account.headers,
  });
  expect([202, 404, 409], response.body).toContain(response.statusCode);
  return response;
};

const storeData = async (account: Account) => ({
  active: await get<ProductPage>(account, '/api/web/products?status=ACTIVE&limit=100'),
  archived: await get<ProductPage>(account, '/api/web/products?status=ARCHIVED&limit=100'),
  customers: await get<StoreCustomerPage>(account, '/api/web/customers?limit=100'),
  orders: await get<StoreOrderPage>(account, '/api/web/orders?limit=100'),
});

const salesEventsOf = async (storeId: string) =>
  context.connection.db
    .select({ type: outboxEvents.type })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.storeId, storeId), like(outboxEvents.type, 'sales.%')))
    .orderBy(outboxEvents.sequence);

describe('Shopify first sync and re-sync (issue 11)', () => {
  const SHOP = 'juniper-oak.myshopify.com';
  let alice: Account;

  beforeAll(async () => {
    fake.setShopData(SHOP, shopifyFixtures());
    alice = await connect(SHOP);
  });

  it('brings the shop’s products, customers and orders in after the install', async () => {
    const job = await ended(alice);
    expect(job.status, job.error ?? '').toBe('COMPLETED');
    expect(job.progress).toBe(100);
    expect(job.counts).toEqual({ products: 3, customers: 2, orders: 3 });
    const result = job.result as ChannelSyncResult;
    expect(result).toMatchObject({
      shop: SHOP,
      products: { read: 3, created: 3, updated: 0, unchanged: 0, skipped: 0 },
      customers: { read: 2, created: 2, skipped: 0 },
      orders: { read: 3, created: 3, skipped: 0 },
      issues: [],
    });

    const { active, archived, customers, orders } = await storeData(alice);
    expect(active.items.map((item) => item.title).sort()).toEqual([
      'Linen T-shirt',
      'Stoneware mug',
    ]);
    // A draft is not for sale: the store keeps it archived.
    expect(archived.items.map((item) => item.title)).toEqual(['Gift card']);
    const mugId = active.items.find((item) => item.title === 'Stoneware mug')!.id;
    const mug = await get<Product>(alice, `/api/web/products/${mugId}`);
    expect(mug).toMatchObject({
      channel: `shopify:${SHOP}`,
      externalId: '8001',
      vendor: 'Juniper & Oak',
      tags: ['kitchen', 'gift'],
      options: [{ name: 'Color', values: ['Black', 'White'] }],
      images: [{ url: 'https://cdn.shopify.com/s/files/1/mug-black.jpg', alt: 'Black mug' }],
    });
    expect(
      mug.variants.map((variant) => [
        variant.sku,
        variant.price.amount,
        variant.compareAtPrice?.amount ?? null,
        variant.weightGrams,
        variant.barcode,
      ]),
    ).toEqual([
      ['MUG-BLK', 1_800, null, 350, '0123456789012'],
      ['MUG-WHT', 1_800, 2_200, 350, null],
    ]);

    const ada = customers.items.find((item) => item.email === 'ada@example.com');
    expect(ada).toMatchObject({
      externalId: '7001',
      firstName: 'Ada',
      acceptsMarketing: true,
      countryCode: 'US',
      tags: ['vip'],
      orderCount: 1,
      totalSpent: { amount: 6_479, currencyCode: 'USD' },
    });
    expect(customers.total).toBe(2);

    expect(orders.items.map((item) => item.externalId).sort()).toEqual(['5001', '5002', '5003']);
    const byExternal = (id: string) => orders.items.find((item) => item.externalId === id)!;
    expect(byExternal('5001')).toMatchObject({ total: { amount: 6_479 }, financialStatus: 'PAID' });
    expect(byExternal('5003')).toMatchObject({ cancelState: 'CANCELED', customer: null });
    const refunded = await get<StoreOrder>(alice, `/api/web/orders/${byExternal('5002').id}`);
    expect(refunded).toMatchObject({
      financialStatus: 'PARTIALLY_REFUNDED',
      fulfillmentState: 'FULFILLED',
      productionStatus: 'FINISHED',
      refunds: [{ amount: { amount: 1_000 }, note: 'Loose thread' }],
    });

    const connection = await connectionOf(alice);
    expect(connection).toMatchObject({ status: 'CONNECTED', lastError: null });
    expect(connection.lastSyncAt).not.toBeNull();
    // The shop was told where to send its changes.
    const subscribed = fake.admin.subscriptions.filter((item) => item.shop === SHOP);
    expect(subscribed.map((item) => item.topic).sort()).toEqual([
      'APP_UNINSTALLED',
      'CUSTOMERS_CREATE',
      'CUSTOMERS_UPDATE',
      'ORDERS_CREATE',
      'ORDERS_UPDATED',
      'PRODUCTS_CREATE',
      'PRODUCTS_DELETE',
      'PRODUCTS_UPDATE',
    ]);
    expect(new Set(subscribed.map((item) => item.uri))).toEqual(
      new Set(['https://atelier.example/api/channels/shopify/webhooks']),
    );
  });

  it('changes nothing when re-synced, and brings what changed on the shop', async () => {
    const connection = await connectionOf(alice);
    const before = await storeData(alice);
    const eventsBefore = await salesEventsOf(alice.storeId);

    const started = await resync(alice, connection.id);
    expect(started.statusCode, started.body).toBe(202);
    const again = await ended(alice, started.json<Job>().id);
    expect(again.status).toBe('COMPLETED');
    expect(again.result).toMatchObject({
      products: { read: 3, created: 0, updated: 0, unchanged: 3 },
      customers: { read: 2, created: 0, updated: 0, unchanged: 2 },
      orders: { read: 3, created: 0, updated: 0, unchanged: 3 },
    });
    const after = await storeData(alice);
    expect(after).toEqual(before);
    const eventsAfter = await salesEventsOf(alice.storeId);
    expect(eventsAfter.filter((event) => event.type !== 'sales.channel.synced')).toHaveLength(
      eventsBefore.filter((event) => event.type !== 'sales.channel.synced').length,
    );

    // The shop renames the mug and Grace's order is fulfilled: the next sync brings both.
    const data = fake.setShopData(SHOP, shopifyFixtures());
    data.products[0]!.node.title = 'Stoneware mug, 350 ml';
    data.orders[1]!.node.tags = ['gift'];
    const next = await resync(alice, connection.id);
    const changed = await ended(alice, next.json<Job>().id);
    expect(changed.result).toMatchObject({
      products: { created: 0, updated: 1, unchanged: 2 },
      orders: { created: 0, updated: 1, unchanged: 2 },
    });
    const { active } = await storeData(alice);
    expect(active.items.map((item) => item.title)).toContain('Stoneware mug, 350 ml');
    expect(active.items).toHaveLength(2);
  });

  it('answers 409 while a sync of the connection runs', async () => {
    const connection = await connectionOf(alice);
    fake.holdBulkOperations(true);
    const first = await resync(alice, connection.id);
    try {
      expect(first.statusCode).toBe(202);
      const second = await resync(alice, connection.id);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ error: { reason: 'channel_sync_running' } });
    } finally {
      fake.holdBulkOperations(false);
    }
    expect((await ended(alice, first.json<Job>().id)).status).toBe('COMPLETED');
  });

  it('backs off throttled calls (THROTTLED and HTTP 429 with Retry-After) and finishes', async () => {
    const connection = await connectionOf(alice);
    const callsBefore = fake.admin.calls.length;
    fake.throttleNext(3, 'graphql');
    const first = await ended(alice, (await resync(alice, connection.id)).json<Job>().id);
    expect(first.status, first.error ?? '').toBe('COMPLETED');
    fake.throttleNext(2, 'http', 0.05);
    const second = await ended(alice, (await resync(alice, connection.id)).json<Job>().id);
    expect(second.status, second.error ?? '').toBe('COMPLETED');
    expect(second.result).toMatchObject({ orders: { read: 3, created: 0, skipped: 0 } });
    expect(fake.admin.throttle.remaining).toBe(0);
    // Every throttled call was made again.
    expect(fake.admin.calls.length - callsBefore).toBeGreaterThan(5);
    expect((await storeData(alice)).orders.items).toHaveLength(3);
  });

  it('resumes an interrupted attempt from its checkpoint without asking Shopify again', async () => {
    const connection = await connectionOf(alice);
    const job = { ...(await latestSync(alice))!, id: 'job_restartedsync1' };
    const opsBefore = fake.admin.bulkOperations.length;
    const attempt = (number: number, stopAt?: RegExp) => {
      const controller = new AbortController();
      const jobContext: JobContext = {
        storeId: alice.storeId,
        key: connection.id,
        attempt: number,
        signal: controller.signal,
        reportProgress: async (_progress, message) => {
          if (stopAt && message && stopAt.test(message)) controller.abort(new Error('restart'));
          controller.signal.throwIfAborted();
        },
      };
      return context.sales.shopifySyncHandler(job, jobContext);
    };
    // The process stops while Shopify gathers the customers: products are in, customers asked.
    await expect(attempt(1, /gathering the customers/)).rejects.toThrow('restart');
    const asked = fake.admin.bulkOperations.slice(opsBefore).map((operation) => operation.entity);
    expect(asked).toEqual(['products', 'customers']);
    const result = (await attempt(2)) as ChannelSyncResult;
    // The second attempt follows the customers' export already running and then the orders.
    expect(fake.admin.bulkOperations.slice(opsBefore).map((operation) => operation.entity)).toEqual(
      ['products', 'customers', 'orders'],
    );
    expect(result).toMatchObject({
      products: { read: 3, created: 0 },
      customers: { read: 2, created: 0 },
      orders: { read: 3, created: 0 },
    });
    const { active, customers, orders } = await storeData(alice);
    expect([active.items.length, customers.total, orders.items.length]).toEqual([2, 2, 3]);
  });
});

describe('Shopify sync failures and isolation (issue 11)', () => {
  it('says so on the connection when Shopify refuses the token, and does not retry', async () => {
    const shop = 'revoked-goods.myshopify.com';
    fake.setShopData(shop, shopifyFixtures());
    fake.holdBulkOperations(true);
    const carol = await connect(shop);
    fake.rejectToken(shop);
    fake.holdBulkOperations(false);
    const job = await ended(carol);
    expect(job.status).toBe('FAILED');
    expect(job.attempts).toBe(1);
    expect(job.error).toMatch(/no longer accepts Atelier’s access/);
    const connection = await connectionOf(carol);
    expect(connection.status).toBe('ERROR');
    expect(connection.lastError).toMatch(/connect the shop again/);
    const { items } = await get<{ items: SalesChannel[] }>(carol, listSalesChannels.path);
    expect(items.find((item) => item.channel === 'shopify')!.state).toBe('ERROR');
  });

  it('leaves no duplicates when a sync canceled halfway is started again', async () => {
    const shop = 'halfway-house.myshopify.com';
    fake.setShopData(shop, shopifyFixtures());
    // Products and customers come through; the orders' export is held, and the sync canceled.
    fake.holdBulkOperations('orders');
    const dave = await connect(shop);
    await until(
      async () => fake.admin.bulkOperations.filter((op) => op.shop === shop).map((op) => op.entity),
      (entities) => entities.includes('orders'),
    );
    const running = (await latestSync(dave))!;
    const canceled = await context.app.inject({
      method: 'POST',
      url: `/api/jobs/${running.id}/cancel`,
      headers: dave.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await ended(dave, running.id)).status).toBe('CANCELED');
    const half = await storeData(dave);
    expect(half.orders.items).toHaveLength(0);
    expect(half.active.items).toHaveLength(2);
    fake.holdBulkOperations(false);

    const connection = await connectionOf(dave);
    const again = await ended(dave, (await resync(dave, connection.id)).json<Job>().id);
    expect(again.status, again.error ?? '').toBe('COMPLETED');
    const whole = await storeData(dave);
    expect(whole.active.items).toHaveLength(2);
    expect(whole.archived.items).toHaveLength(1);
    expect(whole.customers.total).toBe(2);
    expect(whole.orders.items.map((item) => item.externalId).sort()).toEqual([
      '5001',
      '5002',
      '5003',
    ]);
    expect(whole.customers.items.map((item) => item.orderCount).sort()).toEqual([1, 1]);
  });

  it('shows another store none of a shop’s data', async () => {
    fake.setShopData('ada-isolated.myshopify.com', shopifyFixtures());
    const ada = await connect('ada-isolated.myshopify.com');
    expect((await ended(ada)).result).toMatchObject({ orders: { read: 3, created: 3 } });
    const adaConnection = await connectionOf(ada);
    const adaOrders = (await storeData(ada)).orders.items;

    const erin = await connect('other-store.myshopify.com');
    expect((await ended(erin)).status).toBe('COMPLETED');
    const data = await storeData(erin);
    expect([
      data.active.items.length,
      data.archived.items.length,
      data.customers.total,
      data.orders.items.length,
    ]).toEqual([0, 0, 0, 0]);
    const foreign = await context.app.inject({
      method: 'GET',
      url: `/api/web/orders/${adaOrders[0]!.id}`,
      headers: erin.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignSync = await resync(erin, adaConnection.id);
    expect(foreignSync.statusCode).toBe(404);
    expect(foreignSync.json()).toMatchObject({ error: { reason: 'channel_connection_not_found' } });
  });
});
