import { AppError } from '@/lib/app-error';

/**
 * How the buyer pays. `test_card` works only with the local provider (card data never reaches
 * Atelier when Stripe is configured); `stripe` carries a PaymentMethod id (`pm_…`) from Stripe.js;
 * `paypal` (spec §7 paypal-capture) sends the buyer to approve at PayPal, then back to
 * `returnPath`, a page of this app (`/checkout`).
 */
export type PaymentMethodInput =
  | { type: 'test_card'; number: string; expMonth: number; expYear: number; cvc: string }
  | { type: 'stripe'; paymentMethodId: string }
  | { type: 'paypal'; returnPath: string };

/**
 * One charge. `amount` is in integer minor units of `currencyCode` (ISO 4217, e.g. 1999 + "USD"
 * is $19.99). The same `idempotencyKey` always answers with the first attempt's result.
 */
export type ChargeRequest = {
  amount: number;
  currencyCode: string;
  paymentMethod: PaymentMethodInput;
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
};

/**
 * The outcome of a charge. A decline is a result, not an error: `reason` is safe to show the
 * buyer. `REQUIRES_ACTION` waits for the buyer to authenticate, then `confirm` settles it.
 * Card brands are lowercase as Stripe names them (`visa`, `mastercard`).
 */
export type ChargeResult =
  | {
      status: 'COMPLETED';
      providerChargeId: string;
      cardBrand: string | null;
      cardLast4: string | null;
    }
  | { status: 'INSTRUMENT_DECLINED'; reason: string; providerChargeId: string | null }
  | {
      status: 'REQUIRES_ACTION';
      providerChargeId: string;
      /**
       * `redirect`: send the buyer to `url` (null when the local provider simulates the step);
       * `use_stripe_sdk`: Stripe.js finishes it in the browser with `clientSecret`, the
       * PaymentIntent's client secret (Stripe only; null for the other providers).
       */
      nextAction: {
        type: 'redirect' | 'use_stripe_sdk';
        url: string | null;
        clientSecret: string | null;
      };
    };

/** The outcome of a refund; `reason` (safe to show) says why one FAILED. */
export type RefundResult = {
  status: 'SUCCEEDED' | 'FAILED';
  providerRefundId: string | null;
  reason: string | null;
};

/** A refund of `amount` integer minor units of `currencyCode` (ISO 4217); idempotent per key. */
export type RefundRequest = {
  providerChargeId: string;
  amount: number;
  currencyCode: string;
  idempotencyKey: string;
  reason: string;
};

/**
 * A verified webhook in provider-neutral terms. `amount` is in integer minor units and
 * `currencyCode` is uppercase ISO 4217; both are null when the event carries no money (`other`).
 * `id` is the provider's event id: handlers deduplicate on it (providers deliver at least once).
 */
export type PaymentWebhookEvent = {
  id: string;
  type: 'charge.succeeded' | 'charge.failed' | 'charge.refunded' | 'other';
  providerChargeId: string | null;
  amount: number | null;
  currencyCode: string | null;
};

/** A card number the local provider accepts, with what it does (shown on the checkout page). */
export type TestCard = {
  /** Grouped in fours as printed: "4242 4242 4242 4242". */
  number: string;
  brand: 'visa' | 'mastercard';
  label: string;
  outcome: ChargeResult['status'];
};

/** What the web needs to collect a card: the test cards, or Stripe's publishable key. */
export type PaymentPublicConfig =
  | { provider: 'local'; testCards: TestCard[] }
  | { provider: 'stripe'; publishableKey: string }
  | { provider: 'paypal'; isLocal: boolean };

/** Which provider took a payment (`creator_payments.provider`): cards, then PayPal's two. */
export type PaymentProviderName = 'local' | 'stripe' | 'paypal' | 'local_paypal';

/**
 * ARCHITECTURE.md §4 `PaymentProvider` (issue 12): takes money from buyers. The local default
 * works offline with test cards; the Stripe adapter is used when `STRIPE_SECRET_KEY` is set.
 * Every method throws `PaymentProviderError` when the provider cannot answer (unreachable,
 * rate limited, misconfigured, a request it refuses); a declined card is a result, not an error.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** true for the local test provider: the UI says payments are simulated. */
  readonly isLocal: boolean;
  /** Charges the buyer; idempotent per `request.idempotencyKey`. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Completes a charge that REQUIRES_ACTION once the buyer authenticated (local: the test page's confirm; Stripe: retrieve the intent; PayPal: capture the approved order, once per order). */
  confirm(providerChargeId: string): Promise<ChargeResult>;
  /** Refunds part or all of a completed charge; idempotent per `request.idempotencyKey`. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Verifies a webhook over the RAW body; throws PaymentWebhookSignatureError when the signature is bad/missing/outside tolerance. Returns a provider-neutral event. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): PaymentWebhookEvent;
  /** What the web needs to collect a card: { provider: 'local', testCards } or { provider: 'stripe', publishableKey }; PayPal: { provider: 'paypal', isLocal }. */
  publicConfig(): PaymentPublicConfig;
}

/** How far a webhook's signed timestamp may lie from now, in seconds (Stripe's default too). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * A webhook whose signature is missing, wrong or outside the tolerance window, or whose signed
 * body is not an event. Answer 400: the sender retries, an attacker learns nothing.
 */
export class PaymentWebhookSignatureError extends AppError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('bad_request', message, { reason: 'payment_webhook_signature_invalid' });
    this.name = 'PaymentWebhookSignatureError';
    this.cause = options.cause;
  }
}

/** Why the provider could not answer; the web branches on `reason`, never on the message. */
export type PaymentProviderErrorReason =
  | 'payment_provider_unreachable'
  | 'payment_provider_busy'
  | 'payment_provider_error'
  | 'payment_provider_misconfigured'
  | 'payment_provider_rejected'
  | 'payment_idempotency_conflict'
  | 'payment_pending'
  | 'payment_charge_unknown';

const PROVIDER_ERRORS: Record<
  PaymentProviderErrorReason,
  { code: 'unavailable' | 'unprocessable' | 'conflict' | 'not_found'; message: string }
> = {
  // A dropped connection may come after the provider charged: the caller retries with the same
  // idempotency key, which answers with that charge instead of charging again.
  payment_provider_unreachable: {
    code: 'unavailable',
    message: 'The payment provider could not be reached. Try again: a retry never charges twice.',
  },
  payment_provider_busy: {
    code: 'unavailable',
    message: 'The payment provider is busy; nothing was charged. Try again in a moment.',
  },
  payment_provider_error: {
    code: 'unavailable',
    message: 'The payment provider had a problem. Try again: a retry never charges twice.',
  },
  payment_provider_misconfigured: {
    code: 'unavailable',
    message: 'Payments are not set up correctly on this server; nothing was charged.',
  },
  payment_provider_rejected: {
    code: 'unprocessable',
    message: 'The payment provider refused the request; nothing was charged.',
  },
  payment_idempotency_conflict: {
    code: 'conflict',
    message: 'This payment was already attempted with different details; nothing was charged.',
  },
  payment_pending: {
    code: 'unavailable',
    message: 'The payment provider is still processing this payment; its outcome will follow.',
  },
  payment_charge_unknown: {
    code: 'not_found',
    message: 'The payment provider does not know this charge.',
  },
};

/**
 * The provider could not give an answer (network, rate limit, configuration, a refused request).
 * `message` is safe to show; `cause` keeps the provider's error for the log. `providerChargeId`
 * is set when a charge exists whose outcome is not known yet (`payment_pending`).
 */
export class PaymentProviderError extends AppError {
  readonly providerChargeId: string | null;

  constructor(
    reason: PaymentProviderErrorReason,
    options: { cause?: unknown; providerChargeId?: string | null; message?: string } = {},
  ) {
    const { code, message } = PROVIDER_ERRORS[reason];
    super(code, options.message ?? message, { reason });
    this.name = 'PaymentProviderError';
    this.cause = options.cause;
    this.providerChargeId = options.providerChargeId ?? null;
  }
}

/**
 * The one value of a header, or undefined when it is absent or repeated (a repeated signature
 * header is refused rather than guessed at). Names are lowercase, as Node gives them.
 */
export const readSingleHeader = (
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined => {
  const value = headers[name];
  if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
  return value;
};

/**
 * Throws `PaymentProviderError` (`payment_provider_rejected`) unless `amount` is a positive
 * integer of minor units and `currencyCode` three letters (ISO 4217), as both providers require.
 */
export const assertValidMoney = (amount: number, currencyCode: string): void => {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new PaymentProviderError('payment_provider_rejected', {
      message: 'The amount must be a positive whole number of minor units; nothing was charged.',
    });
  }
  if (!/^[A-Za-z]{3}$/.test(currencyCode)) {
    throw new PaymentProviderError('payment_provider_rejected', {
      message: 'The currency must be a three-letter ISO 4217 code; nothing was charged.',
    });
  }
};
