import { eq } from 'drizzle-orm';
import { salesOrders, salesRefunds } from '@/db/schema';
import { newId } from '@/lib/ids';
import type { TestContext } from '@/testing/test-app';

/**
 * The small store the predictive model's API tests compute by hand: EUR, Berlin (UTC+1 until
 * 2024-03-31, UTC+2 after), calibration end 2024-06-30, a 90-day holdout to 2024-09-28.
 *
 * | customer | occasions up to 2024-06-30 (local)                     | x | tₓ d | T d | holdout           |
 * |----------|---------------------------------------------------------|---|------|-----|-------------------|
 * | c01      | 01-10 20.00, 02-14 30.00, 04-01 50.00                   | 2 | 82   | 172 | 07-15             |
 * | c02      | 01-05 10:00 and 18:00 (one occasion), 03-03 25.00       | 1 | 58   | 177 |                   |
 * | c03      | 02-01                                                   | 0 | 0    | 150 | 08-01, 08-20      |
 * | c04      | 03-10, 03-20 refunded in full (none), 05-05 18.00−3.00  | 1 | 56   | 112 |                   |
 * | c05      | 01-20, 02-20 canceled (none)                            | 0 | 0    | 162 |                   |
 * | c06      | 05-01 00:30 (04-30 in UTC), 05-02 60.00                 | 1 | 1    | 60  |                   |
 * | c07      | 06-30                                                   | 0 | 0    | 0   | 07-01             |
 * | c08      | 01-02, 02-02 … 06-02: 10.00, 12.00, 14.00, 16.00, 18.00 | 5 | 152  | 180 | 07-02, 08-02      |
 * | c09      | 05-15, 06-01 in USD (left out)                          | 0 | 0    | 46  |                   |
 * | c10      | 02-10, 06-10 90.00                                      | 1 | 121  | 141 | 09-28 23:00 (not 09-29 00:30) |
 * | c11      | 03-01                                                   | 0 | 0    | 121 |                   |
 * | c12      | 07-10 only: not a calibration customer                  |   |      |     |                   |
 * | guest    | 03-01 (no customer: no one's occasion)                  |   |      |     |                   |
 *
 * Amounts after a date are repeat occasions' totals; other orders are 20.00.
 */
export const TIME_ZONE = 'Europe/Berlin';
export const CALIBRATION_END = '2024-06-30';

/** The calibration customers' (x, tₓ, T) in days and average repeat spend, as in the table. */
export const HAND_COMPUTED = [
  { x: 2, txDays: 82, tDays: 172, averageRepeatSpend: 4_000, holdout: 1 },
  { x: 1, txDays: 58, tDays: 177, averageRepeatSpend: 2_500, holdout: 0 },
  { x: 0, txDays: 0, tDays: 150, averageRepeatSpend: null, holdout: 2 },
  { x: 1, txDays: 56, tDays: 112, averageRepeatSpend: 1_500, holdout: 0 },
  { x: 0, txDays: 0, tDays: 162, averageRepeatSpend: null, holdout: 0 },
  { x: 1, txDays: 1, tDays: 60, averageRepeatSpend: 6_000, holdout: 0 },
  { x: 0, txDays: 0, tDays: 0, averageRepeatSpend: null, holdout: 1 },
  { x: 5, txDays: 152, tDays: 180, averageRepeatSpend: 1_400, holdout: 2 },
  { x: 0, txDays: 0, tDays: 46, averageRepeatSpend: null, holdout: 0 },
  { x: 1, txDays: 121, tDays: 141, averageRepeatSpend: 9_000, holdout: 1 },
  { x: 0, txDays: 0, tDays: 121, averageRepeatSpend: null, holdout: 0 },
] as const;

/** Records one order of `total` minor units; `placed` carries its UTC offset. */
export const recordPredictiveOrder = async (
  context: TestContext,
  storeId: string,
  customer: string | null,
  placed: string,
  total = 2_000,
  currencyCode = 'EUR',
): Promise<string> => {
  const { id } = await context.sales.storeOrderService.recordOrder(storeId, {
    origin: 'MANUAL_RETAIL',
    channel: null,
    externalId: null,
    placedAt: new Date(placed),
    timeZone: TIME_ZONE,
    currencyCode,
    lines: [
      {
        sku: 'SKU-A',
        title: 'Product A',
        variantTitle: null,
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
    customer: customer
      ? { email: `${customer}@example.com`, firstName: customer, lastName: 'P' }
      : null,
    shippingAddress: null,
    billingAddress: null,
    financialStatus: 'PAID',
    productionStatus: 'FINISHED',
    tags: [],
    note: null,
    referringSite: null,
    utmSource: null,
  });
  return id;
};

/** Refunds `amount` on an order (money only). */
export const refundOrder = async (context: TestContext, orderId: string, amount: number) => {
  const db = context.connection.db;
  const [order] = await db.select().from(salesOrders).where(eq(salesOrders.id, orderId));
  await db
    .insert(salesRefunds)
    .values({ id: newId('ref'), orderId, storeId: order!.storeId, amount });
  await db.update(salesOrders).set({ hasRefunds: true }).where(eq(salesOrders.id, orderId));
};

/** Cancels an order as the sales module does (its `updated_at` left as it was). */
export const cancelOrder = async (context: TestContext, orderId: string) => {
  await context.connection.db
    .update(salesOrders)
    .set({ cancelState: 'CANCELED' })
    .where(eq(salesOrders.id, orderId));
};

/** Records the table's orders in `storeId`. */
export const recordPredictiveStore = async (context: TestContext, storeId: string) => {
  const order = (customer: string | null, placed: string, total?: number, currency?: string) =>
    recordPredictiveOrder(context, storeId, customer, placed, total, currency);
  await order('c01', '2024-01-10T12:00:00+01:00');
  await order('c01', '2024-02-14T12:00:00+01:00', 3_000);
  await order('c01', '2024-04-01T12:00:00+02:00', 5_000);
  await order('c01', '2024-07-15T12:00:00+02:00');
  await order('c02', '2024-01-05T10:00:00+01:00', 1_000);
  await order('c02', '2024-01-05T18:00:00+01:00', 1_000);
  await order('c02', '2024-03-03T12:00:00+01:00', 2_500);
  await order('c03', '2024-02-01T12:00:00+01:00');
  await order('c03', '2024-08-01T12:00:00+02:00');
  await order('c03', '2024-08-20T12:00:00+02:00');
  await order('c04', '2024-03-10T12:00:00+01:00');
  await refundOrder(context, await order('c04', '2024-03-20T12:00:00+01:00', 4_000), 4_000);
  await refundOrder(context, await order('c04', '2024-05-05T12:00:00+02:00', 1_800), 300);
  await order('c05', '2024-01-20T12:00:00+01:00');
  await cancelOrder(context, await order('c05', '2024-02-20T12:00:00+01:00'));
  await order('c06', '2024-05-01T00:30:00+02:00');
  await order('c06', '2024-05-02T12:00:00+02:00', 6_000);
  await order('c07', '2024-06-30T12:00:00+02:00');
  await order('c07', '2024-07-01T12:00:00+02:00');
  await order('c08', '2024-01-02T12:00:00+01:00');
  for (const [month, total] of [
    ['02', 1_000],
    ['03', 1_200],
    ['04', 1_400],
    ['05', 1_600],
    ['06', 1_800],
  ] as const) {
    const offset = month === '02' || month === '03' ? '+01:00' : '+02:00';
    await order('c08', `2024-${month}-02T12:00:00${offset}`, total);
  }
  await order('c08', '2024-07-02T12:00:00+02:00');
  await order('c08', '2024-08-02T12:00:00+02:00');
  await order('c09', '2024-05-15T12:00:00+02:00');
  await order('c09', '2024-06-01T12:00:00+02:00', 2_000, 'USD');
  await order('c10', '2024-02-10T12:00:00+01:00');
  await order('c10', '2024-06-10T12:00:00+02:00', 9_000);
  await order('c10', '2024-09-28T23:00:00+02:00');
  await order('c10', '2024-09-29T00:30:00+02:00');
  await order('c11', '2024-03-01T12:00:00+01:00');
  await order('c12', '2024-07-10T12:00:00+02:00');
  await order(null, '2024-03-01T12:00:00+01:00');
};
