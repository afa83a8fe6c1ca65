import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createLocalPaymentProvider, TEST_CARDS } from './local-payment-provider';
import type { ChargeRequest, PaymentMethodInput } from './payment-provider';
import { createPaymentProvider } from './payment-provider-factory';

const WEBHOOK_SECRET = 'local_whsec_test';

const setUp = () => {
  const clock = createManualClock(new Date('2026-01-15T12:00:00.000Z'));
  const provider = createLocalPaymentProvider({ webhookSecret: WEBHOOK_SECRET, now: clock.now });
  return { clock, provider };
};

const aCard = (overrides: Partial<Extract<PaymentMethodInput, { type: 'test_card' }>> = {}) => ({
  type: 'test_card' as const,
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
});

let keyCounter = 0;
const aChargeRequest = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  amount: 1999,
  currencyCode: 'USD',
  paymentMethod: aCard(),
  idempotencyKey: `key-${(keyCounter += 1)}`,
  description: 'Sample order',
  metadata: { paymentId: 'pay_1' },
  ...overrides,
});

describe('local payment provider: test cards', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa', '4242'],
    ['5555 5555 5555 4444', 'mastercard', '4444'],
  ])('completes a charge on %s', async (number, brand, last4) => {
    const { provider } = setUp();
    const result = await provider.charge(aChargeRequest({ paymentMethod: aCard({ number }) }));
    expect(result).toEqual({
      status: 'COMPLETED',
      providerChargeId: expect.stringMatching(/^lch_/),
      cardBrand: brand,
      cardLast4: last4,
    });
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ])('declines %s with its reason', async (number, reason) => {
    const { provider } = setUp();
    const result = await provider.charge(aChargeRequest({ paymentMethod: aCard({ number }) }));
    expect(result).toEqual({
      status: 'INSTRUMENT_DECLINED',
      reason,
      providerChargeId: expect.stringMatching(/^lch_/),
    });
  });

  it('asks for authentication on 4000 0025 0000 3155, then confirm completes the charge', async () => {
    const { provider } = setUp();
    const number = '4000 0025 0000 3155';
    const result = await provider.charge(aChargeRequest({ paymentMethod: aCard({ number }) }));
    expect(result).toMatchObject({ status: 'REQUIRES_ACTION', nextAction: { type: 'redirect' } });
    if (result.status !== 'REQUIRES_ACTION') throw new Error('expected REQUIRES_ACTION');

    const confirmed = await provider.confirm(result.providerChargeId);
    expect(confirmed).toEqual({
      status: 'COMPLETED',
      providerChargeId: result.providerChargeId,
      cardBrand: 'visa',
      cardLast4: '3155',
    });
    expect(await provider.confirm(result.providerChargeId)).toEqual(confirmed);
  });

  it('documents every test card with an outcome the card really has', async () => {
    const { provider } = setUp();
    for (const card of TEST_CARDS) {
      const result = await provider.charge(
        aChargeRequest({ paymentMethod: aCard({ number: card.number }) }),
      );
      expect(result.status, card.number).toBe(card.outcome);
    }
    expect(provider.publicConfig()).toEqual({ provider: 'local', testCards: TEST_CARDS });
    expect(provider.isLocal).toBe(true);
  });

  it('declines any other valid card number: only the test cards work', async () => {
    const { provider } = setUp();
    const result = await provider.charge(
      aChargeRequest({ paymentMethod: aCard({ number: '4111 1111 1111 1111' }) }),
    );
    expect(result).toEqual({
      status: 'INSTRUMENT_DECLINED',
      reason: 'Only the test cards work with the local payment provider.',
      providerChargeId: null,
    });
  });

  it('declines a Stripe payment method', async () => {
    const { provider } = setUp();
    const paymentMethod = { type: 'stripe' as const, paymentMethodId: 'pm_card_visa' };
    expect(await provider.charge(aChargeRequest({ paymentMethod }))).toEqual({
      status: 'INSTRUMENT_DECLINED',
      reason: 'The local payment provider takes test cards only.',
      providerChargeId: null,
    });
  });
});

describe('local payment provider: card checks', () => {
  it.each([
    [{ number: '4242 4242 4242 4241' }, 'The card number is not valid.'],
    [{ number: '4242-4242-4242-4242' }, 'The card number is not valid.'],
    [{ number: '42424242424' }, 'The card number is not valid.'],
    [{ number: '42424242424242424242' }, 'The card number is not valid.'],
    [{ expMonth: 13 }, 'The expiry month is not valid.'],
    [{ expMonth: 12, expYear: 2025 }, 'The card has expired.'],
    [{ expMonth: 12, expYear: 25 }, 'The card has expired.'],
    [{ cvc: '12' }, 'The security code (CVC) is not valid.'],
    [{ cvc: '12a' }, 'The security code (CVC) is not valid.'],
    [{ cvc: '12345' }, 'The security code (CVC) is not valid.'],
  ])('declines %j: %s', async (card, reason) => {
    const { provider } = setUp();
    const result = await provider.charge(aChargeRequest({ paymentMethod: aCard(card) }));
    expect(result).toEqual({ status: 'INSTRUMENT_DECLINED', reason, providerChargeId: null });
  });

  it('accepts a card through the last day of its expiry month, by the injected clock', async () => {
    const { provider, clock } = setUp();
    const paymentMethod = aCard({ expMonth: 1, expYear: 26, cvc: '1234' });
    expect(await provider.charge(aChargeRequest({ paymentMethod }))).toMatchObject({
      status: 'COMPLETED',
    });
    clock.set(new Date('2026-02-01T00:00:00.000Z'));
    expect(await provider.charge(aChargeRequest({ paymentMethod }))).toMatchObject({
      status: 'INSTRUMENT_DECLINED',
      reason: 'The card has expired.',
    });
  });

  it('refuses an amount that is not positive whole minor units', async () => {
    const { provider } = setUp();
    await expect(provider.charge(aChargeRequest({ amount: 19.99 }))).rejects.toMatchObject({
      name: 'PaymentProviderError',
      reason: 'payment_provider_rejected',
    });
    await expect(provider.charge(aChargeRequest({ amount: 0 }))).rejects.toMatchObject({
      reason: 'payment_provider_rejected',
    });
  });
});

describe('local payment provider: idempotency', () => {
  it('answers the same key with the same charge instead of charging twice', async () => {
    const { provider } = setUp();
    const request = aChargeRequest({ idempotencyKey: 'checkout-1' });
    const first = await provider.charge(request);
    const second = await provider.charge({ ...request });
    expect(second).toEqual(first);

    // One charge exists: refunding the full amount twice under different keys fails the second time.
    if (first.status !== 'COMPLETED') throw new Error('expected COMPLETED');
    const refund = { providerChargeId: first.providerChargeId, currencyCode: 'USD', reason: 'x' };
    expect(await provider.refund({ ...refund, amount: 1999, idempotencyKey: 'r1' })).toMatchObject({
      status: 'SUCCEEDED',
    });
    expect(await provider.refund({ ...refund, amount: 1, idempotencyKey: 'r2' })).toMatchObject({
      status: 'FAILED',
    });
  });

  it('treats the same request with its metadata in another order as the same request', async () => {
    const { provider } = setUp();
    const metadata = { orderId: 'ord_1', paymentId: 'pay_1' };
    const first = await provider.charge(aChargeRequest({ idempotencyKey: 'ordered', metadata }));
    const reordered = { paymentId: 'pay_1', orderId: 'ord_1' };
    const second = await provider.charge(
      aChargeRequest({ idempotencyKey: 'ordered', metadata: reordered }),
    );
    expect(second).toEqual(first);
  });

  it('remembers a decline per key too', async () => {
    const { provider } = setUp();
    const request = aChargeRequest({ paymentMethod: aCard({ number: '4000 0000 0000 0002' }) });
    expect(await provider.charge(request)).toEqual(await provider.charge(request));
  });

  it('refuses the same key with a different request', async () => {
    const { provider } = setUp();
    await provider.charge(aChargeRequest({ idempotencyKey: 'checkout-2' }));
    await expect(
      provider.charge(aChargeRequest({ idempotencyKey: 'checkout-2', amount: 2500 })),
    ).rejects.toMatchObject({ reason: 'payment_idempotency_conflict', code: 'conflict' });
  });
});

describe('local payment provider: refunds', () => {
  const chargeOnce = async () => {
    const { provider } = setUp();
    const result = await provider.charge(aChargeRequest({ amount: 5000 }));
    if (result.status !== 'COMPLETED') throw new Error('expected COMPLETED');
    const refund = (amount: number, idempotencyKey: string) =>
      provider.refund({
        providerChargeId: result.providerChargeId,
        amount,
        currencyCode: 'USD',
        idempotencyKey,
        reason: 'requested_by_customer',
      });
    return { provider, refund, providerChargeId: result.providerChargeId };
  };

  it('refunds in parts up to the amount charged and refuses more', async () => {
    const { refund } = await chargeOnce();
    const first = await refund(2000, 'refund-1');
    expect(first).toEqual({
      status: 'SUCCEEDED',
      providerRefundId: expect.stringMatching(/^lrf_/),
      reason: null,
    });
    expect(await refund(3000, 'refund-2')).toMatchObject({ status: 'SUCCEEDED' });
    expect(await refund(1, 'refund-3')).toEqual({
      status: 'FAILED',
      providerRefundId: null,
      reason: 'The refund is larger than what is left to refund (0 minor units).',
    });
    expect(await refund(2000, 'refund-1')).toEqual(first);
  });

  it('refuses an over-refund in one go, a wrong currency and a non-positive amount', async () => {
    const { provider, refund, providerChargeId } = await chargeOnce();
    expect(await refund(5001, 'over')).toMatchObject({ status: 'FAILED' });
    expect(await refund(0, 'zero')).toMatchObject({ status: 'FAILED' });
    const inEuros = { providerChargeId, amount: 100, currencyCode: 'EUR', reason: 'x' };
    expect(await provider.refund({ ...inEuros, idempotencyKey: 'eur' })).toMatchObject({
      status: 'FAILED',
      reason: "The refund must be in the charge's currency (USD).",
    });
  });

  it('fails a refund of an unknown or declined charge', async () => {
    const { provider } = setUp();
    const refund = { amount: 100, currencyCode: 'USD', reason: 'x' };
    expect(
      await provider.refund({ ...refund, providerChargeId: 'lch_unknown', idempotencyKey: 'u' }),
    ).toEqual({
      status: 'FAILED',
      providerRefundId: null,
      reason: 'The payment provider does not know this charge.',
    });
    const declined = await provider.charge(
      aChargeRequest({ paymentMethod: aCard({ number: '4000 0000 0000 0002' }) }),
    );
    const providerChargeId = declined.providerChargeId ?? '';
    expect(
      await provider.refund({ ...refund, providerChargeId, idempotencyKey: 'd' }),
    ).toMatchObject({ status: 'FAILED', reason: 'Only a completed charge can be refunded.' });
  });

  it('throws on confirm of an unknown charge', async () => {
    const { provider } = setUp();
    await expect(provider.confirm('lch_unknown')).rejects.toMatchObject({
      reason: 'payment_charge_unknown',
    });
  });
});

describe('createPaymentProvider', () => {
  it('builds the local provider without Stripe credentials and Stripe with them', () => {
    expect(createPaymentProvider({ localWebhookSecret: 's' }).name).toBe('local');
    const stripe = createPaymentProvider({
      localWebhookSecret: 's',
      stripe: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x' },
    });
    expect(stripe.name).toBe('stripe');
    expect(stripe.isLocal).toBe(false);
    expect(stripe.publicConfig()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_x' });
  });
});

describe('after a restart (charges recovered from the orders records)', () => {
  const records = new Map([
    [
      'lch_paid',
      {
        amount: 5000,
        currencyCode: 'USD',
        status: 'COMPLETED' as const,
        cardBrand: 'visa',
        cardLast4: '4242',
        refunded: 1000,
      },
    ],
    [
      'lch_waiting',
      {
        amount: 700,
        currencyCode: 'USD',
        status: 'REQUIRES_ACTION' as const,
        cardBrand: null,
        cardLast4: null,
        refunded: 0,
      },
    ],
  ]);
  const restarted = () =>
    createLocalPaymentProvider({
      webhookSecret: 'local-webhook-secret-for-tests',
      recoverCharge: async (id) => records.get(id),
    });

  it('refunds what is left of a charge made before the restart, and no more', async () => {
    const provider = restarted();
    const refund = (amount: number, key: string) =>
      provider.refund({
        providerChargeId: 'lch_paid',
        amount,
        currencyCode: 'USD',
        idempotencyKey: key,
        reason: 'canceled',
      });
    expect((await refund(4001, 'too-much')).status).toBe('FAILED');
    expect((await refund(4000, 'the-rest')).status).toBe('SUCCEEDED');
    expect((await refund(1, 'more')).status).toBe('FAILED');
  });

  it('completes an authentication begun before the restart; an unknown charge stays unknown', async () => {
    const provider = restarted();
    expect((await provider.confirm('lch_waiting')).status).toBe('COMPLETED');
    await expect(provider.confirm('lch_nowhere')).rejects.toThrow();
  });
});
