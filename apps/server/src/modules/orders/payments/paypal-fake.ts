import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fromPaypalValue, toPaypalValue } from './paypal-common';

/** One request the fake received (after authentication), as sent. */
export type PaypalFakeRequest = {
  method: string;
  path: string;
  body: unknown;
  requestId: string | null;
};

/** A running fake: point the adapter's `apiBaseUrl` at `url`; `requests` lists what it received. */
export type PaypalFake = {
  url: string;
  clientId: string;
  clientSecret: string;
  requests: PaypalFakeRequest[];
  /** Access tokens issued so far. */
  readonly tokensIssued: number;
  close(): Promise<void>;
  /** The buyer approved the order at PayPal (its payer-action page). */
  approve(orderId: string): void;
  /** The buyer approved, but the funding source will be declined at capture (422 INSTRUMENT_DECLINED). */
  declineFunding(orderId: string): void;
  /** Forgets every access token issued (as PayPal does when one expires early). */
  revokeTokens(): void;
  /** The next `count` API calls (not the token's) answer `status` (429, 500, 503). */
  failNext(status: number, count?: number): void;
  /** Captures made, by capture id. */
  captures(): { id: string; orderId: string; amount: number; currencyCode: string }[];
};

type Order = {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  amount: number;
  currencyCode: string;
  referenceId: string | undefined;
  customId: string | undefined;
  willDecline: boolean;
  captureId: string | null;
};
type Capture = {
  id: string;
  orderId: string;
  amount: number;
  currencyCode: string;
  refunded: number;
};
type Reply = { status: number; body: unknown };

/** PayPal-style ids: 17 upper-case letters and digits. */
const paypalId = () =>
  Array.from(randomBytes(17), (byte) => '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'[byte % 34]).join('');

const errorReply = (status: number, name: string, issue: string, description: string): Reply => ({
  status,
  body: {
    name,
    message:
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
    debug_id: paypalId().toLowerCase().slice(0, 13),
    details: [{ issue, description }],
    links: [],
  },
});

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * A local fake of the parts of PayPal's REST API the adapter uses, speaking its documented wire
 * format: OAuth2 client credentials (`POST /v1/oauth2/token`, Basic auth, form body), Orders v2
 * (`POST /v2/checkout/orders` with intent CAPTURE → PAYER_ACTION_REQUIRED and a `payer-action`
 * link, `GET …/{id}`, `POST …/{id}/capture` → 422 ORDER_NOT_APPROVED before the buyer approved,
 * ORDER_ALREADY_CAPTURED after), refunds (`POST /v2/payments/captures/{id}/refund`, 422
 * REFUND_AMOUNT_EXCEEDED), JSON error bodies with `details[].issue`, and `PayPal-Request-Id`
 * (the same id on the same path answers the first response again). Listens on 127.0.0.1 on a
 * free port; for tests only, never the network.
 */
export const startPaypalFake = async (): Promise<PaypalFake> => {
  const clientId = 'fake-client-id';
  const clientSecret = 'fake-client-secret';
  const tokens = new Set<string>();
  let tokensIssued = 0;
  const orders = new Map<string, Order>();
  const captures = new Map<string, Capture>();
  const idempotent = new Map<string, Reply>();
  const requests: PaypalFakeRequest[] = [];
  let failures: { status: number; count: number } | null = null;
  let url = '';

  const orderJson = (order: Order) => ({
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    payment_source: { paypal: {} },
    purchase_units: [
      {
        reference_id: order.referenceId ?? 'default',
        custom_id: order.customId,
        amount: {
          currency_code: order.currencyCode,
          value: toPaypalValue(order.amount, order.currencyCode),
        },
        ...(order.captureId
          ? {
              payments: {
                captures: [
                  {
                    id: order.captureId,
                    status: 'COMPLETED',
                    amount: {
                      currency_code: order.currencyCode,
                      value: toPaypalValue(order.amount, order.currencyCode),
                    },
                    final_capture: true,
                  },
                ],
              },
            }
          : {}),
      },
    ],
    links: [
      { href: `${url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'PAYER_ACTION_REQUIRED'
        ? [
            {
              href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`,
              rel: 'payer-action',
              method: 'GET',
            },
          ]
        : []),
    ],
  });

  const createOrder = (body: unknown): Reply => {
    const input = body as {
      intent?: string;
      purchase_units?: {
        reference_id?: string;
        custom_id?: string;
        amount?: { currency_code?: string; value?: string };
      }[];
      payment_source?: { paypal?: { experience_context?: { return_url?: string } } };
    } | null;
    const unit = input?.purchase_units?.[0];
    const amount = unit?.amount;
    if (input?.intent !== 'CAPTURE' && input?.intent !== 'AUTHORIZE') {
      return errorReply(
        400,
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        'intent is required.',
      );
    }
    if (!amount?.currency_code || !amount.value || !/^\d+(\.\d+)?$/.test(amount.value)) {
      return errorReply(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'amount is invalid.');
    }
    if (!input.payment_source?.paypal?.experience_context?.return_url) {
      return errorReply(
        400,
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        'return_url is required for a PayPal payment source.',
      );
    }
    const order: Order = {
      id: paypalId(),
      status: 'PAYER_ACTION_REQUIRED',
      amount: fromPaypalValue(amount.value, amount.currency_code),
      currencyCode: amount.currency_code,
      referenceId: unit?.reference_id,
      customId: unit?.custom_id,
      willDecline: false,
      captureId: null,
    };
    orders.set(order.id, order);
    return { status: 200, body: orderJson(order) };
  };

  const notFound = (): Reply =>
    errorReply(
      404,
      'RESOURCE_NOT_FOUND',
      'INVALID_RESOURCE_ID',
      'Specified resource ID does not exist.',
    );

  const captureOrder = (orderId: string): Reply => {
    const order = orders.get(orderId);
    if (!order) return notFound();
    if (order.status === 'COMPLETED') {
      return errorReply(
        422,
        'UNPROCESSABLE_ENTITY',
        'ORDER_ALREADY_CAPTURED',
        'Order already captured.',
      );
    }
    if (order.status !== 'APPROVED') {
      return errorReply(
        422,
        'UNPROCESSABLE_ENTITY',
        'ORDER_NOT_APPROVED',
        'Payer has not yet approved the Order for payment.',
      );
    }
    if (order.willDecline) {
      return errorReply(
        422,
        'UNPROCESSABLE_ENTITY',
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const capture: Capture = {
      id: paypalId(),
      orderId,
      amount: order.amount,
      currencyCode: order.currencyCode,
      refunded: 0,
    };
    captures.set(capture.id, capture);
    order.status = 'COMPLETED';
    order.captureId = capture.id;
    return { status: 201, body: orderJson(order) };
  };

  const refundCapture = (captureId: string, body: unknown): Reply => {
    const capture = captures.get(captureId);
    if (!capture) return notFound();
    const amount = (body as { amount?: { currency_code?: string; value?: string } } | null)?.amount;
    const value = amount?.value
      ? fromPaypalValue(amount.value, capture.currencyCode)
      : capture.amount - capture.refunded;
    if (amount?.currency_code && amount.currency_code !== capture.currencyCode) {
      return errorReply(
        422,
        'UNPROCESSABLE_ENTITY',
        'CURRENCY_MISMATCH',
        'Currency of capture must be the same as currency of refund.',
      );
    }
    if (value > capture.amount - capture.refunded) {
      return errorReply(
        422,
        'UNPROCESSABLE_ENTITY',
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
      );
    }
    capture.refunded += value;
    return {
      status: 201,
      body: {
        id: paypalId(),
        status: 'COMPLETED',
        amount: {
          currency_code: capture.currencyCode,
          value: toPaypalValue(value, capture.currencyCode),
        },
        links: [],
      },
    };
  };

  const route = (method: string, path: string, body: unknown): Reply => {
    if (method === 'POST' && path === '/v2/checkout/orders') return createOrder(body);
    let match = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const order = orders.get(decodeURIComponent(match[1]!));
      return order ? { status: 200, body: orderJson(order) } : notFound();
    }
    match = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (method === 'POST' && match) return captureOrder(decodeURIComponent(match[1]!));
    match = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && match) return refundCapture(decodeURIComponent(match[1]!), body);
    return notFound();
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const method = request.method ?? 'GET';
    const raw = method === 'GET' ? '' : await readBody(request);
    const send = (reply: Reply) => {
      response.writeHead(reply.status, {
        'content-type': 'application/json',
        'paypal-debug-id': paypalId().toLowerCase().slice(0, 13),
      });
      response.end(JSON.stringify(reply.body));
    };

    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (request.headers.authorization !== expected) {
        return send({
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        });
      }
      if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials') {
        return send({
          status: 400,
          body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' },
        });
      }
      const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.add(accessToken);
      tokensIssued += 1;
      return send({
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: accessToken,
          token_type: 'Bearer',
          app_id: 'APP-80W284485P519543T',
          expires_in: 32400,
          nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
        },
      });
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return send({
        status: 401,
        body: { error: 'invalid_token', error_description: 'Access Token not found in cache' },
      });
    }
    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return send(
          errorReply(
            400,
            'INVALID_REQUEST',
            'MALFORMED_REQUEST_JSON',
            'The request JSON is not well formed.',
          ),
        );
      }
    }
    const header = request.headers['paypal-request-id'];
    const requestId = typeof header === 'string' ? header : null;
    requests.push({ method, path, body, requestId });
    if (failures && failures.count > 0) {
      failures.count -= 1;
      return send(
        failures.status === 429
          ? errorReply(
              429,
              'RATE_LIMIT_REACHED',
              'RATE_LIMIT_REACHED',
              'Too many requests. Blocked due to rate limiting.',
            )
          : errorReply(
              failures.status,
              'INTERNAL_SERVER_ERROR',
              'INTERNAL_SERVICE_ERROR',
              'An internal service error has occurred.',
            ),
      );
    }
    if (method !== 'POST' || !requestId) return send(route(method, path, body));
    const key = `${path}\n${requestId}`;
    const stored = idempotent.get(key);
    if (stored) return send(stored);
    const reply = route(method, path, body);
    // PayPal keeps the answer of a request id; a failed one (5xx) may be retried under it.
    if (reply.status < 500) idempotent.set(key, reply);
    return send(reply);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;

  const orderOf = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`The PayPal fake has no order ${orderId}.`);
    return order;
  };

  return {
    url,
    clientId,
    clientSecret,
    requests,
    get tokensIssued() {
      return tokensIssued;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    approve(orderId) {
      const order = orderOf(orderId);
      if (order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
    },
    declineFunding(orderId) {
      const order = orderOf(orderId);
      if (order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
      order.willDecline = true;
    },
    revokeTokens() {
      tokens.clear();
    },
    failNext(status, count = 1) {
      failures = { status, count };
    },
    captures: () =>
      [...captures.values()].map(({ id, orderId, amount, currencyCode }) => ({
        id,
        orderId,
        amount,
        currencyCode,
      })),
  };
};
