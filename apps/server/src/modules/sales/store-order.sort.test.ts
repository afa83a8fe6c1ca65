import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportStoreOrders,
  listStoreOrders,
  ORDER_SORTS,
  type OrderSort,
  type StoreOrderPage,
  type StoreOrderSummary,
} from '@atelier/contract/sales/order';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import type { StoreOrderDraft } from './store-order.service';

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let alice: Account;
let bob: Account;
/** Every order of Alice's store, as one page of the default list gives them. */
let everyOrder: StoreOrderSummary[];

const list = async (account: Account, query: string): Promise<StoreOrderPage> => {
  const response = await context.app.inject({
    method: 'GET',
    url: `${listStoreOrders.path}?${query}`,
    headers: account.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StoreOrderPage>();
};

/** Every page of the list, following `nextCursor`. */
const allPages = async (account: Account, query: string, limit: number) => {
  const items: StoreOrderSummary[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await list(
      account,
      `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(200);
  } while (cursor);
  return items;
};

// Customers: two with the same name (a tie on the customer sort), one known by e-mail only, one
// by channel id only; some orders are guests'. Totals, days and numbers repeat on purpose.
const CUSTOMERS: StoreOrderDraft['customer'][] = [
  { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
  { email: 'ada.l@example.com', firstName: 'ada', lastName: 'lovelace' },
  { email: 'zed@example.com', firstName: null, lastName: null },
  { email: null, firstName: null, lastName: null, channel: 'import:sort', externalId: '17850' },
  { email: 'bo@example.com', firstName: 'Bo', lastName: 'Chen' },
  null,
];

const anOrder = (index: number): StoreOrderDraft => {
  const isManual = index % 5 === 0;
  const total = [1_530, 990, 1_530, 25_000, 0, 990, 4_200][index % 7]!;
  return {
    origin: isManual ? 'MANUAL_RETAIL' : 'IMPORT',
    channel: isManual ? null : 'import:sort',
    externalId: isManual ? null : `S${index}`,
    // Four orders share each day and time.
    placedAt: new Date(Date.UTC(2011, 2, 1 + Math.floor(index / 4), 10)),
    timeZone: 'Europe/London',
    currencyCode: 'GBP',
    lines: [
      {
        sku: `SKU-${index % 3}`,
        title: 'Item',
        quantity: 1,
        unitPrice: total,
        discount: 0,
        tax: 0,
      },
    ],
    subtotal: total,
    discountTotal: 0,
    shippingTotal: 0,
    taxTotal: 0,
    total,
    discountCodes: [],
    customer: CUSTOMERS[index % CUSTOMERS.length] ?? null,
    shippingAddress: null,
    billingAddress: null,
    financialStatus: index % 3 === 0 ? 'PENDING' : 'PAID',
    productionStatus: index % 4 === 0 ? 'OUTSTANDING' : 'FINISHED',
    tags: [],
    note: null,
  };
};

beforeAll(async () => {
  context = await createTestApp();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
  for (let index = 0; index < 41; index += 1) {
    await context.sales.storeOrderService.recordOrder(alice.storeId, anOrder(index));
  }
  await context.sales.storeOrderService.recordOrder(bob.storeId, anOrder(3));
  everyOrder = (await list(alice, 'limit=100')).items;
}, 120_000);
afterAll(async () => context.close());

const ids = (orders: StoreOrderSummary[]) => orders.map((order) => order.id);

/** Compares two orders by the sort's field as the API defines it (ties by id, same direction). */
const compareBy = (sort: Exclude<OrderSort, 'customer' | '-customer'>) => {
  const sign = sort.startsWith('-') ? -1 : 1;
  const valueOf = (order: StoreOrderSummary) =>
    sort.endsWith('placedAt')
      ? Date.parse(order.placedAt)
      : sort.endsWith('number')
        ? order.number
        : order.total.amount;
  return (a: StoreOrderSummary, b: StoreOrderSummary) =>
    sign * (valueOf(a) - valueOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
};

describe('the orders list sorted (issue 11: placed date, number, total, customer)', () => {
  it.each(ORDER_SORTS.flatMap((sort) => [1, 4, 7].map((limit) => [sort, limit] as const)))(
    'pages sorted by %s, %i a page, give every order exactly once in the sort order',
    async (sort, limit) => {
      const paged = await allPages(alice, `sort=${encodeURIComponent(sort)}`, limit);
      expect(paged).toHaveLength(41);
      expect(new Set(ids(paged))).toEqual(new Set(ids(everyOrder)));
      // One page of everything, in the database's order: pages must agree with it.
      const whole = (await list(alice, `sort=${encodeURIComponent(sort)}&limit=100`)).items;
      expect(ids(paged)).toEqual(ids(whole));
      if (sort === 'customer' || sort === '-customer') {
        // Guest orders last, each customer's orders together and by number.
        const firstGuest = paged.findIndex((order) => order.customer === null);
        expect(paged.slice(firstGuest).every((order) => order.customer === null)).toBe(true);
        expect(firstGuest).toBe(41 - 6);
        const runs = paged.map((order) => order.customer?.id ?? 'guest');
        expect(new Set(runs).size).toBe(runs.filter((id, at) => id !== runs[at - 1]).length);
        for (const id of new Set(runs)) {
          const numbers = paged
            .filter((order) => (order.customer?.id ?? 'guest') === id)
            .map((order) => order.number);
          const sorted = [...numbers].sort((a, b) => (sort === 'customer' ? a - b : b - a));
          if (id !== 'guest') expect(numbers).toEqual(sorted);
        }
        // The customers in the order of what the list shows of them (name, e-mail, channel id).
        const labels = [...new Set(runs)].flatMap((id) => {
          const customer = paged.find((order) => order.customer?.id === id)?.customer;
          return customer ? [(customer.firstName ?? customer.email ?? customer.externalId)!] : [];
        });
        const ascending = ['ada', 'ada', 'bo', '17850', 'zed@example.com'];
        expect(labels.map((label) => label.toLowerCase())).toEqual(
          sort === 'customer' ? ascending : ascending.reverse(),
        );
      } else {
        expect(ids(paged)).toEqual(ids([...everyOrder].sort(compareBy(sort))));
      }
    },
  );

  it('keeps the pages right with the tab, origin, payment and customer filters', async () => {
    for (const [query, expected] of [
      ['tab=OUTSTANDING', everyOrder.filter((order) => order.productionStatus === 'OUTSTANDING')],
      ['origin=IMPORT', everyOrder.filter((order) => order.origin === 'IMPORT')],
      [
        'financialStatus=PENDING',
        everyOrder.filter((order) => order.financialStatus === 'PENDING'),
      ],
      [
        `customerId=${everyOrder.find((order) => order.customer?.email === 'zed@example.com')!.customer!.id}`,
        everyOrder.filter((order) => order.customer?.email === 'zed@example.com'),
      ],
    ] as const) {
      for (const sort of ['-total', 'customer', '-number'] as const) {
        const paged = await allPages(alice, `${query}&sort=${sort}`, 3);
        expect(new Set(ids(paged)), `${query} ${sort}`).toEqual(new Set(ids(expected)));
        expect(paged, `${query} ${sort}`).toHaveLength(expected.length);
      }
      // The counts follow the filters (each tab its own count).
      const counts = (await list(alice, `${query}&limit=1`)).counts;
      expect(counts[query === 'tab=OUTSTANDING' ? 'OUTSTANDING' : 'ALL'], query).toBe(
        expected.length,
      );
    }
  });

  it('refuses a cursor of another sort, and an unknown sort, naming the field', async () => {
    const byTotal = await list(alice, 'sort=total&limit=2');
    const mixed = await context.app.inject({
      method: 'GET',
      url: `${listStoreOrders.path}?sort=customer&cursor=${byTotal.nextCursor}`,
      headers: alice.headers,
    });
    expect(
      fieldsOf(expectApiError(mixed, 400, { code: 'bad_request', reason: 'invalid_cursor' })),
    ).toEqual(['query.cursor']);
    const unknown = await context.app.inject({
      method: 'GET',
      url: `${listStoreOrders.path}?sort=email`,
      headers: alice.headers,
    });
    expect(fieldsOf(expectApiError(unknown, 400, { code: 'bad_request' }))).toEqual(['query.sort']);
    // Another store's list, in any sort, holds only its own order.
    expect((await list(bob, 'sort=-customer')).items).toHaveLength(1);
  });

  it('exports only the selected orders of the store, in the asked sort', async () => {
    const chosen = [everyOrder[3]!, everyOrder[0]!, everyOrder[9]!];
    const theirs = (await list(bob, 'limit=1')).items[0]!;
    const response = await context.app.inject({
      method: 'GET',
      url: `${exportStoreOrders.path}?sort=number&ids=${[...ids(chosen), theirs.id].join(',')}`,
      headers: alice.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const names = [...response.body.matchAll(/^\uFEFF?([#RW]\d+),/gm)].map((match) => match[1]);
    const byNumber = [...chosen].sort(compareBy('number'));
    expect([...new Set(names)]).toEqual(byNumber.map((order) => order.name));
  });
});
