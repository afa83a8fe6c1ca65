import {
  assertValidMoney,
  PaymentProviderError,
  PaymentWebhookSignatureError,
  type ChargeResult,
  type PaymentProvider,
  type RefundResult,
} from './payment-provider';
import { paypalReturnUrlsOf, toPaypalValue } from './paypal-common';

/** PayPal's sandbox; live is https://api-m.paypal.com (config PAYPAL_API_BASE_URL). */
export const PAYPAL_SANDBOX_API_BASE_URL = 'https://api-m.sandbox.paypal.com';

export type PaypalPaymentProviderOptions = {
  /** The REST app's client id and secret (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET); server only. */
  clientId: string;
  clientSecret: string;
  /** PAYPAL_API_BASE_URL: the sandbox by default, the live API, or a local fake in tests. */
  apiBaseUrl?: string;
  /** Where the web app is (PUBLIC_URL): the buyer comes back here from PayPal. */
  publicUrl: string;
  /** Milliseconds before a request to PayPal is given up (its outcome then unknown); 30 s. */
  timeoutMs?: number;
  /** Time source for the access token's expiry; the system clock by default. */
  now?: () => Date;
  /** The HTTP client; the global `fetch` by default. */
  fetch?: typeof fetch;
};

/** PayPal's error body (`name`, `details[].issue`) or OAuth2's (`error`, `error_description`). */
type PaypalError = {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { issue?: string; description?: string }[];
  error?: string;
  error_description?: string;
};

type PaypalLink = { href: string; rel: string; method?: string };
type PaypalCapture = {
  id: string;
  status: string;
  amount?: { currency_code: string; value: string };
};
type PaypalOrder = {
  id: string;
  status: string;
  links?: PaypalLink[];
  purchase_units?: { payments?: { captures?: PaypalCapture[] } }[];
};
type PaypalRefund = { id: string; status: string; status_details?: { reason?: string } };

type Answer = { status: number; body: unknown };

/** Renew the token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

const issuesOf = (body: unknown): string[] =>
  ((body as PaypalError | null)?.details ?? []).flatMap((detail) =>
    detail.issue ? [detail.issue] : [],
  );

/** PayPal's own words for an error, for the log and for refusals safe to show. */
const describe = (body: unknown): string => {
  const error = (body ?? {}) as PaypalError;
  const detail = error.details?.find((item) => item.description)?.description;
  return detail ?? error.message ?? error.error_description ?? 'PayPal refused the request.';
};

/** A PayPal answer that is no outcome, as `PaymentProviderError` (cause: PayPal's body and debug id). */
const toProviderError = ({ status, body }: Answer): PaymentProviderError => {
  const cause = { status, body };
  if (status === 429) return new PaymentProviderError('payment_provider_busy', { cause });
  if (status === 401 || status === 403) {
    return new PaymentProviderError('payment_provider_misconfigured', { cause });
  }
  if (status === 404) return new PaymentProviderError('payment_charge_unknown', { cause });
  if (status >= 500) return new PaymentProviderError('payment_provider_error', { cause });
  return new PaymentProviderError('payment_provider_rejected', { cause });
};

/** A response body as JSON; a body that is not JSON (a proxy's page) as its text. */
const parseBody = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 500) };
  }
};

const captureOf = (order: PaypalOrder): PaypalCapture | undefined =>
  order.purchase_units?.[0]?.payments?.captures?.[0];

/** The answer of a capture (or of an order already captured) as a charge result. */
const toCaptureResult = (order: PaypalOrder): ChargeResult => {
  const capture = captureOf(order);
  if (!capture) {
    // An order not captured yet: the buyer has not approved it (or it was voided).
    if (order.status === 'VOIDED') {
      return {
        status: 'INSTRUMENT_DECLINED',
        reason: 'The PayPal order was voided; nothing was charged.',
        providerChargeId: order.id,
      };
    }
    return approvalNeeded(order);
  }
  if (capture.status === 'COMPLETED') {
    return { status: 'COMPLETED', providerChargeId: capture.id, cardBrand: null, cardLast4: null };
  }
  if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
    return {
      status: 'INSTRUMENT_DECLINED',
      reason: 'PayPal declined the payment; nothing was charged. Pay with another method.',
      providerChargeId: capture.id,
    };
  }
  // PENDING (an eCheck, a review): money may follow; its outcome is not known yet.
  throw new PaymentProviderError('payment_pending', { providerChargeId: capture.id });
};

/** The buyer still has to approve `order` at PayPal's page (its `payer-action` link). */
const approvalNeeded = (order: PaypalOrder): ChargeResult => {
  const link = order.links?.find((item) => item.rel === 'payer-action' || item.rel === 'approve');
  return {
    status: 'REQUIRES_ACTION',
    providerChargeId: order.id,
    nextAction: { type: 'redirect', url: link?.href ?? null, clientSecret: null },
  };
};

/**
 * ARCHITECTURE.md §4 `PaymentProvider`, the PayPal adapter (issue 12; spec §7 paypal-capture),
 * used when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set. Speaks PayPal's REST API with
 * plain `fetch`: an OAuth2 client-credentials token (kept until a minute before it expires,
 * fetched once for concurrent calls, renewed once on a 401), Orders v2 with intent CAPTURE (a
 * charge creates an order the buyer approves at PayPal: REQUIRES_ACTION with its `payer-action`
 * url), `confirm` captures the approved order, and `refund` refunds part of a capture through
 * /v2/payments/captures/{id}/refund. Every POST carries `PayPal-Request-Id`, PayPal's idempotency
 * key (the payment's id, `capture-{order id}`, the refund's key), so a retry never moves money
 * twice. `providerChargeId` is the order id until captured, then the capture id. Amounts are
 * integer minor units converted exactly to PayPal's decimal strings. Throws
 * `PaymentProviderError` when PayPal cannot answer or refuses; a declined payment is a result.
 */
export const createPaypalPaymentProvider = ({
  clientId,
  clientSecret,
  apiBaseUrl = PAYPAL_SANDBOX_API_BASE_URL,
  publicUrl,
  timeoutMs = 30_000,
  now = () => new Date(),
  fetch: fetchImpl = globalThis.fetch,
}: PaypalPaymentProviderOptions): PaymentProvider => {
  const base = apiBaseUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  /** One HTTP exchange; a network failure or timeout is `payment_provider_unreachable`. */
  const send = async (path: string, init: RequestInit): Promise<Answer> => {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        ...init,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new PaymentProviderError('payment_provider_unreachable', { cause });
    }
    const text = await response.text().catch(() => '');
    return { status: response.status, body: parseBody(text) };
  };

  const fetchToken = async (): Promise<string> => {
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const answer = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = answer.body as { access_token?: string; expires_in?: number } | null;
    if (answer.status !== 200 || !body?.access_token) throw toProviderError(answer);
    token = {
      value: body.access_token,
      expiresAt: now().getTime() + (body.expires_in ?? 0) * 1000 - TOKEN_MARGIN_MS,
    };
    return token.value;
  };

  /** A valid access token: the cached one, or one request shared by concurrent callers. */
  const accessToken = async (): Promise<string> => {
    if (token && token.expiresAt > now().getTime()) return token.value;
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  };

  /** An authorized JSON call; a 401 (a token PayPal dropped) fetches a new token once. */
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; requestId?: string } = {},
  ): Promise<Answer> => {
    const attempt = async (bearer: string) =>
      send(path, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.requestId ? { 'paypal-request-id': options.requestId } : {}),
          prefer: 'return=representation',
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
    const first = await attempt(await accessToken());
    if (first.status !== 401) return first;
    token = null;
    return attempt(await accessToken());
  };

  /** The order as PayPal has it now (after a capture under another request id, say). */
  const getOrder = async (orderId: string): Promise<PaypalOrder> => {
    const answer = await call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (answer.status !== 200) throw toProviderError(answer);
    return answer.body as PaypalOrder;
  };

  return {
    name: 'paypal',
    isLocal: false,

    async charge(request) {
      assertValidMoney(request.amount, request.currencyCode);
      if (request.paymentMethod.type !== 'paypal') {
        return {
          status: 'INSTRUMENT_DECLINED',
          reason: 'The PayPal provider takes PayPal payments only.',
          providerChargeId: null,
        };
      }
      const currencyCode = request.currencyCode.toUpperCase();
      const { returnUrl, cancelUrl } = paypalReturnUrlsOf(publicUrl, request);
      const paymentId = request.metadata.paymentId ?? request.idempotencyKey;
      const answer = await call('POST', '/v2/checkout/orders', {
        requestId: request.idempotencyKey,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: paymentId.slice(0, 256),
              custom_id: paymentId.slice(0, 127),
              description: request.description.slice(0, 127),
              amount: {
                currency_code: currencyCode,
                value: toPaypalValue(request.amount, currencyCode),
              },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                brand_name: 'Atelier',
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
                return_url: returnUrl,
                cancel_url: cancelUrl,
              },
            },
          },
        },
      });
      if (answer.status !== 200 && answer.status !== 201) throw toProviderError(answer);
      return approvalNeeded(answer.body as PaypalOrder);
    },

    async confirm(orderId) {
      const capture = (requestId: string) =>
        call('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
          requestId,
          body: {},
        });
      let answer = await capture(`capture-${orderId}`);
      if (answer.status === 422 && issuesOf(answer.body).includes('ORDER_NOT_APPROVED')) {
        // PayPal may replay the refusal of an earlier attempt under the same request id: the
        // order itself says whether the buyer has approved it since.
        const order = await getOrder(orderId);
        if (order.status !== 'APPROVED') return toCaptureResult(order);
        answer = await capture(`capture-${orderId}-approved`);
      }
      if (answer.status === 200 || answer.status === 201) {
        return toCaptureResult(answer.body as PaypalOrder);
      }
      const issues = issuesOf(answer.body);
      if (answer.status === 422) {
        if (issues.includes('ORDER_NOT_APPROVED') || issues.includes('PAYER_ACTION_REQUIRED')) {
          return approvalNeeded(await getOrder(orderId));
        }
        if (issues.includes('ORDER_ALREADY_CAPTURED'))
          return toCaptureResult(await getOrder(orderId));
        if (issues.includes('INSTRUMENT_DECLINED') || issues.includes('PAYER_CANNOT_PAY')) {
          return {
            status: 'INSTRUMENT_DECLINED',
            reason: `${describe(answer.body)} Nothing was charged.`,
            providerChargeId: orderId,
          };
        }
      }
      throw toProviderError(answer);
    },

    async refund(request): Promise<RefundResult> {
      const currencyCode = request.currencyCode.toUpperCase();
      const answer = await call(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(request.providerChargeId)}/refund`,
        {
          requestId: request.idempotencyKey,
          body: {
            amount: {
              currency_code: currencyCode,
              value: toPaypalValue(request.amount, currencyCode),
            },
            note_to_payer: request.reason.slice(0, 255),
          },
        },
      );
      if (answer.status === 200 || answer.status === 201) {
        const refund = answer.body as PaypalRefund;
        // PENDING is accepted by PayPal and completes later (an eCheck capture, say).
        if (refund.status === 'COMPLETED' || refund.status === 'PENDING') {
          return { status: 'SUCCEEDED', providerRefundId: refund.id, reason: null };
        }
        return {
          status: 'FAILED',
          providerRefundId: refund.id,
          reason: `PayPal did not refund: ${refund.status_details?.reason ?? refund.status}.`,
        };
      }
      // A refund PayPal refuses (too large, already refunded, an unknown capture) is a result.
      if (answer.status === 422 || answer.status === 400 || answer.status === 404) {
        return { status: 'FAILED', providerRefundId: null, reason: describe(answer.body) };
      }
      throw toProviderError(answer);
    },

    parseWebhook() {
      // Captures answer synchronously; PayPal webhooks (PAYPAL_WEBHOOK_ID) are not taken yet.
      throw new PaymentWebhookSignatureError('PayPal webhooks are not accepted here.');
    },

    publicConfig() {
      return { provider: 'paypal', isLocal: false };
    },
  };
};
