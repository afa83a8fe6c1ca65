import Stripe from 'stripe';
import {
  assertValidMoney,
  PaymentProviderError,
  PaymentWebhookSignatureError,
  readSingleHeader,
  WEBHOOK_TOLERANCE_SECONDS,
  type ChargeResult,
  type PaymentProvider,
  type PaymentWebhookEvent,
  type RefundResult,
} from './payment-provider';

export type StripePaymentProviderOptions = {
  /** `sk_test_…` or `sk_live_…`; never leaves the server. */
  secretKey: string;
  /** `pk_…`, handed to the web for Stripe.js. */
  publishableKey: string;
  /** `whsec_…`, the signing secret of the webhook endpoint. */
  webhookSecret: string;
  /** Where the API is, e.g. `http://127.0.0.1:4010` for the local fake; Stripe's own by default. */
  apiBaseUrl?: string;
  /** Time source for the webhook tolerance; defaults to the system clock. */
  now?: () => Date;
  /** Retries of failed connections and 5xx answers (idempotency keys make them safe); default 2. */
  maxNetworkRetries?: number;
};

const toServerConfig = (apiBaseUrl: string | undefined) => {
  if (!apiBaseUrl) return {};
  const url = new URL(apiBaseUrl);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
};

/**
 * The Stripe library client both Stripe adapters use (orders' PaymentProvider, billing's
 * gateway): pointed at `apiBaseUrl` when given (the local fake in tests), 30 s timeout, no
 * telemetry; `maxNetworkRetries` retries connections and 5xx answers (safe with idempotency keys).
 */
export const createStripeClient = ({
  secretKey,
  apiBaseUrl,
  maxNetworkRetries = 2,
}: {
  secretKey: string;
  apiBaseUrl?: string | undefined;
  maxNetworkRetries?: number;
}): Stripe =>
  new Stripe(secretKey, {
    ...toServerConfig(apiBaseUrl),
    maxNetworkRetries,
    timeout: 30_000,
    telemetry: false,
  });

const cardOf = (intent: Stripe.PaymentIntent) => {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return { cardBrand: card?.brand ?? null, cardLast4: card?.last4 ?? null };
};

const toChargeResult = (intent: Stripe.PaymentIntent): ChargeResult => {
  const providerChargeId = intent.id;
  if (intent.status === 'succeeded') {
    return { status: 'COMPLETED', providerChargeId, ...cardOf(intent) };
  }
  if (intent.status === 'requires_action') {
    const url = intent.next_action?.redirect_to_url?.url ?? null;
    // Stripe.js (`handleNextAction`) needs the intent's client secret to run 3-D Secure in the
    // buyer's browser; it lets the browser finish this one intent only, never charge again.
    const clientSecret = intent.client_secret ?? null;
    const nextAction = url
      ? { type: 'redirect' as const, url, clientSecret }
      : { type: 'use_stripe_sdk' as const, url: null, clientSecret };
    return { status: 'REQUIRES_ACTION', providerChargeId, nextAction };
  }
  // After a decline or a failed authentication the intent waits for another payment method.
  if (intent.status === 'requires_payment_method' || intent.status === 'canceled') {
    const reason =
      intent.status === 'canceled'
        ? 'The payment was canceled.'
        : (intent.last_payment_error?.message ?? 'Your card was declined.');
    return { status: 'INSTRUMENT_DECLINED', reason, providerChargeId };
  }
  // `processing` (and states automatic capture never reaches): the outcome comes by webhook.
  throw new PaymentProviderError('payment_pending', { providerChargeId });
};

/** Turns a library error into `PaymentProviderError`; card declines are handled before this. */
export const toStripeProviderError = (error: unknown): PaymentProviderError => {
  const cause = error;
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new PaymentProviderError('payment_provider_unreachable', { cause });
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) {
    return new PaymentProviderError('payment_provider_busy', { cause });
  }
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    return new PaymentProviderError('payment_provider_misconfigured', { cause });
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new PaymentProviderError('payment_idempotency_conflict', { cause });
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new PaymentProviderError('payment_provider_rejected', { cause });
  }
  return new PaymentProviderError('payment_provider_error', { cause });
};

const toWebhookEvent = (event: Stripe.Event): PaymentWebhookEvent => {
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    const isSucceeded = event.type === 'payment_intent.succeeded';
    return {
      id: event.id,
      type: isSucceeded ? 'charge.succeeded' : 'charge.failed',
      providerChargeId: intent.id,
      amount: isSucceeded ? intent.amount_received : intent.amount,
      currencyCode: intent.currency.toUpperCase(),
    };
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    const intent = charge.payment_intent;
    return {
      id: event.id,
      type: 'charge.refunded',
      // Charges are known by their PaymentIntent's id, the id `charge` returned.
      providerChargeId: typeof intent === 'string' ? intent : (intent?.id ?? null),
      amount: charge.amount_refunded,
      currencyCode: charge.currency.toUpperCase(),
    };
  }
  return { id: event.id, type: 'other', providerChargeId: null, amount: null, currencyCode: null };
};

/**
 * ARCHITECTURE.md §4 `PaymentProvider`, the Stripe adapter (issue 12), used when
 * `STRIPE_SECRET_KEY` is configured. A charge is a PaymentIntent confirmed at once with the
 * buyer's `pm_…` from Stripe.js; `providerChargeId` is the intent's id (`pi_…`). Amounts are
 * integer minor units, as Stripe takes them; currencies go out lowercase and come back uppercase.
 * Throws `PaymentProviderError` when Stripe cannot answer; a card decline is a result.
 */
export const createStripePaymentProvider = ({
  secretKey,
  publishableKey,
  webhookSecret,
  apiBaseUrl,
  now = () => new Date(),
  maxNetworkRetries = 2,
}: StripePaymentProviderOptions): PaymentProvider => {
  const stripe = createStripeClient({ secretKey, apiBaseUrl, maxNetworkRetries });

  return {
    name: 'stripe',
    isLocal: false,

    async charge(request) {
      assertValidMoney(request.amount, request.currencyCode);
      if (request.paymentMethod.type !== 'stripe') {
        // Card numbers must never reach this server when Stripe is configured.
        return {
          status: 'INSTRUMENT_DECLINED',
          reason: 'Test cards work only with the local payment provider.',
          providerChargeId: null,
        };
      }
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currencyCode.toLowerCase(),
            payment_method: request.paymentMethod.paymentMethodId,
            confirm: true,
            // Cards only need Stripe.js for 3-D Secure; no redirect, so no return_url is needed.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description: request.description,
            metadata: request.metadata,
            expand: ['latest_charge'],
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return toChargeResult(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            status: 'INSTRUMENT_DECLINED',
            reason: error.message,
            providerChargeId: error.payment_intent?.id ?? null,
          };
        }
        throw toStripeProviderError(error);
      }
    },

    async confirm(providerChargeId) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(providerChargeId, {
          expand: ['latest_charge'],
        });
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'resource_missing'
        ) {
          throw new PaymentProviderError('payment_charge_unknown', { cause: error });
        }
        throw toStripeProviderError(error);
      }
      return toChargeResult(intent);
    },

    async refund(request): Promise<RefundResult> {
      // Stripe refunds in the charge's currency; `currencyCode` is checked by the orders module.
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.providerChargeId,
            amount: request.amount,
            metadata: { reason: request.reason },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        // `pending` is accepted by Stripe and settles later; a later failure comes by webhook.
        if (refund.status === 'succeeded' || refund.status === 'pending') {
          return { status: 'SUCCEEDED', providerRefundId: refund.id, reason: null };
        }
        return {
          status: 'FAILED',
          providerRefundId: refund.id,
          reason: refund.failure_reason ?? `The refund is ${refund.status ?? 'not complete'}.`,
        };
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          !(error instanceof Stripe.errors.StripeIdempotencyError)
        ) {
          return { status: 'FAILED', providerRefundId: null, reason: error.message };
        }
        throw toStripeProviderError(error);
      }
    },

    parseWebhook(rawBody, headers) {
      const signature = readSingleHeader(headers, 'stripe-signature');
      if (!signature) throw new PaymentWebhookSignatureError('The webhook signature is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now().getTime(),
        );
      } catch (error) {
        const message =
          error instanceof Stripe.errors.StripeSignatureVerificationError
            ? 'The webhook signature is not valid.'
            : 'The webhook body is not an event.';
        throw new PaymentWebhookSignatureError(message, { cause: error });
      }
      return toWebhookEvent(event);
    },

    publicConfig() {
      return { provider: 'stripe', publishableKey };
    },
  };
};
