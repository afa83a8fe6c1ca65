import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportStoreCustomers,
  getStoreCustomer,
  listStoreCustomers,
  type StoreCustomer,
  type StoreCustomerPage,
} from '@atelier/contract/sales/customer';
import {
  createManualRetailOrder,
  listStoreOrders,
  type StoreOrderPage,
} from '@atelier/contract/sales/order';
import { salesCustomers } from '@/db/schema';
import { expectApiError } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let alice: Account;
let bob: Account;

/** A manual order of `email` for `amount` cents, placed on `day`. */
const order = async (account: Account, email: string, amount: number, day: string) => {
  const response = await context.app.inject({
    method: 'POST',
    url: createManualRetailOrder.path,
    headers: account.headers,
    payload: {
      placedAt: `${day}T12:00:00Z`,
      customer: { email, firstName: email.split('@')[0], lastName: 'Buyer' },
      lines: [{ title: 'Mug', quantity: 1, unitPriceAmount: amount }],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
};

beforeAll(async () => {
  context = await createTestApp();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
  await order(alice, 'ana@example.com', 5_000, '2026-01-10');
  await order(alice, 'ana@example.com', 2_500, '2026-03-01');
  await order(alice, 'ben@example.com', 9_000, '2026-02-01');
  await order(alice, 'cy@example.com', 1_000, '2026-04-01');
  await order(bob, 'dee@example.com', 1_000, '2026-04-01');
});
afterAll(async () => context.close());

const list = async (account: Account, query: string) => {
  const response = await context.app.inject({
    method: 'GET',
    url: `${listStoreCustomers.path}?${query}`,
    headers: account.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StoreCustomerPage>();
};

describe('store customers (issue 11)', () => {
  it('lists the store’s customers by last order or by total spent, with their figures, in keyset pages', async () => {
    const byLast = await list(alice, 'limit=2');
    expect(byLast.total).toBe(3);
    expect(byLast.items.map((customer) => customer.email)).toEqual([
      'cy@example.com',
      'ana@example.com',
    ]);
    expect(byLast.items[1]).toMatchObject({
      orderCount: 2,
      totalSpent: { amount: 7_500, currencyCode: 'USD' },
      firstOrderAt: '2026-01-10T12:00:00.000Z',
      lastOrderAt: '2026-03-01T12:00:00.000Z',
    });
    const next = await list(alice, `limit=2&cursor=${encodeURIComponent(byLast.nextCursor!)}`);
    expect(next.items.map((customer) => customer.email)).toEqual(['ben@example.com']);
    expect(next.nextCursor).toBeNull();

    const bySpent = await list(alice, 'sort=TOTAL_SPENT&limit=1');
    expect(bySpent.items[0]!.email).toBe('ben@example.com');
    const second = await list(
      alice,
      `sort=TOTAL_SPENT&limit=1&cursor=${encodeURIComponent(bySpent.nextCursor!)}`,
    );
    expect(second.items[0]!.email).toBe('ana@example.com');

    // A cursor of the other sort is refused, not misread.
    const mixed = await context.app.inject({
      method: 'GET',
      url: `${listStoreCustomers.path}?sort=LAST_ORDER&cursor=${encodeURIComponent(bySpent.nextCursor!)}`,
      headers: alice.headers,
    });
    expectApiError(mixed, 400, { code: 'bad_request', reason: 'invalid_cursor' });
  });

  it('finds customers by the start of their e-mail or name, and lists one customer’s orders', async () => {
    expect((await list(alice, 'search=AN')).items.map((c) => c.email)).toEqual(['ana@example.com']);
    expect((await list(alice, 'search=100%25')).items).toEqual([]);
    const ana = (await list(alice, 'search=ana')).items[0]!;
    const detail = await context.app.inject({
      method: 'GET',
      url: getStoreCustomer.path.replace(':id', ana.id),
      headers: alice.headers,
    });
    expect(detail.json<StoreCustomer>()).toMatchObject({
      id: ana.id,
      firstName: 'ana',
      lastName: 'Buyer',
      acceptsMarketing: false,
      marketingConsentAt: null,
    });
    const orders = await context.app.inject({
      method: 'GET',
      url: `${listStoreOrders.path}?customerId=${ana.id}`,
      headers: alice.headers,
    });
    expect(orders.json<StoreOrderPage>().items.map((item) => item.total.amount)).toEqual([
      2_500, 5_000,
    ]);
  });

  it('exports the customers as CSV, and shows no customer to another store', async () => {
    const csv = await context.app.inject({
      method: 'GET',
      url: `${exportStoreCustomers.path}?sort=TOTAL_SPENT`,
      headers: alice.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/^email,first_name,last_name,phone,country,accepts_marketing/);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'ben@example.com',
      'ana@example.com',
      'cy@example.com',
    ]);
    expect(lines[2]).toContain(',2,75.00,USD,');

    expect((await list(bob, '')).items.map((c) => c.email)).toEqual(['dee@example.com']);
    const ana = (await list(alice, 'search=ana')).items[0]!;
    expectApiError(
      await context.app.inject({
        method: 'GET',
        url: getStoreCustomer.path.replace(':id', ana.id),
        headers: bob.headers,
      }),
      404,
      { code: 'not_found', reason: 'customer_not_found' },
    );
    const foreignOrders = await context.app.inject({
      method: 'GET',
      url: `${listStoreOrders.path}?customerId=${ana.id}`,
      headers: bob.headers,
    });
    expect(foreignOrders.json<StoreOrderPage>().items).toEqual([]);
  });

  it('lists customers without an order yet after every buyer when sorted by last order', async () => {
    const carol = await registerAccount(context);
    await order(carol, 'old@example.com', 1_000, '2011-01-05');
    // A customer a channel brought without orders (a Shopify customer who never bought), added
    // after that order: still after it, since the sort is by last order.
    await context.connection.db.insert(salesCustomers).values({
      id: 'cus_noorderyet',
      storeId: carol.storeId,
      email: 'new@example.com',
      channel: 'shopify:maker.myshopify.com',
      externalId: '7001',
    });
    const first = await list(carol, 'limit=1');
    expect(first.items.map((customer) => customer.email)).toEqual(['old@example.com']);
    const rest = await list(carol, `limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(rest.items.map((customer) => [customer.email, customer.orderCount])).toEqual([
      ['new@example.com', 0],
    ]);
    expect(rest.nextCursor).toBeNull();
  });
});
