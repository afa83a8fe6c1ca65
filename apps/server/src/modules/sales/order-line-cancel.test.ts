import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createManualRetailOrder,
  listStoreOrders,
  type StoreOrder,
  type StoreOrderPage,
} from '@atelier/contract/sales/order';
import type {
  LineItemCancelResult,
  OrderStatusChange,
} from '@atelier/contract/sales/order-operations';
import { lineCancelValueOf } from '@atelier/contract/sales/order-totals';
import { outboxEvents } from '@/events/outbox.table';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { salesCustomers, salesOrders } from './sales.table';

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  context = await createTestApp();
  alice = await registerAccount(context, { name: 'Ada Maker' });
  bob = await registerAccount(context);
});
afterAll(async () => context.close());

/** A paid retail order: 4 mugs at $18.00 with $2.00 off the line, 1 tote; $3.00 off the order. */
const aPaidOrder = async (account: Account, email = 'jo@example.com'): Promise<StoreOrder> => {
  const response = await context.app.inject({
    method: 'POST',
    url: createManualRetailOrder.path,
    headers: account.headers,
    payload: {
      customer: { email, firstName: 'Jo' },
      lines: [
        {
          sku: 'MUG-1',
          title: 'Mug',
          quantity: 4,
          unitPriceAmount: 1_800,
          discountAmount: 200,
          taxAmount: 120,
        },
        { sku: 'TOTE-1', title: 'Tote', quantity: 1, unitPriceAmount: 2_400 },
      ],
      discountAmount: 300,
      shippingAmount: 500,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<StoreOrder>();
};

const cancel = (account: Account, order: StoreOrder, lineIndex: number, payload: object) =>
  context.app.inject({
    method: 'POST',
    url: `/api/web/orders/${order.id}/line-items/${order.lines[lineIndex]?.id ?? 'oli_none'}/cancel`,
    headers: account.headers,
    payload,
  });

const cancelOk = async (
  account: Account,
  order: StoreOrder,
  lineIndex: number,
  payload: object,
) => {
  const response = await cancel(account, order, lineIndex, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LineItemCancelResult>();
};

const customerOf = async (customerId: string) => {
  const [row] = await context.connection.db
    .select()
    .from(salesCustomers)
    .where(eq(salesCustomers.id, customerId));
  return row!;
};

const historyOf = async (account: Account, id: string) =>
  (
    await context.app.inject({
      method: 'GET',
      url: `/api/web/orders/${id}/op-status-history`,
      headers: account.headers,
    })
  ).json<{ items: OrderStatusChange[] }>().items;

describe('line-item cancel (spec §7, issue 11)', () => {
  it('cancels units of a paid order: partial, then whole, with refunds, history, events and the customer’s spending', async () => {
    const order = await aPaidOrder(alice);
    // Lines 7,000 + 2,400 = 9,400; − 300 + 500 shipping + 120 tax.
    expect(order.total.amount).toBe(9_720);
    const spentBefore = (await customerOf(order.customer!.id)).totalSpent;

    const first = await cancelOk(alice, order, 0, { quantity: 1, reason: 'Chipped in storage' });
    const expectedValue = lineCancelValueOf(
      { subtotal: 9_400, discountTotal: 300 },
      { quantity: 4, unitPrice: 1_800, discount: 200, tax: 120, canceledQuantity: 0 },
      1,
    );
    // 1,800 − 50 line discount − 55 order discount share + 30 tax.
    expect(expectedValue).toBe(1_725);
    expect(first.quantity).toBe(1);
    expect(first.refund).toMatchObject({
      amount: { amount: 1_725, currencyCode: 'USD' },
      lines: [{ lineId: order.lines[0]!.id, quantity: 1 }],
    });
    expect(first.order).toMatchObject({
      cancelState: 'PARTIAL',
      financialStatus: 'PARTIALLY_REFUNDED',
      // The amounts stay as placed; the refund gives the money back.
      total: { amount: 9_720 },
      subtotal: { amount: 9_400 },
    });
    expect(first.order.lines.map((line) => line.canceledQuantity)).toEqual([1, 0]);
    expect(first.order.refunds.map((refund) => refund.amount.amount)).toEqual([1_725]);
    expect((await customerOf(order.customer!.id)).totalSpent).toBe(spentBefore);

    // The rest of the mugs (no quantity: every unit left), then the tote: the order is canceled.
    const second = await cancelOk(alice, order, 0, { reason: 'Supplier out of stock' });
    expect(second.quantity).toBe(3);
    expect(second.order.cancelState).toBe('PARTIAL');
    const last = await cancelOk(alice, order, 1, { reason: 'Customer asked' });
    expect(last.order).toMatchObject({ cancelState: 'CANCELED', financialStatus: 'REFUNDED' });
    // Every cent back, shipping included.
    const refunded = last.order.refunds.reduce((sum, refund) => sum + refund.amount.amount, 0);
    expect(refunded).toBe(9_720);
    // A canceled order spends nothing.
    expect((await customerOf(order.customer!.id)).totalSpent).toBe(spentBefore - 9_720);

    const history = await historyOf(alice, order.id);
    expect(
      history
        .filter((entry) => entry.kind === 'LINE_ITEM_CANCELED')
        .map((entry) => [
          entry.canceledItem?.title,
          entry.canceledItem?.quantity,
          entry.note,
          entry.cancelState,
          entry.changedBy,
        ]),
    ).toEqual([
      ['Mug', 1, 'Chipped in storage', 'PARTIAL', 'Ada Maker'],
      ['Mug', 3, 'Supplier out of stock', 'PARTIAL', 'Ada Maker'],
      ['Tote', 1, 'Customer asked', 'CANCELED', 'Ada Maker'],
    ]);

    const events = await context.connection.db
      .select()
      .from(outboxEvents)
      .where(
        and(eq(outboxEvents.type, 'sales.order.updated'), eq(outboxEvents.aggregateId, order.id)),
      );
    expect(events.map((event) => (event.payload as { changes: string[] }).changes)).toEqual([
      ['lineItems', 'cancelState', 'financialStatus'],
      ['lineItems'],
      ['lineItems', 'cancelState', 'financialStatus'],
    ]);

    // The list moves it to Canceled (and Returns: it has refunds).
    const page = (
      await context.app.inject({
        method: 'GET',
        url: `${listStoreOrders.path}?search=${encodeURIComponent(order.name)}`,
        headers: alice.headers,
      })
    ).json<StoreOrderPage>();
    expect(page.counts).toMatchObject({ CANCELED: 1, RETURNS: 1, OUTSTANDING: 0 });

    // Nothing more to cancel on a canceled order.
    expectApiError(await cancel(alice, order, 0, { reason: 'Again' }), 409, {
      code: 'conflict',
      reason: 'order_canceled',
    });
  });

  it('records no money for an unpaid order and voids its payment once all is canceled', async () => {
    const { id } = await context.sales.storeOrderService.recordOrder(alice.storeId, {
      origin: 'SHOPIFY_CREATOR',
      channel: 'shopify:test',
      externalId: '1001',
      placedAt: new Date('2026-01-05T10:00:00Z'),
      timeZone: 'UTC',
      currencyCode: 'USD',
      lines: [{ sku: 'CAP', title: 'Cap', quantity: 2, unitPrice: 1_500, discount: 0, tax: 0 }],
      subtotal: 3_000,
      discountTotal: 0,
      shippingTotal: 0,
      taxTotal: 0,
      total: 3_000,
      discountCodes: [],
      customer: { email: 'pending@example.com', firstName: null, lastName: null },
      shippingAddress: null,
      billingAddress: null,
      financialStatus: 'PENDING',
      productionStatus: 'OUTSTANDING',
      tags: [],
      note: null,
    });
    const order = await context.sales.storeOrderService.readOrder(alice.storeId, id);
    const result = await cancelOk(alice, order, 0, { quantity: 2, reason: 'Never paid' });
    expect(result.refund).toBeNull();
    expect(result.order).toMatchObject({
      cancelState: 'CANCELED',
      financialStatus: 'VOIDED',
      refunds: [],
    });
    expect((await customerOf(order.customer!.id)).totalSpent).toBe(0);
  });

  it('refuses a line with nothing left, a sent order, too many units and bad input, changing nothing', async () => {
    const order = await aPaidOrder(alice, 'refusals@example.com');
    await cancelOk(alice, order, 1, { reason: 'Customer asked' });
    expectApiError(await cancel(alice, order, 1, { reason: 'Again' }), 409, {
      code: 'conflict',
      reason: 'line_item_canceled',
    });

    const tooMany = expectApiError(
      await cancel(alice, order, 0, { quantity: 5, reason: 'x' }),
      400,
      {
        code: 'bad_request',
      },
    );
    expect(fieldsOf(tooMany)).toEqual(['body.quantity']);
    expect(tooMany.message).toContain('Only 4');
    for (const [payload, field] of [
      [{ quantity: 0, reason: 'x' }, 'body.quantity'],
      [{ quantity: 1.5, reason: 'x' }, 'body.quantity'],
      [{ quantity: 1 }, 'body.reason'],
      [{ quantity: 1, reason: '   ' }, 'body.reason'],
    ] as const) {
      const error = expectApiError(await cancel(alice, order, 0, payload), 400, {
        code: 'bad_request',
      });
      expect(fieldsOf(error), JSON.stringify(payload)).toEqual([field]);
    }
    const badLine = await context.app.inject({
      method: 'POST',
      url: `/api/web/orders/${order.id}/line-items/not-a-line/cancel`,
      headers: alice.headers,
      payload: { reason: 'x' },
    });
    expect(fieldsOf(expectApiError(badLine, 400, { code: 'bad_request' }))).toEqual([
      'params.lineId',
    ]);
    expectApiError(
      await context.app.inject({
        method: 'POST',
        url: `/api/web/orders/${order.id}/line-items/oli_doesnotexist/cancel`,
        headers: alice.headers,
        payload: { reason: 'x' },
      }),
      404,
      { code: 'not_found', reason: 'line_item_not_found' },
    );

    // Another store's order is not found, and stays as it was.
    expectApiError(await cancel(bob, order, 0, { reason: 'Not mine' }), 404, {
      code: 'not_found',
      reason: 'order_not_found',
    });

    // Once sent (in part), its items stay.
    await context.connection.db
      .update(salesOrders)
      .set({ fulfillmentState: 'PARTIAL' })
      .where(eq(salesOrders.id, order.id));
    expectApiError(await cancel(alice, order, 0, { quantity: 1, reason: 'Late' }), 409, {
      code: 'conflict',
      reason: 'order_fulfilled',
    });
    const after = await context.sales.storeOrderService.readOrder(alice.storeId, order.id);
    expect(after.lines.map((line) => line.canceledQuantity)).toEqual([0, 1]);
    expect(after.refunds).toHaveLength(1);
  });
});
