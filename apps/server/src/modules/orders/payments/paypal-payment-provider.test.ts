import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError, type ChargeRequest, type PaymentProvider } from './payment-provider';
import { fromPaypalValue, paypalReturnUrlsOf, toPaypalValue } from './paypal-common';
import { startPaypalFake, type PaypalFake } from './paypal-fake';
import { createLocalPaypalProvider } from './paypal-local-provider';
import { createPaypalPaymentProvider } from './paypal-payment-provider';

const PUBLIC_URL = 'https://atelier.example';
let sequence = 0;
const chargeRequest = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => {
  sequence += 1;
  return {
    amount: 1999,
    currencyCode: 'USD',
    paymentMethod: { type: 'paypal', returnPath: '/checkout' },
    idempotencyKey: `pay_test${sequence}`,
    description: 'Atelier order items oit_1',
    metadata: { storeId: 'sto_1', paymentId: `pay_test${sequence}` },
    ...overrides,
  };
};

/** The PayPal order id of a REQUIRES_ACTION charge. */
const orderIdOf = async (provider: PaymentProvider, request: ChargeRequest) => {
  const result = await provider.charge(request);
  if (result.status !== 'REQUIRES_ACTION')
    throw new Error(`Expected REQUIRES_ACTION: ${result.status}`);
  return result.providerChargeId;
};

const expectProviderError = async (promise: Promise<unknown>, reason: string) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  expect((error as PaymentProviderError).reason).toBe(reason);
};

describe('PayPal amounts', () => {
  it('turns integer minor units into PayPal decimal strings and back, exactly', () => {
    expect(toPaypalValue(1999, 'USD')).toBe('19.99');
    expect(toPaypalValue(5, 'EUR')).toBe('0.05');
    expect(toPaypalValue(123456789012, 'USD')).toBe('1234567890.12');
    expect(toPaypalValue(500, 'JPY')).toBe('500');
    expect(toPaypalValue(1200, 'HUF')).toBe('1200');
    expect(toPaypalValue(1200, 'TWD')).toBe('12');
    expect(fromPaypalValue('19.99', 'USD')).toBe(1999);
    expect(fromPaypalValue('19.9', 'USD')).toBe(1990);
    expect(fromPaypalValue('20', 'USD')).toBe(2000);
    expect(fromPaypalValue('500', 'JPY')).toBe(500);
    for (const amount of [1, 99, 100, 101, 987654321]) {
      expect(fromPaypalValue(toPaypalValue(amount, 'USD'), 'USD')).toBe(amount);
    }
  });

  it('refuses an amount PayPal cannot express (TWD in whole dollars only)', () => {
    expect(() => toPaypalValue(1050, 'TWD')).toThrow(PaymentProviderError);
  });

  it('builds the return and cancel urls on the public url, never elsewhere', () => {
    const request = chargeRequest({ metadata: { paymentId: 'pay_1' } });
    expect(paypalReturnUrlsOf(PUBLIC_URL, request)).toEqual({
      returnUrl: `${PUBLIC_URL}/checkout?paypalPayment=pay_1`,
      cancelUrl: `${PUBLIC_URL}/checkout?paypalPayment=pay_1&paypalCancelled=1`,
    });
    expect(() =>
      paypalReturnUrlsOf(
        PUBLIC_URL,
        chargeRequest({ paymentMethod: { type: 'paypal', returnPath: '//evil.example/x' } }),
      ),
    ).toThrow(PaymentProviderError);
  });
});

describe('PayPal adapter against the local fake of its API', () => {
  let fake: PaypalFake;
  let provider: PaymentProvider;
  beforeAll(async () => {
    fake = await startPaypalFake();
    provider = createPaypalPaymentProvider({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      apiBaseUrl: fake.url,
      publicUrl: PUBLIC_URL,
    });
  });
  afterAll(() => fake.close());

  it('creates an order with intent CAPTURE under the payment key and sends the buyer to approve it', async () => {
    const request = chargeRequest();
    const result = await provider.charge(request);
    expect(result).toMatchObject({
      status: 'REQUIRES_ACTION',
      nextAction: {
        type: 'redirect',
        url: expect.stringMatching(/^https:\/\/www\.sandbox\.paypal\.com\/checkoutnow\?token=/),
      },
    });
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v2/checkout/orders',
      requestId: request.idempotencyKey,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            custom_id: request.metadata.paymentId,
            amount: { currency_code: 'USD', value: '19.99' },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              user_action: 'PAY_NOW',
              return_url: `${PUBLIC_URL}/checkout?paypalPayment=${request.metadata.paymentId}`,
            },
          },
        },
      },
    });
    // The same key again: PayPal answers the same order.
    const again = await provider.charge(request);
    expect(again.providerChargeId).toBe(result.providerChargeId);
  });

  it('captures an approved order once, however often it is asked', async () => {
    const orderId = await orderIdOf(provider, chargeRequest());
    expect(await provider.confirm(orderId)).toMatchObject({
      status: 'REQUIRES_ACTION',
      providerChargeId: orderId,
    });
    fake.approve(orderId);
    const [first, second] = await Promise.all([
      provider.confirm(orderId),
      provider.confirm(orderId),
    ]);
    const third = await provider.confirm(orderId);
    expect(first).toMatchObject({ status: 'COMPLETED', cardBrand: null, cardLast4: null });
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    const captures = fake.captures().filter((capture) => capture.orderId === orderId);
    expect(captures).toEqual([
      { id: first.providerChargeId, orderId, amount: 1999, currencyCode: 'USD' },
    ]);
  });

  it('answers a funding source declined at capture as a decline, not an error', async () => {
    const orderId = await orderIdOf(provider, chargeRequest());
    fake.declineFunding(orderId);
    expect(await provider.confirm(orderId)).toMatchObject({
      status: 'INSTRUMENT_DECLINED',
      reason: expect.stringContaining('declined'),
    });
  });

  it('refunds part of a capture, then refuses more than is left', async () => {
    const orderId = await orderIdOf(provider, chargeRequest({ amount: 10_000 }));
    fake.approve(orderId);
    const captured = await provider.confirm(orderId);
    const refund = (amount: number, key: string) =>
      provider.refund({
        providerChargeId: captured.providerChargeId!,
        amount,
        currencyCode: 'USD',
        idempotencyKey: key,
        reason: 'Production canceled',
      });
    const first = await refund(2_500, 'refund:oit_a');
    expect(first).toMatchObject({ status: 'SUCCEEDED', reason: null });
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v2/payments/captures/${captured.providerChargeId}/refund`,
      requestId: 'refund:oit_a',
      body: { amount: { currency_code: 'USD', value: '25.00' } },
    });
    // The same key again: the same refund, not a second one.
    expect(await refund(2_500, 'refund:oit_a')).toEqual(first);
    const tooMuch = await refund(9_000, 'refund:oit_b');
    expect(tooMuch).toMatchObject({ status: 'FAILED', providerRefundId: null });
    expect(tooMuch.reason).toContain('refund');
    expect(await refund(7_500, 'refund:oit_c')).toMatchObject({ status: 'SUCCEEDED' });
  });

  it('reuses its access token, and fetches a new one once PayPal dropped it', async () => {
    const before = fake.tokensIssued;
    await provider.charge(chargeRequest());
    await provider.charge(chargeRequest());
    expect(fake.tokensIssued).toBe(before);
    fake.revokeTokens();
    expect((await provider.charge(chargeRequest())).status).toBe('REQUIRES_ACTION');
    expect(fake.tokensIssued).toBe(before + 1);
  });

  it('asks for one token for concurrent first calls', async () => {
    const fresh = createPaypalPaymentProvider({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      apiBaseUrl: fake.url,
      publicUrl: PUBLIC_URL,
    });
    const before = fake.tokensIssued;
    await Promise.all(Array.from({ length: 5 }, () => fresh.charge(chargeRequest())));
    expect(fake.tokensIssued).toBe(before + 1);
  });

  it('turns PayPal errors into PaymentProviderError', async () => {
    fake.failNext(429);
    await expectProviderError(provider.charge(chargeRequest()), 'payment_provider_busy');
    fake.failNext(500);
    await expectProviderError(provider.charge(chargeRequest()), 'payment_provider_error');
    await expectProviderError(provider.confirm('NOSUCHORDER000000'), 'payment_charge_unknown');
    const wrongSecret = createPaypalPaymentProvider({
      clientId: fake.clientId,
      clientSecret: 'not-the-secret',
      apiBaseUrl: fake.url,
      publicUrl: PUBLIC_URL,
    });
    await expectProviderError(
      wrongSecret.charge(chargeRequest()),
      'payment_provider_misconfigured',
    );
    const unreachable = createPaypalPaymentProvider({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      apiBaseUrl: 'http://127.0.0.1:9',
      publicUrl: PUBLIC_URL,
    });
    await expectProviderError(unreachable.charge(chargeRequest()), 'payment_provider_unreachable');
    await expectProviderError(
      provider.charge(chargeRequest({ amount: 0 })),
      'payment_provider_rejected',
    );
  });

  it('declines a card method without calling PayPal', async () => {
    const count = fake.requests.length;
    const result = await provider.charge(
      chargeRequest({ paymentMethod: { type: 'stripe', paymentMethodId: 'pm_1' } }),
    );
    expect(result.status).toBe('INSTRUMENT_DECLINED');
    expect(fake.requests).toHaveLength(count);
  });
});

describe('PayPal simulated locally', () => {
  it('creates an order waiting for the simulated approval, captures it once, refunds the capture', async () => {
    const provider = createLocalPaypalProvider();
    expect(provider).toMatchObject({ name: 'local_paypal', isLocal: true });
    const request = chargeRequest({ amount: 5_000 });
    const waiting = await provider.charge(request);
    expect(waiting).toEqual({
      status: 'REQUIRES_ACTION',
      providerChargeId: expect.stringMatching(/^lpp_/),
      nextAction: { type: 'redirect', url: null, clientSecret: null },
    });
    expect((await provider.charge(request)).providerChargeId).toBe(waiting.providerChargeId);
    await expectProviderError(
      provider.charge({ ...request, amount: 6_000 }),
      'payment_idempotency_conflict',
    );
    const [first, second] = await Promise.all([
      provider.confirm(waiting.providerChargeId!),
      provider.confirm(waiting.providerChargeId!),
    ]);
    expect(first).toMatchObject({
      status: 'COMPLETED',
      providerChargeId: expect.stringMatching(/^lpc_/),
    });
    expect(second).toEqual(first);
    const refund = (amount: number, key: string) =>
      provider.refund({
        providerChargeId: first.providerChargeId!,
        amount,
        currencyCode: 'USD',
        idempotencyKey: key,
        reason: 'Canceled',
      });
    expect(await refund(4_000, 'r1')).toMatchObject({ status: 'SUCCEEDED' });
    expect(await refund(4_000, 'r1')).toMatchObject({ status: 'SUCCEEDED' });
    expect(await refund(1_001, 'r2')).toMatchObject({ status: 'FAILED' });
    await expectProviderError(provider.confirm('lpp_unknown'), 'payment_charge_unknown');
  });

  it('recovers an order and a capture recorded before a restart', async () => {
    const provider = createLocalPaypalProvider({
      recoverCharge: async (id) =>
        id === 'lpp_before'
          ? {
              amount: 700,
              currencyCode: 'usd',
              status: 'REQUIRES_ACTION',
              cardBrand: null,
              cardLast4: null,
              refunded: 0,
            }
          : id === 'lpc_before'
            ? {
                amount: 900,
                currencyCode: 'USD',
                status: 'COMPLETED',
                cardBrand: null,
                cardLast4: null,
                refunded: 400,
              }
            : undefined,
    });
    expect(await provider.confirm('lpp_before')).toMatchObject({ status: 'COMPLETED' });
    const refund = (amount: number, key: string) =>
      provider.refund({
        providerChargeId: 'lpc_before',
        amount,
        currencyCode: 'USD',
        idempotencyKey: key,
        reason: 'Canceled',
      });
    expect(await refund(600, 'a')).toMatchObject({ status: 'FAILED' });
    expect(await refund(500, 'b')).toMatchObject({ status: 'SUCCEEDED' });
  });
});
