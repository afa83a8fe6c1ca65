import { and, count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fulfillmentEndpoints as api,
  SHIPMENT_LABEL_PATH,
} from '@atelier/contract/fulfillment/fulfillment-api';
import type {
  InventoryLevel,
  InventoryMovement,
  OrderReservation,
} from '@atelier/contract/fulfillment/inventory';
import type { Shipment, ShippingRate } from '@atelier/contract/fulfillment/shipment';
import {
  createManualRetailOrder,
  getStoreOrder,
  type StoreOrder,
} from '@atelier/contract/sales/order';
import { cancelOrderLineItem } from '@atelier/contract/sales/order-operations';
import { createProduct, type Product } from '@atelier/contract/sales/product';
import { fulfillmentShipments, notificationOutbox } from '@/db/schema';
import { expectApiError } from '@/testing/api-error';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestAppWithDataDir, type TestContext } from '@/testing/test-app';
import { pathOf as path, storeClient } from '@/testing/store-client';
import { PARCEL } from '@/testing/fulfillment-fixtures';

let context: TestContext;
const { send, ok } = storeClient(() => context.app);
let alice: StoreAccount;
let bob: StoreAccount;
let scarf: Product;

const RALEIGH = {
  name: 'Jane Doe',
  company: null,
  line1: '120 Main St',
  line2: 'Apt 4',
  city: 'Raleigh',
  stateCode: 'NC',
  postalCode: '27601',
  countryCode: 'US',
  phone: null,
};

beforeAll(async () => {
  context = await createTestAppWithDataDir('atelier-shipments-');
  await context.reference.seedReferenceData();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
  scarf = await ok<Product>(alice, 'POST', createProduct.path, {
    title: 'Silk scarf',
    options: [{ name: 'Color', values: ['Rose', 'Ink'] }],
    variants: ['Rose', 'Ink'].map((color) => ({
      optionValues: [color],
      sku: `SCARF-${color.toUpperCase()}`,
      priceAmount: 6_500,
    })),
  });
  for (const variant of scarf.variants) {
    await ok(alice, 'POST', api.adjustInventory.path, {
      variantId: variant.id,
      change: 10,
      reason: 'CYCLE_COUNT',
    });
  }
}, 90_000);
afterAll(async () => context.close());

const anOrder = async (lines: { sku: string; quantity: number }[], shippingAddress = RALEIGH) => {
  const order = await ok<{ id: string }>(alice, 'POST', createManualRetailOrder.path, {
    currencyCode: 'USD',
    customer: { email: 'jane.doe@example.com', firstName: 'Jane', lastName: 'Doe' },
    shippingAddress,
    lines: lines.map((line) => ({ ...line, title: line.sku, unitPriceAmount: 6_500 })),
    discountAmount: 0,
    shippingAmount: 0,
    taxAmount: 0,
  });
  await context.dispatcher.drain();
  return order.id;
};

const levelOf = async (sku: string) =>
  (
    await ok<{ items: InventoryLevel[] }>(alice, 'GET', `${api.listInventory.path}?search=${sku}`)
  ).items.find((item) => item.sku === sku)!;

/** The shipment once its label job has run. */
const labelled = async (account: StoreAccount, sn: string): Promise<Shipment> => {
  for (let round = 0; round < 400; round += 1) {
    const shipment = await ok<Shipment>(account, 'GET', path(api.getShipment.path, { sn }));
    if (shipment.labelStatus !== 'PENDING') return shipment;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the label of ${sn} was not made`);
};

const orderOf = async (orderId: string) => {
  await context.dispatcher.drain();
  return ok<StoreOrder>(alice, 'GET', getStoreOrder.path.replace(':id', orderId));
};

const shipmentCount = async () =>
  (await context.connection.db.select({ n: count() }).from(fulfillmentShipments))[0]!.n;

describe('shipping orders with labels (issue 15)', () => {
  it('ships a reserved order: the units leave stock, the label PDF is 4×6 in, the customer gets the tracking number and the order is fulfilled', async () => {
    const before = await levelOf('SCARF-ROSE');
    const orderId = await anOrder([{ sku: 'SCARF-ROSE', quantity: 2 }]);
    expect((await levelOf('SCARF-ROSE')).reserved).toBe(before.reserved + 2);

    const created = await send(alice, 'POST', path(api.shipOrder.path, { orderId }), {
      parcel: PARCEL,
    });
    expect(created.statusCode, created.body).toBe(201);
    const shipment = created.json<Shipment>();
    expect(shipment).toMatchObject({
      sn: expect.stringMatching(/^SHP-\d{6}$/),
      orderId,
      status: 'ACTIVE',
      labelStatus: 'PENDING',
      provider: 'local',
      toAddress: { name: 'Jane Doe', zipCode: '27601', stateCode: 'NC', countryCode: 'US' },
      fromAddress: { stateCode: 'NC' },
      // 2 lb = 907.18474 g.
      weightG: 907,
      lines: [{ quantity: 2 }],
    });
    expect(shipment.rate.amount).toBeGreaterThan(0);

    // Both counts fall by the 2 units, with a SHIPMENT ledger row; the line says SHIPPED.
    const after = await levelOf('SCARF-ROSE');
    expect([after.onHand, after.reserved]).toEqual([before.onHand - 2, before.reserved]);
    const ledger = await ok<{ items: InventoryMovement[] }>(
      alice,
      'GET',
      path(api.listMovements.path, { variantId: after.variantId }),
    );
    expect(ledger.items[0]).toMatchObject({
      kind: 'SHIPMENT',
      onHandChange: -2,
      reservedChange: -2,
      orderId,
    });
    const reservation = await ok<OrderReservation>(
      alice,
      'GET',
      path(api.orderReservation.path, { orderId }),
    );
    expect(reservation.lines[0]).toMatchObject({ status: 'SHIPPED', reserved: 0 });

    const ready = await labelled(alice, shipment.sn);
    expect(ready).toMatchObject({ labelStatus: 'READY', labelError: null });
    expect(ready.trackingNumber).toMatch(/\S{8,}/);
    expect(ready.labelUrl).toBe(path(SHIPMENT_LABEL_PATH, { sn: shipment.sn }));
    const pdf = await send(alice, 'GET', ready.labelUrl!);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const document = await PDFDocument.load(pdf.rawPayload);
    expect(document.getPages().map((page) => page.getSize())).toEqual([
      { width: 288, height: 432 },
    ]);

    const [mail] = await context.connection.db
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.kind, 'fulfillment.tracking'),
          eq(notificationOutbox.recipient, 'jane.doe@example.com'),
        ),
      );
    expect(mail?.body).toContain(ready.trackingNumber!);

    expect(await orderOf(orderId)).toMatchObject({
      fulfillmentState: 'FULFILLED',
      productionStatus: 'FINISHED',
    });
  });

  it('ships part of an order, then the rest: PARTIAL, then FULFILLED', async () => {
    const orderId = await anOrder([
      { sku: 'SCARF-ROSE', quantity: 1 },
      { sku: 'SCARF-INK', quantity: 1 },
    ]);
    const reservation = await ok<OrderReservation>(
      alice,
      'GET',
      path(api.orderReservation.path, { orderId }),
    );
    const [rose, ink] = reservation.lines;
    await ok(alice, 'POST', path(api.shipOrder.path, { orderId }), {
      lineIds: [rose!.lineId],
      parcel: PARCEL,
    });
    expect(await orderOf(orderId)).toMatchObject({
      fulfillmentState: 'PARTIAL',
      productionStatus: 'PROCESSING',
    });
    // A line that has left cannot leave twice.
    expectApiError(
      await send(alice, 'POST', path(api.shipOrder.path, { orderId }), {
        lineIds: [rose!.lineId],
        parcel: PARCEL,
      }),
      409,
      { code: 'conflict', reason: 'line_not_reserved' },
    );
    await ok(alice, 'POST', path(api.shipOrder.path, { orderId }), {
      lineIds: [ink!.lineId],
      parcel: PARCEL,
    });
    expect(await orderOf(orderId)).toMatchObject({
      fulfillmentState: 'FULFILLED',
      productionStatus: 'FINISHED',
    });
    const shipments = await ok<{ items: Shipment[] }>(
      alice,
      'GET',
      `${api.listShipments.path}?orderId=${orderId}`,
    );
    expect(shipments.items).toHaveLength(2);
  });

  it('makes a standalone label, lists it in the history, and recreates it with a new tracking number', async () => {
    const created = await send(alice, 'POST', api.createLabel.path, {
      fromAddress: {
        name: 'Alice Studio',
        addressLine1: '1 Market St',
        city: 'San Francisco',
        stateCode: 'CA',
        zipCode: '94105',
      },
      toAddress: {
        name: 'Sam Lee',
        addressLine1: '500 5th Ave',
        city: 'New York',
        stateCode: 'NY',
        zipCode: '10110',
      },
      parcel: { weight: 12, massUnit: 'oz', length: 20, width: 15, height: 5, distanceUnit: 'cm' },
      notes: 'Sample for a buyer',
    });
    expect(created.statusCode, created.body).toBe(201);
    const label = created.json<Shipment>();
    // The §3 defaults: United States of America, US.
    expect(label).toMatchObject({
      orderId: null,
      lines: [],
      toAddress: { country: 'United States of America', countryCode: 'US' },
      weightG: 340, // 12 oz = 340.19 g
    });
    const first = await labelled(alice, label.sn);
    expect(first.labelStatus).toBe('READY');

    const history = await ok<{ items: Shipment[] }>(alice, 'GET', api.listShipments.path);
    expect(history.items[0]!.sn).toBe(label.sn);

    const again = await ok<Shipment>(
      alice,
      'POST',
      path(api.recreateShipment.path, { sn: label.sn }),
    );
    const second = await labelled(alice, again.sn);
    expect(second.trackingNumber).not.toBe(first.trackingNumber);
    expect(
      await ok<Shipment>(alice, 'GET', path(api.getShipment.path, { sn: label.sn })),
    ).toMatchObject({ status: 'VOIDED' });
    expectApiError(
      await send(alice, 'POST', path(api.recreateShipment.path, { sn: label.sn })),
      409,
      { code: 'conflict', reason: 'shipment_voided' },
    );
  });

  it('quotes rates cheapest first and checks addresses against the reference data', async () => {
    const rates = await ok<{ items: ShippingRate[] }>(alice, 'POST', api.quoteRates.path, {
      fromAddress: {
        name: 'A',
        addressLine1: '1 Main St',
        city: 'Raleigh',
        stateCode: 'NC',
        zipCode: '27601',
      },
      toAddress: {
        name: 'B',
        addressLine1: '1 Main St',
        city: 'Seattle',
        stateCode: 'WA',
        zipCode: '98101',
      },
      parcel: PARCEL,
    });
    expect(rates.items.length).toBeGreaterThan(1);
    const amounts = rates.items.map((rate) => rate.amount.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

    const valid = await ok<{ isValid: boolean }>(alice, 'POST', api.validateAddress.path, {
      name: 'A',
      addressLine1: '1 Main St',
      city: 'Raleigh',
      stateCode: 'NC',
      zipCode: '27601',
    });
    expect(valid.isValid).toBe(true);
    const invalid = await ok<{ isValid: boolean; issues: { field: string }[] }>(
      alice,
      'POST',
      api.validateAddress.path,
      { name: 'A', addressLine1: '1 Main St', city: 'Raleigh', stateCode: 'ZZ', zipCode: '2760' },
    );
    expect(invalid.isValid).toBe(false);
    expect(invalid.issues.map((issue) => issue.field).sort()).toEqual(['stateCode', 'zipCode']);
  });

  it('refuses bad input with the reason and changes nothing', async () => {
    const orderId = await anOrder([{ sku: 'SCARF-INK', quantity: 1 }]);
    const before = await levelOf('SCARF-INK');
    const shipmentsBefore = await shipmentCount();
    const ship = (body: Record<string, unknown>, id = orderId) =>
      send(alice, 'POST', path(api.shipOrder.path, { orderId: id }), body);
    const fieldOf = async (body: Record<string, unknown>) =>
      expectApiError(await ship(body), 400, { code: 'bad_request' }).details?.[0]?.field;

    expect(await fieldOf({ parcel: { ...PARCEL, weight: 0 } })).toBe('body.parcel.weight');
    expect(await fieldOf({ parcel: { ...PARCEL, weight: 10_000 } })).toBe('parcel.weight');
    expect(await fieldOf({ parcel: { ...PARCEL, massUnit: 'stone' } })).toBe(
      'body.parcel.massUnit',
    );
    expect(await fieldOf({ parcel: PARCEL, serviceLevel: 'Teleport' })).toBe('serviceLevel');
    expectApiError(
      await send(alice, 'POST', api.createLabel.path, {
        fromAddress: {
          name: 'A',
          addressLine1: '1 Main St',
          city: 'Raleigh',
          stateCode: 'NC',
          zipCode: '27601',
        },
        toAddress: {
          name: 'B',
          addressLine1: '1 Main St',
          city: 'Nowhere',
          stateCode: 'ZZ',
          zipCode: '12345',
        },
        parcel: PARCEL,
      }),
      400,
      { code: 'bad_request' },
    );

    // A label for a canceled order.
    const canceledId = await anOrder([{ sku: 'SCARF-INK', quantity: 1 }]);
    const [line] = (
      await ok<OrderReservation>(
        alice,
        'GET',
        path(api.orderReservation.path, { orderId: canceledId }),
      )
    ).lines;
    await ok(
      alice,
      'POST',
      path(cancelOrderLineItem.path, { id: canceledId, lineId: line!.lineId }),
      {
        reason: 'The customer changed their mind',
      },
    );
    await context.dispatcher.drain();
    expectApiError(await ship({ parcel: PARCEL }, canceledId), 409, {
      code: 'conflict',
      reason: 'order_canceled',
    });
    // An order without its address.
    const nowhere = await ok<{ id: string }>(alice, 'POST', createManualRetailOrder.path, {
      currencyCode: 'USD',
      lines: [{ sku: 'SCARF-INK', title: 'Ink', quantity: 1, unitPriceAmount: 6_500 }],
      discountAmount: 0,
      shippingAmount: 0,
      taxAmount: 0,
    });
    await context.dispatcher.drain();
    expect(
      expectApiError(await ship({ parcel: PARCEL }, nowhere.id), 400, { code: 'bad_request' })
        .details?.[0]?.field,
    ).toBe('toAddress');

    const after = await levelOf('SCARF-INK');
    expect([after.onHand, after.reserved - before.reserved]).toEqual([before.onHand, 1]);
    expect(await shipmentCount()).toBe(shipmentsBefore);
  });

  it('shows another store none of this store’s shipments or labels', async () => {
    const orderId = await anOrder([{ sku: 'SCARF-INK', quantity: 1 }]);
    const shipment = await ok<Shipment>(alice, 'POST', path(api.shipOrder.path, { orderId }), {
      parcel: PARCEL,
    });
    await labelled(alice, shipment.sn);
    for (const url of [
      path(api.getShipment.path, { sn: shipment.sn }),
      path(SHIPMENT_LABEL_PATH, { sn: shipment.sn }),
    ]) {
      expectApiError(await send(bob, 'GET', url), 404, {
        code: 'not_found',
        reason: 'shipment_not_found',
      });
    }
    expectApiError(
      await send(bob, 'POST', path(api.recreateShipment.path, { sn: shipment.sn })),
      404,
      { code: 'not_found', reason: 'shipment_not_found' },
    );
    expectApiError(
      await send(bob, 'POST', path(api.shipOrder.path, { orderId }), { parcel: PARCEL }),
      404,
      { code: 'not_found', reason: 'order_not_found' },
    );
    expect((await ok<{ items: Shipment[] }>(bob, 'GET', api.listShipments.path)).items).toEqual([]);
  });
});
