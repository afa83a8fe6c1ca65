import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { startStripeFake, type StripeFake } from '@/testing/stripe-fake';
import {
  REQUIRES_ACTION_REASON,
  type BillingChargeInput,
  type BillingGateway,
} from './billing-gateway';
import { createStripeBillingGateway } from './stripe-billing-gateway';

const WEBHOOK_SECRET = 'whsec_billing_test';
const clock = createManualClock(new Date('2026-03-02T10:00:00.000Z'));
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
let fake: StripeFake;
let gateway: BillingGateway;

beforeAll(async () => {
  fake = await startStripeFake();
  gateway = createStripeBillingGateway({
    secretKey: 'sk_test_atelier',
    webhookSecret: WEBHOOK_SECRET,
    apiBaseUrl: fake.url,
    now: clock.now,
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await fake.close();
});

let counter = 0;
/** A store with a Stripe customer and a card attached (a fresh `pm_…` made from `token`). */
const aCustomerWithCard = async (token = 'pm_card_visa') => {
  counter += 1;
  const storeId = `str_gateway_${counter}`;
  const customerId = (await gateway.ensureCustomer({
    storeId,
    existingCustomerId: null,
    email: `owner${counter}@example.com`,
    name: `Store ${counter}`,
  }))!;
  const card = await gateway.attachCard(customerId, token);
  return { storeId, customerId, card };
};

const aCharge = (
  owner: { storeId: string; customerId: string },
  providerPaymentMethodId: string,
  overrides: Partial<BillingChargeInput['invoice']> = {},
  providerInvoiceId: string | null = null,
): BillingChargeInput => {
  counter += 1;
  return {
    customerId: owner.customerId,
    invoice: {
      id: `binv_gateway_${counter}`,
      storeId: owner.storeId,
      number: `ATL-9${String(counter).padStart(5, '0')}`,
      lines: [
        {
          description: 'Scaling plan (monthly)',
          amount: 9900,
          periodStart: '2026-03-02T10:00:00.000Z',
          periodEnd: '2026-04-02T10:00:00.000Z',
        },
        {
          description: 'Unused time on Beginner',
          amount: -2500,
          periodStart: null,
          periodEnd: null,
        },
        { description: 'WELCOME20: 20% off', amount: -1980, periodStart: null, periodEnd: null },
      ],
      total: 5420,
      currencyCode: 'USD',
      attempt: 1,
      ...overrides,
    },
    paymentMethod: { type: 'stripe', paymentMethodId: providerPaymentMethodId },
    providerInvoiceId,
  };
};

const stripeInvoice = (id: string | null) =>
  fake.listInvoices().find((invoice) => invoice.id === id) as
    | { status: string; total: number; attempt_count: number; lines: { data: unknown[] } }
    | undefined;

const invoicesOf = (customerId: string) =>
  fake.listInvoices().filter((invoice) => invoice.customer === customerId);

describe('Stripe billing gateway: customers and cards', () => {
  it('creates one Stripe customer per store, however often it is asked', async () => {
    const input = {
      storeId: 'str_once',
      existingCustomerId: null,
      email: 'owner@example.com',
      name: 'Once Studio',
    };
    const first = await gateway.ensureCustomer(input);
    const second = await gateway.ensureCustomer(input);
    expect(first).toMatch(/^cus_/);
    expect(second).toBe(first);
    expect(fake.findCustomer(first!)).toMatchObject({
      email: 'owner@example.com',
      name: 'Once Studio',
      metadata: { storeId: 'str_once' },
    });
    const created = fake.requests.filter(
      (request) =>
        request.path === '/v1/customers' && request.body['metadata[storeId]'] === 'str_once',
    );
    expect(created.map((request) => request.idempotencyKey)).toEqual([
      'billing-customer-str_once',
      'billing-customer-str_once',
    ]);
    expect(await gateway.ensureCustomer({ ...input, existingCustomerId: 'cus_kept' })).toBe(
      'cus_kept',
    );
  });

  it('attaches a card and reads its real brand, last 4 and expiry back from Stripe', async () => {
    const { customerId, card } = await aCustomerWithCard('pm_card_visa');
    expect(card).toEqual({
      providerPaymentMethodId: expect.stringMatching(/^pm_(?!card_)/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    expect(await gateway.attachCard(customerId, 'pm_card_mastercard')).toMatchObject({
      brand: 'mastercard',
      last4: '4444',
      expMonth: 8,
      expYear: 2031,
    });
  });

  it('sets the default card for invoices on the customer', async () => {
    const { customerId, card } = await aCustomerWithCard();
    await gateway.setDefaultCard(customerId, card.providerPaymentMethodId);
    expect(fake.findCustomer(customerId)).toMatchObject({
      invoice_settings: { default_payment_method: card.providerPaymentMethodId },
    });
  });

  it('detaches a card, and a card already detached is fine', async () => {
    const { card } = await aCustomerWithCard();
    await gateway.detachCard(card.providerPaymentMethodId);
    await gateway.detachCard(card.providerPaymentMethodId);
    expect(fake.events.at(-1)).toMatchObject({
      type: 'payment_method.detached',
      data: { object: { id: card.providerPaymentMethodId, customer: null } },
    });
  });

  it('refuses an unknown card as payment_provider_rejected', async () => {
    const { customerId } = await aCustomerWithCard();
    await expect(gateway.attachCard(customerId, 'pm_nonexistent')).rejects.toMatchObject({
      name: 'PaymentProviderError',
      reason: 'payment_provider_rejected',
    });
  });
});

describe('Stripe billing gateway: invoices', () => {
  it('makes a Stripe invoice with every Atelier line (credits negative), finalizes and pays it', async () => {
    const owner = await aCustomerWithCard();
    const input = aCharge(owner, owner.card.providerPaymentMethodId);
    const saved: string[] = [];
    const result = await gateway.chargeInvoice({
      ...input,
      onProviderInvoice: async (id) => {
        saved.push(id);
      },
    });
    expect(result).toEqual({
      status: 'PAID',
      providerInvoiceId: expect.stringMatching(/^in_/),
      providerChargeId: expect.stringMatching(/^pi_/),
    });
    expect(saved).toEqual([result.providerInvoiceId]);

    const key = `billing-invoice-${input.invoice.id}`;
    const sent = fake.requests.filter((request) => request.idempotencyKey?.startsWith(key));
    expect(
      sent.map((request) => [request.path.replace(/in_\w+/, 'in_*'), request.idempotencyKey]),
    ).toEqual([
      ['/v1/invoices', key],
      ['/v1/invoiceitems', `${key}-line-0`],
      ['/v1/invoiceitems', `${key}-line-1`],
      ['/v1/invoiceitems', `${key}-line-2`],
      ['/v1/invoices/in_*/finalize', `${key}-finalize`],
      ['/v1/invoices/in_*/pay', `${key}-pay-1`],
    ]);
    expect(sent[0]!.body).toMatchObject({
      customer: owner.customerId,
      collection_method: 'charge_automatically',
      auto_advance: 'false',
      currency: 'usd',
      'metadata[billingInvoiceId]': input.invoice.id,
      'metadata[storeId]': owner.storeId,
    });
    expect(
      sent.slice(1, 4).map((request) => [request.body.amount, request.body.description]),
    ).toEqual([
      ['9900', 'Scaling plan (monthly)'],
      ['-2500', 'Unused time on Beginner'],
      ['-1980', 'WELCOME20: 20% off'],
    ]);
    expect(sent[1]!.body).toMatchObject({
      'period[start]': String(Date.parse('2026-03-02T10:00:00.000Z') / 1000),
      'period[end]': String(Date.parse('2026-04-02T10:00:00.000Z') / 1000),
    });
    expect(sent[5]!.body).toMatchObject({
      payment_method: owner.card.providerPaymentMethodId,
      off_session: 'true',
    });
    expect(stripeInvoice(result.providerInvoiceId)).toMatchObject({
      status: 'paid',
      total: 5420,
      amount_paid: 5420,
      auto_advance: false,
      lines: { data: expect.any(Array) },
    });
  });

  it('answers a decline with the card’s reason, then a retry pays the same Stripe invoice', async () => {
    const owner = await aCustomerWithCard('pm_card_chargeDeclinedInsufficientFunds');
    const input = aCharge(owner, owner.card.providerPaymentMethodId);
    const declined = await gateway.chargeInvoice(input);
    expect(declined).toEqual({
      status: 'DECLINED',
      reason: 'Your card has insufficient funds.',
      providerInvoiceId: expect.stringMatching(/^in_/),
      providerChargeId: expect.stringMatching(/^pi_/),
    });
    expect(stripeInvoice(declined.providerInvoiceId)).toMatchObject({ status: 'open' });

    const good = await gateway.attachCard(owner.customerId, 'pm_card_visa');
    const retried = await gateway.chargeInvoice({
      ...input,
      invoice: { ...input.invoice, attempt: 2 },
      paymentMethod: { type: 'stripe', paymentMethodId: good.providerPaymentMethodId },
      providerInvoiceId: declined.providerInvoiceId,
    });
    expect(retried).toMatchObject({
      status: 'PAID',
      providerInvoiceId: declined.providerInvoiceId,
    });
    expect(invoicesOf(owner.customerId)).toHaveLength(1);
    expect(stripeInvoice(declined.providerInvoiceId)).toMatchObject({
      status: 'paid',
      attempt_count: 2,
    });

    // The same attempt again (a runner that crashed after Stripe answered) charges nothing more.
    const before = fake.requests.length;
    expect(
      await gateway.chargeInvoice({
        ...input,
        invoice: { ...input.invoice, attempt: 2 },
        providerInvoiceId: declined.providerInvoiceId,
      }),
    ).toMatchObject({ status: 'PAID' });
    expect(fake.requests.slice(before).map((request) => request.method)).toEqual(['GET']);
  });

  it('treats a card that asks for authentication as declined, with a reason the store can act on', async () => {
    const owner = await aCustomerWithCard('pm_card_authenticationRequired');
    expect(
      await gateway.chargeInvoice(aCharge(owner, owner.card.providerPaymentMethodId)),
    ).toMatchObject({ status: 'DECLINED', reason: REQUIRES_ACTION_REASON });
  });

  it('declines a test card without sending it to Stripe', async () => {
    const owner = await aCustomerWithCard();
    const input = aCharge(owner, owner.card.providerPaymentMethodId);
    const result = await gateway.chargeInvoice({
      ...input,
      paymentMethod: {
        type: 'test_card',
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
      },
    });
    expect(result).toMatchObject({ status: 'DECLINED' });
    const pays = fake.requests.filter(
      (request) => request.idempotencyKey === `billing-invoice-${input.invoice.id}-pay-1`,
    );
    expect(pays).toHaveLength(0);
  });

  it('voids or marks uncollectible the Stripe invoice when dunning gives up', async () => {
    const owner = await aCustomerWithCard('pm_card_chargeDeclined');
    const first = await gateway.chargeInvoice(aCharge(owner, owner.card.providerPaymentMethodId));
    const second = await gateway.chargeInvoice(aCharge(owner, owner.card.providerPaymentMethodId));
    await gateway.voidInvoice(first.providerInvoiceId!);
    await gateway.markUncollectible(second.providerInvoiceId!);
    expect(stripeInvoice(first.providerInvoiceId)).toMatchObject({ status: 'void' });
    expect(stripeInvoice(second.providerInvoiceId)).toMatchObject({ status: 'uncollectible' });
  });

  it('surfaces a rate limit as payment_provider_busy', async () => {
    const owner = await aCustomerWithCard();
    fake.setRateLimited(true);
    try {
      await expect(
        gateway.chargeInvoice(aCharge(owner, owner.card.providerPaymentMethodId)),
      ).rejects.toMatchObject({ name: 'PaymentProviderError', reason: 'payment_provider_busy' });
    } finally {
      fake.setRateLimited(false);
    }
  });
});

describe('Stripe billing gateway: webhooks', () => {
  const deliver = (event: unknown, timestamp = nowSeconds(), secret = WEBHOOK_SECRET) => {
    const { payload, headers } = fake.signedDelivery(event, secret, timestamp);
    return gateway.parseWebhook(Buffer.from(payload), headers);
  };

  it('reads invoice events with the amount paid in minor units', async () => {
    const owner = await aCustomerWithCard();
    const paid = await gateway.chargeInvoice(aCharge(owner, owner.card.providerPaymentMethodId));
    const event = fake.events.findLast(
      (entry) =>
        entry.type === 'invoice.paid' &&
        (entry.data.object as { id: string }).id === paid.providerInvoiceId,
    );
    expect(deliver(event)).toEqual({
      id: event!.id,
      type: 'invoice.paid',
      providerInvoiceId: paid.providerInvoiceId,
      providerPaymentMethodId: null,
      providerCustomerId: owner.customerId,
      amountPaid: 5420,
      currencyCode: 'USD',
      failureReason: null,
    });
  });

  it('reads a detached card with the customer it belonged to', async () => {
    const owner = await aCustomerWithCard();
    fake.detachInDashboard(owner.card.providerPaymentMethodId);
    expect(deliver(fake.events.at(-1))).toMatchObject({
      type: 'payment_method.detached',
      providerPaymentMethodId: owner.card.providerPaymentMethodId,
      providerCustomerId: owner.customerId,
    });
  });

  it('acknowledges subscription events as other: Atelier keeps no Stripe subscription', () => {
    const event = {
      id: 'evt_sub_1',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_1', object: 'subscription' } },
    };
    expect(deliver(event)).toMatchObject({ id: 'evt_sub_1', type: 'other' });
  });

  it.each([
    [
      'another secret',
      () => deliver({ id: 'evt_1', type: 'other', data: {} }, nowSeconds(), 'whsec_other'),
    ],
    [
      'a stale timestamp',
      () => deliver({ id: 'evt_1', type: 'other', data: {} }, nowSeconds() - 301),
    ],
    ['a signed body that is not an event', () => deliver({ hello: 'world' })],
    [
      'a signed invoice event without its invoice',
      () => deliver({ id: 'evt_2', type: 'invoice.paid', data: { object: { id: 42 } } }),
    ],
    ['no signature', () => gateway.parseWebhook(Buffer.from('{}'), {})],
  ])('refuses %s', (_name, parse) => {
    expect(parse).toThrow(
      expect.objectContaining({
        name: 'PaymentWebhookSignatureError',
        reason: 'payment_webhook_signature_invalid',
      }),
    );
  });
});
