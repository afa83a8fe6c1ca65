import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { WIX_WEBHOOKS_PATH } from '@atelier/contract/sales/channel';

/*
 * A local stand-in for Wix's REST APIs in tests (issue 11; point the server at it with
 * WIX_API_BASE_URL). It answers eCommerce `POST /ecom/v1/orders/search` (cursor paging) and
 * Stores `POST /stores/v1/products/query` (offset paging) for one site and API key, can answer
 * 429 for a while, and signs webhook events as Wix does: a JWT (RS256) with the app's key pair,
 * generated here (`publicKeyPem` is what WIX_WEBHOOK_PUBLIC_KEY is set to).
 */

export type WixFakeOptions = {
  apiKey: string;
  siteId: string;
  /** The most items a page holds, whatever `limit` asks. */
  maxPerPage?: number;
};

const readBody = async (request: IncomingMessage): Promise<string> => {
  let body = '';
  for await (const chunk of request) body += (chunk as Buffer).toString('utf8');
  return body;
};

const sendJson = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

const wixError = (response: ServerResponse, status: number, message: string) =>
  sendJson(response, status, { message, details: { applicationError: { code: String(status) } } });

export const startWixFake = async (options: WixFakeOptions) => {
  const maxPerPage = options.maxPerPage ?? 100;
  const orders: Record<string, unknown>[] = [];
  const products: Record<string, unknown>[] = [];
  const requests: { method: string; path: string; status: number; body: string }[] = [];
  let throttled = 0;
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const publicKeyPem = await exportSPKI(publicKey);
  const instanceId = randomUUID();

  const handle = async (
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    body: string,
  ) => {
    if (throttled > 0) {
      throttled -= 1;
      response.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Too Many Requests' }));
      return;
    }
    if (request.method !== 'POST') return wixError(response, 404, 'Not Found');
    if (request.headers.authorization !== options.apiKey) {
      return wixError(response, 401, 'UNAUTHENTICATED: invalid API key');
    }
    if (request.headers['wix-site-id'] !== options.siteId) {
      return wixError(response, 404, 'Site not found');
    }
    const input = JSON.parse(body || '{}') as {
      search?: { cursorPaging?: { limit?: number; cursor?: string } };
      query?: { paging?: { limit?: number; offset?: number } };
    };
    if (path === '/ecom/v1/orders/search') {
      const paging = input.search?.cursorPaging ?? {};
      const limit = Math.min(Math.max(1, paging.limit ?? 50), maxPerPage);
      const start = paging.cursor ? Number(Buffer.from(paging.cursor, 'base64url').toString()) : 0;
      const sorted = [...orders].sort((a, b) =>
        String(a.createdDate).localeCompare(String(b.createdDate)),
      );
      const page = sorted.slice(start, start + limit);
      const hasNext = start + limit < sorted.length;
      return sendJson(response, 200, {
        orders: page,
        metadata: {
          count: page.length,
          hasNext,
          cursors: {
            next: hasNext ? Buffer.from(String(start + limit)).toString('base64url') : null,
          },
        },
      });
    }
    if (path === '/stores/v1/products/query') {
      const paging = input.query?.paging ?? {};
      const limit = Math.min(Math.max(1, paging.limit ?? 100), maxPerPage);
      const offset = Math.max(0, paging.offset ?? 0);
      const page = products.slice(offset, offset + limit);
      return sendJson(response, 200, {
        products: page,
        metadata: { items: page.length, offset },
        totalResults: products.length,
      });
    }
    return wixError(response, 404, 'Not Found');
  };

  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    void readBody(request)
      .then((body) => {
        response.on('finish', () =>
          requests.push({
            method: request.method ?? 'GET',
            path,
            status: response.statusCode,
            body,
          }),
        );
        return handle(request, response, path, body);
      })
      .catch((error: Error) => wixError(response, 500, error.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Signs a JWT as Wix signs webhooks (another key when `key` is given). */
  const sign = (payload: Record<string, unknown>, key: CryptoKey = privateKey) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-key' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);

  return {
    baseUrl,
    publicKeyPem,
    orders,
    products,
    requests,

    /** The next `count` calls are answered 429 with `Retry-After: 1`. */
    throttle(count: number) {
      throttled = count;
    },

    /**
     * An event as Wix POSTs it to `connectionId`'s address, ready for `app.inject`: the body is
     * the signed JWT of the standard envelope (`data` → eventType, instanceId, `data` → the
     * event with the entity). `sign: 'other'` signs with a key that is not the app's; `sign:
     * null` sends the envelope unsigned (`alg: none`).
     */
    async event(input: {
      connectionId: string;
      /** `wix.ecom.v1.order_created`, `wix.ecom.v1.order_updated`, or any other. */
      eventType: string;
      entity: Record<string, unknown>;
      eventId?: string;
      sign?: 'other' | null;
    }) {
      const isCreated = input.eventType.endsWith('_created');
      const event = {
        id: input.eventId ?? randomUUID(),
        entityFqdn: 'wix.ecom.v1.order',
        slug: isCreated ? 'created' : 'updated',
        entityId: input.entity.id,
        eventTime: new Date().toISOString(),
        triggeredByAnonymizeRequest: false,
        ...(isCreated
          ? { createdEvent: { entityAsJson: JSON.stringify(input.entity) } }
          : { updatedEvent: { currentEntityAsJson: JSON.stringify(input.entity) } }),
      };
      const payload = {
        data: JSON.stringify({
          eventType: input.eventType,
          instanceId,
          data: JSON.stringify(event),
          identity: JSON.stringify({ identityType: 'APP', appId: randomUUID() }),
        }),
      };
      let token: string;
      if (input.sign === null) {
        const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
        token = `${encode({ alg: 'none' })}.${encode({ ...payload, iat: Math.floor(Date.now() / 1000) })}.`;
      } else if (input.sign === 'other') {
        token = await sign(payload, (await generateKeyPair('RS256')).privateKey);
      } else token = await sign(payload);
      return {
        method: 'POST' as const,
        url: WIX_WEBHOOKS_PATH.replace(':connectionId', input.connectionId),
        payload: token,
        headers: { 'content-type': 'text/plain' },
      };
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
export type WixFake = Awaited<ReturnType<typeof startWixFake>>;

/** A Wix eCommerce order (override any field): two lines, a coupon, shipping and tax. */
export const aWixOrder = (overrides: Record<string, unknown> = {}) => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  number: '10001',
  createdDate: '2026-04-01T08:30:00.000Z',
  updatedDate: '2026-04-01T08:30:00.000Z',
  status: 'APPROVED',
  paymentStatus: 'PAID',
  fulfillmentStatus: 'NOT_FULFILLED',
  currency: 'USD',
  taxIncludedInPrices: false,
  buyerNote: 'Ring twice',
  buyerInfo: { contactId: 'c0ffee00-0000-4000-8000-000000000007', email: 'Lin@Example.com' },
  lineItems: [
    {
      id: 'li-1',
      productName: { original: 'Ceramic vase' },
      quantity: 1,
      price: { amount: '40.00', formattedAmount: '$40.00' },
      totalDiscount: { amount: '4.00' },
      taxDetails: { totalTax: { amount: '2.88' } },
      physicalProperties: { sku: 'VASE-W', weight: 1.2 },
      descriptionLines: [{ name: { original: 'Colour' }, plainText: { original: 'White' } }],
    },
    {
      id: 'li-2',
      productName: { original: 'Dried flowers' },
      quantity: 3,
      price: { amount: '5.00' },
      totalDiscount: { amount: '0' },
      taxDetails: { totalTax: { amount: '1.20' } },
      physicalProperties: { sku: 'FLOWERS' },
      descriptionLines: [],
    },
  ],
  // 40 − 4 + 15 = 51; + 6.50 shipping + 4.08 tax.
  priceSummary: {
    subtotal: { amount: '55.00' },
    shipping: { amount: '6.50' },
    tax: { amount: '4.08' },
    discount: { amount: '4.00' },
    total: { amount: '61.58' },
  },
  appliedDiscounts: [{ coupon: { code: 'BLOOM', name: 'Bloom' } }],
  billingInfo: {
    address: {
      addressLine1: '5 Elm St',
      city: 'Portland',
      subdivision: 'US-OR',
      country: 'US',
      postalCode: '97201',
    },
    contactDetails: { firstName: 'Lin', lastName: 'Wu', phone: '+1 503 555 0100' },
  },
  shippingInfo: {
    logistics: {
      shippingDestination: {
        address: {
          addressLine1: '5 Elm St',
          city: 'Portland',
          subdivision: 'US-OR',
          country: 'US',
          postalCode: '97201',
        },
        contactDetails: { firstName: 'Lin', lastName: 'Wu' },
      },
    },
  },
  ...overrides,
});

/** A Wix Stores (Catalog V1) product with two colour variants. */
export const aWixProduct = (overrides: Record<string, unknown> = {}) => ({
  id: 'p-vase',
  name: 'Ceramic vase',
  productType: 'physical',
  description: '<p>Hand thrown.</p>',
  sku: 'VASE',
  weight: 1.2,
  brand: 'Clay & Co',
  priceData: { currency: 'USD', price: 40, discountedPrice: 40 },
  stock: { trackInventory: true },
  media: {
    items: [{ image: { url: 'https://static.wixstatic.com/media/vase.jpg' }, title: 'Vase' }],
  },
  productOptions: [
    {
      name: 'Colour',
      choices: [
        { value: 'White', description: 'White' },
        { value: 'Black', description: 'Black' },
      ],
    },
  ],
  variants: [
    {
      id: 'v-1',
      choices: { Colour: 'White' },
      variant: {
        priceData: { currency: 'USD', price: 40, discountedPrice: 40 },
        sku: 'VASE-W',
        weight: 1.2,
        visible: true,
      },
    },
    {
      id: 'v-2',
      choices: { Colour: 'Black' },
      variant: {
        priceData: { currency: 'USD', price: 45, discountedPrice: 38 },
        sku: 'VASE-B',
        weight: 1.3,
        visible: true,
      },
    },
  ],
  ...overrides,
});
