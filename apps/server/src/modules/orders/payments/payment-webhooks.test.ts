import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createLocalPaymentProvider } from './local-payment-provider';
import { LOCAL_WEBHOOK_SIGNATURE_HEADER, signLocalWebhook } from './local-webhook';
import { createStripePaymentProvider } from './stripe-payment-provider';

const LOCAL_SECRET = 'local_whsec_test';
const STRIPE_SECRET = 'whsec_test_secret';
const clock = createManualClock(new Date('2026-01-15T12:00:00.000Z'));
const localProvider = createLocalPaymentProvider({ webhookSecret: LOCAL_SECRET, now: clock.now });
// Verifying a webhook is local work; the API address is one nothing listens on, to be sure.
const stripeProvider = createStripePaymentProvider({
  secretKey: 'sk_test_atelier',
  publishableKey: 'pk_test_atelier',
  webhookSecret: STRIPE_SECRET,
  apiBaseUrl: 'http://127.0.0.1:9',
  now: clock.now,
});

describe('local provider webhooks', () => {
  const payload = JSON.stringify({
    id: 'evt_local_1',
    type: 'charge.refunded',
    data: { providerChargeId: 'lch_1', amount: 500, currencyCode: 'usd' },
  });
  const nowSeconds = Date.parse('2026-01-15T12:00:00.000Z') / 1000;
  const headersFor = (signature: string) => ({ [LOCAL_WEBHOOK_SIGNATURE_HEADER]: signature });

  it('returns the event when the signature holds', () => {
    const headers = headersFor(signLocalWebhook(payload, LOCAL_SECRET, nowSeconds - 10));
    expect(localProvider.parseWebhook(Buffer.from(payload), headers)).toEqual({
      id: 'evt_local_1',
      type: 'charge.refunded',
      providerChargeId: 'lch_1',
      amount: 500,
      currencyCode: 'USD',
    });
  });

  it('maps an unknown event type to other', () => {
    const body = JSON.stringify({ id: 'evt_local_2', type: 'charge.disputed' });
    const headers = headersFor(signLocalWebhook(body, LOCAL_SECRET, nowSeconds));
    expect(localProvider.parseWebhook(Buffer.from(body), headers)).toMatchObject({ type: 'other' });
  });

  it.each([
    [
      'a tampered body',
      payload.replace('500', '50000'),
      signLocalWebhook(payload, LOCAL_SECRET, nowSeconds),
    ],
    ['another secret', payload, signLocalWebhook(payload, 'other_secret', nowSeconds)],
    ['a stale timestamp', payload, signLocalWebhook(payload, LOCAL_SECRET, nowSeconds - 301)],
    ['a malformed header', payload, 't=abc,v1=zz'],
    ['a missing header', payload, undefined],
  ])('rejects %s', (_name, body, signature) => {
    const headers = signature === undefined ? {} : headersFor(signature);
    expect(() => localProvider.parseWebhook(Buffer.from(body), headers)).toThrow(
      expect.objectContaining({
        name: 'PaymentWebhookSignatureError',
        code: 'bad_request',
        reason: 'payment_webhook_signature_invalid',
      }),
    );
  });

  it('rejects a repeated signature header', () => {
    const signature = signLocalWebhook(payload, LOCAL_SECRET, nowSeconds);
    const headers = { [LOCAL_WEBHOOK_SIGNATURE_HEADER]: [signature, signature] };
    expect(() => localProvider.parseWebhook(Buffer.from(payload), headers)).toThrow(/missing/);
  });
});

describe('Stripe provider webhooks', () => {
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  const payload = JSON.stringify({
    id: 'evt_test_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: 'pi_test_1',
        object: 'payment_intent',
        amount: 1999,
        amount_received: 1999,
        currency: 'usd',
      },
    },
  });
  const sign = (body: string, timestamp = nowSeconds, secret = STRIPE_SECRET) => ({
    'stripe-signature': Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret,
      timestamp,
    }),
  });

  it('verifies the signature and maps payment_intent.succeeded', () => {
    expect(
      stripeProvider.parseWebhook(Buffer.from(payload), sign(payload, nowSeconds - 299)),
    ).toEqual({
      id: 'evt_test_1',
      type: 'charge.succeeded',
      providerChargeId: 'pi_test_1',
      amount: 1999,
      currencyCode: 'USD',
    });
  });

  it('maps payment_intent.payment_failed, charge.refunded and other events', () => {
    const failed = payload.replace('payment_intent.succeeded', 'payment_intent.payment_failed');
    expect(stripeProvider.parseWebhook(Buffer.from(failed), sign(failed))).toMatchObject({
      type: 'charge.failed',
      providerChargeId: 'pi_test_1',
    });
    const refunded = JSON.stringify({
      id: 'evt_test_2',
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_1',
          object: 'charge',
          amount_refunded: 500,
          currency: 'eur',
          payment_intent: 'pi_test_1',
        },
      },
    });
    expect(stripeProvider.parseWebhook(Buffer.from(refunded), sign(refunded))).toEqual({
      id: 'evt_test_2',
      type: 'charge.refunded',
      providerChargeId: 'pi_test_1',
      amount: 500,
      currencyCode: 'EUR',
    });
    const other = payload.replace('payment_intent.succeeded', 'customer.created');
    expect(stripeProvider.parseWebhook(Buffer.from(other), sign(other))).toEqual({
      id: 'evt_test_1',
      type: 'other',
      providerChargeId: null,
      amount: null,
      currencyCode: null,
    });
  });

  it.each([
    ['a tampered body', payload.replace('1999', '1'), sign(payload)],
    ['another secret', payload, sign(payload, nowSeconds, 'whsec_other')],
    ['a timestamp older than 300 s', payload, sign(payload, nowSeconds - 301)],
    ['a missing header', payload, {}],
    ['a garbled header', payload, { 'stripe-signature': 'garbage' }],
  ])('rejects %s with PaymentWebhookSignatureError', (_name, body, headers) => {
    expect(() => stripeProvider.parseWebhook(Buffer.from(body), headers)).toThrow(
      expect.objectContaining({
        name: 'PaymentWebhookSignatureError',
        reason: 'payment_webhook_signature_invalid',
      }),
    );
  });
});
