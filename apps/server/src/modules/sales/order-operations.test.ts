import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createManualRetailOrder,
  listStoreOrders,
  type StoreOrder,
  type StoreOrderPage,
} from '@atelier/contract/sales/order';
import type {
  ChangeOrdersOpStatusResult,
  OrderStatusChange,
} from '@atelier/contract/sales/order-operations';
import { outboxEvents } from '@/events/outbox.table';
import { expectApiError } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { salesOrders } from './sales.table';

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  context = await createTestApp();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
});
afterAll(async () => context.close());

const anOrder = async (account: Account): Promise<StoreOrder> => {
  const response = await context.app.inject({
    method: 'POST',
    url: createManualRetailOrder.path,
    headers: account.headers,
    payload: { lines: [{ sku: 'MUG-1', title: 'Mug', quantity: 2, unitPriceAmount: 1_800 }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<StoreOrder>();
};

const call = (
  account: Account,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) =>
  context.app.inject({
    method,
    url,
    headers: account.headers,
    ...(payload ? { payload } : {}),
  });

const changeStatus = (account: Account, id: string, payload: Record<string, unknown>) =>
  call(account, 'POST', `/api/web/orders/${id}/change-op-status`, payload);

const history = async (account: Account, id: string) => {
  const response = await call(account, 'GET', `/api/web/orders/${id}/op-status-history`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: OrderStatusChange[] }>().items;
};

const anAddress = {
  name: 'Jo Buyer',
  company: null,
  line1: '1 Market St',
  line2: null,
  city: 'Portland',
  stateCode: 'OR',
  postalCode: '97201',
  countryCode: 'US',
  phone: null,
};

describe('order operations (issue 11, spec §7 change-op-status, op-status-history, notes, shipping-address)', () => {
  it('changes the operation status, moves the order between tabs and keeps the history with who and why', async () => {
    const order = await anOrder(alice);
    expect(order.productionStatus).toBe('OUTSTANDING');

    const held = await changeStatus(alice, order.id, {
      status: 'ON_HOLD',
      note: 'Waiting for the fabric',
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json<StoreOrder>().productionStatus).toBe('ON_HOLD');
    const onHold = (
      await call(alice, 'GET', `${listStoreOrders.path}?tab=ON_HOLD`)
    ).json<StoreOrderPage>();
    expect(onHold.items.map((item) => item.id)).toEqual([order.id]);
    expect(onHold.counts.OUTSTANDING).toBe(0);

    await changeStatus(alice, order.id, { status: 'PROCESSING' });
    const items = await history(alice, order.id);
    expect(
      items.map((item) => [item.fromStatus, item.toStatus, item.note, item.changedBy !== null]),
    ).toEqual([
      [null, 'OUTSTANDING', null, false],
      ['OUTSTANDING', 'ON_HOLD', 'Waiting for the fabric', true],
      ['ON_HOLD', 'PROCESSING', null, true],
    ]);

    const events = await context.connection.db
      .select()
      .from(outboxEvents)
      .where(
        and(eq(outboxEvents.type, 'sales.order.updated'), eq(outboxEvents.aggregateId, order.id)),
      );
    expect(events).toHaveLength(2);

    expectApiError(await changeStatus(alice, order.id, { status: 'PROCESSING' }), 409, {
      code: 'conflict',
      reason: 'op_status_unchanged',
    });
    const unknown = expectApiError(
      await changeStatus(alice, order.id, { status: 'SHIPPED' }),
      400,
      { code: 'bad_request' },
    );
    expect(unknown.details?.map((detail) => detail.field)).toEqual(['body.status']);
  });

  it('sets and clears the note, and edits the address until the order is sent', async () => {
    const order = await anOrder(alice);
    const noted = await call(alice, 'PUT', `/api/web/orders/${order.id}/notes`, {
      note: '  Leave at the back door  ',
    });
    expect(noted.json<StoreOrder>().note).toBe('Leave at the back door');
    const cleared = await call(alice, 'PUT', `/api/web/orders/${order.id}/notes`, { note: '' });
    expect(cleared.json<StoreOrder>().note).toBeNull();

    const moved = await call(
      alice,
      'PUT',
      `/api/web/orders/${order.id}/shipping-address`,
      anAddress,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<StoreOrder>().shippingAddress).toEqual(anAddress);

    const missingCity = await call(alice, 'PUT', `/api/web/orders/${order.id}/shipping-address`, {
      ...anAddress,
      city: '',
    });
    const error = expectApiError(missingCity, 400, { code: 'bad_request' });
    expect(error.details?.map((detail) => detail.field)).toContain('body.city');

    await context.connection.db
      .update(salesOrders)
      .set({ fulfillmentState: 'PARTIAL' })
      .where(eq(salesOrders.id, order.id));
    expectApiError(
      await call(alice, 'PUT', `/api/web/orders/${order.id}/shipping-address`, anAddress),
      409,
      { code: 'conflict', reason: 'order_fulfilled' },
    );

    await context.connection.db
      .update(salesOrders)
      .set({ cancelState: 'CANCELED' })
      .where(eq(salesOrders.id, order.id));
    expectApiError(await changeStatus(alice, order.id, { status: 'PROCESSING' }), 409, {
      code: 'conflict',
      reason: 'order_canceled',
    });
  });

  it('answers 404 for another store’s order and changes nothing', async () => {
    const order = await anOrder(alice);
    for (const response of [
      await changeStatus(bob, order.id, { status: 'PROCESSING' }),
      await call(bob, 'GET', `/api/web/orders/${order.id}/op-status-history`),
      await call(bob, 'PUT', `/api/web/orders/${order.id}/notes`, { note: 'mine' }),
      await call(bob, 'PUT', `/api/web/orders/${order.id}/shipping-address`, anAddress),
    ]) {
      expectApiError(response, 404, { code: 'not_found', reason: 'order_not_found' });
    }
    const [row] = await context.connection.db
      .select()
      .from(salesOrders)
      .where(eq(salesOrders.id, order.id));
    expect(row).toMatchObject({ productionStatus: 'OUTSTANDING', note: null });
    expect(row!.shippingAddress).toBeNull();
  });

  it('changes the status of a selection, listing what changed and what was refused with why', async () => {
    const [outstanding, held, canceled] = [
      await anOrder(alice),
      await anOrder(alice),
      await anOrder(alice),
    ];
    await changeStatus(alice, held.id, { status: 'PROCESSING' });
    await context.connection.db
      .update(salesOrders)
      .set({ cancelState: 'CANCELED' })
      .where(eq(salesOrders.id, canceled.id));
    const theirs = await anOrder(bob);

    const response = await call(alice, 'POST', '/api/web/orders/change-op-status', {
      orderIds: [outstanding.id, held.id, canceled.id, theirs.id, outstanding.id],
      status: 'PROCESSING',
      note: 'Batch to the workshop',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ChangeOrdersOpStatusResult>();
    expect(result.changed).toEqual([
      { id: outstanding.id, name: outstanding.name, fromStatus: 'OUTSTANDING' },
    ]);
    expect(result.refused.map((item) => [item.id, item.name, item.reason])).toEqual([
      [held.id, held.name, 'op_status_unchanged'],
      [canceled.id, canceled.name, 'order_canceled'],
      [theirs.id, null, 'order_not_found'],
    ]);
    expect((await history(alice, outstanding.id)).at(-1)).toMatchObject({
      kind: 'STATUS_CHANGED',
      toStatus: 'PROCESSING',
      note: 'Batch to the workshop',
    });
    // Bob's order stayed as it was.
    const [row] = await context.connection.db
      .select()
      .from(salesOrders)
      .where(eq(salesOrders.id, theirs.id));
    expect(row?.productionStatus).toBe('OUTSTANDING');

    for (const [payload, field] of [
      [{ orderIds: [], status: 'PROCESSING' }, 'body.orderIds'],
      [{ orderIds: ['nope'], status: 'PROCESSING' }, 'body.orderIds.0'],
      [
        { orderIds: Array.from({ length: 251 }, () => outstanding.id), status: 'PROCESSING' },
        'body.orderIds',
      ],
      [{ orderIds: [outstanding.id], status: 'SHIPPED' }, 'body.status'],
    ] as const) {
      const error = expectApiError(
        await call(alice, 'POST', '/api/web/orders/change-op-status', payload),
        400,
        { code: 'bad_request' },
      );
      expect(error.details?.map((detail) => detail.field)).toEqual([field]);
    }
  });
});
