import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { salesOrders, salesRefunds } from '@/db/schema';
import { newId } from '@/lib/ids';
import type { TestContext } from '@/testing/test-app';
import type { CustomerPrediction, PredictiveService } from '../analytics.services';
import type { ViewRange, ViewScope } from './view-types';
import { viewRangeOf } from './scope';

/**
 * The small store the customers and dashboard view tests compute by hand: EUR, Berlin time
 * (UTC+1 in winter, UTC+2 from March 31, 2024). Times are Berlin's; amounts in EUR.
 *
 * | customer | placed (local)     | total  | notes                                              |
 * |----------|--------------------|--------|----------------------------------------------------|
 * | ivy      | 2022-12-01 12:00   | 80     |                                                    |
 * | fay      | 2023-01-05 12:00   | 100    |                                                    |
 * | gus      | 2023-06-15 12:00   | 60     |                                                    |
 * | hal      | 2023-11-20 12:00   | 50     |                                                    |
 * | ann      | 2024-01-10 12:00   | 100    | country DE                                         |
 * | ben      | 2024-01-20 10:00   | 200    | country DE; with the next: one purchase of 220     |
 * | ben      | 2024-01-20 18:00   | 20     |                                                    |
 * | cat      | 2024-02-01 00:30   | 40     | 2024-01-31 23:30 UTC: February for the store; FR   |
 * | dan      | 2024-02-10 12:00   | 30     | refunded in full: an order, not a purchase         |
 * | ann      | 2024-02-15 12:00   | 50     |                                                    |
 * | ann      | 2024-02-20 12:00   | 999    | in USD: left out (EUR is the main currency)        |
 * | ben      | 2024-03-05 12:00   | 60     | 10 refunded: revenue 50                            |
 * | dan      | 2024-03-10 12:00   | 70     |                                                    |
 * | eve      | 2024-03-15 12:00   | 90     | canceled                                           |
 * | guest    | 2024-03-20 12:00   | 25     | no customer                                        |
 * | fay      | 2024-03-25 12:00   | 40     | 445 days after her last purchase: recovered        |
 * | ann      | 2024-04-20 12:00   | 80     |                                                    |
 */
export const TIME_ZONE = 'Europe/Berlin';

type CustomerName = 'ann' | 'ben' | 'cat' | 'dan' | 'eve' | 'fay' | 'gus' | 'hal' | 'ivy';
const COUNTRIES: Partial<Record<CustomerName, string>> = { ann: 'DE', ben: 'DE', cat: 'FR' };

type OrderSpec = {
  customer: CustomerName | null;
  /** Berlin time, `YYYY-MM-DDTHH:MM`. */
  placed: string;
  /** Major units (EUR). */
  total: number;
  currencyCode?: string;
};

/** The e-mail of a fixture customer (`ann@example.com`). */
export const emailOf = (name: CustomerName) => `${name}@example.com`;

/** Records one order (one line) in the store; its id. */
export const recordOrder = async (context: TestContext, storeId: string, spec: OrderSpec) => {
  const total = Math.round(spec.total * 100);
  const country = spec.customer ? (COUNTRIES[spec.customer] ?? null) : null;
  const { id } = await context.sales.storeOrderService.recordOrder(storeId, {
    origin: 'MANUAL_RETAIL',
    channel: null,
    externalId: null,
    placedAt: DateTime.fromISO(spec.placed, { zone: TIME_ZONE }).toJSDate(),
    timeZone: TIME_ZONE,
    currencyCode: spec.currencyCode ?? 'EUR',
    lines: [{ sku: 'SKU-1', title: 'Knit', quantity: 1, unitPrice: total, discount: 0, tax: 0 }],
    subtotal: total,
    discountTotal: 0,
    shippingTotal: 0,
    taxTotal: 0,
    total,
    discountCodes: [],
    customer: spec.customer
      ? {
          email: emailOf(spec.customer),
          firstName: spec.customer.toUpperCase().slice(0, 1) + spec.customer.slice(1),
          lastName: null,
        }
      : null,
    shippingAddress: country
      ? {
          name: null,
          company: null,
          line1: null,
          line2: null,
          city: null,
          stateCode: null,
          postalCode: null,
          countryCode: country,
          phone: null,
        }
      : null,
    billingAddress: null,
    financialStatus: 'PAID',
    productionStatus: 'FINISHED',
    tags: [],
    note: null,
  });
  return id;
};

/** Refunds `amount` (major units) on an order, no lines. */
const refund = async (context: TestContext, orderId: string, amount: number) => {
  const db = context.connection.db;
  const [order] = await db.select().from(salesOrders).where(eq(salesOrders.id, orderId));
  await db.insert(salesRefunds).values({
    id: newId('ref'),
    orderId,
    storeId: order!.storeId,
    amount: Math.round(amount * 100),
  });
  await db.update(salesOrders).set({ hasRefunds: true }).where(eq(salesOrders.id, orderId));
};

/** Records the store of the table above in `storeId`. */
export const recordCustomersStore = async (context: TestContext, storeId: string) => {
  const order = (customer: CustomerName | null, placed: string, total: number) =>
    recordOrder(context, storeId, { customer, placed, total });
  await order('ivy', '2022-12-01T12:00', 80);
  await order('fay', '2023-01-05T12:00', 100);
  await order('gus', '2023-06-15T12:00', 60);
  await order('hal', '2023-11-20T12:00', 50);
  await order('ann', '2024-01-10T12:00', 100);
  await order('ben', '2024-01-20T10:00', 200);
  await order('ben', '2024-01-20T18:00', 20);
  await order('cat', '2024-02-01T00:30', 40);
  await refund(context, await order('dan', '2024-02-10T12:00', 30), 30);
  await order('ann', '2024-02-15T12:00', 50);
  await recordOrder(context, storeId, {
    customer: 'ann',
    placed: '2024-02-20T12:00',
    total: 999,
    currencyCode: 'USD',
  });
  await refund(context, await order('ben', '2024-03-05T12:00', 60), 10);
  await order('dan', '2024-03-10T12:00', 70);
  const canceled = await order('eve', '2024-03-15T12:00', 90);
  await context.connection.db
    .update(salesOrders)
    .set({ cancelState: 'CANCELED' })
    .where(eq(salesOrders.id, canceled));
  await order(null, '2024-03-20T12:00', 25);
  await order('fay', '2024-03-25T12:00', 40);
  await order('ann', '2024-04-20T12:00', 80);
};

/** A range of Berlin days. */
export const berlinRange = (from: string, to: string): ViewRange =>
  viewRangeOf(from, to, TIME_ZONE);

/** A predictive service answering `predictions` (none by default: no model). */
export const predictionsOf = (predictions: CustomerPrediction[] = []): PredictiveService => ({
  model: () => Promise.reject(new Error('not used by the views')),
  customerPredictions: () => Promise.resolve(predictions),
});

/** January to April 2024 against January to April 2023, in EUR and Berlin time. */
export const winterScope = (
  context: TestContext,
  storeId: string,
  overrides: Partial<ViewScope> = {},
): ViewScope => ({
  db: context.connection.db,
  storeId,
  currencyCode: 'EUR',
  timeZone: TIME_ZONE,
  range: berlinRange('2024-01-01', '2024-04-30'),
  compare: berlinRange('2023-01-01', '2023-04-30'),
  now: new Date('2024-05-15T12:00:00Z'),
  predictive: predictionsOf(),
  ...overrides,
});
