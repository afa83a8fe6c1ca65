import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '@atelier/contract/billing/billing-api';
import { billingEndpoints as api } from '@atelier/contract/billing/billing-api';
import { expectApiError } from '@/testing/api-error';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { startStripeFake, type StripeFake } from '@/testing/stripe-fake';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { BILLING_WEBHOOKS_PATH } from './billing-webhook.routes';
import { billingAccounts, billingInvoices, billingPaymentMethods } from './billing.table';
import { DAY_MS, billingClient } from './billing-test-support';

/**
 * Billing with Stripe configured, through the HTTP API, against the local fake of Stripe's API
 * (never the network): Atelier's engine decides when and how much, Stripe Billing objects move
 * the money. The test clock is Stripe-less only, so time passes on the server's clock here.
 */

type StripeInvoice = {
  id: string;
  customer: string;
  status: string;
  total: number;
  amount_paid: number;
  attempt_count: number;
  metadata: Record<string, string>;
  lines: { data: { amount: number; description: string }[] };
};

let fake: StripeFake;
let context: TestContext;
let billing: ReturnType<typeof billingClient>;

beforeAll(async () => {
  fake = await startStripeFake();
  context = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_atelier',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_atelier',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_atelier',
    STRIPE_API_BASE_URL: fake.url,
    // Sessions outlive the server clock's jumps below.
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

const invoiceRows = (storeId: string) =>
  context.connection.db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.storeId, storeId))
    .orderBy(asc(billingInvoices.number));

const customerIdOf = async (storeId: string) => {
  const [account] = await context.connection.db
    .select({ customerId: billingAccounts.providerCustomerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.storeId, storeId));
  return account?.customerId ?? null;
};

const stripeInvoice = (id: string | null) =>
  fake.listInvoices().find((invoice) => invoice.id === id) as StripeInvoice | undefined;

const stripeInvoicesOf = async (storeId: string) => {
  const customerId = await customerIdOf(storeId);
  return fake.listInvoices().filter((invoice) => invoice.customer === customerId);
};

/** Moves the server's clock (Stripe's billing time) and runs what fell due for the store. */
const runDueAfter = async (account: StoreAccount, days: number) => {
  context.clock.advance(days * DAY_MS);
  await context.billing.renewals.runDue(account.storeId);
};

const statusOf = async (account: StoreAccount) =>
  (await billing.overview(account)).subscription?.status;

/** A store on Beginner (monthly) whose trial has ended, paid by `card` (a Stripe test token). */
const storeAfterTrial = async (card: string) => {
  const account = await registerAccount(context);
  await attachCard(account, card);
  const started = await billing.changePlan(account, { planType: 'TIER_2', interval: 'MONTH' });
  expect(started.statusCode, started.body).toBe(200);
  await runDueAfter(account, 14);
  return account;
};

describe('billing with Stripe: cards', () => {
  it('saves cards with the brand, last 4 and expiry Stripe has, on one Stripe customer per store', async () => {
    const account = await registerAccount(context);
    const visa = await attachCard(account, 'pm_card_visa');
    expect(visa).toMatchObject({
      provider: 'stripe',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      isDefault: true,
    });
    const mastercard = await attachCard(account, 'pm_card_mastercard');
    expect(mastercard).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });

    const customerId = await customerIdOf(account.storeId);
    expect(customerId).toMatch(/^cus_/);
    expect(fake.findCustomer(customerId!)).toMatchObject({
      email: account.input.email,
      name: account.input.storeTitle,
      metadata: { storeId: account.storeId },
    });
    const created = fake.requests.filter(
      (request) =>
        request.path === '/v1/customers' && request.body['metadata[storeId]'] === account.storeId,
    );
    expect(created).toHaveLength(1);

    const cards = await context.connection.db
      .select()
      .from(billingPaymentMethods)
      .where(eq(billingPaymentMethods.storeId, account.storeId));
    const providerIdOf = (id: string) =>
      cards.find((card) => card.id === id)!.providerPaymentMethodId;
    const defaultAtStripe = () =>
      (fake.findCustomer(customerId!) as { invoice_settings: { default_payment_method: string } })
        .invoice_settings.default_payment_method;
    expect(defaultAtStripe()).toBe(providerIdOf(visa.id));

    const made = await billing.call(
      account,
      'POST',
      api.defaultPaymentMethod.path.replace(':id', mastercard.id),
    );
    expect(made.json()).toMatchObject({ id: mastercard.id, isDefault: true });
    expect(defaultAtStripe()).toBe(providerIdOf(mastercard.id));

    const removed = await billing.call(
      account,
      'DELETE',
      api.detachPaymentMethod.path.replace(':id', visa.id),
    );
    expect(removed.json()).toEqual({ ok: true });
    expect(fake.events.at(-1)).toMatchObject({
      type: 'payment_method.detached',
      data: { object: { id: providerIdOf(visa.id), customer: null } },
    });
    const listed = await billing.call(account, 'GET', api.paymentMethods.path);
    expect(listed.json<{ items: PaymentMethod[] }>().items.map((card) => card.id)).toEqual([
      mastercard.id,
    ]);
  });

  it('refuses a card Stripe does not know, saving nothing', async () => {
    const account = await registerAccount(context);
    expectApiError(
      await billing.call(account, 'POST', api.attachPaymentMethod.path, {
        paymentMethod: { type: 'stripe', paymentMethodId: 'pm_unknown_card' },
      }),
      422,
      { code: 'unprocessable', reason: 'payment_provider_rejected' },
    );
    const listed = await billing.call(account, 'GET', api.paymentMethods.path);
    expect(listed.json<{ items: PaymentMethod[] }>().items).toEqual([]);
  });
});

describe('billing with Stripe: webhooks', () => {
  it('verifies billing webhooks with STRIPE_WEBHOOK_SECRET when no billing secret is set', async () => {
    const event = {
      id: 'evt_fallback_secret',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_1', object: 'subscription' } },
    };
    const timestamp = Math.floor(context.clock.now().getTime() / 1000);
    const deliver = (secret: string) => {
      const { payload, headers } = fake.signedDelivery(event, secret, timestamp);
      return context.app.inject({ method: 'POST', url: BILLING_WEBHOOKS_PATH, payload, headers });
    };
    expectApiError(await deliver('whsec_other'), 401, {
      code: 'unauthenticated',
      reason: 'payment_webhook_signature_invalid',
    });
    const accepted = await deliver('whsec_test_atelier');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ ok: true, duplicate: false });
  });
});

describe('billing with Stripe: invoices', () => {
  it('charges the plan through a Stripe invoice with Atelier’s lines, credits included', async () => {
    const account = await storeAfterTrial('pm_card_visa');
    expect(await statusOf(account)).toBe('ACTIVE');
    const [first] = await invoiceRows(account.storeId);
    expect(first).toMatchObject({
      status: 'PAID',
      providerInvoiceId: expect.stringMatching(/^in_/),
      providerChargeId: expect.stringMatching(/^pi_/),
    });
    expect(stripeInvoice(first!.providerInvoiceId)).toMatchObject({
      customer: await customerIdOf(account.storeId),
      status: 'paid',
      total: first!.total,
      amount_paid: first!.total,
      metadata: { billingInvoiceId: first!.id, storeId: account.storeId },
      lines: { data: [{ amount: first!.total, description: first!.lines[0]!.description }] },
    });

    // An upgrade ten days in: a credit for the unused time, then the new plan's rest.
    context.clock.advance(10 * DAY_MS);
    const upgraded = await billing.changePlan(account, { planType: 'TIER_3', interval: 'MONTH' });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    const [, proration] = await invoiceRows(account.storeId);
    expect(proration!.lines.map((line) => Math.sign(line.amount))).toEqual([-1, 1]);
    const atStripe = stripeInvoice(proration!.providerInvoiceId)!;
    expect(atStripe.status).toBe('paid');
    expect(atStripe.total).toBe(proration!.total);
    expect(atStripe.lines.data.map((line) => [line.description, line.amount])).toEqual(
      proration!.lines.map((line) => [line.description, line.amount]),
    );
    expect(await stripeInvoicesOf(account.storeId)).toHaveLength(2);
  });

  it('leaves a declined renewal OPEN with the card’s reason; dunning’s retry pays that same Stripe invoice', async () => {
    const account = await storeAfterTrial('pm_card_chargeDeclinedInsufficientFunds');
    expect(await statusOf(account)).toBe('PAST_DUE');
    const [open] = await invoiceRows(account.storeId);
    expect(open).toMatchObject({
      status: 'OPEN',
      attemptCount: 1,
      failureReason: 'Your card has insufficient funds.',
      providerInvoiceId: expect.stringMatching(/^in_/),
    });
    expect(stripeInvoice(open!.providerInvoiceId)).toMatchObject({ status: 'open' });

    await attachCard(account, 'pm_card_visa', true);
    await runDueAfter(account, 3);
    expect(await statusOf(account)).toBe('ACTIVE');
    const [paid] = await invoiceRows(account.storeId);
    expect(paid).toMatchObject({
      id: open!.id,
      status: 'PAID',
      attemptCount: 2,
      amountPaid: open!.total,
      providerInvoiceId: open!.providerInvoiceId,
    });
    expect(await stripeInvoicesOf(account.storeId)).toEqual([
      expect.objectContaining({ id: open!.providerInvoiceId, status: 'paid', attempt_count: 2 }),
    ]);
  });

  it('pays the same Stripe invoice when the store retries it (retry-invoice)', async () => {
    const account = await storeAfterTrial('pm_card_chargeDeclined');
    const [open] = await invoiceRows(account.storeId);
    await attachCard(account, 'pm_card_mastercard', true);
    const retried = await billing.call(
      account,
      'POST',
      api.retryInvoice.path.replace(':id', open!.id),
    );
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: open!.id, status: 'PAID' });
    expect(await statusOf(account)).toBe('ACTIVE');
    expect(await stripeInvoicesOf(account.storeId)).toEqual([
      expect.objectContaining({ id: open!.providerInvoiceId, status: 'paid' }),
    ]);
  });

  it('marks the Stripe invoice uncollectible too when dunning gives up', async () => {
    const account = await storeAfterTrial('pm_card_chargeDeclined');
    await runDueAfter(account, 3);
    await runDueAfter(account, 2);
    expect(await statusOf(account)).toBe('PAST_DUE');
    await runDueAfter(account, 2);
    expect(await statusOf(account)).toBe('UNPAID');
    const [givenUp] = await invoiceRows(account.storeId);
    expect(givenUp).toMatchObject({ status: 'UNCOLLECTIBLE', attemptCount: 4 });
    expect(await stripeInvoicesOf(account.storeId)).toEqual([
      expect.objectContaining({
        id: givenUp!.providerInvoiceId,
        status: 'uncollectible',
        attempt_count: 4,
      }),
    ]);
  });

  it('voids the Stripe invoice of a declined upgrade: the plan and Atelier’s invoices stay as they were', async () => {
    const account = await storeAfterTrial('pm_card_visa');
    await attachCard(account, 'pm_card_chargeDeclined', true);
    const before = await invoiceRows(account.storeId);
    context.clock.advance(5 * DAY_MS);
    expectApiError(
      await billing.changePlan(account, { planType: 'TIER_3', interval: 'MONTH' }),
      409,
      { code: 'conflict', reason: 'payment_declined' },
    );
    expect(await invoiceRows(account.storeId)).toEqual(before);
    expect((await billing.overview(account)).subscription?.planType).toBe('TIER_2');
    const atStripe = await stripeInvoicesOf(account.storeId);
    expect(atStripe.map((invoice) => invoice.status)).toEqual(['paid', 'void']);
  });

  it('voids the Stripe invoice of a declined bundle purchase: nothing bought, nothing left to pay', async () => {
    const account = await registerAccount(context);
    await attachCard(account, 'pm_card_chargeDeclined');
    const bought = await billing.call(
      account,
      'POST',
      api.buyBundle.path.replace(':name', 'beginner'),
      { credits: 1000 },
    );
    expectApiError(bought, 409, { code: 'conflict', reason: 'payment_declined' });
    const [voided] = await invoiceRows(account.storeId);
    expect(voided).toMatchObject({ status: 'VOID' });
    expect(stripeInvoice(voided!.providerInvoiceId)).toMatchObject({ status: 'void' });
  });
});
