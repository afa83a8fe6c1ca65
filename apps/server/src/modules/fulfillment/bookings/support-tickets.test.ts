import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fulfillmentBookingEndpoints as api,
  type SupportTicket,
} from '@atelier/contract/fulfillment/bookings';
import { fulfillmentEndpoints } from '@atelier/contract/fulfillment/fulfillment-api';
import type { Shipment } from '@atelier/contract/fulfillment/shipment';
import { createManualRetailOrder, type StoreOrder } from '@atelier/contract/sales/order';
import { createProduct, type Product } from '@atelier/contract/sales/product';
import { fulfillmentShipments, fulfillmentSupportTickets } from '@/db/schema';
import { expectApiError } from '@/testing/api-error';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestAppWithDataDir, type TestContext } from '@/testing/test-app';
import { pathOf as path, storeClient } from '@/testing/store-client';
import { RALEIGH } from '@/testing/fulfillment-fixtures';

let context: TestContext;
const { send, ok } = storeClient(() => context.app);
let alice: StoreAccount;
let bob: StoreAccount;
let vase: Product;

const ticketCount = async () =>
  (await context.connection.db.select({ n: count() }).from(fulfillmentSupportTickets))[0]!.n;

const DAY = 86_400_000;

/** An order of `account` placed `daysAgo` days before the test clock's now. */
const anOrder = async (account: StoreAccount, sku: string, daysAgo: number) => {
  const order = await ok<StoreOrder>(account, 'POST', createManualRetailOrder.path, {
    currencyCode: 'USD',
    placedAt: new Date(context.clock.now().getTime() - daysAgo * DAY).toISOString(),
    customer: { email: 'jane.doe@example.com', firstName: 'Jane', lastName: 'Doe' },
    shippingAddress: RALEIGH,
    lines: [{ sku, title: sku, quantity: 1, unitPriceAmount: 4_000 }],
    discountAmount: 0,
    shippingAmount: 0,
    taxAmount: 0,
  });
  await context.dispatcher.drain();
  return order;
};

const open = (account: StoreAccount, body: Record<string, unknown>) =>
  send(account, 'POST', api.openSupportTicket.path, body);

beforeAll(async () => {
  context = await createTestAppWithDataDir('atelier-tickets-');
  await context.reference.seedReferenceData();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
  vase = await ok<Product>(alice, 'POST', createProduct.path, {
    title: 'Glass vase',
    options: [{ name: 'Size', values: ['Tall'] }],
    variants: [{ optionValues: ['Tall'], sku: 'VASE-TALL', priceAmount: 4_000 }],
  });
  await ok(alice, 'POST', fulfillmentEndpoints.adjustInventory.path, {
    variantId: vase.variants[0]!.id,
    change: 10,
    reason: 'CYCLE_COUNT',
  });
}, 90_000);
afterAll(async () => context.close());

describe('warehouse support tickets (issue 15, spec §3 categories)', () => {
  it('opens a ticket about a recent order, lists it and closes it', async () => {
    const order = await anOrder(alice, 'VASE-TALL', 2);
    const created = await open(alice, {
      orderId: order.id,
      category: 'LOST_DELAYED',
      message: 'The customer has not received it yet.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const ticket = created.json<SupportTicket>();
    expect(ticket).toMatchObject({
      sn: expect.stringMatching(/^TKT-\d{6}$/),
      status: 'OPEN',
      category: 'LOST_DELAYED',
      orderId: order.id,
      orderName: order.name,
      shipmentSn: null,
      answer: null,
    });
    const list = await ok<{ items: SupportTicket[] }>(alice, 'GET', api.listSupportTickets.path);
    expect(list.items).toEqual([ticket]);
    const closed = await ok<SupportTicket>(
      alice,
      'POST',
      path(api.closeSupportTicket.path, { sn: ticket.sn }),
    );
    expect(closed).toMatchObject({ status: 'CLOSED', closedAt: expect.any(String) });
    expectApiError(
      await send(alice, 'POST', path(api.closeSupportTicket.path, { sn: ticket.sn })),
      409,
      { code: 'conflict', reason: 'support_ticket_closed' },
    );
    expect(
      (
        await ok<{ items: SupportTicket[] }>(
          alice,
          'GET',
          `${api.listSupportTickets.path}?status=OPEN`,
        )
      ).items,
    ).toEqual([]);
  });

  it('refuses a ticket more than 30 days after an unshipped order was placed, with the reason', async () => {
    const before = await ticketCount();
    const old = await anOrder(alice, 'VASE-TALL', 31);
    const error = expectApiError(
      await open(alice, { orderId: old.id, category: 'BROKEN', message: 'Arrived broken.' }),
      400,
      { code: 'bad_request', reason: 'support_ticket_window_closed' },
    );
    expect(error.details?.[0]?.field).toBe('orderId');
    expect(error.message).toMatch(/30 days after it was placed on \d{4}-\d{2}-\d{2}/);
    expect(await ticketCount()).toBe(before);
    // 29 days is still within the window.
    const recent = await anOrder(alice, 'VASE-TALL', 29);
    expect(
      (await open(alice, { orderId: recent.id, category: 'BROKEN', message: 'Arrived broken.' }))
        .statusCode,
    ).toBe(201);
  });

  it('counts the window from the order’s shipment, names the shipment, and closes 30 days after it', async () => {
    // Placed 45 days ago, shipped now: the window runs from the shipment.
    const order = await anOrder(alice, 'VASE-TALL', 45);
    const shipped = await send(
      alice,
      'POST',
      path(fulfillmentEndpoints.shipOrder.path, { orderId: order.id }),
      {
        parcel: { weight: 3, massUnit: 'lb', length: 12, width: 8, height: 8, distanceUnit: 'in' },
      },
    );
    expect(shipped.statusCode, shipped.body).toBe(201);
    const shipment = shipped.json<Shipment>();
    const ticket = await ok<SupportTicket>(alice, 'POST', api.openSupportTicket.path, {
      orderId: order.id,
      shipmentSn: shipment.sn.toLowerCase(),
      category: 'MISSING_WRONG_ITEMS',
      message: 'The customer got a short vase.',
    });
    expect(ticket.shipmentSn).toBe(shipment.sn);

    // Another order's shipment is not this order's.
    const other = await anOrder(alice, 'VASE-TALL', 1);
    expect(
      expectApiError(
        await open(alice, {
          orderId: other.id,
          shipmentSn: shipment.sn,
          category: 'BROKEN',
          message: 'Broken.',
        }),
        400,
        { code: 'bad_request' },
      ).details?.[0]?.field,
    ).toBe('shipmentSn');

    // Sessions expire with time, so the shipment is moved back instead of the clock forward.
    await context.connection.db
      .update(fulfillmentShipments)
      .set({ createdAt: new Date(context.clock.now().getTime() - 31 * DAY) })
      .where(eq(fulfillmentShipments.id, shipment.id));
    const error = expectApiError(
      await open(alice, { orderId: order.id, category: 'RETURN_EXCHANGE', message: 'Exchange.' }),
      400,
      { code: 'bad_request', reason: 'support_ticket_window_closed' },
    );
    expect(error.message).toMatch(/after it shipped on/);
  });

  it('answers bad input with 400 naming the field', async () => {
    const order = await anOrder(alice, 'VASE-TALL', 1);
    const fieldOf = async (body: Record<string, unknown>) =>
      expectApiError(await open(alice, body), 400, { code: 'bad_request' }).details?.[0]?.field;
    const body = { orderId: order.id, category: 'BROKEN', message: 'Broken.' };
    expect(await fieldOf({ ...body, category: 'LOST' })).toBe('body.category');
    expect(await fieldOf({ ...body, message: '   ' })).toBe('body.message');
    expect(await fieldOf({ ...body, shipmentSn: 'nope' })).toBe('body.shipmentSn');
    expect(await fieldOf({ ...body, orderId: 'ord_doesnotexist' })).toBe('orderId');
  });

  it('shows another store none of the store’s tickets, and refuses its orders', async () => {
    const order = await anOrder(alice, 'VASE-TALL', 1);
    const ticket = await ok<SupportTicket>(alice, 'POST', api.openSupportTicket.path, {
      orderId: order.id,
      category: 'CANCELED_REFUND',
      message: 'Please cancel.',
    });
    expect(
      (await ok<{ items: SupportTicket[] }>(bob, 'GET', api.listSupportTickets.path)).items,
    ).toEqual([]);
    expectApiError(
      await send(bob, 'POST', path(api.closeSupportTicket.path, { sn: ticket.sn })),
      404,
      { code: 'not_found', reason: 'support_ticket_not_found' },
    );
    expect(
      expectApiError(
        await open(bob, { orderId: order.id, category: 'BROKEN', message: 'Not mine.' }),
        400,
        { code: 'bad_request' },
      ).details?.[0]?.field,
    ).toBe('orderId');
  });

  it('pages the list with a cursor', async () => {
    const first = await ok<{ items: SupportTicket[]; nextCursor: string | null }>(
      alice,
      'GET',
      `${api.listSupportTickets.path}?limit=2`,
    );
    expect(first.items).toHaveLength(2);
    const rest = await ok<{ items: SupportTicket[]; nextCursor: string | null }>(
      alice,
      'GET',
      `${api.listSupportTickets.path}?limit=100&cursor=${first.nextCursor}`,
    );
    const all = [...first.items, ...rest.items].map((ticket) => ticket.sn);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(await ticketCount());
    expectApiError(await send(alice, 'GET', `${api.listSupportTickets.path}?cursor=abc`), 400, {
      code: 'bad_request',
    });
  });
});
