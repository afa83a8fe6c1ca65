import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type { OrderReservation } from '@atelier/contract/fulfillment/inventory';
import {
  orderOptionsEndpoints as optionsApi,
  type LineTracking,
  type OrderOptions,
} from '@atelier/contract/fulfillment/order-options';
import { fulfillmentRuleEndpoints as rulesApi } from '@atelier/contract/fulfillment/rules';
import type { Shipment } from '@atelier/contract/fulfillment/shipment';
import { createManualRetailOrder } from '@atelier/contract/sales/order';
import { cancelOrderLineItem } from '@atelier/contract/sales/order-operations';
import { createProduct, type Product } from '@atelier/contract/sales/product';
import { fulfillmentFeeCharges } from '@/db/schema';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestAppWithDataDir, type TestContext } from '@/testing/test-app';
import { pathOf as path, storeClient } from '@/testing/store-client';
import { PARCEL, RALEIGH } from '@/testing/fulfillment-fixtures';

let context: TestContext;
const { send, ok, refused } = storeClient(() => context.app);
let alice: StoreAccount;
let bob: StoreAccount;

beforeAll(async () => {
  context = await createTestAppWithDataDir('atelier-order-options-');
  await context.reference.seedReferenceData();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
  const tea = await ok<Product>(alice, 'POST', createProduct.path, {
    title: 'Tea',
    options: [{ name: 'Blend', values: ['Plain', 'Ruled'] }],
    variants: ['Plain', 'Ruled'].map((blend) => ({
      optionValues: [blend],
      sku: `TEA-${blend.toUpperCase()}`,
      priceAmount: 1_500,
    })),
  });
  for (const variant of tea.variants) {
    await ok(alice, 'POST', api.adjustInventory.path, {
      variantId: variant.id,
      change: 50,
      reason: 'CYCLE_COUNT',
    });
  }
  // The rules choose Priority mail for the ruled blend: the order's own choice comes first.
  await ok(alice, 'POST', rulesApi.createRule.path, {
    name: 'Ruled tea by Priority',
    conditions: [{ kind: 'SKU', sku: 'TEA-RULED' }],
    actions: [{ kind: 'SET_SHIPPING_METHOD', shippingMethod: 'Priority' }],
  });
}, 90_000);
afterAll(async () => context.close());

const anOrder = async (sku = 'TEA-PLAIN', quantity = 1, more: string[] = []) => {
  const order = await ok<{ id: string }>(alice, 'POST', createManualRetailOrder.path, {
    currencyCode: 'USD',
    customer: { email: 'jane.doe@example.com', firstName: 'Jane', lastName: 'Doe' },
    shippingAddress: RALEIGH,
    lines: [sku, ...more].map((one) => ({
      sku: one,
      quantity,
      title: one,
      unitPriceAmount: 1_500,
    })),
    discountAmount: 0,
    shippingAmount: 0,
    taxAmount: 0,
  });
  await context.dispatcher.drain();
  return order.id;
};

const ship = async (orderId: string, serviceLevel?: string, lineIds?: string[]) => {
  const shipment = await ok<Shipment>(alice, 'POST', path(api.shipOrder.path, { orderId }), {
    parcel: PARCEL,
    ...(serviceLevel ? { serviceLevel } : {}),
    ...(lineIds ? { lineIds } : {}),
  });
  await context.dispatcher.drain();
  return shipment;
};

/** The shipment once its label job has run. */
const labelled = async (sn: string): Promise<Shipment> => {
  for (let round = 0; round < 400; round += 1) {
    const shipment = await ok<Shipment>(alice, 'GET', path(api.getShipment.path, { sn }));
    if (shipment.labelStatus !== 'PENDING') return shipment;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the label of ${sn} was not made`);
};

const lineOf = async (orderId: string) =>
  (await ok<OrderReservation>(alice, 'GET', path(api.orderReservation.path, { orderId }))).lines[0]!
    .lineId;

const optionsUrl = (id: string) => path(optionsApi.getOrderOptions.path, { id });
const methodUrl = (id: string) => path(optionsApi.setShippingMethod.path, { id });
const priorityUrl = (id: string) => path(optionsApi.setPriority.path, { id });
const trackingUrl = (id: string, lineId: string) =>
  path(optionsApi.getLineTracking.path, { id, lineId });

/** Sets the test clock to a New York wall time (EST in November: UTC−5). */
const atNewYork = (local: string) => context.clock.set(new Date(`${local}-05:00`));

describe('order options (issue 15, spec §7 shipping-method)', () => {
  it('answers the defaults for an order never set: rules or cheapest, not priority, $10 fee', async () => {
    const orderId = await anOrder();
    expect(await ok<OrderOptions>(alice, 'GET', optionsUrl(orderId))).toEqual({
      orderId,
      shippingMethod: null,
      isPriority: false,
      priorityAt: null,
      shipsBy: null,
      priorityFee: { amount: 1_000, currencyCode: 'USD' },
      canChange: true,
    });
  });

  it('sets and clears the shipping method and priority', async () => {
    const orderId = await anOrder();
    expect(
      await ok<OrderOptions>(alice, 'PUT', methodUrl(orderId), { shippingMethod: 'Express' }),
    ).toMatchObject({ shippingMethod: 'Express', isPriority: false });

    atNewYork('2026-11-23T09:30:00');
    const on = await ok<OrderOptions>(alice, 'PUT', priorityUrl(orderId), { isPriority: true });
    expect(on).toMatchObject({
      shippingMethod: 'Express',
      isPriority: true,
      priorityAt: '2026-11-23T14:30:00.000Z',
    });
    // Asking again later keeps when it was first asked, and so its day.
    atNewYork('2026-11-23T15:00:00');
    expect(
      await ok<OrderOptions>(alice, 'PUT', priorityUrl(orderId), { isPriority: true }),
    ).toMatchObject({ priorityAt: '2026-11-23T14:30:00.000Z', shipsBy: '2026-11-23' });

    await ok(alice, 'PUT', methodUrl(orderId), { shippingMethod: null });
    await ok(alice, 'PUT', priorityUrl(orderId), { isPriority: false });
    expect(await ok<OrderOptions>(alice, 'GET', optionsUrl(orderId))).toMatchObject({
      shippingMethod: null,
      isPriority: false,
      priorityAt: null,
      shipsBy: null,
    });
  });

  it.each([
    ['a Monday before 12:00 New York time ships that day', '2026-11-23T11:59:00', '2026-11-23'],
    ['a Monday from 12:00 ships the next weekday', '2026-11-23T12:00:00', '2026-11-24'],
    ['a Friday afternoon ships on Monday', '2026-11-27T16:00:00', '2026-11-30'],
    ['a Saturday morning ships on Monday', '2026-11-28T09:00:00', '2026-11-30'],
  ])('priority asked on %s', async (_case, askedAt, shipsBy) => {
    const orderId = await anOrder();
    atNewYork(askedAt);
    expect(
      await ok<OrderOptions>(alice, 'PUT', priorityUrl(orderId), { isPriority: true }),
    ).toMatchObject({ isPriority: true, shipsBy });
  });

  it('refuses an unknown shipping method with the field, and changes nothing', async () => {
    const orderId = await anOrder();
    await ok(alice, 'PUT', methodUrl(orderId), { shippingMethod: 'Ground' });
    refused(await send(alice, 'PUT', methodUrl(orderId), { shippingMethod: 'Teleport' }), 400, {
      code: 'bad_request',
      field: 'body.shippingMethod',
    });
    refused(await send(alice, 'PUT', priorityUrl(orderId), { isPriority: 'yes' }), 400, {
      code: 'bad_request',
      field: 'body.isPriority',
    });
    expect(await ok<OrderOptions>(alice, 'GET', optionsUrl(orderId))).toMatchObject({
      shippingMethod: 'Ground',
      isPriority: false,
    });
  });

  it('answers 404 to another store, for every call, and leaves the order alone', async () => {
    const orderId = await anOrder();
    const lineId = await lineOf(orderId);
    const notFound = { code: 'not_found', reason: 'order_not_found' };
    refused(await send(bob, 'GET', optionsUrl(orderId)), 404, notFound);
    refused(
      await send(bob, 'PUT', methodUrl(orderId), { shippingMethod: 'Express' }),
      404,
      notFound,
    );
    refused(await send(bob, 'PUT', priorityUrl(orderId), { isPriority: true }), 404, notFound);
    refused(await send(bob, 'GET', trackingUrl(orderId, lineId)), 404, notFound);
    expect(await ok<OrderOptions>(alice, 'GET', optionsUrl(orderId))).toMatchObject({
      shippingMethod: null,
      isPriority: false,
    });
  });

  it('refuses changes once the order shipped or was canceled (409), keeping what it had', async () => {
    const shipped = await anOrder();
    await ok(alice, 'PUT', methodUrl(shipped), { shippingMethod: 'Express' });
    await ship(shipped);
    const conflict = { code: 'conflict', reason: 'order_already_shipped' };
    refused(
      await send(alice, 'PUT', methodUrl(shipped), { shippingMethod: 'Ground' }),
      409,
      conflict,
    );
    refused(await send(alice, 'PUT', priorityUrl(shipped), { isPriority: true }), 409, conflict);
    expect(await ok<OrderOptions>(alice, 'GET', optionsUrl(shipped))).toMatchObject({
      shippingMethod: 'Express',
      isPriority: false,
      canChange: false,
    });

    const canceled = await anOrder();
    await ok(
      alice,
      'POST',
      cancelOrderLineItem.path.replace(':id', canceled).replace(':lineId', await lineOf(canceled)),
      {
        reason: 'Customer changed their mind',
      },
    );
    await context.dispatcher.drain();
    refused(await send(alice, 'PUT', priorityUrl(canceled), { isPriority: true }), 409, conflict);
  });

  it('lists the parcels of a line once shipped, and 404 for a line not in the order', async () => {
    const orderId = await anOrder('TEA-PLAIN', 3);
    const lineId = await lineOf(orderId);
    expect(await ok<{ items: LineTracking[] }>(alice, 'GET', trackingUrl(orderId, lineId))).toEqual(
      { items: [] },
    );
    const shipment = await labelled((await ship(orderId)).sn);
    expect(shipment.trackingNumber).toMatch(/^AT\d{18}$/);
    const { items } = await ok<{ items: LineTracking[] }>(
      alice,
      'GET',
      trackingUrl(orderId, lineId),
    );
    expect(items).toEqual([
      {
        shipmentSn: shipment.sn,
        carrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
        serviceLevel: 'Ground',
        quantity: 3,
        status: 'ACTIVE',
        labelStatus: 'READY',
        createdAt: shipment.createdAt,
      },
    ]);

    const other = await anOrder();
    refused(await send(alice, 'GET', trackingUrl(orderId, await lineOf(other))), 404, {
      code: 'not_found',
      reason: 'line_item_not_found',
    });
  });
});

describe('shipping with the order’s options', () => {
  it('buys the label with the order’s method before the rules’, the request’s before both', async () => {
    // No choice: the rules' Priority for the ruled blend, the cheapest (Ground) otherwise.
    expect((await ship(await anOrder('TEA-RULED'))).serviceLevel).toBe('Priority');
    expect((await ship(await anOrder('TEA-PLAIN'))).serviceLevel).toBe('Ground');

    const chosen = await anOrder('TEA-RULED');
    await ok(alice, 'PUT', methodUrl(chosen), { shippingMethod: 'Express' });
    expect((await ship(chosen)).serviceLevel).toBe('Express');

    const asked = await anOrder('TEA-PLAIN');
    await ok(alice, 'PUT', methodUrl(asked), { shippingMethod: 'Express' });
    expect((await ship(asked, 'Ground')).serviceLevel).toBe('Ground');
  });

  it('charges the $10 priority fee once for a priority order, none for the others', async () => {
    // Two lines shipped in two parcels: one priority fee for the order.
    const priority = await anOrder('TEA-PLAIN', 1, ['TEA-RULED']);
    const plain = await anOrder();
    await ok(alice, 'PUT', priorityUrl(priority), { isPriority: true });
    const { lines } = await ok<OrderReservation>(
      alice,
      'GET',
      path(api.orderReservation.path, { orderId: priority }),
    );
    for (const line of lines) await ship(priority, undefined, [line.lineId]);
    await ship(plain);
    const charges = await context.connection.db
      .select()
      .from(fulfillmentFeeCharges)
      .where(eq(fulfillmentFeeCharges.storeId, alice.storeId));
    const priorityFees = charges.filter((charge) => charge.kind === 'PRIORITY');
    expect(priorityFees).toEqual([
      expect.objectContaining({ orderId: priority, amount: 1_000, currencyCode: 'USD' }),
    ]);
    expect(charges.filter((charge) => charge.orderId === plain).map((c) => c.kind)).toEqual([
      'ORDER',
    ]);
  });
});
