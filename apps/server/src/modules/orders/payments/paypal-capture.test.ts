import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@atelier/contract/orders/invoice';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import { queryRows } from '@/db/client';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import {
  US_ADDRESS as ADDRESS,
  anOrdersWorld,
  requestsTo,
  type Caller,
  type Requests,
} from '@/testing/orders-fixtures';
import { createTestAppWithDataDir, type TestContext } from '@/testing/test-app';
import { startPaypalFake, type PaypalFake } from './paypal-fake';

/**
 * Spec §7 paypal-capture through the HTTP API: PayPal simulated locally (the default), and the
 * PayPal adapter against the local fake of PayPal's API (never the network).
 */

type World = {
  context: TestContext;
  requests: Requests;
  alice: Caller;
  bob: Caller;
  acme: Caller;
  conversationSid: string;
};

const PUBLIC_URL = 'https://atelier.example';

const setUp = async (env: Record<string, string> = {}): Promise<World> => {
  const context = await createTestAppWithDataDir('atelier-paypal-', { PUBLIC_URL, ...env });
  const { alice, bob, acme, conversation } = await anOrdersWorld(context);
  const requests = requestsTo(context);
  return { context, requests, alice, bob, acme, conversationSid: conversation.sid };
};

const tearDown = async (world: World | undefined) => {
  if (!world) return;
  await world.context.close();
};

const call = (world: World, ...request: Parameters<Requests['call']>) =>
  world.requests.call(...request);

const ok = <T>(world: World, ...request: Parameters<Requests['ok']>) =>
  world.requests.ok<T>(...request);

/** A fresh invoice of two production lines in Alice's cart: its order item ids. */
const cartItems = async (world: World): Promise<string[]> => {
  const invoice = await world.requests.sendInvoice(world.acme, {
    conversationId: world.conversationSid,
    lines: [
      { title: 'Heavyweight tee, black', quantity: 100, unitPrice: 850 },
      { title: 'Tech pack revision', category: 'DESIGN_SERVICE', quantity: 1, unitPrice: 12000 },
    ],
    shippingAmount: 1500,
    leadTimeDays: 30,
  });
  const added = await world.requests.addToCart(world.alice, invoice.id);
  return added.lines.map((line) => line.orderItemId!);
};

const pay = (world: World, itemIds: string[], paymentMethod: object, key?: string) =>
  world.requests.pay(world.alice, { itemIds, shippingAddress: ADDRESS, paymentMethod }, key);

const payWithPaypal = async (world: World, itemIds: string[]) => {
  const response = await pay(world, itemIds, { type: 'paypal' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Payment>();
};

const capture = (world: World, caller: Caller, paymentId: string, body: object = {}) =>
  call(
    world,
    caller,
    'POST',
    `/api/web/creator-invoice-payments/${paymentId}/paypal-capture`,
    body,
  );

const statusesOf = async (world: World, itemIds: string[]) =>
  Promise.all(
    itemIds.map(
      async (id) =>
        (await ok<OrderItem>(world, world.alice, 'GET', `/api/web/creator-order-items/${id}`))
          .status,
    ),
  );

const ledgerOf = (world: World, paymentId: string) =>
  queryRows<{ kind: string; amount: number; provider_reference: string | null }>(
    world.context.connection.db,
    sql`select kind, amount::int as amount, provider_reference from payment_ledger_entries
        where payment_id = ${paymentId} order by created_at`,
  );

const paymentRow = async (world: World, paymentId: string) => {
  const [row] = await queryRows<{ status: string; provider: string; provider_charge_id: string }>(
    world.context.connection.db,
    sql`select status, provider, provider_charge_id from creator_payments where id = ${paymentId}`,
  );
  return row!;
};

/** Cancels (store asks, supplier confirms) each item: the refunds go through the provider. */
const cancelAll = async (world: World, itemIds: string[]) => {
  const canceled: OrderItem[] = [];
  for (const id of itemIds) {
    await ok(world, world.alice, 'POST', `/api/web/creator-order-items/${id}/cancel-request`, {
      reason: 'Not needed',
    });
    canceled.push(
      await ok<OrderItem>(
        world,
        world.acme,
        'POST',
        `/api/partner/order-items/${id}/confirm-cancel`,
      ),
    );
  }
  return canceled;
};

describe('PayPal simulated locally (the default)', () => {
  let world: World;
  beforeAll(async () => {
    world = await setUp();
  });
  afterAll(() => tearDown(world));

  it('says PayPal is simulated in the payment config', async () => {
    const config = await ok<{ paypal: { isLocal: boolean } }>(
      world,
      world.alice,
      'GET',
      '/api/web/payments/config',
    );
    expect(config.paypal).toEqual({ isLocal: true });
  });

  it('approve → capture: COMPLETED, items in production, one CHARGE entry; capturing again changes nothing', async () => {
    const itemIds = await cartItems(world);
    const waiting = await payWithPaypal(world, itemIds);
    expect(waiting).toMatchObject({
      status: 'REQUIRES_ACTION',
      provider: 'local_paypal',
      nextAction: { type: 'redirect', url: null },
    });
    expect(await statusesOf(world, itemIds)).toEqual(['CHARGE_PENDING', 'CHARGE_PENDING']);

    const paid = await ok<Payment>(
      world,
      world.alice,
      'POST',
      `/api/web/creator-invoice-payments/${waiting.id}/paypal-capture`,
      { outcome: 'approved' },
    );
    expect(paid).toMatchObject({ id: waiting.id, status: 'COMPLETED', result: 'COMPLETED' });
    expect(await statusesOf(world, itemIds)).toEqual(['IN_PRODUCTION', 'IN_PRODUCTION']);
    const ledger = await ledgerOf(world, waiting.id);
    expect(ledger).toEqual([
      {
        kind: 'CHARGE',
        amount: waiting.amount,
        provider_reference: expect.stringMatching(/^lpc_/),
      },
    ]);

    const again = await capture(world, world.alice, waiting.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Payment>().status).toBe('COMPLETED');
    expect(await ledgerOf(world, waiting.id)).toHaveLength(1);
  });

  it('buyer cancels at PayPal: DECLINED, items back in the cart, nothing charged', async () => {
    const itemIds = await cartItems(world);
    const waiting = await payWithPaypal(world, itemIds);
    const canceled = await ok<Payment>(
      world,
      world.alice,
      'POST',
      `/api/web/creator-invoice-payments/${waiting.id}/paypal-capture`,
      { outcome: 'cancelled' },
    );
    expect(canceled).toMatchObject({
      status: 'DECLINED',
      result: 'INSTRUMENT_DECLINED',
      failureReason: 'You canceled the payment at PayPal; nothing was charged.',
    });
    expect(await statusesOf(world, itemIds)).toEqual(['IN_SHOPPING_CART', 'IN_SHOPPING_CART']);
    expect(await ledgerOf(world, waiting.id)).toEqual([]);
    // Nothing left to capture; the items can be paid again.
    expectApiError(await capture(world, world.alice, waiting.id), 409, {
      code: 'conflict',
      reason: 'payment_not_awaiting_capture',
    });
    const retried = await payWithPaypal(world, itemIds);
    expect(retried.status).toBe('REQUIRES_ACTION');
    await capture(world, world.alice, retried.id, { outcome: 'cancelled' });
  });

  it('captures once when asked concurrently', async () => {
    const itemIds = await cartItems(world);
    const waiting = await payWithPaypal(world, itemIds);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => capture(world, world.alice, waiting.id)),
    );
    for (const answer of answers) {
      if (answer.statusCode === 200) {
        expect(answer.json<Payment>().status).toBe('COMPLETED');
      } else {
        expectApiError(answer, 409, { code: 'conflict', reason: 'payment_capture_in_progress' });
      }
    }
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    expect(await ledgerOf(world, waiting.id)).toHaveLength(1);
    expect((await paymentRow(world, waiting.id)).status).toBe('COMPLETED');
    expect(await statusesOf(world, itemIds)).toEqual(['IN_PRODUCTION', 'IN_PRODUCTION']);
  });

  it("another store's payment is 404 and stays as it was", async () => {
    const itemIds = await cartItems(world);
    const waiting = await payWithPaypal(world, itemIds);
    expectApiError(await capture(world, world.bob, waiting.id), 404, {
      code: 'not_found',
      reason: 'payment_not_found',
    });
    expectApiError(await capture(world, world.bob, waiting.id, { outcome: 'cancelled' }), 404, {
      code: 'not_found',
    });
    expect((await paymentRow(world, waiting.id)).status).toBe('REQUIRES_ACTION');
    expect(await statusesOf(world, itemIds)).toEqual(['CHARGE_PENDING', 'CHARGE_PENDING']);
    await capture(world, world.alice, waiting.id, { outcome: 'cancelled' });
  });

  it('refuses bad input with its field and reason, never a 500', async () => {
    const itemIds = await cartItems(world);
    const unknownType = expectApiError(await pay(world, itemIds, { type: 'bitcoin' }), 400, {
      code: 'bad_request',
    });
    expect(fieldsOf(unknownType).some((field) => field.includes('paymentMethod'))).toBe(true);
    const offSite = expectApiError(
      await pay(world, itemIds, { type: 'paypal', returnPath: '//evil.example/steal' }),
      400,
      { code: 'bad_request' },
    );
    expect(fieldsOf(offSite)).toContainEqual(expect.stringContaining('returnPath'));
    expect(await statusesOf(world, itemIds)).toEqual(['IN_SHOPPING_CART', 'IN_SHOPPING_CART']);

    // A card payment has nothing to capture at PayPal, even one waiting for 3-D Secure.
    const card = (
      await pay(world, itemIds, {
        type: 'test_card',
        number: '4000 0025 0000 3155',
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
      })
    ).json<Payment>();
    expect(card.status).toBe('REQUIRES_ACTION');
    const notPaypal = expectApiError(await capture(world, world.alice, card.id), 400, {
      code: 'bad_request',
      reason: 'payment_not_paypal',
    });
    expect(fieldsOf(notPaypal)).toEqual(['id']);

    const badOutcome = expectApiError(
      await capture(world, world.alice, card.id, { outcome: 'maybe' }),
      400,
      { code: 'bad_request' },
    );
    expect(fieldsOf(badOutcome).some((field) => field.includes('outcome'))).toBe(true);
    expectApiError(await capture(world, world.alice, 'pay_doesnotexist0000'), 404, {
      code: 'not_found',
    });
  });

  it('refunds a production cancel through the PayPal provider that took the payment', async () => {
    const itemIds = await cartItems(world);
    const waiting = await payWithPaypal(world, itemIds);
    const paid = await ok<Payment>(
      world,
      world.alice,
      'POST',
      `/api/web/creator-invoice-payments/${waiting.id}/paypal-capture`,
      {},
    );
    const canceled = await cancelAll(world, itemIds);
    expect(canceled.map((item) => item.status)).toEqual(['CANCELED', 'CANCELED']);
    expect(canceled.reduce((sum, item) => sum + item.refundedAmount, 0)).toBe(paid.amount);
    const refunds = (await ledgerOf(world, waiting.id)).filter((row) => row.kind === 'REFUND');
    expect(refunds).toHaveLength(2);
    for (const refund of refunds) expect(refund.provider_reference).toMatch(/^lpr_/);
  });
});

describe('PayPal through its API (the adapter against a local fake of PayPal)', () => {
  let world: World;
  let fake: PaypalFake;
  beforeAll(async () => {
    fake = await startPaypalFake();
    world = await setUp({
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_API_BASE_URL: fake.url,
    });
  });
  afterAll(async () => {
    await tearDown(world);
    await fake?.close();
  });

  const orderIdOf = (payment: Payment) =>
    new URL(payment.nextAction!.url!).searchParams.get('token')!;

  it('redirects to PayPal, waits for the approval, captures once and refunds the capture', async () => {
    const config = await ok<{ paypal: { isLocal: boolean } }>(
      world,
      world.alice,
      'GET',
      '/api/web/payments/config',
    );
    expect(config.paypal).toEqual({ isLocal: false });
    const itemIds = await cartItems(world);
    const waiting = await payWithPaypal(world, itemIds);
    expect(waiting).toMatchObject({
      status: 'REQUIRES_ACTION',
      provider: 'paypal',
      nextAction: { type: 'redirect', url: expect.stringContaining('checkoutnow?token=') },
    });
    const created = fake.requests.find((request) => request.path === '/v2/checkout/orders')!;
    expect(created.requestId).toBe(waiting.id);
    expect(created.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        { amount: { currency_code: 'USD', value: (waiting.amount / 100).toFixed(2) } },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: `${PUBLIC_URL}/checkout?paypalPayment=${waiting.id}`,
            cancel_url: `${PUBLIC_URL}/checkout?paypalPayment=${waiting.id}&paypalCancelled=1`,
          },
        },
      },
    });

    // Not approved yet: 409, nothing changed.
    expectApiError(await capture(world, world.alice, waiting.id), 409, {
      code: 'conflict',
      reason: 'paypal_not_approved',
    });
    expect((await paymentRow(world, waiting.id)).status).toBe('REQUIRES_ACTION');
    expect(await statusesOf(world, itemIds)).toEqual(['CHARGE_PENDING', 'CHARGE_PENDING']);

    fake.approve(orderIdOf(waiting));
    const paid = (await capture(world, world.alice, waiting.id)).json<Payment>();
    expect(paid).toMatchObject({ status: 'COMPLETED', provider: 'paypal' });
    expect((await capture(world, world.alice, waiting.id)).json<Payment>().status).toBe(
      'COMPLETED',
    );
    const captures = fake.captures().filter((item) => item.orderId === orderIdOf(waiting));
    expect(captures).toEqual([
      expect.objectContaining({ amount: waiting.amount, currencyCode: 'USD' }),
    ]);
    expect(await ledgerOf(world, waiting.id)).toEqual([
      { kind: 'CHARGE', amount: waiting.amount, provider_reference: captures[0]!.id },
    ]);

    const canceled = await cancelAll(world, itemIds);
    expect(canceled.reduce((sum, item) => sum + item.refundedAmount, 0)).toBe(paid.amount);
    const refunds = fake.requests.filter((request) => request.path.endsWith('/refund'));
    expect(refunds.map((request) => request.path)).toEqual([
      `/v2/payments/captures/${captures[0]!.id}/refund`,
      `/v2/payments/captures/${captures[0]!.id}/refund`,
    ]);
  });

  it('a funding source PayPal declines at capture puts the items back in the cart', async () => {
    const itemIds = await cartItems(world);
    const waiting = await payWithPaypal(world, itemIds);
    fake.declineFunding(orderIdOf(waiting));
    const declined = (await capture(world, world.alice, waiting.id)).json<Payment>();
    expect(declined).toMatchObject({ status: 'DECLINED', result: 'INSTRUMENT_DECLINED' });
    expect(declined.failureReason).toContain('Nothing was charged.');
    expect(await statusesOf(world, itemIds)).toEqual(['IN_SHOPPING_CART', 'IN_SHOPPING_CART']);
    expect(await ledgerOf(world, waiting.id)).toEqual([]);
  });

  it('PayPal unreachable at capture leaves the payment waiting; a retry captures once', async () => {
    const itemIds = await cartItems(world);
    const waiting = await payWithPaypal(world, itemIds);
    fake.approve(orderIdOf(waiting));
    fake.failNext(503);
    expectApiError(await capture(world, world.alice, waiting.id), 503, {
      code: 'unavailable',
      reason: 'payment_provider_error',
    });
    expect((await paymentRow(world, waiting.id)).status).toBe('REQUIRES_ACTION');
    expect(await statusesOf(world, itemIds)).toEqual(['CHARGE_PENDING', 'CHARGE_PENDING']);
    const paid = (await capture(world, world.alice, waiting.id)).json<Payment>();
    expect(paid.status).toBe('COMPLETED');
    expect(fake.captures().filter((item) => item.orderId === orderIdOf(waiting))).toHaveLength(1);
  });
});
