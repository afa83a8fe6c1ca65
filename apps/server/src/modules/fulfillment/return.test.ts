import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type { InventoryLevel, InventoryMovement } from '@atelier/contract/fulfillment/inventory';
import { feeEndpoints as fees } from '@atelier/contract/fulfillment/fees';
import { returnEndpoints as returnsApi, type Return } from '@atelier/contract/fulfillment/returns';
import { getJob, jobDownloadUrl, type Job } from '@atelier/contract/jobs/job';
import type { Shipment } from '@atelier/contract/fulfillment/shipment';
import {
  createManualRetailOrder,
  getStoreOrder,
  listStoreOrders,
  type StoreOrder,
} from '@atelier/contract/sales/order';
import { createProduct, type Product } from '@atelier/contract/sales/product';
import { fulfillmentReturns, notificationOutbox } from '@/db/schema';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestAppWithDataDir, type TestContext } from '@/testing/test-app';
import { storeClient } from '@/testing/store-client';
import { PARCEL, RALEIGH } from '@/testing/fulfillment-fixtures';

let context: TestContext;
const { send, ok, refused } = storeClient(() => context.app);
let alice: StoreAccount;
let bob: StoreAccount;
let scarf: Product;

const at = (template: string, params: Record<string, string>) =>
  Object.entries(params).reduce((out, [key, value]) => out.replace(`:${key}`, value), template);

const SETTINGS = {
  isEnabled: true,
  windowDays: 30,
  feeType: 'FREE',
  feeAmount: 0,
  refundMethod: 'AUTOMATIC',
  refundDestination: 'ORIGINAL_PAYMENT',
  allowExchanges: true,
};

beforeAll(async () => {
  context = await createTestAppWithDataDir('atelier-returns-');
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
      change: 20,
      reason: 'CYCLE_COUNT',
    });
  }
}, 90_000);
afterAll(async () => context.close());

/** A paid manual order of `quantity` Rose scarves ($65 each), shipped whole. */
const aShippedOrder = async (quantity: number) => {
  const order = await ok<{ id: string }>(alice, 'POST', createManualRetailOrder.path, {
    currencyCode: 'USD',
    customer: { email: 'jane.doe@example.com', firstName: 'Jane', lastName: 'Doe' },
    shippingAddress: RALEIGH,
    lines: [{ sku: 'SCARF-ROSE', title: 'Silk scarf', quantity, unitPriceAmount: 6_500 }],
  });
  await context.dispatcher.drain();
  await ok<Shipment>(alice, 'POST', at(api.shipOrder.path, { orderId: order.id }), {
    parcel: PARCEL,
  });
  await context.dispatcher.drain();
  const full = await ok<StoreOrder>(alice, 'GET', at(getStoreOrder.path, { id: order.id }));
  return { orderId: order.id, lineId: full.lines[0]!.id };
};

const levelOf = async (sku: string) =>
  (
    await ok<{ items: InventoryLevel[] }>(alice, 'GET', `${api.listInventory.path}?search=${sku}`)
  ).items.find((item) => item.sku === sku)!;

/** A refusal in the error shape of STYLE.md §5, naming `field` among its details if given. */

const returnCount = async () =>
  (await context.connection.db.select({ n: count() }).from(fulfillmentReturns))[0]!.n;

describe('returns', () => {
  it('brings units back: only good ones are restocked, the customer is refunded and the order shows the return', async () => {
    const { orderId, lineId } = await aShippedOrder(3);
    const before = await levelOf('SCARF-ROSE');

    const created = await send(alice, 'POST', returnsApi.createReturn.path, {
      orderId,
      lines: [{ orderLineId: lineId, quantity: 2, reason: 'TOO_SMALL' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const opened = created.json<Return>();
    expect(opened).toMatchObject({
      handle: expect.stringMatching(/^RET-\d{6}$/),
      status: 'CREATED',
      refundMethod: 'AUTOMATIC',
      refundDestination: 'ORIGINAL_PAYMENT',
      feeType: 'FREE',
      refund: null,
      order: { customerName: 'Jane Doe' },
      lines: [{ sku: 'SCARF-ROSE', quantity: 2, unitPrice: 6_500, resolution: 'REFUND' }],
    });

    // Only one more unit of the three can go on a return.
    refused(
      await send(alice, 'POST', returnsApi.createReturn.path, {
        orderId,
        lines: [{ orderLineId: lineId, quantity: 2, reason: 'OTHER' }],
      }),
      400,
      { code: 'bad_request', field: 'lines.0.quantity' },
    );

    const shipping = await ok<Return>(
      alice,
      'POST',
      at(returnsApi.shipReturn.path, { handle: opened.handle }),
      { carrier: 'USPS', trackingNumber: '9400 1000 0000 0000 0000 00' },
    );
    expect(shipping).toMatchObject({ status: 'SHIPPING', carrier: 'USPS' });

    const lineOnReturn = opened.lines[0]!.id;
    const received = await ok<Return>(
      alice,
      'POST',
      at(returnsApi.receiveReturn.path, { handle: opened.handle }),
      {
        units: [
          { lineId: lineOnReturn, condition: 'GOOD' },
          { lineId: lineOnReturn, condition: 'DAMAGED', note: 'Torn hem' },
        ],
      },
    );
    expect(received).toMatchObject({
      status: 'RECEIVED',
      refund: { amount: 13_000, currencyCode: 'USD' },
      receipt: `Your return ${opened.handle} was received and you were refunded $130.00.`,
      lines: [
        {
          units: [
            { condition: 'GOOD', isRestocked: true },
            { condition: 'DAMAGED', note: 'Torn hem', isRestocked: false },
          ],
        },
      ],
    });

    // One unit (the good one) is back on hand, with a RETURN_RESTOCK ledger row.
    const after = await levelOf('SCARF-ROSE');
    expect(after.onHand).toBe(before.onHand + 1);
    const ledger = await ok<{ items: InventoryMovement[] }>(
      alice,
      'GET',
      at(api.listMovements.path, { variantId: after.variantId }),
    );
    expect(ledger.items[0]).toMatchObject({ kind: 'RETURN_RESTOCK', onHandChange: 1, orderId });

    // The order: a refund of $130, in the RETURNS tab, with a history entry; the customer's receipt.
    await context.dispatcher.drain();
    const order = await ok<StoreOrder>(alice, 'GET', at(getStoreOrder.path, { id: orderId }));
    expect(order.financialStatus).toBe('PARTIALLY_REFUNDED');
    expect(order.refunds.map((refund) => refund.amount.amount)).toEqual([13_000]);
    const returnsTab = await ok<{ items: { id: string }[] }>(
      alice,
      'GET',
      `${listStoreOrders.path}?tab=RETURNS`,
    );
    expect(returnsTab.items.map((item) => item.id)).toContain(orderId);
    const [mail] = await context.connection.db
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.kind, 'fulfillment.return-receipt'),
          eq(notificationOutbox.recipient, 'jane.doe@example.com'),
        ),
      );
    expect(mail?.body).toBe(received.receipt);

    // Received once: a second inspection is refused.
    refused(
      await send(alice, 'POST', at(returnsApi.receiveReturn.path, { handle: opened.handle }), {
        units: [{ lineId: lineOnReturn, condition: 'GOOD' }],
      }),
      409,
      { code: 'conflict', reason: 'return_received' },
    );
    const listed = await ok<{ items: Return[] }>(
      alice,
      'GET',
      `${returnsApi.listReturns.path}?orderId=${orderId}`,
    );
    expect(listed.items.map((item) => item.status)).toEqual(['RECEIVED']);
  });

  it('gives store credit less the return fee, and sends the exchanged variant in a new order', async () => {
    await ok(alice, 'PUT', returnsApi.updateReturnSettings.path, {
      ...SETTINGS,
      feeType: 'DEDUCT_FROM_REFUND',
      feeAmount: 500,
      refundMethod: 'STORE_CREDIT',
      refundDestination: 'STORE_CREDIT',
    });
    const { orderId, lineId } = await aShippedOrder(2);
    const ink = scarf.variants.find((variant) => variant.sku === 'SCARF-INK')!;
    const inkBefore = await levelOf('SCARF-INK');

    const split = await ok<StoreOrder>(alice, 'GET', at(getStoreOrder.path, { id: orderId }));
    expect(split.lines[0]!.quantity).toBe(2);
    const opened = await ok<Return>(alice, 'POST', returnsApi.createReturn.path, {
      orderId,
      lines: [
        {
          orderLineId: lineId,
          quantity: 2,
          reason: 'CHANGED_MIND',
          resolution: 'EXCHANGE',
          exchangeVariantId: ink.id,
        },
      ],
    });
    expect(opened).toMatchObject({
      refundMethod: 'STORE_CREDIT',
      refundDestination: 'STORE_CREDIT',
      fee: { amount: 500 },
      lines: [{ resolution: 'EXCHANGE', exchangeSku: 'SCARF-INK' }],
    });
    const received = await ok<Return>(
      alice,
      'POST',
      at(returnsApi.receiveReturn.path, { handle: opened.handle }),
      {
        units: [
          { lineId: opened.lines[0]!.id, condition: 'GOOD' },
          { lineId: opened.lines[0]!.id, condition: 'GOOD' },
        ],
      },
    );
    // Exchanged units are not refunded; the fee leaves nothing to credit.
    expect(received).toMatchObject({
      status: 'RECEIVED',
      refund: { amount: 0 },
      receipt: `Your return ${opened.handle} was processed: $0.00 was added to your store credit.`,
      exchangeOrderId: expect.any(String),
    });
    await context.dispatcher.drain();
    const exchange = await ok<StoreOrder>(
      alice,
      'GET',
      at(getStoreOrder.path, { id: received.exchangeOrderId! }),
    );
    expect(exchange).toMatchObject({
      origin: 'MANUAL_RETAIL',
      total: { amount: 0 },
      lines: [{ sku: 'SCARF-INK', quantity: 2 }],
    });
    // The exchange order took two Ink scarves from stock.
    expect((await levelOf('SCARF-INK')).reserved).toBe(inkBefore.reserved + 2);
    // Store credit: the original order is not refunded.
    const order = await ok<StoreOrder>(alice, 'GET', at(getStoreOrder.path, { id: orderId }));
    expect(order.financialStatus).toBe('PAID');
    await ok(alice, 'PUT', returnsApi.updateReturnSettings.path, SETTINGS);
  });

  it('makes a return label from the customer to the fulfillment center', async () => {
    const { orderId, lineId } = await aShippedOrder(1);
    const opened = await ok<Return>(alice, 'POST', returnsApi.createReturn.path, {
      orderId,
      lines: [{ orderLineId: lineId, quantity: 1, reason: 'DEFECTIVE' }],
    });
    const shipping = await ok<Return>(
      alice,
      'POST',
      at(returnsApi.shipReturn.path, { handle: opened.handle }),
      { createLabel: true },
    );
    expect(shipping).toMatchObject({
      status: 'SHIPPING',
      shipment: {
        orderId: null,
        fromAddress: { name: 'Jane Doe', zipCode: '27601' },
        toAddress: { name: 'Atelier Fulfillment Center', stateCode: 'NC' },
        notes: `Return label for ${opened.handle}`,
      },
    });
    let label: Return = shipping;
    for (let round = 0; round < 400 && label.shipment?.labelStatus === 'PENDING'; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      label = await ok<Return>(
        alice,
        'GET',
        at(returnsApi.getReturn.path, { handle: opened.handle }),
      );
    }
    expect(label.shipment?.labelStatus).toBe('READY');
    expect(label.trackingNumber).toMatch(/^AT\d{18}$/);
  });

  it('refuses bad input with the reason and changes nothing', async () => {
    const { orderId, lineId } = await aShippedOrder(1);
    const unshipped = await ok<{ id: string }>(alice, 'POST', createManualRetailOrder.path, {
      currencyCode: 'USD',
      shippingAddress: RALEIGH,
      lines: [{ sku: 'SCARF-ROSE', title: 'Silk scarf', quantity: 1, unitPriceAmount: 6_500 }],
    });
    await context.dispatcher.drain();
    const returnsBefore = await returnCount();

    refused(
      await send(alice, 'POST', returnsApi.createReturn.path, {
        orderId: unshipped.id,
        lines: [{ orderLineId: 'x', quantity: 1, reason: 'OTHER' }],
      }),
      400,
      { code: 'bad_request', reason: 'order_not_shipped', field: 'orderId' },
    );
    refused(
      await send(alice, 'POST', returnsApi.createReturn.path, {
        orderId,
        lines: [{ orderLineId: 'sol_nope', quantity: 1, reason: 'OTHER' }],
      }),
      400,
      { code: 'bad_request', field: 'lines.0.orderLineId' },
    );
    refused(
      await send(alice, 'POST', returnsApi.createReturn.path, {
        orderId,
        lines: [{ orderLineId: lineId, quantity: -1, reason: 'OTHER' }],
      }),
      400,
      { code: 'bad_request', field: 'body.lines.0.quantity' },
    );
    refused(
      await send(alice, 'POST', returnsApi.createReturn.path, {
        orderId,
        lines: [{ orderLineId: lineId, quantity: 1, reason: 'OTHER', resolution: 'EXCHANGE' }],
      }),
      400,
      { code: 'bad_request', field: 'lines.0.exchangeVariantId' },
    );
    refused(
      await send(alice, 'PUT', returnsApi.updateReturnSettings.path, {
        ...SETTINGS,
        feeType: 'DEDUCT_FROM_REFUND',
        feeAmount: 0,
      }),
      400,
      { code: 'bad_request', field: 'body.feeAmount' },
    );
    expect(await returnCount()).toBe(returnsBefore);

    // Inspect every unit; a canceled return takes nothing more.
    const opened = await ok<Return>(alice, 'POST', returnsApi.createReturn.path, {
      orderId,
      lines: [{ orderLineId: lineId, quantity: 1, reason: 'OTHER' }],
    });
    refused(
      await send(alice, 'POST', at(returnsApi.receiveReturn.path, { handle: opened.handle }), {
        units: [
          { lineId: opened.lines[0]!.id, condition: 'GOOD' },
          { lineId: opened.lines[0]!.id, condition: 'GOOD' },
        ],
      }),
      400,
      { code: 'bad_request', field: 'units' },
    );
    refused(
      await send(alice, 'POST', at(returnsApi.cancelReturn.path, { handle: opened.handle }), {
        reason: '  ',
      }),
      400,
      { code: 'bad_request', field: 'body.reason' },
    );
    const canceled = await ok<Return>(
      alice,
      'POST',
      at(returnsApi.cancelReturn.path, { handle: opened.handle }),
      { reason: 'The customer kept it' },
    );
    expect(canceled).toMatchObject({ status: 'CANCELED', cancelReason: 'The customer kept it' });
    refused(
      await send(alice, 'POST', at(returnsApi.receiveReturn.path, { handle: opened.handle }), {
        units: [{ lineId: opened.lines[0]!.id, condition: 'GOOD' }],
      }),
      409,
      { code: 'conflict', reason: 'return_canceled' },
    );

    // Returns turned off, then the window: a day after shipping it closes.
    await ok(alice, 'PUT', returnsApi.updateReturnSettings.path, { ...SETTINGS, isEnabled: false });
    refused(
      await send(alice, 'POST', returnsApi.createReturn.path, {
        orderId,
        lines: [{ orderLineId: lineId, quantity: 1, reason: 'OTHER' }],
      }),
      409,
      { code: 'conflict', reason: 'returns_disabled' },
    );
    // (A one-day window: sessions lapse after a week unused.)
    await ok(alice, 'PUT', returnsApi.updateReturnSettings.path, { ...SETTINGS, windowDays: 1 });
    context.clock.advance(2 * 86_400_000);
    refused(
      await send(alice, 'POST', returnsApi.createReturn.path, {
        orderId,
        lines: [{ orderLineId: lineId, quantity: 1, reason: 'OTHER' }],
      }),
      400,
      { code: 'bad_request', reason: 'return_window_closed', field: 'orderId' },
    );
    expect(await returnCount()).toBe(returnsBefore + 1);
    await ok(alice, 'PUT', returnsApi.updateReturnSettings.path, SETTINGS);
  });

  it('lists the returns in the returns report (a CSV job), one row per returned line', async () => {
    const day = context.clock.now().toISOString().slice(0, 10);
    const from = new Date(context.clock.now().getTime() - 40 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const started = await send(alice, 'POST', fees.startReport.path, {
      report: 'returns',
      from,
      to: day,
    });
    expect(started.statusCode, started.body).toBe(202);
    let job = started.json<Job>();
    for (let round = 0; round < 400 && ['QUEUED', 'RUNNING'].includes(job.status); round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      job = await ok<Job>(alice, 'GET', getJob.path.replace(':id', job.id));
    }
    expect(job.status).toBe('COMPLETED');
    const csv = (await send(alice, 'GET', jobDownloadUrl(job.id))).body.replace(/^\uFEFF/, '');
    const [header, ...rows] = csv
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(header!.slice(0, 3)).toEqual(['return', 'order', 'status']);
    const mine = await ok<{ items: Return[] }>(
      alice,
      'GET',
      `${returnsApi.listReturns.path}?limit=200`,
    );
    expect(rows).toHaveLength(mine.items.reduce((sum, entry) => sum + entry.lines.length, 0));
    const first = mine.items.at(-1)!;
    const row = rows.find((one) => one[0] === first.handle)!;
    // The first return: 2 units back, one good (restocked), one damaged; $130 refunded.
    expect(row.slice(10, 17)).toEqual(['1', '1', '0', '0', '1', '130.00', '13000']);
    const theirs = await send(bob, 'POST', fees.startReport.path, {
      report: 'returns',
      from,
      to: day,
    });
    expect(theirs.statusCode).toBe(202);
  });

  it('shows another store none of this store’s returns or settings', async () => {
    const mine = await ok<{ items: Return[] }>(alice, 'GET', returnsApi.listReturns.path);
    expect(mine.items.length).toBeGreaterThan(0);
    const theirs = await ok<{ items: Return[] }>(bob, 'GET', returnsApi.listReturns.path);
    expect(theirs.items).toEqual([]);
    refused(
      await send(bob, 'GET', at(returnsApi.getReturn.path, { handle: mine.items[0]!.handle })),
      404,
      { code: 'not_found', reason: 'return_not_found' },
    );
    refused(
      await send(bob, 'POST', returnsApi.createReturn.path, {
        orderId: mine.items[0]!.orderId,
        lines: [
          { orderLineId: mine.items[0]!.lines[0]!.orderLineId, quantity: 1, reason: 'OTHER' },
        ],
      }),
      404,
      { code: 'not_found', reason: 'order_not_found' },
    );
    expect(
      (await ok<{ feeType: string }>(bob, 'GET', returnsApi.getReturnSettings.path)).feeType,
    ).toBe('FREE');
  });
});
