import { randomBytes } from 'node:crypto';

/** A status and JSON body, as the fake answers. */
export type StripeFakeReply = { status: number; body: unknown };
type Reply = StripeFakeReply;

/** What one of Stripe's test PaymentMethod tokens is and does when charged. */
export type TestPaymentMethod = {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  outcome: 'succeeded' | 'declined' | 'requires_action';
  declineCode?: string;
  message?: string;
};
type Intent = Record<string, unknown> & { id: string; amount: number; currency: string };
type Charge = Record<string, unknown> & { id: string; amount: number; amount_refunded: number };

/** Stripe's test PaymentMethod tokens (docs.stripe.com/testing) and what they do. */
export const TEST_PAYMENT_METHODS: Record<string, TestPaymentMethod> = {
  pm_card_visa: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, outcome: 'succeeded' },
  pm_card_mastercard: {
    brand: 'mastercard',
    last4: '4444',
    expMonth: 8,
    expYear: 2031,
    outcome: 'succeeded',
  },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    expMonth: 12,
    expYear: 2030,
    outcome: 'declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    expMonth: 12,
    expYear: 2030,
    outcome: 'declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  pm_card_authenticationRequired: {
    brand: 'visa',
    last4: '3184',
    expMonth: 12,
    expYear: 2030,
    outcome: 'requires_action',
  },
};
const PAYMENT_METHODS = TEST_PAYMENT_METHODS;

/** A Stripe-looking id: `randomId('pi')` → "pi_3f…". */
export const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's error body for a refused request: `{ error: { type: 'invalid_request_error', … } }`. */
export const invalidRequest = (status: number, message: string, extra: object = {}): Reply => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...extra } },
});

/**
 * The state and answers behind the Stripe fake: payment intents confirmed with Stripe's test
 * PaymentMethod tokens, their charges and refunds, in Stripe's JSON shapes. No HTTP here.
 */
export const createStripeFakeApi = () => {
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Charge>();

  const createCharge = (intent: Intent, method: TestPaymentMethod): Charge => {
    const charge: Charge = {
      id: randomId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      paid: true,
      refunded: false,
      status: 'succeeded',
      payment_intent: intent.id,
      payment_method_details: {
        type: 'card',
        card: { brand: method.brand, last4: method.last4, exp_month: 12, exp_year: 2034 },
      },
    };
    charges.set(charge.id, charge);
    return charge;
  };

  const renderIntent = (intent: Intent, fields: Record<string, string>): Intent => {
    const expand = Object.entries(fields)
      .filter(([key]) => key.startsWith('expand['))
      .map(([, value]) => value);
    const chargeId = intent.latest_charge;
    if (!expand.includes('latest_charge') || typeof chargeId !== 'string') return intent;
    return { ...intent, latest_charge: charges.get(chargeId) ?? null };
  };

  const createIntent = (fields: Record<string, string>): Reply => {
    const amount = Number(fields.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      return invalidRequest(400, 'Invalid integer: amount', {
        code: 'parameter_invalid_integer',
        param: 'amount',
      });
    }
    const currency = fields.currency ?? '';
    if (!/^[a-z]{3}$/.test(currency)) {
      return invalidRequest(400, `Invalid currency: ${currency}`, { param: 'currency' });
    }
    const methodId = fields.payment_method ?? '';
    const method = PAYMENT_METHODS[methodId];
    if (!method) {
      return invalidRequest(400, `No such PaymentMethod: '${methodId}'`, {
        code: 'resource_missing',
        param: 'payment_method',
      });
    }
    // Stripe refuses to confirm with automatic payment methods unless redirects are off or a
    // return_url says where the buyer comes back to.
    const isConfirm = fields.confirm === 'true';
    if (
      isConfirm &&
      fields['automatic_payment_methods[enabled]'] === 'true' &&
      fields['automatic_payment_methods[allow_redirects]'] !== 'never' &&
      !fields.return_url
    ) {
      return invalidRequest(400, 'You must provide a `return_url` when confirming.', {
        param: 'return_url',
      });
    }
    const metadata = Object.fromEntries(
      Object.entries(fields)
        .filter(([key]) => key.startsWith('metadata['))
        .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
    );
    const id = randomId('pi');
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      description: fields.description ?? null,
      metadata,
      payment_method: methodId,
      status: 'requires_confirmation',
      latest_charge: null,
      next_action: null,
      last_payment_error: null,
      // Stripe's shape: the intent's id, `_secret_`, then a random part.
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      livemode: false,
    };
    intents.set(intent.id, intent);
    if (!isConfirm) return { status: 200, body: renderIntent(intent, fields) };

    if (method.outcome === 'declined') {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: method.declineCode,
        message: method.message,
      };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
      return { status: 402, body: { error: { ...error, payment_intent: intent } } };
    }
    if (method.outcome === 'requires_action') {
      Object.assign(intent, {
        status: 'requires_action',
        next_action: {
          type: 'use_stripe_sdk',
          use_stripe_sdk: { type: 'three_d_secure_redirect' },
        },
      });
    } else {
      const charge = createCharge(intent, method);
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: amount,
        latest_charge: charge.id,
      });
    }
    return { status: 200, body: renderIntent(intent, fields) };
  };

  const createRefund = (fields: Record<string, string>): Reply => {
    const intent = intents.get(fields.payment_intent ?? '');
    if (!intent) {
      return invalidRequest(404, `No such payment_intent: '${fields.payment_intent ?? ''}'`, {
        code: 'resource_missing',
        param: 'payment_intent',
      });
    }
    const charge = charges.get(String(intent.latest_charge));
    if (intent.status !== 'succeeded' || !charge) {
      return invalidRequest(400, 'This PaymentIntent does not have a successful charge to refund.');
    }
    const refundable = charge.amount - charge.amount_refunded;
    const amount = fields.amount === undefined ? refundable : Number(fields.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      return invalidRequest(400, 'Invalid positive integer', { param: 'amount' });
    }
    if (amount > refundable) {
      return invalidRequest(
        400,
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${refundable})`,
        { code: refundable === 0 ? 'charge_already_refunded' : 'amount_too_large' },
      );
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund = {
      id: randomId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      charge: charge.id,
      payment_intent: intent.id,
      status: 'succeeded',
      reason: fields.reason ?? null,
      metadata: {},
    };
    return { status: 200, body: refund };
  };

  const route = (method: string, path: string, fields: Record<string, string>): Reply => {
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(fields);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(fields);
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intentMatch) {
      const intent = intents.get(decodeURIComponent(intentMatch[1] ?? ''));
      if (!intent) {
        return invalidRequest(404, `No such payment_intent: '${intentMatch[1]}'`, {
          code: 'resource_missing',
          param: 'intent',
        });
      }
      return { status: 200, body: renderIntent(intent, fields) };
    }
    return invalidRequest(404, `Unrecognized request URL (${method}: ${path}).`);
  };

  const findIntent = (id: string): Intent => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`The Stripe fake has no payment intent ${id}.`);
    return intent;
  };

  return {
    /** Answers one request; `fields` are the form fields (GET: the query). */
    route,
    /** The buyer passed 3-D Secure in Stripe.js: a `requires_action` intent succeeds. */
    completeAuthentication(paymentIntentId: string) {
      const intent = findIntent(paymentIntentId);
      const method = PAYMENT_METHODS[String(intent.payment_method)];
      if (intent.status !== 'requires_action' || !method) return;
      const charge = createCharge(intent, method);
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        latest_charge: charge.id,
        next_action: null,
      });
    },
    /** The buyer failed 3-D Secure: the intent goes back to `requires_payment_method`. */
    failAuthentication(paymentIntentId: string) {
      const intent = findIntent(paymentIntentId);
      Object.assign(intent, {
        status: 'requires_payment_method',
        next_action: null,
        last_payment_error: {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message: 'The provided PaymentMethod has failed authentication.',
        },
      });
    },
  };
};
