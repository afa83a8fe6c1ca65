import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectWooCommerce,
  listSalesChannels,
  type ChannelConnected,
  type SalesChannel,
} from '@atelier/contract/sales/channel';
import type { Job } from '@atelier/contract/jobs/job';
import type { StoreOrder, StoreOrderPage } from '@atelier/contract/sales/order';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { outboxEvents } from '@/events/outbox.table';
import {
  salesChannelConnections,
  salesChannelWebhookReceipts,
  salesCustomers,
  salesProducts,
  salesProductVariants,
} from '../sales.table';
import { createTokenCipher } from './token-cipher';
import {
  aWooCustomer,
  aWooOrder,
  aWooSimpleProduct,
  aWooVariableProduct,
  aWooVariations,
  startWooCommerceFake,
  type WooCommerceFake,
} from './woocommerce-fake';

type Account = Awaited<ReturnType<typeof registerAccount>>;

const KEY = `ck_${'a1'.repeat(20)}`;
const SECRET = `cs_${'b2'.repeat(20)}`;
const TOKEN_KEY = Buffer.alloc(32, 4).toString('base64');

let context: TestContext;
let fake: WooCommerceFake;
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

const jobOf = async (account: Account, id: string) =>
  (
    await context.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: account.headers })
  ).json<Job>();

const ended = (account: Account, id: string) =>
  until(
    () => jobOf(account, id),
    (job) => ['COMPLETED', 'FAILED', 'CANCELED'].includes(job.status),
  );

const connect = (account: Account, payload: Record<string, unknown>) =>
  context.app.inject({
    method: 'POST',
    url: connectWooCommerce.path,
    headers: account.headers,
    payload,
  });

const wooOf = async (account: Account) =>
  (
    await context.app.inject({
      method: 'GET',
      url: listSalesChannels.path,
      headers: account.headers,
    })
  )
    .json<{ items: SalesChannel[] }>()
    .items.find((item) => item.channel === 'woocommerce')!;

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

/** Changes the sales module announced (jobs announce their own progress besides). */
const salesEventCount = async () =>
  (await context.connection.db.select({ type: outboxEvents.type }).from(outboxEvents)).filter(
    (event) => event.type.startsWith('sales.'),
  ).length;

beforeAll(async () => {
  fake = await startWooCommerceFake({ consumerKey: KEY, consumerSecret: SECRET, maxPerPage: 2 });
  fake.products.push(aWooVariableProduct(), aWooSimpleProduct());
  fake.variations.set(55, aWooVariations());
  fake.customers.push(
    aWooCustomer(),
    aWooCustomer({ id: 32, email: 'alan@example.com', first_name: 'Alan', last_name: 'Turing' }),
  );
  fake.orders.push(
    aWooOrder(),
    aWooOrder({
      id: 728,
      number: '728',
      status: 'completed',
      date_created_gmt: '2026-03-03T10:00:00',
      date_completed_gmt: '2026-03-04T10:00:00',
      coupon_lines: [],
    }),
    aWooOrder({
      id: 729,
      number: '729',
      status: 'checkout-draft',
      date_created_gmt: '2026-03-03T11:00:00',
    }),
    aWooOrder({
      id: 730,
      number: '730',
      status: 'on-hold',
      customer_id: 0,
      date_created_gmt: '2026-03-03T12:00:00',
      billing: {
        ...(aWooOrder().billing as object),
        email: 'guest@example.com',
        first_name: 'Ada',
        last_name: 'Guest',
      },
    }),
  );
  context = await createTestApp({
    CHANNEL_TOKEN_KEY: TOKEN_KEY,
    PUBLIC_URL: 'https://atelier.example',
  });
  alice = await registerAccount(context);
  bob = await registerAccount(context);
});
afterAll(async () => {
  await context.close();
  await fake.close();
});

describe('WooCommerce connection (issue 11)', () => {
  it('refuses bad input naming each field, connecting nothing', async () => {
    const response = await connect(alice, {
      storeUrl: 'ftp://shop',
      consumerKey: 'abc',
      consumerSecret: '',
    });
    const error = expectApiError(response, 400, { code: 'bad_request' });
    expect(fieldsOf(error).sort()).toEqual([
      'body.consumerKey',
      'body.consumerSecret',
      'body.storeUrl',
    ]);
    const plainHttp = await connect(alice, {
      storeUrl: 'http://shop.example.com',
      consumerKey: KEY,
      consumerSecret: SECRET,
    });
    expect(fieldsOf(expectApiError(plainHttp, 400, { code: 'bad_request' }))).toEqual([
      'body.storeUrl',
    ]);
    expect((await wooOf(alice)).state).toBe('NOT_CONNECTED');
  });

  it('says plainly that WooCommerce refused a wrong key, and that a shop cannot be reached', async () => {
    const wrong = await connect(alice, {
      storeUrl: fake.baseUrl,
      consumerKey: KEY,
      consumerSecret: `cs_${'0'.repeat(40)}`,
    });
    const error = expectApiError(wrong, 400, {
      code: 'bad_request',
      reason: 'channel_credentials_refused',
    });
    expect(error.details).toEqual([
      {
        field: 'body.consumerKey',
        message: 'WooCommerce refused the key: check the consumer key and secret.',
      },
    ]);
    const unreachable = await connect(alice, {
      storeUrl: 'http://127.0.0.1:9',
      consumerKey: KEY,
      consumerSecret: SECRET,
    });
    const away = expectApiError(unreachable, 400, {
      code: 'bad_request',
      reason: 'channel_unreachable',
    });
    expect(away.details?.[0]?.field).toBe('body.storeUrl');
    expect(away.message).toMatch(/^The shop 127\.0\.0\.1:9 could not be reached \(/);
    expect((await wooOf(alice)).state).toBe('NOT_CONNECTED');
    expect(fake.webhooks).toEqual([]);
  });

  it('refuses a read-only key, leaving no webhook behind', async () => {
    const readOnly = await startWooCommerceFake({
      consumerKey: KEY,
      consumerSecret: SECRET,
      isReadOnly: true,
    });
    const response = await connect(alice, {
      storeUrl: readOnly.baseUrl,
      consumerKey: KEY,
      consumerSecret: SECRET,
    });
    await readOnly.close();
    const error = expectApiError(response, 400, {
      code: 'bad_request',
      reason: 'channel_credentials_read_only',
    });
    expect(error.details?.[0]?.field).toBe('body.consumerKey');
    expect(error.message).toMatch(/Read\/Write/);
    expect((await wooOf(alice)).state).toBe('NOT_CONNECTED');
  });

  it('connects: checks the key, registers the webhooks, keeps the key encrypted and starts a sync', async () => {
    const response = await connect(alice, {
      storeUrl: `${fake.baseUrl}/`,
      consumerKey: KEY,
      consumerSecret: SECRET,
    });
    expect(response.statusCode, response.body).toBe(200);
    connected = response.json<ChannelConnected>();
    const { connection, job } = connected;
    expect(connection).toMatchObject({
      channel: 'woocommerce',
      shop: fake.baseUrl,
      status: 'CONNECTED',
      syncJobId: job.id,
      webhookUrl: `https://atelier.example/api/channels/woocommerce/webhooks/${connection.id}`,
    });
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/wp-json/wc/v3/orders' });
    expect(fake.requests[0]!.query).toContain('per_page=1');
    expect(fake.webhooks.map((webhook) => webhook.topic)).toEqual([
      'order.created',
      'order.updated',
      'product.updated',
      'customer.updated',
    ]);
    expect(new Set(fake.webhooks.map((webhook) => webhook.delivery_url))).toEqual(
      new Set([connection.webhookUrl]),
    );
    expect(fake.webhooks[0]!.secret.length).toBeGreaterThanOrEqual(32);

    const [row] = await context.connection.db
      .select()
      .from(salesChannelConnections)
      .where(eq(salesChannelConnections.id, connection.id));
    for (const secret of [KEY, SECRET, fake.webhooks[0]!.secret]) {
      expect(JSON.stringify(row)).not.toContain(secret);
    }
    const opened = createTokenCipher(Buffer.from(TOKEN_KEY, 'base64')).open({
      ciphertext: row!.tokenCiphertext!,
      iv: row!.tokenIv!,
      tag: row!.tokenTag!,
    });
    expect(JSON.parse(opened)).toMatchObject({ consumerKey: KEY, consumerSecret: SECRET });
    expect(JSON.stringify(await wooOf(alice))).not.toContain(SECRET);
  });

  it('syncs products with variations, customers and orders through the pages', async () => {
    const job = await ended(alice, connected.job.id);
    expect(job.status, job.error ?? '').toBe('COMPLETED');
    expect(job.counts).toMatchObject({ products: 2, customers: 2, orders: 3 });
    // Two items a page: every list was read page by page, oldest first.
    const orderPages = fake.requests.filter(
      (request) => request.path === '/wp-json/wc/v3/orders' && request.query.includes('orderby='),
    );
    expect(orderPages.map((request) => new URLSearchParams(request.query).get('page'))).toEqual([
      '1',
      '2',
    ]);

    const orders = await listOrders(alice);
    expect(orders.map((order) => order.externalId).sort()).toEqual(['727', '728', '730']);
    const summary = orders.find((order) => order.externalId === '727')!;
    const order = (
      await context.app.inject({
        method: 'GET',
        url: `/api/web/orders/${summary.id}`,
        headers: alice.headers,
      })
    ).json<StoreOrder>();
    expect(order).toMatchObject({
      origin: 'CART_ROVER',
      currencyCode: 'EUR',
      placedAt: '2026-03-02T14:05:11.000Z',
      subtotal: { amount: 4_100 },
      shippingTotal: { amount: 490 },
      taxTotal: { amount: 816 },
      total: { amount: 5_406 },
      discountCodes: ['spring3'],
      financialStatus: 'PAID',
      productionStatus: 'OUTSTANDING',
      fulfillmentState: 'NONE',
      cancelState: 'NONE',
      note: 'Leave it with the neighbour',
      customer: { externalId: '31', email: 'grace@example.com', firstName: 'Grace' },
      shippingAddress: { name: 'Grace Hopper', city: 'Lyon', countryCode: 'FR' },
    });
    expect(
      order.lines.map((line) => [
        line.sku,
        line.variantTitle,
        line.quantity,
        line.unitPrice.amount,
        line.discount.amount,
      ]),
    ).toEqual([
      ['APRON-SAND', 'Sand', 2, 1_600, 200],
      ['TOWEL-1', null, 1, 1_200, 100],
    ]);
    const completed = orders.find((item) => item.externalId === '728')!;
    expect(completed).toMatchObject({
      productionStatus: 'FINISHED',
      fulfillmentState: 'FULFILLED',
    });
    const onHold = orders.find((item) => item.externalId === '730')!;
    expect(onHold).toMatchObject({ productionStatus: 'ON_HOLD', financialStatus: 'PENDING' });

    const products = await context.connection.db
      .select()
      .from(salesProducts)
      .where(eq(salesProducts.storeId, alice.storeId));
    const apron = products.find((product) => product.externalId === '55')!;
    expect(apron).toMatchObject({
      title: 'Linen apron',
      description: 'Washed linen, one size.',
      options: [{ name: 'Colour', values: ['Sand', 'Olive'] }],
      currencyCode: 'USD',
      tags: ['linen'],
      productType: 'Kitchen',
    });
    const variants = await context.connection.db
      .select()
      .from(salesProductVariants)
      .where(eq(salesProductVariants.productId, apron.id))
      .orderBy(salesProductVariants.position);
    expect(
      variants.map((variant) => [
        variant.sku,
        variant.price,
        variant.compareAtPrice,
        variant.weightGrams,
      ]),
    ).toEqual([
      ['APRON-SAND', 1_600, null, 300],
      ['APRON-OLIVE', 1_400, 1_600, 350],
    ]);
    const customers = await context.connection.db
      .select()
      .from(salesCustomers)
      .where(eq(salesCustomers.storeId, alice.storeId));
    expect(customers.map((customer) => customer.email).sort()).toEqual([
      'alan@example.com',
      'grace@example.com',
      'guest@example.com',
    ]);
    const channel = await wooOf(alice);
    expect(channel.state).toBe('CONNECTED');
    expect(channel.connections[0]!.lastSyncAt).toMatch(/^\d{4}-/);
  });

  it('re-syncs without changing anything, and refuses a second sync while one runs', async () => {
    const events = await salesEventCount();
    const started = await resync(alice, connected.connection.id);
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json<Job>();
    const again = await resync(alice, connected.connection.id);
    expectApiError(again, 409, { code: 'conflict', reason: 'channel_sync_running' });
    const done = await ended(alice, job.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.counts).toEqual({ products: 2, customers: 2, orders: 3 });
    expect(await salesEventCount()).toBe(events);
    expect(await listOrders(alice)).toHaveLength(3);
  });

  it('waits and tries again when the shop answers 429 or 503', async () => {
    fake.throttle(2, 429);
    const before = fake.requests.length;
    const startedAt = Date.now();
    const job = (await resync(alice, connected.connection.id)).json<Job>();
    const done = await ended(alice, job.id);
    expect(done.status, done.error ?? '').toBe('COMPLETED');
    const statuses = fake.requests.slice(before).map((request) => request.status);
    expect(statuses.slice(0, 3)).toEqual([429, 429, 200]);
    // Retry-After: 1 was honoured each time.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2_000);
    fake.throttle(1, 503);
    const second = (await resync(alice, connected.connection.id)).json<Job>();
    expect((await ended(alice, second.id)).status).toBe('COMPLETED');
    expect(await listOrders(alice)).toHaveLength(3);
  });
});

describe('WooCommerce webhooks (issue 11)', () => {
  const receiptsOf = async () =>
    context.connection.db
      .select()
      .from(salesChannelWebhookReceipts)
      .where(eq(salesChannelWebhookReceipts.channel, 'woocommerce'));

  it('answers 401 to a missing or wrong signature and keeps nothing; 200 to the creation ping', async () => {
    const body = aWooOrder({ id: 800, number: '800' });
    const missing = await context.app.inject(
      fake.delivery({ topic: 'order.created', body, sign: null }),
    );
    expectApiError(missing, 401, { code: 'unauthenticated' });
    const wrong = await context.app.inject(
      fake.delivery({ topic: 'order.created', body, sign: 'guess' }),
    );
    expect(wrong.statusCode).toBe(401);
    const signed = fake.delivery({ topic: 'order.created', body });
    const edited = await context.app.inject({
      ...signed,
      payload: signed.payload.replace('"800"', '"801"'),
    });
    expect(edited.statusCode).toBe(401);
    const elsewhere = await context.app.inject({
      ...signed,
      url: signed.url.replace(connected.connection.id, 'chc_nosuchconnection'),
    });
    expect(elsewhere.statusCode).toBe(401);
    const ping = await context.app.inject({
      method: 'POST',
      url: signed.url,
      payload: 'webhook_id=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(ping.statusCode).toBe(200);
    expect(await receiptsOf()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await listOrders(alice)).toHaveLength(3);
  });

  it('records order.created once, however often it is delivered, for the shop’s store only', async () => {
    const delivery = fake.delivery({
      topic: 'order.created',
      body: aWooOrder({ id: 801, number: '801', date_created_gmt: '2026-03-05T09:00:00' }),
      deliveryId: 'd-801',
    });
    expect((await context.app.inject(delivery)).statusCode).toBe(200);
    await until(
      () => listOrders(alice),
      (items) => items.length === 4,
    );
    expect((await context.app.inject(delivery)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await listOrders(alice)).toHaveLength(4);
    const receipts = await receiptsOf();
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      topic: 'order.created',
      body: null,
      storeId: alice.storeId,
    });
    expect(await listOrders(bob)).toEqual([]);
  });

  it('brings an order up to order.updated, and applies product.updated and customer.updated', async () => {
    const updated = aWooOrder({
      id: 801,
      number: '801',
      status: 'cancelled',
      date_created_gmt: '2026-03-05T09:00:00',
    });
    expect(
      (await context.app.inject(fake.delivery({ topic: 'order.updated', body: updated })))
        .statusCode,
    ).toBe(200);
    const orders = await until(
      () => listOrders(alice),
      (items) => items.find((item) => item.externalId === '801')?.cancelState === 'CANCELED',
    );
    expect(orders.find((item) => item.externalId === '801')).toMatchObject({
      financialStatus: 'VOIDED',
    });

    const renamed = aWooSimpleProduct({
      name: 'Tea towel, striped',
      price: '13.00',
      regular_price: '13.00',
    });
    expect(
      (await context.app.inject(fake.delivery({ topic: 'product.updated', body: renamed })))
        .statusCode,
    ).toBe(200);
    await until(
      async () =>
        (
          await context.connection.db
            .select()
            .from(salesProducts)
            .where(eq(salesProducts.externalId, '60'))
        )[0]?.title,
      (title) => title === 'Tea towel, striped',
    );
    const customer = aWooCustomer({
      id: 32,
      email: 'alan@example.com',
      first_name: 'Alan M.',
      last_name: 'Turing',
    });
    expect(
      (await context.app.inject(fake.delivery({ topic: 'customer.updated', body: customer })))
        .statusCode,
    ).toBe(200);
    await until(
      async () =>
        (
          await context.connection.db
            .select()
            .from(salesCustomers)
            .where(eq(salesCustomers.email, 'alan@example.com'))
        )[0]?.firstName,
      (name) => name === 'Alan M.',
    );
  });
});

describe('WooCommerce and other stores (issue 11)', () => {
  it('shows another store none of the connection, its sync or its data', async () => {
    expect((await wooOf(bob)).connections).toEqual([]);
    expectApiError(await resync(bob, connected.connection.id), 404, {
      code: 'not_found',
      reason: 'channel_connection_not_found',
    });
    const disconnect = await context.app.inject({
      method: 'DELETE',
      url: `/api/web/channels/${connected.connection.id}`,
      headers: bob.headers,
    });
    expectApiError(disconnect, 404, { code: 'not_found', reason: 'channel_connection_not_found' });
    expect((await jobOf(bob, connected.job.id)) as unknown).toMatchObject({
      error: { code: 'not_found' },
    });
    expect(await listOrders(bob)).toEqual([]);
    expect(fake.webhooks).toHaveLength(4);
  });

  it('disconnects: the shop’s webhooks and the stored key are deleted, the orders stay', async () => {
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/web/channels/${connected.connection.id}`,
      headers: alice.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.webhooks).toEqual([]);
    const [row] = await context.connection.db
      .select()
      .from(salesChannelConnections)
      .where(eq(salesChannelConnections.id, connected.connection.id));
    expect([row!.tokenCiphertext, row!.tokenIv, row!.tokenTag]).toEqual([null, null, null]);
    expect((await wooOf(alice)).state).toBe('DISCONNECTED');
    expectApiError(await resync(alice, connected.connection.id), 409, {
      code: 'conflict',
      reason: 'channel_not_connected',
    });
    expect(await listOrders(alice)).toHaveLength(4);
  });
});
