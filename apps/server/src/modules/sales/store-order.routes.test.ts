import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createManualRetailOrder,
  createManualWholesaleOrder,
  getStoreOrder,
  listOrderOrigins,
  listStoreOrders,
  type StoreOrder,
  type StoreOrderPage,
} from '@atelier/contract/sales/order';
import { outboxEvents } from '@/events/outbox.table';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { salesCustomers } from './sales.table';
import type { StoreOrderDraft } from './store-order.service';

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  context = await createTestApp();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
});
afterAll(async () => context.close());

const aManualOrder = (overrides: Record<string, unknown> = {}) => ({
  currencyCode: 'USD',
  customer: { email: 'Jo.Buyer@Example.com', firstName: 'Jo', lastName: 'Buyer' },
  lines: [
    { sku: 'TEE-BLK-M', title: 'Boxy tee', quantity: 2, unitPriceAmount: 2_500 },
    { title: 'Gift wrap', quantity: 1, unitPriceAmount: 500, discountAmount: 100, taxAmount: 40 },
  ],
  discountAmount: 300,
  shippingAmount: 695,
  taxAmount: 0,
  ...overrides,
});

const createManual = (
  account: Account,
  payload: Record<string, unknown>,
  path: string = createManualRetailOrder.path,
) => context.app.inject({ method: 'POST', url: path, headers: account.headers, payload });

const list = async (account: Account, query = '') => {
  const response = await context.app.inject({
    method: 'GET',
    url: `${listStoreOrders.path}${query ? `?${query}` : ''}`,
    headers: account.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StoreOrderPage>();
};

/** A channel order as an import would record it (Shopify-like: `#` numbers, an external id). */
const aChannelOrder = (overrides: Partial<StoreOrderDraft> = {}): StoreOrderDraft => ({
  origin: 'IMPORT',
  channel: 'import:test',
  externalId: null,
  placedAt: new Date('2011-03-01T10:00:00.000Z'),
  timeZone: 'Europe/London',
  currencyCode: 'GBP',
  lines: [
    {
      sku: '85123A',
      title: 'White hanging heart t-light holder',
      quantity: 6,
      unitPrice: 255,
      discount: 0,
      tax: 0,
    },
  ],
  subtotal: 1_530,
  discountTotal: 0,
  shippingTotal: 0,
  taxTotal: 0,
  total: 1_530,
  discountCodes: [],
  customer: {
    email: null,
    firstName: null,
    lastName: null,
    channel: 'import:test',
    externalId: '17850',
  },
  shippingAddress: null,
  billingAddress: null,
  financialStatus: 'PAID',
  productionStatus: 'FINISHED',
  tags: [],
  note: null,
  ...overrides,
});

describe('manual orders (spec §7 manual-retail, manual-wholesale)', () => {
  it('records a retail order with R-numbers, computing its subtotal and total from the lines', async () => {
    const response = await createManual(alice, aManualOrder());
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<StoreOrder>();
    expect(order).toMatchObject({
      name: 'R1001',
      number: 1001,
      origin: 'MANUAL_RETAIL',
      productionStatus: 'OUTSTANDING',
      financialStatus: 'PAID',
      itemCount: 3,
      // Lines: 2 × 2500 + (500 − 100) = 5400; − 300 + 695 shipping + 40 tax.
      subtotal: { amount: 5_400, currencyCode: 'USD' },
      total: { amount: 5_835, currencyCode: 'USD' },
      taxTotal: { amount: 40, currencyCode: 'USD' },
      customer: { email: 'jo.buyer@example.com', firstName: 'Jo' },
    });
    expect(order.lines.map((line) => [line.sku, line.subtotal.amount])).toEqual([
      ['TEE-BLK-M', 5_000],
      [null, 400],
    ]);

    context.clock.advance(1_000);
    const second = (await createManual(alice, aManualOrder())).json<StoreOrder>();
    expect(second.name).toBe('R1002');
    // The same e-mail, in any case, is the same customer.
    expect(second.customer?.id).toBe(order.customer?.id);
    context.clock.advance(1_000);
    const wholesale = await createManual(alice, aManualOrder(), createManualWholesaleOrder.path);
    expect(wholesale.json<StoreOrder>().name).toBe('W1001');

    // The customer's figures moved with the orders, in the same transactions.
    const [customer] = await context.connection.db
      .select()
      .from(salesCustomers)
      .where(
        and(eq(salesCustomers.storeId, alice.storeId), eq(salesCustomers.id, order.customer!.id)),
      );
    expect(customer).toMatchObject({ orderCount: 3, totalSpent: 3 * 5_835, currencyCode: 'USD' });
    // Each order was announced.
    const announced = await context.connection.db
      .select()
      .from(outboxEvents)
      .where(
        and(eq(outboxEvents.type, 'sales.order.created'), eq(outboxEvents.aggregateId, order.id)),
      );
    expect(announced).toHaveLength(1);
  });

  it('refuses a total that does not add up, naming it, and records nothing', async () => {
    const before = (await list(alice)).counts.ALL;
    const error = expectApiError(
      await createManual(alice, aManualOrder({ totalAmount: 5_000 })),
      400,
      {
        code: 'bad_request',
        reason: 'order_totals',
      },
    );
    expect(fieldsOf(error)).toEqual(['body.totalAmount']);
    expect(error.message).toContain('5835');

    const tooMuchOff = expectApiError(
      await createManual(
        alice,
        aManualOrder({
          lines: [{ title: 'Tee', quantity: 1, unitPriceAmount: 100, discountAmount: 101 }],
        }),
      ),
      400,
      { code: 'bad_request' },
    );
    expect(fieldsOf(tooMuchOff)).toEqual(['body.lines.0.discountAmount']);
    expect(
      fieldsOf(
        expectApiError(await createManual(alice, aManualOrder({ lines: [] })), 400, {
          code: 'bad_request',
        }),
      ),
    ).toEqual(['body.lines']);
    expect((await list(alice)).counts.ALL).toBe(before);
  });
});

describe('the orders list (spec §7 GET /web/orders, §3 tabs)', () => {
  it('lists newest first with counts per tab, searches by number, e-mail and SKU, and pages by keyset', async () => {
    const { storeOrderService } = context.sales;
    for (let index = 0; index < 5; index += 1) {
      await storeOrderService.recordOrder(
        alice.storeId,
        aChannelOrder({
          externalId: `5370${index}`,
          placedAt: new Date(Date.UTC(2011, 2, 1 + index, 10)),
          productionStatus: index === 4 ? 'ON_HOLD' : 'FINISHED',
        }),
      );
    }

    const all = await list(alice, 'limit=4');
    expect(all.counts).toMatchObject({
      ALL: 8,
      OUTSTANDING: 3,
      FULFILLED: 4,
      ON_HOLD: 1,
      CANCELED: 0,
      RETURNS: 0,
    });
    // A search's first page carries counts read with it; a later page counts apart: the same.
    const searched = await list(alice, 'search=85123A&limit=2');
    expect(searched.counts).toMatchObject({ ALL: 5, FULFILLED: 4, ON_HOLD: 1, OUTSTANDING: 0 });
    expect(
      (await list(alice, `search=85123A&limit=2&cursor=${searched.nextCursor}`)).counts,
    ).toEqual(searched.counts);
    // A tab's page of a search: only its orders, the counts of every tab all the same; a tab
    // the search has none in still counts the others.
    const onHold = await list(alice, 'search=85123A&tab=ON_HOLD');
    expect(onHold.items.map((item) => item.name)).toEqual(['#1005']);
    expect(onHold.counts).toEqual(searched.counts);
    const canceled = await list(alice, 'search=85123A&tab=CANCELED');
    expect(canceled.items).toEqual([]);
    expect(canceled.counts).toEqual(searched.counts);
    expect((await list(alice, 'search=nothing-like-it')).counts).toEqual({
      ALL: 0,
      OUTSTANDING: 0,
      PROCESSING: 0,
      FULFILLED: 0,
      CANCELED: 0,
      ON_HOLD: 0,
      RETURNS: 0,
    });
    // Manual orders were placed "now"; imported ones in 2011: newest first.
    expect(all.items.map((item) => item.name)).toEqual(['W1001', 'R1002', 'R1001', '#1005']);
    const rest = await list(alice, `limit=4&cursor=${all.nextCursor}`);
    expect(rest.items.map((item) => item.name)).toEqual(['#1004', '#1003', '#1002', '#1001']);
    expect(rest.nextCursor).toBeNull();

    expect((await list(alice, 'tab=FULFILLED')).items).toHaveLength(4);
    expect((await list(alice, 'tab=ON_HOLD')).items.map((item) => item.name)).toEqual(['#1005']);
    expect((await list(alice, 'search=%231003')).items.map((item) => item.name)).toEqual(['#1003']);
    expect((await list(alice, 'search=r1001')).items.map((item) => item.name)).toEqual(['R1001']);
    expect((await list(alice, 'search=JO.BUY')).counts.ALL).toBe(3);
    expect((await list(alice, 'search=85123A')).counts.ALL).toBe(5);
    expect(
      (await list(alice, 'origin=IMPORT&placedFrom=2011-03-02&placedTo=2011-03-03')).items.map(
        (item) => item.name,
      ),
    ).toEqual(['#1003', '#1002']);

    const origins = await context.app.inject({
      method: 'GET',
      url: listOrderOrigins.path,
      headers: alice.headers,
    });
    expect(
      origins.json<{ items: { origin: string; label: string; count: number }[] }>().items,
    ).toEqual(
      expect.arrayContaining([
        { origin: 'IMPORT', label: 'Imported', count: 5 },
        { origin: 'SHOPIFY_PLATFORM', label: 'Atelier Shop', count: 0 },
        { origin: 'MANUAL_RETAIL', label: 'Manual retail', count: 2 },
      ]),
    );
  });

  it('records a channel order once, however often it is imported again', async () => {
    const { storeOrderService } = context.sales;
    const draft = aChannelOrder({ externalId: '536365' });
    const first = await storeOrderService.recordOrder(alice.storeId, draft);
    const again = await storeOrderService.recordOrder(alice.storeId, draft);
    expect(again).toEqual({ id: first.id, isNew: false });
    expect((await list(alice, 'search=85123A')).counts.ALL).toBe(6);
  });

  it('shows another store none of the orders, and refuses bad queries with the field', async () => {
    const orders = await list(alice, 'limit=1');
    const theirs = await list(bob);
    expect(theirs.items).toEqual([]);
    expect(theirs.counts.ALL).toBe(0);
    expectApiError(
      await context.app.inject({
        method: 'GET',
        url: getStoreOrder.path.replace(':id', orders.items[0]!.id),
        headers: bob.headers,
      }),
      404,
      { code: 'not_found', reason: 'order_not_found' },
    );
    const own = await context.app.inject({
      method: 'GET',
      url: getStoreOrder.path.replace(':id', orders.items[0]!.id),
      headers: alice.headers,
    });
    expect(own.statusCode).toBe(200);

    for (const [query, field] of [
      ['tab=SHIPPED', 'query.tab'],
      ['limit=0', 'query.limit'],
      ['placedFrom=2011-03-05&placedTo=2011-03-01', 'query.placedTo'],
      [`cursor=${orders.nextCursor!.slice(0, -2)}xx`, 'query.cursor'],
    ] as const) {
      const response = await context.app.inject({
        method: 'GET',
        url: `${listStoreOrders.path}?${query}`,
        headers: alice.headers,
      });
      expect(fieldsOf(expectApiError(response, 400, { code: 'bad_request' })), query).toEqual([
        field,
      ]);
    }
    expectApiError(await context.app.inject({ method: 'GET', url: listStoreOrders.path }), 401, {
      code: 'unauthenticated',
    });
  });
});
