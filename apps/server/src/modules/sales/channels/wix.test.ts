import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectWix,
  listSalesChannels,
  type ChannelConnected,
  type SalesChannel,
} from '@atelier/contract/sales/channel';
import type { Job } from '@atelier/contract/jobs/job';
import type { StoreOrder, StoreOrderPage } from '@atelier/contract/sales/order';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import {
  salesChannelConnections,
  salesChannelWebhookReceipts,
  salesProducts,
  salesProductVariants,
} from '../sales.table';
import { aWixOrder, aWixProduct, startWixFake, type WixFake } from './wix-fake';

type Account = Awaited<ReturnType<typeof registerAccount>>;

const API_KEY = `IST.${'k'.repeat(60)}`;
const SITE_ID = '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b';

let context: TestContext;
let fake: WixFake;
let alice: Account;
let bob: Account;
let connected: ChannelConnected;

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  for (let round = 0; round < 400; round += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
};

const ended = (account: Account, id: string) =>
  until(
    async () =>
      (
        await context.app.inject({
          method: 'GET',
          url: `/api/jobs/${id}`,
          headers: account.headers,
        })
      ).json<Job>(),
    (job) => ['COMPLETED', 'FAILED', 'CANCELED'].includes(job.status),
  );

const connect = (account: Account, payload: Record<string, unknown>) =>
  context.app.inject({ method: 'POST', url: connectWix.path, headers: account.headers, payload });

const wixOf = async (account: Account) =>
  (
    await context.app.inject({
      method: 'GET',
      url: listSalesChannels.path,
      headers: account.headers,
    })
  )
    .json<{ items: SalesChannel[] }>()
    .items.find((item) => item.channel === 'wix')!;

const listOrders = async (account: Account) =>
  (
    await context.app.inject({ method: 'GET', url: '/api/web/orders', headers: account.headers })
  ).json<StoreOrderPage>().items;

const resync = (account: Account, id: string) =>
  context.app.inject({
    method: 'POST',
    url: `/api/web/channels/${id}/sync`,
    headers: account.headers,
  });

const receipts = () =>
  context.connection.db
    .select()
    .from(salesChannelWebhookReceipts)
    .where(eq(salesChannelWebhookReceipts.channel, 'wix'));

beforeAll(async () => {
  fake = await startWixFake({ apiKey: API_KEY, siteId: SITE_ID, maxPerPage: 2 });
  fake.products.push(
    aWixProduct(),
    aWixProduct({ id: 'p-bowl', name: 'Bowl', sku: 'BOWL', productOptions: [], variants: [] }),
  );
  fake.orders.push(
    aWixOrder(),
    aWixOrder({
      id: 'order-2',
      number: '10002',
      createdDate: '2026-04-02T08:00:00.000Z',
      fulfillmentStatus: 'FULFILLED',
    }),
    aWixOrder({
      id: 'order-3',
      number: '10003',
      createdDate: '2026-04-03T08:00:00.000Z',
      status: 'CANCELED',
      paymentStatus: 'FULLY_REFUNDED',
    }),
    aWixOrder({
      id: 'order-4',
      number: '10004',
      createdDate: '2026-04-04T08:00:00.000Z',
      status: 'INITIALIZED',
      paymentStatus: 'NOT_PAID',
    }),
  );
  context = await createTestApp({
    CHANNEL_TOKEN_KEY: Buffer.alloc(32, 6).toString('base64'),
    PUBLIC_URL: 'https://atelier.example',
    WIX_API_BASE_URL: fake.baseUrl,
    // As the app dashboard shows it, with its line breaks escaped as in a .env file.
    WIX_WEBHOOK_PUBLIC_KEY: fake.publicKeyPem.replace(/\n/g, '\\n'),
  });
  alice = await registerAccount(context);
  bob = await registerAccount(context);
});
afterAll(async () => {
  await context.close();
  await fake.close();
});

describe('Wix connection (issue 11)', () => {
  it('refuses bad input, a refused key and an unknown site, each on its field', async () => {
    const bad = expectApiError(await connect(alice, { apiKey: 'short', siteId: 'site' }), 400, {
      code: 'bad_request',
    });
    expect(fieldsOf(bad).sort()).toEqual(['body.apiKey', 'body.siteId']);
    const refused = expectApiError(
      await connect(alice, { apiKey: `IST.${'x'.repeat(60)}`, siteId: SITE_ID }),
      400,
      { code: 'bad_request', reason: 'channel_credentials_refused' },
    );
    expect(refused.details).toEqual([
      {
        field: 'body.apiKey',
        message: 'Wix refused the API key: check it in the API Keys Manager.',
      },
    ]);
    const unknown = expectApiError(
      await connect(alice, { apiKey: API_KEY, siteId: '00000000-0000-4000-8000-000000000000' }),
      400,
      { code: 'bad_request', reason: 'channel_site_not_found' },
    );
    expect(fieldsOf(unknown)).toEqual(['body.siteId']);
    expect((await wixOf(alice)).state).toBe('NOT_CONNECTED');
  });

  it('connects with the key and site id, keeps the key encrypted and syncs products and orders', async () => {
    const response = await connect(alice, {
      apiKey: ` ${API_KEY} `,
      siteId: SITE_ID.toUpperCase(),
    });
    expect(response.statusCode, response.body).toBe(200);
    connected = response.json<ChannelConnected>();
    expect(connected.connection).toMatchObject({
      channel: 'wix',
      shop: SITE_ID,
      status: 'CONNECTED',
      webhookUrl: `https://atelier.example/api/channels/wix/webhooks/${connected.connection.id}`,
    });
    const [row] = await context.connection.db
      .select()
      .from(salesChannelConnections)
      .where(eq(salesChannelConnections.id, connected.connection.id));
    expect(JSON.stringify(row)).not.toContain(API_KEY);

    const job = await ended(alice, connected.job.id);
    expect(job.status, job.error ?? '').toBe('COMPLETED');
    // The order still in checkout (INITIALIZED) is not one of the store's.
    expect(job.counts).toMatchObject({ products: 2, orders: 3 });
    const searches = fake.requests.filter(
      (request) => request.path === '/ecom/v1/orders/search' && request.status === 200,
    );
    // The key check, then two cursor pages of two.
    expect(
      searches.map((request) => JSON.parse(request.body).search.cursorPaging.cursor ?? null),
    ).toEqual([null, null, expect.any(String)]);
    const orders = await listOrders(alice);
    expect(orders.map((order) => order.externalId).sort()).toEqual([
      'a1b2c3d4-0000-4000-8000-000000000001',
      'order-2',
      'order-3',
    ]);
    const first = (
      await context.app.inject({
        method: 'GET',
        url: `/api/web/orders/${orders.find((order) => order.externalId?.startsWith('a1b2'))!.id}`,
        headers: alice.headers,
      })
    ).json<StoreOrder>();
    expect(first).toMatchObject({
      origin: 'CART_ROVER',
      placedAt: '2026-04-01T08:30:00.000Z',
      subtotal: { amount: 5_100 },
      discountTotal: { amount: 0 },
      shippingTotal: { amount: 650 },
      taxTotal: { amount: 408 },
      total: { amount: 6_158, currencyCode: 'USD' },
      discountCodes: ['BLOOM'],
      financialStatus: 'PAID',
      productionStatus: 'OUTSTANDING',
      note: 'Ring twice',
      customer: { email: 'lin@example.com', firstName: 'Lin', lastName: 'Wu' },
      shippingAddress: { line1: '5 Elm St', stateCode: 'OR', countryCode: 'US' },
    });
    expect(
      first.lines.map((line) => [line.sku, line.variantTitle, line.quantity, line.discount.amount]),
    ).toEqual([
      ['VASE-W', 'White', 1, 400],
      ['FLOWERS', null, 3, 0],
    ]);
    expect(orders.find((order) => order.externalId === 'order-2')).toMatchObject({
      productionStatus: 'FINISHED',
      fulfillmentState: 'FULFILLED',
    });
    expect(orders.find((order) => order.externalId === 'order-3')).toMatchObject({
      cancelState: 'CANCELED',
      financialStatus: 'REFUNDED',
    });
    const [vase] = await context.connection.db
      .select()
      .from(salesProducts)
      .where(eq(salesProducts.externalId, 'p-vase'));
    expect(vase).toMatchObject({
      title: 'Ceramic vase',
      vendor: 'Clay & Co',
      description: 'Hand thrown.',
    });
    const variants = await context.connection.db
      .select()
      .from(salesProductVariants)
      .where(eq(salesProductVariants.productId, vase!.id))
      .orderBy(salesProductVariants.position);
    expect(
      variants.map((variant) => [
        variant.optionValues,
        variant.sku,
        variant.price,
        variant.compareAtPrice,
        variant.weightGrams,
      ]),
    ).toEqual([
      [['White'], 'VASE-W', 4_000, null, 1_200],
      [['Black'], 'VASE-B', 3_800, 4_500, 1_300],
    ]);
  });

  it('re-syncs after waiting out a 429, changing nothing', async () => {
    fake.throttle(1);
    const job = (await resync(alice, connected.connection.id)).json<Job>();
    const done = await ended(alice, job.id);
    expect(done.status, done.error ?? '').toBe('COMPLETED');
    expect(done.counts).toEqual({ products: 2, orders: 3 });
    expect(fake.requests.some((request) => request.status === 429)).toBe(true);
    expect(await listOrders(alice)).toHaveLength(3);
  });

  it('resumes an interrupted sync where it stopped, recording nothing twice', async () => {
    const page = fake.requests
      .filter((request) => request.path === '/ecom/v1/orders/search')
      .at(-1)!;
    const cursor = JSON.parse(page.body).search.cursorPaging.cursor as string;
    await context.connection.db
      .update(salesChannelConnections)
      .set({
        syncState: {
          jobId: 'job_interrupted',
          phase: 'orders',
          cursor,
          counts: { products: 2, orders: 2 },
        },
      })
      .where(eq(salesChannelConnections.id, connected.connection.id));
    const before = fake.requests.length;
    const progress: number[] = [];
    const result = await context.sales.channelSyncHandler({ id: 'job_interrupted' } as Job, {
      storeId: alice.storeId,
      key: connected.connection.id,
      attempt: 2,
      signal: new AbortController().signal,
      reportProgress: async (value) => {
        progress.push(value);
      },
    });
    const calls = fake.requests.slice(before);
    expect(calls.map((request) => request.path)).toEqual(['/ecom/v1/orders/search']);
    expect(JSON.parse(calls[0]!.body).search.cursorPaging.cursor).toBe(cursor);
    expect(result).toMatchObject({ products: 2, orders: 3 });
    expect(progress.at(-1)).toBe(100);
    expect(await listOrders(alice)).toHaveLength(3);
  });
});

describe('Wix webhooks (issue 11)', () => {
  it('answers 401 to an event not signed with the app’s key, keeping nothing', async () => {
    const entity = aWixOrder({ id: 'order-9', number: '10009' });
    for (const sign of ['other', null] as const) {
      const event = await fake.event({
        connectionId: connected.connection.id,
        eventType: 'wix.ecom.v1.order_created',
        entity,
        sign,
      });
      expectApiError(await context.app.inject(event), 401, { code: 'unauthenticated' });
    }
    const event = await fake.event({
      connectionId: connected.connection.id,
      eventType: 'wix.ecom.v1.order_created',
      entity,
    });
    const [header, payload, signature] = event.payload.split('.');
    const edited = `${header}.${Buffer.from(Buffer.from(payload!, 'base64url').toString().replace('10009', '10010')).toString('base64url')}.${signature}`;
    expect((await context.app.inject({ ...event, payload: edited })).statusCode).toBe(401);
    expect((await context.app.inject({ ...event, payload: '' })).statusCode).toBe(401);
    expect(await receipts()).toEqual([]);
  });

  it('records order_created once per event id, and order_updated brings the order up to date', async () => {
    const entity = aWixOrder({
      id: 'order-9',
      number: '10009',
      createdDate: '2026-04-09T08:00:00.000Z',
    });
    const event = await fake.event({
      connectionId: connected.connection.id,
      eventType: 'wix.ecom.v1.order_created',
      entity,
      eventId: 'evt-9',
    });
    expect((await context.app.inject(event)).statusCode).toBe(200);
    await until(
      () => listOrders(alice),
      (items) => items.length === 4,
    );
    expect((await context.app.inject(event)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await listOrders(alice)).toHaveLength(4);
    expect(await receipts()).toHaveLength(1);

    const updated = await fake.event({
      connectionId: connected.connection.id,
      eventType: 'wix.ecom.v1.order_updated',
      entity: { ...entity, fulfillmentStatus: 'FULFILLED', paymentStatus: 'PARTIALLY_REFUNDED' },
    });
    expect((await context.app.inject(updated)).statusCode).toBe(200);
    const orders = await until(
      () => listOrders(alice),
      (items) =>
        items.find((item) => item.externalId === 'order-9')?.fulfillmentState === 'FULFILLED',
    );
    expect(orders.find((item) => item.externalId === 'order-9')).toMatchObject({
      financialStatus: 'PARTIALLY_REFUNDED',
    });
    // Another event type is acknowledged and left.
    const other = await fake.event({
      connectionId: connected.connection.id,
      eventType: 'wix.stores.v1.product_changed',
      entity: { id: 'p-vase' },
    });
    expect((await context.app.inject(other)).statusCode).toBe(200);
    expect(await receipts()).toHaveLength(2);
  });

  it('shows another store nothing, and a disconnected site’s events change nothing', async () => {
    expect((await wixOf(bob)).connections).toEqual([]);
    expect(await listOrders(bob)).toEqual([]);
    expectApiError(await resync(bob, connected.connection.id), 404, {
      code: 'not_found',
      reason: 'channel_connection_not_found',
    });
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/web/channels/${connected.connection.id}`,
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await context.connection.db
      .select()
      .from(salesChannelConnections)
      .where(eq(salesChannelConnections.id, connected.connection.id));
    expect([row!.tokenCiphertext, row!.tokenIv, row!.tokenTag]).toEqual([null, null, null]);
    const late = await fake.event({
      connectionId: connected.connection.id,
      eventType: 'wix.ecom.v1.order_created',
      entity: aWixOrder({ id: 'order-late' }),
    });
    expect((await context.app.inject(late)).statusCode).toBe(200);
    expect(await receipts()).toHaveLength(2);
    const unknown = await fake.event({
      connectionId: 'chc_nosuchone',
      eventType: 'wix.ecom.v1.order_created',
      entity: aWixOrder(),
    });
    expect((await context.app.inject(unknown)).statusCode).toBe(404);
  });
});

describe('Wix webhooks without WIX_WEBHOOK_PUBLIC_KEY (issue 11)', () => {
  it('refuses every event', async () => {
    const bare = await createTestApp({ WIX_API_BASE_URL: fake.baseUrl });
    try {
      const event = await fake.event({
        connectionId: 'chc_any',
        eventType: 'wix.ecom.v1.order_created',
        entity: aWixOrder(),
      });
      expect((await bare.app.inject(event)).statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });
});
