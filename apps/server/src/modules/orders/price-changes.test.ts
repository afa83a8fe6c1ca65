import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, Payment } from '@atelier/contract/orders/invoice';
import type { CartItem, OrderItem } from '@atelier/contract/orders/order-item-api';
import type { TransactionEvent } from '@atelier/contract/orders/order-item-pricing';
import { MAX_INVOICE_AMOUNT } from '@atelier/contract/orders/invoice';
import {
  catalogItems,
  creatorOrderItems,
  creatorPayments,
  paymentLedgerEntries,
} from '@/db/schema';
import type { DomainEvent } from '@/events/domain-events';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import type { StoreAccount } from '@/testing/factories';
import {
  US_ADDRESS as ADDRESS,
  anOrdersWorld,
  newIdempotencyKey as newKey,
  requestsTo,
  testCard as card,
  type Caller,
} from '@/testing/orders-fixtures';
import type { SupplierAccount } from '@/testing/supplier-factories';
import { createTestAppWithDataDir, type TestContext } from '@/testing/test-app';

type Cart = { items: CartItem[]; totals: { subtotal: number; total: number } | null };

let context: TestContext;
let alice: StoreAccount;
let bob: StoreAccount;
let acme: SupplierAccount;
let other: SupplierAccount;
let conversationId: string;
let sampleItemId: string;

/** What the test analytics subscriber received, by event type. */
const purchases: DomainEvent<'orders.purchase.completed'>[] = [];
const cartAdds: DomainEvent<'orders.cart.item_added'>[] = [];

const requests = requestsTo(() => context);
const { call, ok } = requests;

const sendInvoice = () =>
  requests.sendInvoice(acme, {
    conversationId,
    lines: [
      { title: 'Heavyweight tee', quantity: 10, unitPrice: 1200 },
      { title: 'Tote bag', quantity: 5, unitPrice: 700 },
    ],
    shippingMode: 'NO_SHIPPING_NEEDED',
    leadTimeDays: 20,
  });

const addToCart = (invoice: Invoice) => requests.addToCart(alice, invoice.id);

const changePrice = (
  invoice: Invoice,
  lineIndex: number,
  unitPrice: unknown,
  caller: Caller = acme,
) =>
  call(caller, 'PUT', `/api/partner/invoices/${invoice.id}/items/${invoice.lines[lineIndex]!.id}`, {
    unitPrice,
  });

const cart = () => ok<Cart>(alice, 'GET', '/api/web/creator-order-items/shopping-cart');

const pay = (caller: Caller, itemIds: string[], number?: string) =>
  requests.pay(caller, { itemIds, shippingAddress: ADDRESS, paymentMethod: card(number) });

const itemRow = async (id: string) =>
  (
    await context.connection.db.select().from(creatorOrderItems).where(eq(creatorOrderItems.id, id))
  )[0]!;

const paymentsOf = async (storeId: string) =>
  context.connection.db.select().from(creatorPayments).where(eq(creatorPayments.storeId, storeId));

beforeAll(async () => {
  context = await createTestAppWithDataDir('atelier-prices-');
  context.events.subscribe(
    'test.analytics',
    ['orders.purchase.completed', 'orders.cart.item_added'],
    async (event) => {
      if (event.type === 'orders.purchase.completed') purchases.push(event);
      if (event.type === 'orders.cart.item_added') cartAdds.push(event);
    },
  );
  const world = await anOrdersWorld(context);
  ({ alice, bob, acme, other } = world);
  conversationId = world.conversation.sid;
  sampleItemId = (
    await world.factories.anItem({
      supplier: world.acmeSupplier,
      title: 'Boxy tee',
      samplePriceCents: 1200,
    })
  ).id;
});
afterAll(async () => context.close());

describe('a supplier changes the price of an unpaid invoice line', () => {
  it('shows the store the new source price, refuses checkout until accepted, then charges it', async () => {
    const invoice = await sendInvoice();
    await addToCart(invoice);
    const before = await cart();
    const tee = before.items.find(
      (item) => item.invoiceId === invoice.id && item.unitPrice === 1200,
    )!;
    expect(tee.sourceUnitPrice).toBe(1200);

    const changed = await changePrice(invoice, 0, 1350);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Invoice>().lines[0]).toMatchObject({ unitPrice: 1350, amount: 13500 });

    const after = await cart();
    expect(after.items.find((item) => item.id === tee.id)).toMatchObject({
      unitPrice: 1200,
      sourceUnitPrice: 1350,
    });

    // Checkout at the old price: refused, nothing charged, the cart as it was.
    const itemIds = after.items.map((item) => item.id);
    const refused = await pay(alice, itemIds);
    const error = expectApiError(refused, 409, {
      code: 'conflict',
      reason: 'order_item_price_changed',
    });
    expect(error.message).toContain('Heavyweight tee');
    expect(error.details).toEqual([
      { field: `itemIds.${tee.id}`, message: 'Heavyweight tee: $12.00 → $13.50' },
    ]);
    expect(await paymentsOf(alice.storeId)).toEqual([]);
    expect(await cart()).toEqual(after);

    // Accepting re-prices from the line and writes the change in the item's history.
    const accepted = await ok<OrderItem>(
      alice,
      'POST',
      `/api/web/creator-order-items/${tee.id}/update-price`,
    );
    expect(accepted).toMatchObject({ unitPrice: 1350, amount: 13500, status: 'IN_SHOPPING_CART' });
    expect(accepted.history!.at(-1)).toMatchObject({
      fromStatus: 'IN_SHOPPING_CART',
      toStatus: 'IN_SHOPPING_CART',
      actorKind: 'store',
      note: 'Price changed: $12.00 → $13.50',
    });
    const fresh = await cart();
    expect(fresh.items.every((item) => item.sourceUnitPrice === item.unitPrice)).toBe(true);

    const paid = await pay(alice, itemIds);
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = paid.json<Payment>();
    expect(payment.status).toBe('COMPLETED');
    expect(payment.totals.subtotal).toBe(10 * 1350 + 5 * 700);
  });

  it('never changes a paid item, and refuses the change of a paid line', async () => {
    const invoice = await sendInvoice();
    await addToCart(invoice);
    const { items } = await cart();
    const tee = items.find(
      (item) => item.invoiceId === invoice.id && item.title === 'Heavyweight tee',
    )!;
    const paid = await pay(alice, [tee.id]);
    expect(paid.json<Payment>().status).toBe('COMPLETED');

    expectApiError(await changePrice(invoice, 0, 999), 409, {
      code: 'conflict',
      reason: 'invoice_item_paid',
    });
    expect((await itemRow(tee.id)).unitPrice).toBe(1200);
    expectApiError(
      await call(alice, 'POST', `/api/web/creator-order-items/${tee.id}/update-price`),
      409,
      { code: 'conflict', reason: 'order_item_paid' },
    );

    // The unpaid line can still change; paying it settles the invoice, whose prices are then final.
    const tote = items.find((item) => item.invoiceId === invoice.id && item.title === 'Tote bag')!;
    expect((await changePrice(invoice, 1, 650)).statusCode).toBe(200);
    await ok(alice, 'POST', `/api/web/creator-order-items/${tote.id}/update-price`);
    expect((await pay(alice, [tote.id])).json<Payment>().amount).toBeGreaterThan(5 * 650);
    expectApiError(await changePrice(invoice, 1, 700), 409, {
      code: 'conflict',
      reason: 'invoice_not_open',
    });
    expect((await itemRow(tote.id)).unitPrice).toBe(650);
    expect((await itemRow(tee.id)).unitPrice).toBe(1200);
  });

  it('is refused for another company’s invoice (404) and for another store’s item (404)', async () => {
    const invoice = await sendInvoice();
    expectApiError(await changePrice(invoice, 0, 100, other), 404, {
      code: 'not_found',
      reason: 'invoice_not_found',
    });
    const unknownLine = await call(
      acme,
      'PUT',
      `/api/partner/invoices/${invoice.id}/items/ivl_unknown`,
      { unitPrice: 100 },
    );
    expectApiError(unknownLine, 404, { code: 'not_found', reason: 'invoice_item_not_found' });
    expect((await changePrice(invoice, 0, 100, alice)).statusCode).toBe(403);
    await addToCart(invoice);
    const { items } = await cart();
    expectApiError(
      await call(bob, 'POST', `/api/web/creator-order-items/${items[0]!.id}/update-price`),
      404,
      { code: 'not_found', reason: 'order_item_not_found' },
    );
    for (const item of items) {
      await ok(alice, 'DELETE', `/api/web/creator-order-items/shopping-cart/${item.id}`);
    }
  });

  it('answers 400 on unitPrice for a bad value, never 500, and changes nothing', async () => {
    const invoice = await sendInvoice();
    for (const value of [-1, 12.5, MAX_INVOICE_AMOUNT + 1, 2 ** 63, '1350', null, true, {}]) {
      const response = await changePrice(invoice, 0, value);
      const error = expectApiError(response, 400, { code: 'bad_request' });
      expect(fieldsOf(error), JSON.stringify(value)).toContain('body.unitPrice');
    }
    const missing = await call(
      acme,
      'PUT',
      `/api/partner/invoices/${invoice.id}/items/${invoice.lines[0]!.id}`,
      {},
    );
    expect(fieldsOf(expectApiError(missing, 400, { code: 'bad_request' }))).toContain(
      'body.unitPrice',
    );
    const shown = await ok<Invoice>(alice, 'GET', `/api/web/creator-invoices/${invoice.id}`);
    expect(shown.lines[0]!.unitPrice).toBe(1200);
    expect((await changePrice(invoice, 0, MAX_INVOICE_AMOUNT)).statusCode).toBe(200);
    expect((await changePrice(invoice, 0, 0)).statusCode).toBe(200);
  });

  it('re-prices a sample from the catalog’s current sample price', async () => {
    const sample = await ok<OrderItem>(alice, 'POST', '/api/web/creator-order-items', {
      catalogItemId: sampleItemId,
    });
    expect(sample.unitPrice).toBe(1200);
    await context.connection.db
      .update(catalogItems)
      .set({ samplePriceCents: 1500 })
      .where(eq(catalogItems.id, sampleItemId));
    expect((await cart()).items.find((item) => item.id === sample.id)).toMatchObject({
      unitPrice: 1200,
      sourceUnitPrice: 1500,
    });
    expectApiError(await pay(alice, [sample.id]), 409, {
      code: 'conflict',
      reason: 'order_item_price_changed',
    });
    const accepted = await ok<OrderItem>(
      alice,
      'POST',
      `/api/web/creator-order-items/${sample.id}/update-price`,
    );
    expect(accepted.unitPrice).toBe(1500);
    const paid = (await pay(alice, [sample.id])).json<Payment>();
    expect(paid).toMatchObject({ status: 'COMPLETED' });
    expect(paid.totals.subtotal).toBe(1500);
  });

  it('lets the public pay link pay the invoice at the prices it shows', async () => {
    const invoice = await sendInvoice();
    await addToCart(invoice);
    expect((await changePrice(invoice, 1, 800)).statusCode).toBe(200);
    const link = await call(
      { headers: {} },
      'POST',
      `/api/public/invoices/${invoice.sn}/payments`,
      { shippingAddress: ADDRESS, paymentMethod: card() },
      { 'idempotency-key': newKey() },
    );
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json<Payment>().totals.subtotal).toBe(10 * 1200 + 5 * 800);
  });
});

describe('event-purchase and the analytics events', () => {
  it('answers the Transaction event of the store’s completed payment, and only its own', async () => {
    const invoice = await sendInvoice();
    await addToCart(invoice);
    const itemIds = (await cart()).items.map((item) => item.id);
    const declined = (await pay(alice, itemIds, '4000000000000002')).json<Payment>();
    expect(declined.result).toBe('INSTRUMENT_DECLINED');
    expectApiError(
      await call(alice, 'POST', '/api/web/creator-order-items/event-purchase', {
        paymentId: declined.id,
      }),
      409,
      { code: 'conflict', reason: 'payment_not_completed' },
    );

    const payment = (await pay(alice, itemIds)).json<Payment>();
    expect(payment.status).toBe('COMPLETED');
    const event = await ok<TransactionEvent>(
      alice,
      'POST',
      '/api/web/creator-order-items/event-purchase',
      { paymentId: payment.id },
    );
    expect(event).toEqual({
      id: payment.id,
      price: payment.amount,
      currencyCode: 'USD',
      items: expect.arrayContaining([
        { name: 'Heavyweight tee', perUnitPrice: 1200, quantity: 10 },
        { name: 'Tote bag', perUnitPrice: 700, quantity: 5 },
      ]),
      storeId: alice.storeId,
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(event.items).toHaveLength(2);

    for (const paymentId of [payment.id, 'pay_unknown']) {
      expectApiError(
        await call(bob, 'POST', '/api/web/creator-order-items/event-purchase', { paymentId }),
        404,
        { code: 'not_found', reason: 'payment_not_found' },
      );
    }
    expectApiError(
      await call(alice, 'POST', '/api/web/creator-order-items/event-purchase', {}),
      400,
      { code: 'bad_request' },
    );

    // The domain event: published once for this payment, none for the declined one.
    await context.dispatcher.drain();
    const published = purchases.filter((each) => each.payload.id === payment.id);
    expect(published).toHaveLength(1);
    expect(published[0]!.payload).toEqual(event);
    expect(published[0]!.storeId).toBe(alice.storeId);
    expect(purchases.filter((each) => each.payload.id === declined.id)).toEqual([]);
    const [charge] = await context.connection.db
      .select()
      .from(paymentLedgerEntries)
      .where(and(eq(paymentLedgerEntries.paymentId, payment.id)));
    expect(event.occurredAt).toBe(charge!.createdAt.toISOString());
    // One per completed payment, whatever else happened in this file.
    const ids = purchases.map((each) => each.payload.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('publishes one add-to-cart event per item added, none for a second add or a decline', async () => {
    await context.dispatcher.drain();
    const start = cartAdds.length;
    const invoice = await sendInvoice();
    await addToCart(invoice);
    await addToCart(invoice);
    await context.dispatcher.drain();
    const added = cartAdds.slice(start);
    const itemIds = (await cart()).items
      .filter((item) => item.invoiceId === invoice.id)
      .map((item) => item.id);
    expect(added.map((each) => each.payload.itemId).sort()).toEqual([...itemIds].sort());
    expect(added.map((each) => each.payload)).toContainEqual({
      itemId: expect.any(String),
      price: 10 * 1200,
      currencyCode: 'USD',
      userId: alice.userId,
    });

    // A decline puts the items back without adding them; taking one out and back adds it once.
    expect((await pay(alice, itemIds, '4000000000000002')).json<Payment>().result).toBe(
      'INSTRUMENT_DECLINED',
    );
    await ok(alice, 'DELETE', `/api/web/creator-order-items/shopping-cart/${itemIds[0]}`);
    await addToCart(invoice);
    await context.dispatcher.drain();
    expect(cartAdds.slice(start + 2).map((each) => each.payload.itemId)).toEqual([itemIds[0]]);

    const sample = await ok<OrderItem>(alice, 'POST', '/api/web/creator-order-items', {
      catalogItemId: sampleItemId,
    });
    await context.dispatcher.drain();
    expect(cartAdds.filter((each) => each.payload.itemId === sample.id)).toHaveLength(1);
    for (const id of [...itemIds, sample.id]) {
      await ok(alice, 'DELETE', `/api/web/creator-order-items/shopping-cart/${id}`);
    }
  });
});
