import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '@atelier/contract/billing/billing-api';
import { billingEndpoints as api } from '@atelier/contract/billing/billing-api';
import { expectApiError } from '@/testing/api-error';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { startStripeFake, type StripeFake, type StripeFakeEvent } from '@/testing/stripe-fake';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { LOCAL_WEBHOOK_SIGNATURE_HEADER, signLocalWebhook } from '../orders';
import { BILLING_WEBHOOKS_PATH } from './billing-webhook.routes';
import { billingInvoices, billingPaymentMethods, billingWebhookEvents } from './billing.table';
import { DAY_MS, DECLINES, billingClient } from './billing-test-support';

/** The default of LOCAL_PAYMENT_WEBHOOK_SECRET: the local gateway signs with it. */
const LOCAL_SECRET = 'atelier-local-payments-webhook';
const STRIPE_SECRET = 'whsec_payments_atelier';
const STRIPE_BILLING_SECRET = 'whsec_billing_atelier';

const post = (context: TestContext, payload: string | Buffer, headers: Record<string, string>) =>
  context.app.inject({ method: 'POST', url: BILLING_WEBHOOKS_PATH, payload, headers });

const storedEvents = (context: TestContext, eventId: string) =>
  context.connection.db
    .select()
    .from(billingWebhookEvents)
    .where(eq(billingWebhookEvents.eventId, eventId));

const invoiceRows = (context: TestContext, storeId: string) =>
  context.connection.db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.storeId, storeId))
    .orderBy(asc(billingInvoices.number));

describe('POST /api/billing/webhooks on the default install (local gateway)', () => {
  let context: TestContext;
  let billing: ReturnType<typeof billingClient>;
  beforeAll(async () => {
    context = await createTestApp();
    billing = billingClient(context);
  });
  afterAll(async () => {
    await context.close();
  });

  const nowSeconds = () => Math.floor(context.clock.now().getTime() / 1000);
  const signed = (body: unknown, timestamp = nowSeconds(), secret = LOCAL_SECRET) => {
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    return {
      payload,
      headers: {
        'content-type': 'application/json',
        [LOCAL_WEBHOOK_SIGNATURE_HEADER]: signLocalWebhook(payload, secret, timestamp),
      },
    };
  };
  const send = (body: unknown, timestamp?: number, secret?: string) => {
    const { payload, headers } = signed(body, timestamp, secret);
    return post(context, payload, headers);
  };

  it.each([
    ['no signature', () => post(context, JSON.stringify({ id: 'evt_bad_1', type: 'other' }), {})],
    ['another secret', () => send({ id: 'evt_bad_2', type: 'other' }, undefined, 'x'.repeat(32))],
    ['a stale signature', () => send({ id: 'evt_bad_3', type: 'other' }, nowSeconds() - 301)],
    [
      'a tampered body',
      () => {
        const { headers } = signed({ id: 'evt_bad_4', type: 'other' });
        return post(context, JSON.stringify({ id: 'evt_bad_4', type: 'invoice.paid' }), headers);
      },
    ],
  ])('answers 401 to %s and records nothing', async (_name, deliver) => {
    expectApiError(await deliver(), 401, {
      code: 'unauthenticated',
      reason: 'payment_webhook_signature_invalid',
    });
    for (const id of ['evt_bad_1', 'evt_bad_2', 'evt_bad_3', 'evt_bad_4']) {
      expect(await storedEvents(context, id)).toEqual([]);
    }
  });

  it('processes an event once: a replay answers duplicate', async () => {
    const event = {
      id: 'evt_local_once',
      type: 'invoice.voided',
      data: { providerInvoiceId: 'in_x' },
    };
    const first = await send(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ok: true, duplicate: false });
    const replay = await send(event);
    expect(replay.json()).toEqual({ ok: true, duplicate: true });
    expect(await storedEvents(context, 'evt_local_once')).toEqual([
      expect.objectContaining({ type: 'invoice.voided' }),
    ]);
  });

  it('acknowledges an invoice it does not know and changes nothing', async () => {
    const account = await billing.activeStore();
    await billing.addCard(account, DECLINES, true);
    await billing.advanceToPeriodEnd(account);
    const [, open] = await invoiceRows(context, account.storeId);
    expect(open).toMatchObject({ status: 'OPEN', providerInvoiceId: null });

    // The local gateway makes no provider invoices: not even Atelier's own id matches one.
    for (const providerInvoiceId of ['in_unknown', open!.id]) {
      const response = await send({
        id: `evt_unknown_${providerInvoiceId}`,
        type: 'invoice.paid',
        data: { providerInvoiceId, amountPaid: open!.total, currencyCode: 'usd' },
      });
      expect(response.json()).toEqual({ ok: true, duplicate: false });
    }
    const [, still] = await invoiceRows(context, account.storeId);
    expect(still).toEqual(open);
    expect((await billing.overview(account)).subscription?.status).toBe('PAST_DUE');
  });

  it.each([
    ['a signed body that is not JSON', () => send('not json at all')],
    ['a signed JSON array', () => send('[1,2,3]')],
    ['a signed event without an id', () => send({ type: 'invoice.paid' })],
    [
      'a signed event with a non-integer amount',
      () => send({ id: 'evt_odd', type: 'invoice.paid', data: { amountPaid: 'lots' } }),
    ],
    ['an empty body', () => post(context, '', {})],
    [
      'binary garbage as octet-stream',
      () =>
        post(context, Buffer.from([0xff, 0x00, 0xfe, 0x7b]), {
          'content-type': 'application/octet-stream',
        }),
    ],
  ])('answers %s with 401, never a 500', async (_name, deliver) => {
    expectApiError(await deliver(), 401, {
      code: 'unauthenticated',
      reason: 'payment_webhook_signature_invalid',
    });
  });

  it('reads a signed event whatever its content type says', async () => {
    const { payload, headers } = signed({ id: 'evt_text_plain', type: 'other' });
    const response = await post(context, payload, { ...headers, 'content-type': 'text/plain' });
    expect(response.json()).toEqual({ ok: true, duplicate: false });
  });
});

describe('POST /api/billing/webhooks with Stripe', () => {
  let fake: StripeFake;
  let context: TestContext;
  let billing: ReturnType<typeof billingClient>;
  beforeAll(async () => {
    fake = await startStripeFake();
    context = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_atelier',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_atelier',
      STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
      STRIPE_BILLING_WEBHOOK_SECRET: STRIPE_BILLING_SECRET,
      STRIPE_API_BASE_URL: fake.url,
      SESSION_IDLE_TIMEOUT_MS: String(400 * DAY_MS),
      SESSION_ABSOLUTE_TIMEOUT_MS: String(400 * DAY_MS),
      SESSION_RENEW_AFTER_MS: String(400 * DAY_MS),
    });
    billing = billingClient(context);
  });
  afterAll(async () => {
    await context.close();
    await fake.close();
  });

  const deliver = (event: StripeFakeEvent | object, secret = STRIPE_BILLING_SECRET) => {
    const timestamp = Math.floor(context.clock.now().getTime() / 1000);
    const { payload, headers } = fake.signedDelivery(event, secret, timestamp);
    return post(context, payload, headers);
  };
  /** The last event Stripe sent of `type` about the object `objectId`. */
  const lastEvent = (type: string, objectId: string | null) => {
    const event = fake.events.findLast(
      (entry) => entry.type === type && (entry.data.object as { id: string }).id === objectId,
    );
    if (!event) throw new Error(`no ${type} event for ${objectId}`);
    return event;
  };

  const attachCard = async (
    account: StoreAccount,
    paymentMethodId: string,
    makeDefault?: boolean,
  ) => {
    const response = await billing.call(account, 'POST', api.attachPaymentMethod.path, {
      paymentMethod: { type: 'stripe', paymentMethodId },
      ...(makeDefault === undefined ? {} : { makeDefault }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PaymentMethod>();
  };

  /** A Beginner store whose first invoice (at the trial's end) was declined: PAST_DUE. */
  const pastDueStore = async () => {
    const account = await registerAccount(context);
    await attachCard(account, 'pm_card_chargeDeclined');
    const started = await billing.changePlan(account, { planType: 'TIER_2', interval: 'MONTH' });
    expect(started.statusCode, started.body).toBe(200);
    context.clock.advance(14 * DAY_MS);
    await context.billing.renewals.runDue(account.storeId);
    const [open] = await invoiceRows(context, account.storeId);
    expect(open).toMatchObject({
      status: 'OPEN',
      providerInvoiceId: expect.stringMatching(/^in_/),
    });
    expect((await billing.overview(account)).subscription?.status).toBe('PAST_DUE');
    return { account, open: open! };
  };

  /** Everything billing holds about a store that a webhook could change. */
  const snapshot = async (account: StoreAccount) => ({
    invoices: await invoiceRows(context, account.storeId),
    cards: await context.connection.db
      .select()
      .from(billingPaymentMethods)
      .where(eq(billingPaymentMethods.storeId, account.storeId)),
    overview: (await billing.overview(account)).subscription,
    planType: await billing.planTypeOf(account.storeId),
  });

  it('brings a PAST_DUE plan back to ACTIVE when its invoice is paid at Stripe, once, and only that store', async () => {
    const { account, open } = await pastDueStore();
    const other = await pastDueStore();
    const otherBefore = await snapshot(other.account);

    // The owner paid the open invoice on Stripe's hosted page.
    fake.payInvoiceOutOfBand(open.providerInvoiceId!);
    const event = lastEvent('invoice.paid', open.providerInvoiceId);
    const response = await deliver(event);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, duplicate: false });

    const [paid] = await invoiceRows(context, account.storeId);
    expect(paid).toMatchObject({
      id: open.id,
      status: 'PAID',
      amountPaid: open.total,
      paidAt: context.clock.now(),
      nextPaymentAttemptAt: null,
    });
    const overview = await billing.overview(account);
    expect(overview.subscription).toMatchObject({ status: 'ACTIVE', hasPaymentProblem: false });
    expect(await billing.planTypeOf(account.storeId)).toBe('TIER_2');
    expect(await snapshot(other.account)).toEqual(otherBefore);

    const before = await snapshot(account);
    const replay = await deliver(event);
    expect(replay.json()).toEqual({ ok: true, duplicate: true });
    expect(await snapshot(account)).toEqual(before);
    expect(await storedEvents(context, event.id)).toHaveLength(1);
  });

  it('records why a payment failed on the open invoice', async () => {
    const { account, open } = await pastDueStore();
    const failed = lastEvent('invoice.payment_failed', open.providerInvoiceId);
    await context.connection.db
      .update(billingInvoices)
      .set({ failureReason: null })
      .where(eq(billingInvoices.id, open.id));
    expect((await deliver(failed)).json()).toEqual({ ok: true, duplicate: false });
    const [row] = await invoiceRows(context, account.storeId);
    expect(row).toMatchObject({ status: 'OPEN', failureReason: 'The card was declined.' });
  });

  it.each([
    ['void', 'invoice.voided', 'VOID'],
    ['uncollectible', 'invoice.marked_uncollectible', 'UNCOLLECTIBLE'],
  ] as const)(
    'closes the open invoice closed in Stripe’s dashboard (%s)',
    async (to, type, status) => {
      const { account, open } = await pastDueStore();
      fake.closeInvoiceInDashboard(open.providerInvoiceId!, to);
      expect((await deliver(lastEvent(type, open.providerInvoiceId))).statusCode).toBe(200);
      const [row] = await invoiceRows(context, account.storeId);
      expect(row).toMatchObject({ status, nextPaymentAttemptAt: null });
    },
  );

  it('marks a card removed in Stripe’s dashboard detached, in its store only', async () => {
    const account = await registerAccount(context);
    const visa = await attachCard(account, 'pm_card_visa');
    const mastercard = await attachCard(account, 'pm_card_mastercard');
    const other = await registerAccount(context);
    await attachCard(other, 'pm_card_visa');
    const otherBefore = await snapshot(other);
    const [row] = await context.connection.db
      .select()
      .from(billingPaymentMethods)
      .where(eq(billingPaymentMethods.id, visa.id));

    fake.detachInDashboard(row!.providerPaymentMethodId);
    const response = await deliver(
      lastEvent('payment_method.detached', row!.providerPaymentMethodId),
    );
    expect(response.json()).toEqual({ ok: true, duplicate: false });
    const listed = await billing.call(account, 'GET', api.paymentMethods.path);
    expect(listed.json<{ items: PaymentMethod[] }>().items).toEqual([
      { ...mastercard, isDefault: true },
    ]);
    expect(await snapshot(other)).toEqual(otherBefore);
  });

  it('acknowledges subscription events and unknown invoices, changing nothing', async () => {
    const { account } = await pastDueStore();
    const before = await snapshot(account);
    const subscriptionEvent = {
      id: 'evt_subscription_updated',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_1', object: 'subscription', status: 'active' } },
    };
    expect((await deliver(subscriptionEvent)).json()).toEqual({ ok: true, duplicate: false });
    const unknown = {
      id: 'evt_unknown_invoice',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_not_atelier',
          object: 'invoice',
          customer: 'cus_x',
          amount_paid: 100,
          currency: 'usd',
        },
      },
    };
    expect((await deliver(unknown)).json()).toEqual({ ok: true, duplicate: false });
    expect(await snapshot(account)).toEqual(before);
  });

  it('verifies with STRIPE_BILLING_WEBHOOK_SECRET: the payments endpoint’s secret is refused', async () => {
    const { account, open } = await pastDueStore();
    fake.payInvoiceOutOfBand(open.providerInvoiceId!);
    const event = lastEvent('invoice.paid', open.providerInvoiceId);
    expectApiError(await deliver(event, STRIPE_SECRET), 401, {
      code: 'unauthenticated',
      reason: 'payment_webhook_signature_invalid',
    });
    expect(await storedEvents(context, event.id)).toEqual([]);
    const [row] = await invoiceRows(context, account.storeId);
    expect(row).toMatchObject({ status: 'OPEN' });
  });
});
