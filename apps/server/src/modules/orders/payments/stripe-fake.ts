import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createStripeFakeApi,
  invalidRequest,
  randomId,
  type StripeFakeReply as Reply,
} from './stripe-fake-api';
import { createStripeFakeBilling, type StripeFakeEvent } from './stripe-fake-billing';

export type { StripeFakeEvent } from './stripe-fake-billing';

/** One request the fake received; `body` holds the form fields (GET: the query) as sent. */
export type StripeFakeRequest = {
  method: string;
  path: string;
  body: Record<string, string>;
  idempotencyKey: string | null;
};

/** A running fake: point the Stripe library at `url`; `requests` lists what it received. */
export type StripeFake = {
  url: string;
  close(): Promise<void>;
  requests: StripeFakeRequest[];
  /** While on, every request answers 429 like Stripe's rate limiter. */
  setRateLimited(isRateLimited: boolean): void;
  /** The buyer passed 3-D Secure in Stripe.js: a `requires_action` intent succeeds. */
  completeAuthentication(paymentIntentId: string): void;
  /** The buyer failed 3-D Secure: the intent goes back to `requires_payment_method`. */
  failAuthentication(paymentIntentId: string): void;
  /** Stripe Billing: every event so far (what Stripe would send to webhooks), oldest first. */
  events: StripeFakeEvent[];
  /** Stripe Billing: every invoice as the API renders it (payments expanded), oldest first. */
  listInvoices(): Record<string, unknown>[];
  /** Stripe Billing: a customer as the API renders it, or undefined. */
  findCustomer(id: string): Record<string, unknown> | undefined;
  /** The customer paid an open invoice on Stripe's hosted page (test token, default visa). */
  payInvoiceOutOfBand(invoiceId: string, paymentMethodToken?: string): void;
  /** Someone voided or marked uncollectible an invoice in Stripe's dashboard. */
  closeInvoiceInDashboard(invoiceId: string, to: 'void' | 'uncollectible'): void;
  /** Someone removed a card in Stripe's dashboard (a `payment_method.detached` event). */
  detachInDashboard(paymentMethodId: string): void;
  /**
   * A webhook delivery of `event` signed as Stripe signs it (`Stripe-Signature: t=…,v1=…`,
   * HMAC-SHA256 of `${t}.${payload}` with `secret`; `timestamp` in unix seconds, now by default).
   */
  signedDelivery(
    event: unknown,
    secret: string,
    timestamp?: number,
  ): { payload: string; headers: Record<string, string> };
};

/** Stripe's `Stripe-Signature` header value for `payload` (docs.stripe.com/webhooks/signature). */
export const signStripeWebhook = (payload: string, secret: string, timestamp: number): string =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * A local fake of the parts of Stripe's API the adapters use (payment intents and refunds; Stripe
 * Billing's customers, payment methods, invoice items and invoices, with the events they cause),
 * speaking its documented wire format: form-encoded requests, JSON objects and error bodies,
 * Bearer keys, and idempotency keys (same key and body → the stored response; other body → 400
 * `idempotency_error`). Listens on 127.0.0.1 on a free port; for tests only, never the network.
 */
export const startStripeFake = async (): Promise<StripeFake> => {
  const api = createStripeFakeApi();
  const billing = createStripeFakeBilling();
  const route = (method: string, path: string, fields: Record<string, string>) =>
    billing.route(method, path, fields) ?? api.route(method, path, fields);
  const requests: StripeFakeRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; reply: Reply }>();
  let isRateLimited = false;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const raw = method === 'GET' ? url.search.slice(1) : await readBody(request);
    const fields = Object.fromEntries(new URLSearchParams(raw));
    const idempotencyKey = request.headers['idempotency-key'];
    const key = typeof idempotencyKey === 'string' ? idempotencyKey : null;
    requests.push({ method, path: url.pathname, body: fields, idempotencyKey: key });

    const send = (reply: Reply, headers: Record<string, string> = {}) => {
      response.writeHead(reply.status, {
        'content-type': 'application/json',
        'request-id': randomId('req'),
        ...headers,
      });
      response.end(JSON.stringify(reply.body));
    };

    if (isRateLimited) {
      return send({
        status: 429,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'rate_limit',
            message: 'Too many requests hit the API too quickly.',
          },
        },
      });
    }
    if (!/^Bearer sk_(test|live)_\w+$/.test(request.headers.authorization ?? '')) {
      return send(invalidRequest(401, 'Invalid API Key provided.'));
    }
    if (key === null || method !== 'POST') return send(route(method, url.pathname, fields));

    const fingerprint = `${method} ${url.pathname} ${raw}`;
    const stored = idempotent.get(key);
    if (stored && stored.fingerprint !== fingerprint) {
      return send({
        status: 400,
        body: {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        },
      });
    }
    if (stored) return send(stored.reply, { 'idempotent-replayed': 'true' });
    const reply = route(method, url.pathname, fields);
    // Stripe replays the first answer as it was then, not the object as it is now.
    idempotent.set(key, { fingerprint, reply: structuredClone(reply) });
    return send(reply);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    setRateLimited(value) {
      isRateLimited = value;
    },
    completeAuthentication: (paymentIntentId) => api.completeAuthentication(paymentIntentId),
    failAuthentication: (paymentIntentId) => api.failAuthentication(paymentIntentId),
    events: billing.events,
    listInvoices: billing.listInvoices,
    findCustomer: billing.findCustomer,
    payInvoiceOutOfBand: billing.payInvoiceOutOfBand,
    closeInvoiceInDashboard: billing.closeInvoiceInDashboard,
    detachInDashboard: billing.detachInDashboard,
    signedDelivery(event, secret, timestamp = Math.floor(Date.now() / 1000)) {
      const payload = JSON.stringify(event);
      return {
        payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signStripeWebhook(payload, secret, timestamp),
        },
      };
    },
  };
};
