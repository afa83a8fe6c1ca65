import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import type { ChargeRequest, PaymentProvider } from './payment-provider';
import { startStripeFake, type StripeFake } from './stripe-fake';
import { createStripePaymentProvider } from './stripe-payment-provider';

const WEBHOOK_SECRET = 'whsec_test_secret';
const clock = createManualClock(new Date('2026-01-15T12:00:00.000Z'));
let fake: StripeFake;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startStripeFake();
  provider = createStripePaymentProvider({
    secretKey: 'sk_test_atelier',
    publishableKey: 'pk_test_atelier',
    webhookSecret: WEBHOOK_SECRET,
    apiBaseUrl: fake.url,
    now: clock.now,
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await fake.close();
});

let keyCounter = 0;
const aChargeRequest = (paymentMethodId: string, overrides: Partial<ChargeRequest> = {}) => ({
  amount: 1999,
  currencyCode: 'USD',
  paymentMethod: { type: 'stripe' as const, paymentMethodId },
  idempotencyKey: `stripe-key-${(keyCounter += 1)}`,
  description: 'Sample order',
  metadata: { paymentId: 'pay_1' },
  ...overrides,
});

const chargeCompleted = async (amount = 5000) => {
  const result = await provider.charge(aChargeRequest('pm_card_visa', { amount }));
  if (result.status !== 'COMPLETED') throw new Error('expected COMPLETED');
  return result.providerChargeId;
};

describe('Stripe payment provider: charges', () => {
  it('completes a charge and reads brand and last 4 from the expanded latest charge', async () => {
    const request = aChargeRequest('pm_card_visa');
    expect(await provider.charge(request)).toEqual({
      status: 'COMPLETED',
      providerChargeId: expect.stringMatching(/^pi_/),
      cardBrand: 'visa',
      cardLast4: '4242',
    });

    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: request.idempotencyKey,
      body: {
        amount: '1999',
        currency: 'usd',
        payment_method: 'pm_card_visa',
        confirm: 'true',
        'automatic_payment_methods[enabled]': 'true',
        'automatic_payment_methods[allow_redirects]': 'never',
        description: 'Sample order',
        'metadata[paymentId]': 'pay_1',
        'expand[0]': 'latest_charge',
      },
    });
  });

  it('answers a repeated idempotency key with the same intent and no second charge', async () => {
    const request = aChargeRequest('pm_card_mastercard', { idempotencyKey: 'checkout-stripe-1' });
    const first = await provider.charge(request);
    const second = await provider.charge(request);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ cardBrand: 'mastercard', cardLast4: '4444' });
    const sent = fake.requests.filter((entry) => entry.idempotencyKey === 'checkout-stripe-1');
    expect(sent).toHaveLength(2);
  });

  it('refuses the same key with a different amount', async () => {
    await provider.charge(aChargeRequest('pm_card_visa', { idempotencyKey: 'checkout-stripe-2' }));
    await expect(
      provider.charge(
        aChargeRequest('pm_card_visa', { idempotencyKey: 'checkout-stripe-2', amount: 1 }),
      ),
    ).rejects.toMatchObject({
      name: 'PaymentProviderError',
      reason: 'payment_idempotency_conflict',
    });
  });

  it.each([
    ['pm_card_chargeDeclined', 'Your card was declined.'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
  ])('turns a card error on %s into INSTRUMENT_DECLINED with its message', async (pm, reason) => {
    expect(await provider.charge(aChargeRequest(pm))).toEqual({
      status: 'INSTRUMENT_DECLINED',
      reason,
      providerChargeId: expect.stringMatching(/^pi_/),
    });
  });

  it('declines a test card without sending it to Stripe', async () => {
    const before = fake.requests.length;
    const paymentMethod = {
      type: 'test_card' as const,
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    };
    expect(await provider.charge({ ...aChargeRequest('unused'), paymentMethod })).toMatchObject({
      status: 'INSTRUMENT_DECLINED',
      providerChargeId: null,
    });
    expect(fake.requests).toHaveLength(before);
  });

  it('asks for authentication, then confirm completes the charge once the buyer passed it', async () => {
    const result = await provider.charge(aChargeRequest('pm_card_authenticationRequired'));
    expect(result).toEqual({
      status: 'REQUIRES_ACTION',
      providerChargeId: expect.stringMatching(/^pi_/),
      nextAction: { type: 'use_stripe_sdk', url: null, clientSecret: expect.any(String) },
    });
    if (result.status !== 'REQUIRES_ACTION') throw new Error('expected REQUIRES_ACTION');

    expect(await provider.confirm(result.providerChargeId)).toMatchObject({
      status: 'REQUIRES_ACTION',
    });
    fake.completeAuthentication(result.providerChargeId);
    expect(await provider.confirm(result.providerChargeId)).toEqual({
      status: 'COMPLETED',
      providerChargeId: result.providerChargeId,
      cardBrand: 'visa',
      cardLast4: '3184',
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/payment_intents/${result.providerChargeId}`,
      body: { 'expand[0]': 'latest_charge' },
    });
  });

  it('gives the browser the intent’s client secret for 3-D Secure, again on confirm', async () => {
    const result = await provider.charge(aChargeRequest('pm_card_authenticationRequired'));
    if (result.status !== 'REQUIRES_ACTION') throw new Error('expected REQUIRES_ACTION');
    const { clientSecret } = result.nextAction;
    // Stripe's shape: `{intent id}_secret_{random}`, for Stripe.js's handleNextAction.
    expect(clientSecret).toMatch(new RegExp(`^${result.providerChargeId}_secret_\\w+$`));
    expect(await provider.confirm(result.providerChargeId)).toMatchObject({
      status: 'REQUIRES_ACTION',
      nextAction: { type: 'use_stripe_sdk', clientSecret },
    });
  });

  it('declines on confirm when the buyer failed authentication', async () => {
    const result = await provider.charge(aChargeRequest('pm_card_authenticationRequired'));
    fake.failAuthentication(result.providerChargeId ?? '');
    expect(await provider.confirm(result.providerChargeId ?? '')).toEqual({
      status: 'INSTRUMENT_DECLINED',
      reason: 'The provided PaymentMethod has failed authentication.',
      providerChargeId: result.providerChargeId,
    });
  });

  it('throws payment_charge_unknown on confirm of an unknown intent', async () => {
    await expect(provider.confirm('pi_unknown')).rejects.toMatchObject({
      reason: 'payment_charge_unknown',
    });
  });
});

describe('Stripe payment provider: refunds', () => {
  it('refunds in parts with the idempotency key and refuses an over-refund', async () => {
    const providerChargeId = await chargeCompleted(5000);
    const refund = (amount: number, idempotencyKey: string) =>
      provider.refund({
        providerChargeId,
        amount,
        currencyCode: 'USD',
        idempotencyKey,
        reason: 'x',
      });

    const first = await refund(2000, 'refund-stripe-1');
    expect(first).toEqual({
      status: 'SUCCEEDED',
      providerRefundId: expect.stringMatching(/^re_/),
      reason: null,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/refunds',
      idempotencyKey: 'refund-stripe-1',
      body: { payment_intent: providerChargeId, amount: '2000', 'metadata[reason]': 'x' },
    });
    expect(await refund(2000, 'refund-stripe-1')).toEqual(first);
    expect(await refund(3001, 'refund-stripe-2')).toEqual({
      status: 'FAILED',
      providerRefundId: null,
      reason: 'Refund amount (3001) is greater than unrefunded amount on charge (3000)',
    });
    expect(await refund(3000, 'refund-stripe-3')).toMatchObject({ status: 'SUCCEEDED' });
  });

  it('fails a refund of an unknown intent', async () => {
    expect(
      await provider.refund({
        providerChargeId: 'pi_unknown',
        amount: 100,
        currencyCode: 'USD',
        idempotencyKey: 'refund-unknown',
        reason: 'x',
      }),
    ).toMatchObject({ status: 'FAILED', providerRefundId: null });
  });
});

describe('Stripe payment provider: errors', () => {
  it('surfaces a 429 as payment_provider_busy', async () => {
    fake.setRateLimited(true);
    try {
      await expect(provider.charge(aChargeRequest('pm_card_visa'))).rejects.toMatchObject({
        name: 'PaymentProviderError',
        code: 'unavailable',
        reason: 'payment_provider_busy',
        message: 'The payment provider is busy; nothing was charged. Try again in a moment.',
      });
      await expect(provider.confirm('pi_any')).rejects.toMatchObject({
        reason: 'payment_provider_busy',
      });
    } finally {
      fake.setRateLimited(false);
    }
  });

  it('surfaces an unreachable API as payment_provider_unreachable', async () => {
    const closed = await startStripeFake();
    await closed.close();
    const unreachable = createStripePaymentProvider({
      secretKey: 'sk_test_atelier',
      publishableKey: 'pk_test_atelier',
      webhookSecret: WEBHOOK_SECRET,
      apiBaseUrl: closed.url,
      maxNetworkRetries: 0,
    });
    const error: unknown = await unreachable.charge(aChargeRequest('pm_card_visa')).catch((e) => e);
    expect(error).toMatchObject({
      name: 'PaymentProviderError',
      reason: 'payment_provider_unreachable',
    });
    expect((error as Error).cause).toBeInstanceOf(Stripe.errors.StripeConnectionError);
  });

  it('surfaces a bad secret key as payment_provider_misconfigured', async () => {
    const misconfigured = createStripePaymentProvider({
      secretKey: 'not-a-key',
      publishableKey: 'pk_test_atelier',
      webhookSecret: WEBHOOK_SECRET,
      apiBaseUrl: fake.url,
      maxNetworkRetries: 0,
    });
    await expect(misconfigured.charge(aChargeRequest('pm_card_visa'))).rejects.toMatchObject({
      reason: 'payment_provider_misconfigured',
    });
  });

  it('surfaces an unknown payment method as payment_provider_rejected', async () => {
    await expect(provider.charge(aChargeRequest('pm_nonexistent'))).rejects.toMatchObject({
      reason: 'payment_provider_rejected',
      code: 'unprocessable',
    });
  });
});

describe('Stripe payment provider: public config', () => {
  it('gives the publishable key to the web', () => {
    expect(provider.publicConfig()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_atelier',
    });
    expect(provider.isLocal).toBe(false);
  });
});
