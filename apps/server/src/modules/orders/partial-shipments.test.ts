import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import type { Payment } from '@atelier/contract/orders/invoice';
import {
  markOrderItemReceived,
  shipPartnerOrderItem,
  type OrderItem,
} from '@atelier/contract/orders/order-item-api';
import { notificationOutbox } from '@/db/schema';
import { expectApiError } from '@/testing/api-error';
import { sweepRoute } from '@/testing/bad-input';
import type { StoreAccount } from '@/testing/factories';
import {
  US_ADDRESS as ADDRESS,
  anOrdersWorld,
  requestsTo,
  testCard,
  type Caller,
} from '@/testing/orders-fixtures';
import type { SupplierAccount } from '@/testing/supplier-factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

let context: TestContext;
let alice: StoreAccount;
let bob: StoreAccount;
let acme: SupplierAccount;
let other: SupplierAccount;
let conversation: ConversationSummary;

const requests = requestsTo(() => context);
const { call, ok } = requests;

const ship = (caller: Caller, id: string, body: Record<string, unknown>) =>
  call(caller, 'POST', `/api/partner/order-items/${id}/ship`, body);
const receive = (caller: Caller, id: string, body?: Record<string, unknown>) =>
  call(caller, 'POST', `/api/web/creator-order-items/${id}/mark-received`, body);
const getItem = (id: string) => ok<OrderItem>(alice, 'GET', `/api/web/creator-order-items/${id}`);

/** A paid production item of `quantity` units from Acme to Alice, in production. */
const aPaidItem = async (quantity: number) => {
  const invoice = await requests.sendInvoice(acme, {
    conversationId: conversation.sid,
    lines: [{ title: `Tee run of ${quantity}`, quantity, unitPrice: 850 }],
    leadTimeDays: 30,
  });
  const added = await requests.addToCart(alice, invoice.id);
  const itemId = added.lines[0]!.orderItemId!;
  const paid = await requests.pay(alice, {
    itemIds: [itemId],
    shippingAddress: ADDRESS,
    paymentMethod: testCard(),
  });
  expect(paid.json<Payment>().status, paid.body).toBe('COMPLETED');
  return itemId;
};

const trackingCards = async () =>
  (
    await ok<{ items: { payload: Record<string, unknown> }[] }>(
      alice,
      'GET',
      `/api/web/conversations/${conversation.sid}/messages`,
    )
  ).items
    .map((message) => message.payload)
    .filter((payload) => payload.type === 'TRACKING_LINK');

beforeAll(async () => {
  context = await createTestApp();
  ({ alice, bob, acme, other, conversation } = await anOrdersWorld(context));
});
afterAll(async () => context.close());

describe('partial shipments', () => {
  it('ships 40 then 60 units in two parcels, each with its card, history and e-mail', async () => {
    const itemId = await aPaidItem(100);
    const cardsBefore = (await trackingCards()).length;

    const first = await ship(acme, itemId, {
      carrier: 'UPS',
      trackingNumber: '1ZFIRST40',
      quantity: 40,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<OrderItem>()).toMatchObject({
      status: 'IN_PRODUCTION',
      shippedQuantity: 40,
      receivedQuantity: 0,
      trackingNumber: '1ZFIRST40',
      carrier: 'UPS',
      deliveryStatus: 'NOT_YET_DELIVERED',
      shipments: [
        {
          quantity: 40,
          carrier: 'UPS',
          trackingNumber: '1ZFIRST40',
          trackingUrl: 'https://www.ups.com/track?tracknum=1ZFIRST40',
          receivedAt: null,
        },
      ],
    });
    expect(first.json<OrderItem>().history!.at(-1)).toMatchObject({
      fromStatus: 'IN_PRODUCTION',
      toStatus: 'IN_PRODUCTION',
      actorKind: 'supplier',
      note: 'Shipped 40 of 100 units · UPS 1ZFIRST40',
    });
    // The store has no socket open: the parcel reaches it by e-mail.
    await context.dispatcher.drain();
    const [mail] = await context.connection.db
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.recipient, alice.input.email),
          eq(notificationOutbox.kind, 'orders.items.shipped'),
        ),
      );
    expect(mail?.subject).toBe('Acme Knits shipped part of your order');
    expect(mail?.body).toContain('40 of 100 units shipped');
    expect(mail?.body).toContain('UPS 1ZFIRST40');
    // The supplier is not told its own parcel was "paid".
    const supplierMails = await context.connection.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.kind, 'orders.items.paid'));
    expect(supplierMails.filter((row) => row.body.includes('Tee run of 100'))).toHaveLength(1);

    // Without a quantity: all that remain.
    const last = await ship(acme, itemId, { carrier: 'DHL', trackingNumber: 'JD0146' });
    expect(last.statusCode, last.body).toBe(200);
    const shipped = last.json<OrderItem>();
    expect(shipped).toMatchObject({
      status: 'SHIPPED',
      shippedQuantity: 100,
      trackingNumber: 'JD0146',
      carrier: 'DHL',
    });
    expect(shipped.shipments.map((parcel) => [parcel.quantity, parcel.carrier])).toEqual([
      [40, 'UPS'],
      [60, 'DHL'],
    ]);
    expect(shipped.history!.slice(-2)).toMatchObject([
      { toStatus: 'IN_PRODUCTION', note: 'Shipped 40 of 100 units · UPS 1ZFIRST40' },
      {
        fromStatus: 'IN_PRODUCTION',
        toStatus: 'SHIPPED',
        note: 'Shipped 60 of 100 units · DHL JD0146',
      },
    ]);
    const cards = (await trackingCards()).slice(cardsBefore);
    expect(cards).toEqual([
      expect.objectContaining({
        carrier: 'UPS',
        trackingNumber: '1ZFIRST40',
        url: 'https://www.ups.com/track?tracknum=1ZFIRST40',
      }),
      expect.objectContaining({ carrier: 'DHL', trackingNumber: 'JD0146' }),
    ]);

    // Both lists carry the parcels.
    const storeList = await ok<{ items: OrderItem[] }>(
      alice,
      'GET',
      '/api/web/creator-order-items?tab=SHIPPED',
    );
    expect(storeList.items.find((item) => item.id === itemId)?.shipments).toHaveLength(2);
    const supplierList = await ok<{ items: OrderItem[] }>(acme, 'GET', '/api/partner/order-items');
    expect(supplierList.items.find((item) => item.id === itemId)?.shippedQuantity).toBe(100);

    // Shipped in full: another parcel is refused by the transition table.
    const again = await ship(acme, itemId, {
      carrier: 'UPS',
      trackingNumber: '1ZMORE',
      quantity: 1,
    });
    expectApiError(again, 409, { code: 'conflict', reason: 'order_item_transition' });
  });

  it('refuses a parcel of more than remains, of no units or of part of a unit, changing nothing', async () => {
    const itemId = await aPaidItem(100);
    await ok(acme, 'POST', `/api/partner/order-items/${itemId}/ship`, {
      carrier: 'UPS',
      trackingNumber: '1ZPART30',
      quantity: 30,
    });
    const over = await ship(acme, itemId, {
      carrier: 'UPS',
      trackingNumber: '1ZOVER',
      quantity: 71,
    });
    const error = expectApiError(over, 400, {
      code: 'bad_request',
      reason: 'shipment_quantity_exceeds_remaining',
      message: 'Only 70 of 100 units remain to ship.',
    });
    expect(error.details?.map((issue) => issue.field)).toEqual(['quantity']);
    for (const quantity of [0, -5, 1.5, '40', null, 2 ** 31, Number.MAX_SAFE_INTEGER + 2]) {
      const response = await ship(acme, itemId, {
        carrier: 'UPS',
        trackingNumber: '1ZBAD',
        quantity,
      });
      expect(response.statusCode, `${String(quantity)} → ${response.body}`).toBe(400);
      expect(response.json().error.details?.[0]?.field ?? 'quantity').toMatch(/quantity/);
    }
    const item = await getItem(itemId);
    expect(item).toMatchObject({ status: 'IN_PRODUCTION', shippedQuantity: 30 });
    expect(item.shipments).toHaveLength(1);
    expect(await trackingCards()).not.toContainEqual(
      expect.objectContaining({ trackingNumber: '1ZOVER' }),
    );

    // Another company's item, or an item not bought: 404.
    expectApiError(
      await ship(other, itemId, { carrier: 'UPS', trackingNumber: '1ZOTHER', quantity: 1 }),
      404,
      { code: 'not_found' },
    );
    expectApiError(
      await ship(acme, 'coi_nothere', { carrier: 'UPS', trackingNumber: '1ZNONE' }),
      404,
      { code: 'not_found' },
    );
  });

  it('lets exactly one of 10 concurrent parcels of the remaining units through', async () => {
    const itemId = await aPaidItem(100);
    await ok(acme, 'POST', `/api/partner/order-items/${itemId}/ship`, {
      carrier: 'UPS',
      trackingNumber: '1ZRACE40',
      quantity: 40,
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        ship(acme, itemId, { carrier: 'UPS', trackingNumber: `1ZRACE${index}`, quantity: 60 }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const item = await getItem(itemId);
    expect(item).toMatchObject({ status: 'SHIPPED', shippedQuantity: 100 });
    expect(item.shipments.map((parcel) => parcel.quantity)).toEqual([40, 60]);
  });

  it('receives parcel by parcel: PARTIAL, then RECEIVED; twice changes nothing', async () => {
    const itemId = await aPaidItem(100);
    expectApiError(await receive(alice, itemId), 409, {
      code: 'conflict',
      reason: 'order_item_not_shipped',
    });
    const first = (
      await ship(acme, itemId, { carrier: 'UPS', trackingNumber: '1ZRECV40', quantity: 40 })
    ).json<OrderItem>();
    const parcelId = first.shipments[0]!.id;

    // Not another store's item, nor a parcel of another item.
    expectApiError(await receive(bob, itemId, { shipmentId: parcelId }), 404, {
      code: 'not_found',
    });
    expectApiError(await receive(alice, itemId, { shipmentId: 'shp_nothere' }), 404, {
      code: 'not_found',
      reason: 'shipment_not_found',
    });

    // Reviewing waits for the goods.
    const review = { rating: 4, title: 'First parcel', body: 'Good so far.' };
    expectApiError(
      await call(alice, 'POST', `/api/web/creator-order-items/${itemId}/review`, review),
      409,
      { code: 'conflict', reason: 'order_item_not_received' },
    );
    // Cancel is refused once units have shipped (the refund share is the whole item's).
    expectApiError(
      await call(alice, 'POST', `/api/web/creator-order-items/${itemId}/cancel-request`, {
        reason: 'Too late?',
      }),
      409,
      { code: 'conflict', reason: 'order_item_partly_shipped' },
    );

    const partial = await ok<OrderItem>(
      alice,
      'POST',
      `/api/web/creator-order-items/${itemId}/mark-received`,
      { shipmentId: parcelId },
    );
    expect(partial).toMatchObject({
      status: 'IN_PRODUCTION',
      receivingStatus: 'PARTIAL',
      receivedQuantity: 40,
    });
    expect(partial.shipments[0]!.receivedAt).not.toBeNull();
    expect(partial.history!.at(-1)).toMatchObject({
      actorKind: 'store',
      note: 'Received 40 of 100 units · UPS 1ZRECV40',
    });
    const twice = await ok<OrderItem>(
      alice,
      'POST',
      `/api/web/creator-order-items/${itemId}/mark-received`,
      { shipmentId: parcelId },
    );
    expect(twice).toMatchObject({ receivingStatus: 'PARTIAL', receivedQuantity: 40 });
    expect(twice.history).toHaveLength(partial.history!.length);
    expect(twice.shipments[0]!.receivedAt).toBe(partial.shipments[0]!.receivedAt);

    // Something is in hand: the store may review the supplier.
    await ok(alice, 'POST', `/api/web/creator-order-items/${itemId}/review`, review);

    // The rest in two parcels; no shipmentId receives every parcel still on its way.
    await ship(acme, itemId, { carrier: 'UPS', trackingNumber: '1ZRECV35', quantity: 35 });
    const lastParcel = await ship(acme, itemId, { carrier: 'UPS', trackingNumber: '1ZRECV25' });
    expect(lastParcel.json<OrderItem>().status).toBe('SHIPPED');
    const all = await ok<OrderItem>(
      alice,
      'POST',
      `/api/web/creator-order-items/${itemId}/mark-received`,
    );
    expect(all).toMatchObject({
      status: 'SHIPPED',
      receivingStatus: 'RECEIVED',
      receivedQuantity: 100,
    });
    expect(all.shipments.every((parcel) => parcel.receivedAt !== null)).toBe(true);
    expect(all.history!.slice(-2).map((event) => event.note)).toEqual([
      'Received 35 of 100 units · UPS 1ZRECV35',
      'Received 25 of 100 units · UPS 1ZRECV25',
    ]);
    const afterAll = await ok<OrderItem>(
      alice,
      'POST',
      `/api/web/creator-order-items/${itemId}/mark-received`,
    );
    expect(afterAll.history).toHaveLength(all.history!.length);
  });

  it('answers malformed ship and mark-received bodies below 500, in the error shape', async () => {
    const itemId = await aPaidItem(10);
    await sweepRoute(
      context,
      {
        method: 'POST',
        path: shipPartnerOrderItem.path,
        params: { id: itemId },
        body: { trackingNumber: '1ZSWEEP', carrier: 'UPS', quantity: 1 },
      },
      acme.headers,
    );
    await sweepRoute(
      context,
      {
        method: 'POST',
        path: markOrderItemReceived.path,
        params: { id: itemId },
        body: { shipmentId: 'shp_nothere' },
      },
      alice.headers,
    );
    const item = await getItem(itemId);
    expect(item.shippedQuantity).toBe(
      item.shipments.reduce((sum, parcel) => sum + parcel.quantity, 0),
    );
    expect(item.shippedQuantity).toBeLessThanOrEqual(10);
  }, 120_000);
});
