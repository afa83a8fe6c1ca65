import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import {
  analyticsOrderItems,
  analyticsProductDays,
  salesOrderLines,
  salesOrders,
  salesRefundLines,
  salesRefunds,
} from '@/db/schema';
import { newId } from '@/lib/ids';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

/**
 * Issue 14 "Performance": analytics_order_items is kept right by the database on every write of
 * the order tables (migration 0034), and analytics_product_days, its sums per day of the order's
 * own time zone, product and variant, on every write of the items (migration 0035). After each round of random writes — orders recorded, lines
 * inserted in bulk, updated and deleted, refunds with and without lines, cancellations, a currency
 * or customer changed, orders deleted — the table equals what this test computes from the raw
 * rows by hand (the products views' definitions: sold = ordered − canceled, returned = refunded
 * beyond the canceled, values at the line's price after its discount).
 */

let context: TestContext;
let storeId: string;
let otherStoreId: string;

beforeAll(async () => {
  context = await createTestApp();
  storeId = (await registerAccount(context)).storeId;
  otherStoreId = (await registerAccount(context)).storeId;
}, 60_000);
afterAll(async () => context.close());

/** mulberry32: the same writes on every run. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

// Two variants of one product (same title), one SKU under two titles, a line without a SKU.
const CATALOG = [
  { title: 'Mug', sku: 'MUG-S', variantTitle: 'Small', unitPrice: 800 },
  { title: 'Mug', sku: 'MUG-L', variantTitle: 'Large', unitPrice: 1_200 },
  { title: 'Tee', sku: 'TEE', variantTitle: null, unitPrice: 2_000 },
  { title: 'Tee (old name)', sku: 'TEE', variantTitle: null, unitPrice: 2_000 },
  { title: 'Card', sku: null, variantTitle: 'Blue', unitPrice: 300 },
  { title: 'Card', sku: null, variantTitle: null, unitPrice: 250 },
];

const random = prng(14);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));

const aLine = (orderId: string, store: string, position: number) => {
  const product = pick(CATALOG);
  const quantity = between(0, 4);
  return {
    id: newId('sol'),
    orderId,
    storeId: store,
    position,
    sku: product.sku,
    title: product.title,
    variantTitle: product.variantTitle,
    quantity,
    unitPrice: product.unitPrice,
    discount: quantity > 0 ? between(0, 1) * 100 : 0,
    tax: 0,
  };
};

type CatalogLine = (typeof CATALOG)[number] & { quantity: number };

/** Records a paid USD order of `lines` (no discount, shipping or tax) in `store`; its id. */
const recordOrderOf = async (
  store: string,
  lines: CatalogLine[],
  placedAt: Date,
  email: string | null,
) => {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const { id } = await context.sales.storeOrderService.recordOrder(store, {
    origin: 'MANUAL_RETAIL',
    channel: null,
    externalId: null,
    placedAt,
    timeZone: 'UTC',
    currencyCode: 'USD',
    lines: lines.map((line) => ({ ...line, discount: 0, tax: 0 })),
    subtotal,
    discountTotal: 0,
    shippingTotal: 0,
    taxTotal: 0,
    total: subtotal,
    discountCodes: [],
    customer: email ? { email, firstName: null, lastName: null } : null,
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

/** A random order: 1–3 lines of the catalog, a day of January 2024, most with a customer. */
const recordOrder = (store: string) =>
  recordOrderOf(
    store,
    Array.from({ length: between(1, 3) }, () => ({ ...pick(CATALOG), quantity: between(1, 3) })),
    new Date(Date.UTC(2024, 0, between(1, 28), between(0, 23))),
    random() < 0.8 ? `c${between(1, 5)}@example.com` : null,
  );

type ItemRow = typeof analyticsOrderItems.$inferSelect;
type ProductDayRow = typeof analyticsProductDays.$inferSelect;

/** The day (`YYYY-MM-DD`) of an instant in an IANA zone; null for a zone no one knows. */
const localDayIn = (at: Date, zone: string) => {
  const local = DateTime.fromJSDate(at, { zone });
  return local.isValid ? local.toISODate() : null;
};

/** Zones an order is moved to: one behind UTC, one at half an hour, one that does not exist. */
const ZONES = ['America/New_York', 'Asia/Kolkata', 'Nowhere/Atlantis'];

/** The rows analytics_order_items should hold, computed from the raw tables by hand. */
const expectedItems = async (): Promise<ItemRow[]> => {
  const { db } = context.connection;
  const orders = await db.select().from(salesOrders);
  const lines = await db.select().from(salesOrderLines);
  const refunds = await db.select().from(salesRefunds);
  const refundLines = await db.select().from(salesRefundLines);
  const refundedUnits = new Map<string, number>();
  for (const one of refundLines) {
    refundedUnits.set(one.lineId, (refundedUnits.get(one.lineId) ?? 0) + one.quantity);
  }
  const items = new Map<string, ItemRow>();
  for (const order of orders.filter((one) => one.cancelState !== 'CANCELED')) {
    const refunded = refunds
      .filter((one) => one.orderId === order.id)
      .reduce((sum, one) => sum + one.amount, 0);
    for (const line of lines.filter((one) => one.orderId === order.id)) {
      const variant =
        line.sku ?? `${line.title}${line.variantTitle ? ` / ${line.variantTitle}` : ''}`;
      const key = `${order.id}|${line.title}|${variant}`;
      const sold = line.quantity - line.canceledQuantity;
      const returned = Math.min(
        Math.max(
          Math.min(refundedUnits.get(line.id) ?? 0, line.quantity) - line.canceledQuantity,
          0,
        ),
        sold,
      );
      const unitValue =
        line.quantity > 0 ? (line.quantity * line.unitPrice - line.discount) / line.quantity : 0;
      const item = items.get(key) ?? {
        orderId: order.id,
        product: line.title,
        variant,
        storeId: order.storeId,
        customerId: order.customerId,
        placedAt: order.placedAt,
        currencyCode: order.currencyCode,
        timeZone: order.timeZone,
        day: localDayIn(order.placedAt, order.timeZone),
        isRefundedInFull: refunded > 0 && refunded >= order.total,
        sku: line.sku,
        variantTitle: line.variantTitle,
        sold: 0,
        returned: 0,
        keptValue: 0,
        returnedValue: 0,
        isProductLead: false,
        productSold: 0,
        productReturned: 0,
        isVariantLead: false,
        variantSold: 0,
        variantReturned: 0,
        isOrderLead: false,
        orderSold: 0,
        orderProducts: 0,
      };
      const minOf = (a: string | null, b: string | null) =>
        a === null ? b : b === null ? a : a < b ? a : b;
      item.sku = minOf(item.sku, line.sku);
      item.variantTitle = minOf(item.variantTitle, line.variantTitle);
      item.sold += sold;
      item.returned += returned;
      item.keptValue += (sold - returned) * unitValue;
      item.returnedValue += returned * unitValue;
      items.set(key, item);
    }
  }
  const all = [...items.values()];
  for (const item of all) {
    const sameProduct = all.filter(
      (one) => one.orderId === item.orderId && one.product === item.product,
    );
    const sameVariant = all.filter(
      (one) => one.orderId === item.orderId && one.variant === item.variant,
    );
    item.isProductLead = sameProduct.every((one) => one.variant >= item.variant);
    item.productSold = sameProduct.reduce((sum, one) => sum + one.sold, 0);
    item.productReturned = sameProduct.reduce((sum, one) => sum + one.returned, 0);
    item.isVariantLead = sameVariant.every((one) => one.product >= item.product);
    item.variantSold = sameVariant.reduce((sum, one) => sum + one.sold, 0);
    item.variantReturned = sameVariant.reduce((sum, one) => sum + one.returned, 0);
  }
  for (const item of all) {
    const sameOrder = all.filter((one) => one.orderId === item.orderId);
    item.isOrderLead = sameOrder.every(
      (one) =>
        one.product > item.product || (one.product === item.product && one.variant >= item.variant),
    );
    item.orderSold = sameOrder.reduce((sum, one) => sum + one.sold, 0);
    item.orderProducts = new Set(
      sameOrder.filter((one) => one.productSold > 0).map((one) => one.product),
    ).size;
  }
  return all;
};

const comparable = (rows: ItemRow[]) =>
  rows
    .map((row) => ({
      ...row,
      keptValue: Math.round(row.keptValue * 1e6) / 1e6,
      returnedValue: Math.round(row.returnedValue * 1e6) / 1e6,
    }))
    .sort((a, b) =>
      `${a.orderId}|${a.product}|${a.variant}`.localeCompare(
        `${b.orderId}|${b.product}|${b.variant}`,
      ),
    );

/** The rows analytics_product_days should hold (rows at zero left out): the items summed. */
const expectedProductDays = (items: ItemRow[]): ProductDayRow[] => {
  const days = new Map<string, ProductDayRow>();
  for (const item of items) {
    if (item.day === null || item.timeZone === null) continue;
    const key = [
      item.storeId,
      item.currencyCode,
      item.timeZone,
      item.day,
      item.product,
      item.variant,
    ].join('|');
    const row = days.get(key) ?? {
      storeId: item.storeId,
      currencyCode: item.currencyCode,
      timeZone: item.timeZone,
      day: item.day,
      product: item.product,
      variant: item.variant,
      sku: item.sku,
      variantTitle: item.variantTitle,
      sold: 0,
      returned: 0,
      keptValue: 0,
      returnedValue: 0,
      productOrders: 0,
      productReturnOrders: 0,
      variantOrders: 0,
      variantReturnOrders: 0,
    };
    row.sold += item.sold;
    row.returned += item.returned;
    row.keptValue += item.keptValue;
    row.returnedValue += item.returnedValue;
    row.productOrders += item.isProductLead && item.productSold > 0 ? 1 : 0;
    row.productReturnOrders += item.isProductLead && item.productReturned > 0 ? 1 : 0;
    row.variantOrders += item.isVariantLead && item.variantSold > 0 ? 1 : 0;
    row.variantReturnOrders += item.isVariantLead && item.variantReturned > 0 ? 1 : 0;
    days.set(key, row);
  }
  return [...days.values()];
};

const comparableDays = (rows: ProductDayRow[]) =>
  rows
    .filter((row) =>
      [
        row.sold,
        row.returned,
        row.productOrders,
        row.productReturnOrders,
        row.variantOrders,
        row.variantReturnOrders,
      ].some((value) => value !== 0),
    )
    .map((row) => ({
      ...row,
      keptValue: Math.round(row.keptValue * 1e6) / 1e6,
      returnedValue: Math.round(row.returnedValue * 1e6) / 1e6,
    }))
    .sort((a, b) =>
      [a.storeId, a.currencyCode, a.timeZone, a.day, a.product, a.variant]
        .join('|')
        .localeCompare(
          [b.storeId, b.currencyCode, b.timeZone, b.day, b.product, b.variant].join('|'),
        ),
    );

const expectItemsRight = async () => {
  const { db } = context.connection;
  const expected = await expectedItems();
  expect(comparable(await db.select().from(analyticsOrderItems))).toEqual(comparable(expected));
  expect(comparableDays(await db.select().from(analyticsProductDays))).toEqual(
    comparableDays(expectedProductDays(expected)),
  );
};

describe('analytics_order_items (kept by the database on every order write)', () => {
  it('equals the raw orders, lines and refunds after every kind of write', async () => {
    const { db } = context.connection;
    const orderIds: string[] = [];
    for (let index = 0; index < 24; index += 1) {
      orderIds.push(await recordOrder(index % 4 === 3 ? otherStoreId : storeId));
    }
    await expectItemsRight();
    const items = await db.select().from(analyticsOrderItems);
    expect(items.length).toBeGreaterThan(24);

    for (let round = 0; round < 6; round += 1) {
      const some = () => orderIds.filter(() => random() < 0.3);
      // Lines replaced in bulk: one DELETE and one multi-row INSERT over several orders.
      const replaced = some();
      if (replaced.length > 0) {
        const stores = await db
          .select({ id: salesOrders.id, storeId: salesOrders.storeId })
          .from(salesOrders)
          .where(inArray(salesOrders.id, replaced));
        await db.delete(salesOrderLines).where(inArray(salesOrderLines.orderId, replaced));
        await db
          .insert(salesOrderLines)
          .values(stores.flatMap((one) => [1, 2, 3].map((at) => aLine(one.id, one.storeId, at))));
      }
      // Refunds: with units of a line, or money only (sometimes the whole total).
      for (const orderId of some()) {
        const [order] = await db.select().from(salesOrders).where(eq(salesOrders.id, orderId));
        const lines = await db
          .select()
          .from(salesOrderLines)
          .where(eq(salesOrderLines.orderId, orderId));
        if (!order || lines.length === 0) continue;
        const refundId = newId('ref');
        const amount = random() < 0.3 ? order.total : between(1, 10) * 100;
        await db
          .insert(salesRefunds)
          .values({ id: refundId, orderId, storeId: order.storeId, amount });
        if (random() < 0.7) {
          await db
            .insert(salesRefundLines)
            .values({ refundId, lineId: pick(lines).id, quantity: between(1, 3) });
        }
      }
      // Units canceled on lines, a line's quantity changed, a line deleted.
      const lines = await db.select().from(salesOrderLines);
      for (const line of lines.filter(() => random() < 0.15)) {
        await db
          .update(salesOrderLines)
          .set({ canceledQuantity: between(0, line.quantity) })
          .where(eq(salesOrderLines.id, line.id));
      }
      const changed = lines.filter(() => random() < 0.1);
      if (changed.length > 0) {
        await db
          .update(salesOrderLines)
          .set({ quantity: 5, canceledQuantity: 0 })
          .where(
            inArray(
              salesOrderLines.id,
              changed.map((line) => line.id),
            ),
          );
      }
      const gone = lines.filter(() => random() < 0.05).map((line) => line.id);
      if (gone.length > 0)
        await db.delete(salesOrderLines).where(inArray(salesOrderLines.id, gone));
      // A refund deleted (its lines go with it), orders canceled and back, a currency changed.
      const [aRefund] = await db.select().from(salesRefunds).limit(1);
      if (aRefund && round % 2 === 1)
        await db.delete(salesRefunds).where(eq(salesRefunds.id, aRefund.id));
      for (const orderId of some()) {
        await db
          .update(salesOrders)
          .set({ cancelState: random() < 0.5 ? 'CANCELED' : 'NONE' })
          .where(eq(salesOrders.id, orderId));
      }
      const [first] = some();
      if (first) {
        await db
          .update(salesOrders)
          .set({ currencyCode: 'EUR', total: 1 })
          .where(eq(salesOrders.id, first));
      }
      // An order moved to another time zone (its items to another day, or to none).
      for (const orderId of some().slice(0, 2)) {
        await db
          .update(salesOrders)
          .set({ timeZone: pick(ZONES) })
          .where(eq(salesOrders.id, orderId));
      }
      // An update that changes nothing the items carry leaves them as they are.
      await db.update(salesOrders).set({ note: `round ${round}` });
      await expectItemsRight();
    }

    // Orders deleted (their lines and refunds cascade): their items are gone.
    const deleted = orderIds.slice(0, 5);
    await db.delete(salesOrders).where(inArray(salesOrders.id, deleted));
    await expectItemsRight();
    const left = await db
      .select({ orderId: analyticsOrderItems.orderId })
      .from(analyticsOrderItems)
      .where(inArray(analyticsOrderItems.orderId, deleted));
    expect(left).toEqual([]);
  }, 120_000);

  it('counts an order with two variants of a product once for the product, once per variant', async () => {
    const { db } = context.connection;
    const store = (await registerAccount(context)).storeId;
    const id = await recordOrderOf(
      store,
      [
        { ...CATALOG[0]!, quantity: 1 },
        { ...CATALOG[1]!, quantity: 2 },
      ],
      new Date('2024-02-01T12:00:00Z'),
      null,
    );
    const rows = await db
      .select()
      .from(analyticsOrderItems)
      .where(eq(analyticsOrderItems.orderId, id));
    expect(
      rows
        .map((row) => [row.variant, row.sold, row.isProductLead, row.productSold, row.keptValue])
        .sort(),
    ).toEqual([
      ['MUG-L', 2, true, 3, 2_400],
      ['MUG-S', 1, false, 3, 800],
    ]);
  });
});
