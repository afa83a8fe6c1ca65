import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type {
  InventoryLevel,
  InventoryMovement,
  OrderReservation,
} from '@atelier/contract/fulfillment/inventory';
import type {
  ReceivableOrderItem,
  Receiving,
  ReceivingSummary,
} from '@atelier/contract/fulfillment/receiving';
import type { Payment } from '@atelier/contract/orders/invoice';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import { createManualRetailOrder } from '@atelier/contract/sales/order';
import { createProduct, type Product } from '@atelier/contract/sales/product';
import { fulfillmentInventoryMovements, fulfillmentReceivings } from '@/db/schema';
import { expectApiError } from '@/testing/api-error';
import type { StoreAccount } from '@/testing/factories';
import {
  US_ADDRESS as ADDRESS,
  anOrdersWorld,
  requestsTo,
  testCard,
} from '@/testing/orders-fixtures';
import type { SupplierAccount } from '@/testing/supplier-factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { addBusinessDays, isOversizePallet } from './receiving.service';

let context: TestContext;
let alice: StoreAccount;
let bob: StoreAccount;
let acme: SupplierAccount;
let conversation: ConversationSummary;
let tote: Product;
let bobsTote: Product;

const requests = requestsTo(() => context);
const { call, ok } = requests;

beforeAll(async () => {
  context = await createTestApp();
  ({ alice, bob, acme, conversation } = await anOrdersWorld(context));
  tote = await aProduct(alice, 'Canvas tote', ['TOTE-NAT', 'TOTE-BLK']);
  bobsTote = await aProduct(bob, 'Bob tote', ['BOB-TOTE']);
}, 90_000);
afterAll(async () => context.close());

async function aProduct(account: StoreAccount, title: string, skus: string[]) {
  return ok<Product>(account, 'POST', createProduct.path, {
    title,
    options: [{ name: 'Color', values: skus }],
    variants: skus.map((sku) => ({ optionValues: [sku], sku, priceAmount: 2_400 })),
  });
}
const variantOf = (product: Product, sku: string) =>
  product.variants.find((variant) => variant.sku === sku)!.id;

const path = (template: string, params: Record<string, string>) =>
  Object.entries(params).reduce((out, [key, value]) => out.replace(`:${key}`, value), template);

const createReceiving = (account: StoreAccount, body: Record<string, unknown>) =>
  call(account, 'POST', api.createReceiving.path, body);
const receive = (account: StoreAccount, sn: string, body: Record<string, unknown>) =>
  call(account, 'POST', path(api.receive.path, { sn }), body);
const getReceiving = (account: StoreAccount, sn: string) =>
  ok<Receiving>(account, 'GET', path(api.getReceiving.path, { sn }));
const mapItem = (account: StoreAccount, sn: string, itemId: string, variantId: string) =>
  call(account, 'POST', path(api.mapReceivingItem.path, { sn, itemId }), { variantId });

const levelOf = async (account: StoreAccount, sku: string) =>
  (
    await ok<{ items: InventoryLevel[] }>(account, 'GET', `${api.listInventory.path}?search=${sku}`)
  ).items.find((item) => item.sku === sku)!;

const receivingCount = async () =>
  (await context.connection.db.select({ n: count() }).from(fulfillmentReceivings))[0]!.n;

/** A paid production item of `quantity` units from Acme, going to the fulfillment center. */
const aStoredItem = async (quantity: number, title: string) => {
  const invoice = await requests.sendInvoice(acme, {
    conversationId: conversation.sid,
    lines: [{ title, quantity, unitPrice: 500 }],
    leadTimeDays: 20,
  });
  const added = await requests.addToCart(alice, invoice.id);
  const itemId = added.lines[0]!.orderItemId!;
  const paid = await requests.pay(alice, {
    itemIds: [itemId],
    shippingAddress: ADDRESS,
    paymentMethod: testCard(),
  });
  expect(paid.json<Payment>().status, paid.body).toBe('COMPLETED');
  await ok(alice, 'PUT', `/api/web/creator-order-items/${itemId}/update-stored-at-fbp`, {
    destination: 'STORED_AT_FBP',
  });
  return itemId;
};

describe('receivings (issue 15)', () => {
  it('holds an intake receiving as Needs Mapping until its items are mapped, then counts it carton by carton into stock', async () => {
    const natural = variantOf(tote, 'TOTE-NAT');
    const created = await createReceiving(alice, {
      carrier: 'UPS',
      trackingNumber: '1ZINTAKE0001',
      expectedArrivalDate: '2026-11-27', // a Friday
      notes: 'Two cartons from the local printer',
      items: [
        { title: 'Natural tote', sku: 'PRINTER-NAT', quantity: 10 },
        { title: 'Black tote', quantity: 4, variantId: variantOf(tote, 'TOTE-BLK') },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const receiving = created.json<Receiving>();
    expect(receiving).toMatchObject({
      sn: expect.stringMatching(/^RCV-\d{6}$/),
      status: 'NEEDS_MAPPING',
      source: 'INTAKE',
      itemCount: 2,
      expectedUnits: 14,
      receivedUnits: null,
      // Two business days after a Friday: the Tuesday.
      slaDueDate: '2026-12-01',
    });
    const [unmapped, black] = receiving.items;
    expect(unmapped).toMatchObject({ variantId: null, sku: 'PRINTER-NAT', expectedQuantity: 10 });
    expect(black!.variantLabel).toBe('TOTE-BLK · Canvas tote / TOTE-BLK');

    // An unmapped item blocks the count.
    expectApiError(
      await receive(alice, receiving.sn, {
        cartons: [{ counts: [{ itemId: black!.id, quantity: 4 }] }],
      }),
      409,
      { code: 'conflict', reason: 'receiving_needs_mapping' },
    );
    const mapped = await mapItem(alice, receiving.sn, unmapped!.id, natural);
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json<Receiving>().status).toBe('IN_TRANSIT');

    const before = await levelOf(alice, 'TOTE-NAT');
    const counted = await receive(alice, receiving.sn, {
      cartons: [
        {
          counts: [
            { itemId: unmapped!.id, quantity: 7 },
            { itemId: black!.id, quantity: 3 },
          ],
        },
        { counts: [{ itemId: unmapped!.id, quantity: 5, damaged: 1 }] },
      ],
      incidents: [{ kind: 'MISSING_CARTON_LABELS', note: 'Carton 2 had no label' }],
      pallets: [
        { lengthIn: 48, widthIn: 40, heightIn: 50, weightLb: 400 },
        { lengthIn: 40, widthIn: 48, heightIn: 72, weightLb: 300 },
      ],
    });
    expect(counted.statusCode, counted.body).toBe(200);
    const done = counted.json<Receiving>();
    expect(done).toMatchObject({
      status: 'RECEIVED',
      cartonCount: 2,
      receivedUnits: 15,
      hasDiscrepancies: true,
      slaDueDate: null,
      feesTotal: { amount: 3_000, currencyCode: 'USD' },
    });
    expect(
      done.items.map((item) => [item.receivedQuantity, item.damagedQuantity, item.discrepancy]),
    ).toEqual([
      [12, 1, 2],
      [3, 0, -1],
    ]);
    expect(done.fees.map((fee) => [fee.kind, fee.amount.amount])).toEqual([
      ['MISSING_CARTON_LABELS', 1_500],
      ['OVERSIZE_PALLET', 1_500],
    ]);
    // 12 counted, 1 damaged: 11 good units on hand, with a RECEIVING ledger row.
    const after = await levelOf(alice, 'TOTE-NAT');
    expect(after.onHand - before.onHand).toBe(11);
    expect((await levelOf(alice, 'TOTE-BLK')).onHand).toBe(3);
    const ledger = await ok<{ items: InventoryMovement[] }>(
      alice,
      'GET',
      path(api.listMovements.path, { variantId: natural }),
    );
    expect(ledger.items[0]).toMatchObject({
      kind: 'RECEIVING',
      onHandChange: 11,
      onHandAfter: after.onHand,
      note: receiving.sn,
    });

    // Counted once: a second count is refused and changes nothing.
    expectApiError(
      await receive(alice, receiving.sn, {
        cartons: [{ counts: [{ itemId: black!.id, quantity: 4 }] }],
      }),
      409,
      { code: 'conflict', reason: 'receiving_closed' },
    );
    expect((await levelOf(alice, 'TOTE-NAT')).onHand).toBe(after.onHand);

    const list = await ok<{ items: ReceivingSummary[] }>(
      alice,
      'GET',
      `${api.listReceivings.path}?status=RECEIVED`,
    );
    expect(list.items.map((item) => item.sn)).toContain(receiving.sn);
  });

  it('receives a paid sourcing order item stored at the center, and the item shows it arrived', async () => {
    const itemId = await aStoredItem(100, 'Tote run of 100');
    const shipped = await call(acme, 'POST', `/api/partner/order-items/${itemId}/ship`, {
      carrier: 'DHL',
      trackingNumber: 'DHL5550001',
      quantity: 100,
    });
    expect(shipped.statusCode, shipped.body).toBe(200);

    const receivable = await ok<{ items: ReceivableOrderItem[] }>(
      alice,
      'GET',
      api.listReceivableOrderItems.path,
    );
    expect(receivable.items.find((item) => item.id === itemId)).toMatchObject({
      title: 'Tote run of 100',
      supplierName: 'Acme Knits',
      remainingQuantity: 100,
      carrier: 'DHL',
      trackingNumber: 'DHL5550001',
    });
    const created = await createReceiving(alice, {
      carrier: 'DHL',
      trackingNumber: 'DHL5550001',
      items: [{ creatorOrderItemId: itemId, quantity: 100 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const receiving = created.json<Receiving>();
    expect(receiving).toMatchObject({ source: 'SOURCING_ORDER', status: 'NEEDS_MAPPING' });
    expect(receiving.items[0]).toMatchObject({
      title: 'Tote run of 100',
      creatorOrderItemId: itemId,
    });

    // On an open receiving: not offered again, and not taken twice.
    const again = await ok<{ items: ReceivableOrderItem[] }>(
      alice,
      'GET',
      api.listReceivableOrderItems.path,
    );
    expect(again.items.some((item) => item.id === itemId)).toBe(false);
    expectApiError(
      await createReceiving(alice, {
        carrier: 'DHL',
        trackingNumber: 'DHL5550001',
        items: [{ creatorOrderItemId: itemId, quantity: 1 }],
      }),
      409,
      { code: 'conflict', reason: 'order_item_in_receiving' },
    );

    await mapItem(alice, receiving.sn, receiving.items[0]!.id, variantOf(tote, 'TOTE-BLK'));
    const counted = await receive(alice, receiving.sn, {
      cartons: [{ counts: [{ itemId: receiving.items[0]!.id, quantity: 100 }] }],
    });
    expect(counted.statusCode, counted.body).toBe(200);
    const item = await ok<OrderItem>(alice, 'GET', `/api/web/creator-order-items/${itemId}`);
    expect(item).toMatchObject({
      receivedQuantity: 100,
      receivingStatus: 'RECEIVED',
      deliveryStatus: 'RECEIVED_BY_PLATFORM',
    });
  });

  it('reserves the orders that were waiting for stock once a receiving puts units on hand', async () => {
    const product = await aProduct(alice, 'Market bag', ['BAG-OLIVE']);
    const order = await ok<{ id: string }>(alice, 'POST', createManualRetailOrder.path, {
      currencyCode: 'USD',
      lines: [{ sku: 'BAG-OLIVE', title: 'Market bag', quantity: 3, unitPriceAmount: 2_400 }],
      discountAmount: 0,
      shippingAmount: 0,
      taxAmount: 0,
    });
    await context.dispatcher.drain();
    const reservationPath = path(api.orderReservation.path, { orderId: order.id });
    expect((await ok<OrderReservation>(alice, 'GET', reservationPath)).lines[0]!.status).toBe(
      'MISSING_STOCK',
    );
    const receiving = await ok<Receiving>(alice, 'POST', api.createReceiving.path, {
      carrier: 'USPS',
      trackingNumber: '9400100000000000000001',
      items: [{ title: 'Olive bags', quantity: 5, variantId: variantOf(product, 'BAG-OLIVE') }],
    });
    await ok(alice, 'POST', path(api.receive.path, { sn: receiving.sn }), {
      cartons: [{ counts: [{ itemId: receiving.items[0]!.id, quantity: 5 }] }],
    });
    await context.dispatcher.drain();
    const reservation = await ok<OrderReservation>(alice, 'GET', reservationPath);
    expect(reservation.lines[0]).toMatchObject({ status: 'RESERVED', reserved: 3 });
    expect((await levelOf(alice, 'BAG-OLIVE')).available).toBe(2);
  });

  it('cancels a receiving not yet counted, with a reason, and then refuses to count it', async () => {
    const receiving = await ok<Receiving>(alice, 'POST', api.createReceiving.path, {
      carrier: 'FedEx',
      trackingNumber: '7700000001',
      items: [{ title: 'Samples', quantity: 2, variantId: variantOf(tote, 'TOTE-NAT') }],
    });
    const canceled = await ok<Receiving>(
      alice,
      'POST',
      path(api.cancelReceiving.path, { sn: receiving.sn }),
      { reason: 'The supplier sent them to the studio instead' },
    );
    expect(canceled).toMatchObject({
      status: 'CANCELED',
      canceledReason: 'The supplier sent them to the studio instead',
    });
    expectApiError(
      await receive(alice, receiving.sn, {
        cartons: [{ counts: [{ itemId: receiving.items[0]!.id, quantity: 2 }] }],
      }),
      409,
      { code: 'conflict', reason: 'receiving_closed' },
    );
  });

  it('answers bad input with 400 naming the field, and changes nothing', async () => {
    const nat = variantOf(tote, 'TOTE-NAT');
    const before = await receivingCount();
    const fieldOf = async (body: Record<string, unknown>) =>
      expectApiError(await createReceiving(alice, body), 400, { code: 'bad_request' }).details?.[0]
        ?.field;
    const item = { title: 'Totes', quantity: 3, variantId: nat };
    expect(await fieldOf({ trackingNumber: 'X1', items: [item] })).toBe('body.carrier');
    expect(await fieldOf({ carrier: 'UPS', trackingNumber: '  ', items: [item] })).toBe(
      'body.trackingNumber',
    );
    expect(await fieldOf({ carrier: 'UPS', trackingNumber: 'X1', items: [] })).toBe('body.items');
    expect(
      await fieldOf({ carrier: 'UPS', trackingNumber: 'X1', items: [{ ...item, quantity: -4 }] }),
    ).toBe('body.items.0.quantity');
    expect(await fieldOf({ carrier: 'UPS', trackingNumber: 'X1', items: [{ quantity: 4 }] })).toBe(
      'body.items.0.title',
    );
    // Another store's variant, and a sourcing order item that is not the store's.
    expect(
      await fieldOf({
        carrier: 'UPS',
        trackingNumber: 'X1',
        items: [{ ...item, variantId: variantOf(bobsTote, 'BOB-TOTE') }],
      }),
    ).toBe('items.0.variantId');
    expect(
      await fieldOf({
        carrier: 'UPS',
        trackingNumber: 'X1',
        items: [{ creatorOrderItemId: 'coi_nope', quantity: 1 }],
      }),
    ).toBe('items.0.creatorOrderItemId');
    expect(await receivingCount()).toBe(before);

    const receiving = await ok<Receiving>(alice, 'POST', api.createReceiving.path, {
      carrier: 'UPS',
      trackingNumber: '1ZBAD',
      items: [item],
    });
    const itemId = receiving.items[0]!.id;
    const countField = async (body: Record<string, unknown>) =>
      expectApiError(await receive(alice, receiving.sn, body), 400, { code: 'bad_request' })
        .details?.[0]?.field;
    expect(await countField({ cartons: [{ counts: [{ itemId, quantity: -1 }] }] })).toBe(
      'body.cartons.0.counts.0.quantity',
    );
    expect(
      await countField({ cartons: [{ counts: [{ itemId: 'rci_other', quantity: 1 }] }] }),
    ).toBe('cartons.0.counts.0.itemId');
    expect(await countField({ cartons: [{ counts: [{ itemId, quantity: 1, damaged: 2 }] }] })).toBe(
      'cartons.0.counts.0.damaged',
    );
    expect(
      await countField({
        cartons: [
          {
            counts: [
              { itemId, quantity: 1 },
              { itemId, quantity: 1 },
            ],
          },
        ],
      }),
    ).toBe('cartons.0.counts');
    expect(
      await countField({
        cartons: [{ counts: [{ itemId, quantity: 1 }] }],
        pallets: [{ lengthIn: 0, widthIn: 40, heightIn: 40, weightLb: 100 }],
      }),
    ).toBe('body.pallets.0.lengthIn');
    expect(await getReceiving(alice, receiving.sn)).toMatchObject({ status: 'IN_TRANSIT' });
    expect(
      (
        await context.connection.db
          .select({ n: count() })
          .from(fulfillmentInventoryMovements)
          .where(eq(fulfillmentInventoryMovements.receivingId, receiving.id))
      )[0]!.n,
    ).toBe(0);
  });

  it('shows another store none of this store’s receivings', async () => {
    const receiving = await ok<Receiving>(alice, 'POST', api.createReceiving.path, {
      carrier: 'UPS',
      trackingNumber: '1ZPRIVATE',
      items: [{ title: 'Private', quantity: 1 }],
    });
    expectApiError(await call(bob, 'GET', path(api.getReceiving.path, { sn: receiving.sn })), 404, {
      code: 'not_found',
      reason: 'receiving_not_found',
    });
    expectApiError(
      await mapItem(bob, receiving.sn, receiving.items[0]!.id, variantOf(bobsTote, 'BOB-TOTE')),
      404,
      { code: 'not_found', reason: 'receiving_not_found' },
    );
    const bobs = await ok<{ items: ReceivingSummary[] }>(bob, 'GET', api.listReceivings.path);
    expect(bobs.items).toEqual([]);
    expectApiError(await call(alice, 'GET', path(api.getReceiving.path, { sn: 'nonsense' })), 404, {
      code: 'not_found',
      reason: 'receiving_not_found',
    });
  });
});

describe('receiving rules', () => {
  it('counts two business days over a weekend', () => {
    expect(addBusinessDays('2026-11-25', 2)).toBe('2026-11-27'); // Wednesday → Friday
    expect(addBusinessDays('2026-11-26', 2)).toBe('2026-11-30'); // Thursday → Monday
    expect(addBusinessDays('2026-11-28', 2)).toBe('2026-12-01'); // Saturday → Tuesday
  });

  it('finds an oversize pallet over 48×40×60 in or 500 lb, either way round', () => {
    const pallet = { lengthIn: 48, widthIn: 40, heightIn: 60, weightLb: 500 };
    expect(isOversizePallet(pallet)).toBe(false);
    expect(isOversizePallet({ ...pallet, lengthIn: 40, widthIn: 48 })).toBe(false);
    expect(isOversizePallet({ ...pallet, lengthIn: 49 })).toBe(true);
    expect(isOversizePallet({ ...pallet, widthIn: 41 })).toBe(true);
    expect(isOversizePallet({ ...pallet, heightIn: 60.5 })).toBe(true);
    expect(isOversizePallet({ ...pallet, weightLb: 501 })).toBe(true);
  });
});
