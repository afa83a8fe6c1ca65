import { eq } from 'drizzle-orm';
import { salesOrderLines, salesOrders, salesRefundLines, salesRefunds } from '@/db/schema';
import { newId } from '@/lib/ids';
import type { TestContext } from '@/testing/test-app';
import type { PredictiveService } from '../analytics.services';
import type { ViewRange, ViewScope } from './view-types';

/**
 * The small store the orders, products and marketing view tests compute by hand (USD, New York,
 * UTC−5 in December and January). Times below are New York's; products A ($10), B ($30), C ($5).
 *
 * | order | customer | placed (local)   | lines              | discount       | ship | total | refund         | source                 |
 * |-------|----------|------------------|--------------------|----------------|------|-------|----------------|------------------------|
 * | O1    | ann      | 2023-12-10 10:00 | A×2                |                | 5    | 25    |                |                        |
 * | O2    | ann      | 2024-01-05 09:30 | A×1, B×1           | 4 SAVE10       | 0    | 36    |                | https://www.google.com |
 * | O3    | ben      | 2024-01-05 14:15 | B×2                |                | 0    | 60    | 60 (B×2)       | utm newsletter         |
 * | O4    | ben      | 2024-01-06 20:45 | A×3, C×2           |                | 5    | 45    | 10 (A×1)       |                        |
 * | O5    | guest    | 2024-01-20 11:00 | C×4                |                | 5    | 25    |                | facebook.com           |
 * | O6    | cat      | 2024-01-31 23:30 | A×1, B×1           | 10 SAVE10, VIP | 0    | 30    |                |                        |
 * | O7    | cat      | 2024-01-15 12:00 | C×1 (canceled)     |                | 0    | 5     |                |                        |
 * | O8    | ann      | 2024-02-01 00:30 | A×1                |                | 0    | 10    |                |                        |
 * | O9    | ann      | 2024-01-10 12:00 | A×1 in EUR (left out) |             | 0    | 99.99 |                |                        |
 *
 * SKUs: A is SKU-A, B is SKU-B, C has no SKU and the variant title "Large".
 */
export const TIME_ZONE = 'America/New_York';

type Line = { product: 'A' | 'B' | 'C'; quantity: number };
const PRODUCTS = {
  A: { sku: 'SKU-A', title: 'Product A', variantTitle: null, unitPrice: 1_000 },
  B: { sku: 'SKU-B', title: 'Product B', variantTitle: null, unitPrice: 3_000 },
  C: { sku: null, title: 'Product C', variantTitle: 'Large', unitPrice: 500 },
} as const;

const CUSTOMERS = {
  ann: { email: 'ann@example.com', firstName: 'Ann', lastName: 'A' },
  ben: { email: 'ben@example.com', firstName: 'Ben', lastName: 'B' },
  cat: { email: 'cat@example.com', firstName: 'Cat', lastName: 'C' },
} as const;

type OrderSpec = {
  customer: keyof typeof CUSTOMERS | null;
  /** New York time, `YYYY-MM-DDTHH:MM` (UTC−5 in winter). */
  placed: string;
  lines: Line[];
  discount?: number;
  codes?: string[];
  shipping?: number;
  currencyCode?: string;
  referringSite?: string;
  utmSource?: string;
};

/** Records one order in the store; its id. */
export const recordOrder = async (context: TestContext, storeId: string, spec: OrderSpec) => {
  const lines = spec.lines.map(({ product, quantity }) => ({
    ...PRODUCTS[product],
    quantity,
    discount: 0,
    tax: 0,
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const discount = spec.discount ?? 0;
  const shipping = spec.shipping ?? 0;
  const { id } = await context.sales.storeOrderService.recordOrder(storeId, {
    origin: 'MANUAL_RETAIL',
    channel: null,
    externalId: null,
    placedAt: new Date(`${spec.placed}:00-05:00`),
    timeZone: TIME_ZONE,
    currencyCode: spec.currencyCode ?? 'USD',
    lines,
    subtotal,
    discountTotal: discount,
    shippingTotal: shipping,
    taxTotal: 0,
    total: subtotal - discount + shipping,
    discountCodes: spec.codes ?? [],
    customer: spec.customer ? CUSTOMERS[spec.customer] : null,
    shippingAddress: null,
    billingAddress: null,
    financialStatus: 'PAID',
    productionStatus: 'FINISHED',
    tags: [],
    note: null,
    referringSite: spec.referringSite ?? null,
    utmSource: spec.utmSource ?? null,
  });
  return id;
};

/** Refunds `amount` on an order, with `quantity` units of its line of `product`. */
export const refund = async (
  context: TestContext,
  orderId: string,
  amount: number,
  product: keyof typeof PRODUCTS,
  quantity: number,
) => {
  const db = context.connection.db;
  const [order] = await db.select().from(salesOrders).where(eq(salesOrders.id, orderId));
  const lines = await db.select().from(salesOrderLines).where(eq(salesOrderLines.orderId, orderId));
  const line = lines.find((one) => one.title === PRODUCTS[product].title)!;
  const refundId = newId('ref');
  await db.insert(salesRefunds).values({ id: refundId, orderId, storeId: order!.storeId, amount });
  await db.insert(salesRefundLines).values({ refundId, lineId: line.id, quantity });
  await db.update(salesOrders).set({ hasRefunds: true }).where(eq(salesOrders.id, orderId));
};

/** Records the hand-computed store's orders (the table above) in `storeId`. */
export const recordHandComputedStore = async (context: TestContext, storeId: string) => {
  const order = (spec: OrderSpec) => recordOrder(context, storeId, spec);
  await order({
    customer: 'ann',
    placed: '2023-12-10T10:00',
    lines: [{ product: 'A', quantity: 2 }],
    shipping: 500,
  });
  await order({
    customer: 'ann',
    placed: '2024-01-05T09:30',
    lines: [
      { product: 'A', quantity: 1 },
      { product: 'B', quantity: 1 },
    ],
    discount: 400,
    codes: ['SAVE10'],
    referringSite: 'https://www.google.com/search?q=knits',
  });
  const o3 = await order({
    customer: 'ben',
    placed: '2024-01-05T14:15',
    lines: [{ product: 'B', quantity: 2 }],
    utmSource: 'newsletter',
  });
  await refund(context, o3, 6_000, 'B', 2);
  const o4 = await order({
    customer: 'ben',
    placed: '2024-01-06T20:45',
    lines: [
      { product: 'A', quantity: 3 },
      { product: 'C', quantity: 2 },
    ],
    shipping: 500,
  });
  await refund(context, o4, 1_000, 'A', 1);
  await order({
    customer: null,
    placed: '2024-01-20T11:00',
    lines: [{ product: 'C', quantity: 4 }],
    shipping: 500,
    referringSite: 'facebook.com',
  });
  await order({
    customer: 'cat',
    placed: '2024-01-31T23:30',
    lines: [
      { product: 'A', quantity: 1 },
      { product: 'B', quantity: 1 },
    ],
    discount: 1_000,
    codes: ['SAVE10', 'VIP'],
  });
  const o7 = await order({
    customer: 'cat',
    placed: '2024-01-15T12:00',
    lines: [{ product: 'C', quantity: 1 }],
  });
  await context.connection.db
    .update(salesOrders)
    .set({ cancelState: 'CANCELED' })
    .where(eq(salesOrders.id, o7));
  await context.connection.db
    .update(salesOrderLines)
    .set({ canceledQuantity: 1 })
    .where(eq(salesOrderLines.orderId, o7));
  await order({
    customer: 'ann',
    placed: '2024-02-01T00:30',
    lines: [{ product: 'A', quantity: 1 }],
  });
  await order({
    customer: 'ann',
    placed: '2024-01-10T12:00',
    lines: [{ product: 'A', quantity: 1 }],
    shipping: 8_999,
    currencyCode: 'EUR',
  });
};

/** A range of New York days in winter (UTC−5): local midnight is 05:00 UTC. */
export const winterRange = (from: string, to: string): ViewRange => ({
  from,
  to,
  start: new Date(`${from}T05:00:00Z`),
  end: new Date(Date.parse(`${to}T05:00:00Z`) + 86_400_000),
});

const noPredictions: PredictiveService = {
  model: () => Promise.reject(new Error('not used by these views')),
  customerPredictions: () => Promise.resolve([]),
};

/** January 2024 against December 2023, in USD and New York time. */
export const januaryScope = (
  context: TestContext,
  storeId: string,
  range = winterRange('2024-01-01', '2024-01-31'),
  compare: ViewRange | null = winterRange('2023-12-01', '2023-12-31'),
): ViewScope => ({
  db: context.connection.db,
  storeId,
  currencyCode: 'USD',
  timeZone: TIME_ZONE,
  range,
  compare,
  now: new Date('2024-03-01T12:00:00Z'),
  predictive: noPredictions,
});
