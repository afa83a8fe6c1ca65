import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SHOPIFY_WEBHOOKS_PATH } from '@atelier/contract/sales/channel';
import {
  createFakeAdminState,
  handleAdminGraphQl,
  sendBulkResult,
  type FakeAdminState,
} from './shopify-fake-admin';
import { shopifyFixtures, type FakeShopData } from './shopify-fake-fixtures';
import { signShopifyQuery, signShopifyWebhook } from './shopify-protocol';

/*
 * A local stand-in for Shopify in tests (issue 11: connectors are tested against a fake speaking
 * the documented shapes, never the network). It answers the OAuth token exchange, builds the
 * signed callback a shop owner's approval sends (or sends a browser there from its install
 * page), signs webhooks as Shopify does, and answers the Admin GraphQL calls of the sync (bulk
 * operations and their JSONL results, webhook subscriptions; shopify-fake-admin.ts) from each
 * shop's data (empty unless a test sets it, e.g. to `shopifyFixtures()`). Point the server at it
 * with SHOPIFY_ADMIN_BASE_URL.
 */

export type ShopifyFakeOptions = {
  apiKey: string;
  apiSecret: string;
  scopes?: string[];
  /**
   * The shop whose owner approves an install opened in a browser (`GET /admin/oauth/authorize`):
   * every shop's address is the fake's, so its install page cannot tell which shop it is.
   */
  browserShop?: string;
  /** Each shop's data at start (others have none until `setShopData`). */
  shops?: Record<string, FakeShopData>;
};

const emptyShop = (shop: string): FakeShopData => ({
  name: shop.split('.')[0] ?? shop,
  email: `owner@${shop}`,
  currencyCode: 'USD',
  products: [],
  customers: [],
  orders: [],
});

const readBody = async (request: IncomingMessage): Promise<string> => {
  let body = '';
  for await (const chunk of request) body += (chunk as Buffer).toString('utf8');
  return body;
};

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

export const startShopifyFake = async (options: ShopifyFakeOptions) => {
  const scopes = options.scopes ?? ['read_products', 'read_customers', 'read_orders'];
  /** Install codes not used yet: code → shop. */
  const codes = new Map<string, string>();
  /** Offline tokens given, by shop. */
  const tokens = new Map<string, string>();
  const requests: { method: string; path: string }[] = [];
  const shops = new Map<string, FakeShopData>(Object.entries(options.shops ?? {}));
  let baseUrl = '';
  const admin: FakeAdminState = createFakeAdminState(
    () => baseUrl,
    tokens,
    (shop) => shops.get(shop) ?? emptyShop(shop),
  );

  const exchangeCode = async (request: IncomingMessage, response: ServerResponse) => {
    const text = await readBody(request);
    const isJson = (request.headers['content-type'] ?? '').includes('json');
    const body = isJson
      ? (JSON.parse(text) as Record<string, string>)
      : Object.fromEntries(new URLSearchParams(text));
    const shop = codes.get(body.code ?? '');
    if (body.client_id !== options.apiKey || body.client_secret !== options.apiSecret) {
      return sendJson(response, 400, {
        error: 'invalid_client',
        error_description: 'Client credentials are invalid',
      });
    }
    if (!shop) {
      return sendJson(response, 400, {
        error: 'invalid_request',
        error_description: 'The authorization code was not found or was already used',
      });
    }
    codes.delete(body.code!);
    const token = `shpat_${randomBytes(16).toString('hex')}`;
    tokens.set(shop, token);
    return sendJson(response, 200, { access_token: token, scope: scopes.join(',') });
  };

  /**
   * The query Shopify's redirect carries once the shop owner approves the install of
   * `authorizeUrl` (a fresh code, signed with the app secret). `sign` signs with another secret.
   */
  const approveInstall = (
    authorizeUrl: string,
    shop: string,
    change: { sign?: string; state?: string } = {},
  ): { callbackPath: string; query: Record<string, string> } => {
    const authorize = new URL(authorizeUrl);
    const code = randomBytes(12).toString('hex');
    codes.set(code, shop);
    const query: Record<string, string> = {
      code,
      host: Buffer.from(`admin.shopify.com/store/${shop.split('.')[0]}`).toString('base64url'),
      shop,
      state: change.state ?? authorize.searchParams.get('state') ?? '',
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    query.hmac = signShopifyQuery(change.sign ?? options.apiSecret, query);
    const redirect = new URL(authorize.searchParams.get('redirect_uri') ?? '');
    return {
      callbackPath: `${redirect.pathname}?${new URLSearchParams(query).toString()}`,
      query,
    };
  };

  /** Shopify's install page, approved at once: back to the app's callback, signed. */
  const authorize = (url: URL, response: ServerResponse) => {
    const shop = url.searchParams.get('shop') ?? options.browserShop;
    const redirectUri = url.searchParams.get('redirect_uri');
    if (url.searchParams.get('client_id') !== options.apiKey || !shop || !redirectUri) {
      return sendJson(response, 400, { errors: 'Unknown app, shop or redirect_uri' });
    }
    const { callbackPath } = approveInstall(url.toString(), shop);
    response.writeHead(302, { location: new URL(callbackPath, redirectUri).toString() });
    response.end();
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push({ method: request.method ?? 'GET', path: url.pathname });
    if (request.method === 'GET' && url.pathname === '/admin/oauth/authorize') {
      authorize(url, response);
      return;
    }
    if (request.method === 'POST' && url.pathname === '/admin/oauth/access_token') {
      void exchangeCode(request, response).catch((error: Error) =>
        sendJson(response, 500, { errors: error.message }),
      );
      return;
    }
    if (request.method === 'POST' && /^\/admin\/api\/[^/]+\/graphql\.json$/.test(url.pathname)) {
      void handleAdminGraphQl(admin, request, response).catch((error: Error) =>
        sendJson(response, 500, { errors: error.message }),
      );
      return;
    }
    const bulk = /^\/bulk\/(.+)\.jsonl$/.exec(url.pathname);
    if (request.method === 'GET' && bulk) {
      sendBulkResult(admin, decodeURIComponent(bulk[1]!), response);
      return;
    }
    sendJson(response, 404, { errors: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    tokens,
    requests,
    /** What the sync asked for: bulk operations, webhook subscriptions, every GraphQL call. */
    admin,

    /** Sets what a shop has (products, customers, orders; `shopifyFixtures()` for a few). */
    setShopData(shop: string, data: FakeShopData = shopifyFixtures()) {
      shops.set(shop, data);
      return data;
    },
    /** The next `count` GraphQL calls are throttled: a THROTTLED answer, or HTTP 429. */
    throttleNext(count: number, kind: 'graphql' | 'http' = 'graphql', retryAfterSeconds = 0.05) {
      admin.throttle = { remaining: count, kind, retryAfterSeconds };
    },
    /** From now on the shop's access token is refused (401), as after a revoke. */
    rejectToken(shop: string) {
      admin.rejectedShops.add(shop);
    },
    /** While held, bulk operations (all, or one kind's) stay RUNNING. */
    holdBulkOperations(isHolding: FakeAdminState['isHoldingBulk']) {
      admin.isHoldingBulk = isHolding;
    },

    approveInstall,
    /**
     * A webhook as Shopify POSTs it, ready for `app.inject`: the JSON body and the topic, shop,
     * id and signature headers. `sign: null` leaves the signature out; a string signs with it.
     */
    webhook(input: {
      topic: string;
      shop: string;
      body: unknown;
      webhookId?: string;
      sign?: string | null;
    }) {
      const payload = JSON.stringify(input.body);
      const secret = input.sign === undefined ? options.apiSecret : input.sign;
      return {
        method: 'POST' as const,
        url: SHOPIFY_WEBHOOKS_PATH,
        payload,
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': input.topic,
          'x-shopify-shop-domain': input.shop,
          'x-shopify-webhook-id': input.webhookId ?? randomUUID(),
          'x-shopify-api-version': '2026-07',
          'x-shopify-triggered-at': new Date().toISOString(),
          ...(secret === null
            ? {}
            : { 'x-shopify-hmac-sha256': signShopifyWebhook(secret, payload) }),
        },
      };
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
export type ShopifyFake = Awaited<ReturnType<typeof startShopifyFake>>;

/** A Shopify REST order as the `orders/create` webhook sends it (override any field). */
export const aShopifyOrder = (overrides: Record<string, unknown> = {}) => ({
  id: 5_123_456_789_012,
  name: '#1001',
  created_at: '2026-03-02T14:05:11-05:00',
  currency: 'USD',
  email: 'ada@example.com',
  taxes_included: false,
  line_items: [
    {
      sku: 'MUG-BLK',
      title: 'Black mug',
      variant_title: 'Black',
      quantity: 2,
      price: '18.00',
      total_discount: '1.00',
      tax_lines: [{ price: '2.80', rate: 0.08, title: 'Tax' }],
    },
    {
      sku: 'TEE-M',
      title: 'T-shirt',
      variant_title: 'M',
      quantity: 1,
      price: '25.00',
      total_discount: '0.00',
      tax_lines: [{ price: '2.00', rate: 0.08, title: 'Tax' }],
    },
  ],
  total_discounts: '6.00',
  discount_codes: [{ code: 'WELCOME5', amount: '5.00', type: 'fixed_amount' }],
  total_shipping_price_set: {
    shop_money: { amount: '4.99', currency_code: 'USD' },
    presentment_money: { amount: '4.99', currency_code: 'USD' },
  },
  total_tax: '4.80',
  // 2 × 18 − 1 + 25 = 60; − 5 order discount + 4.99 shipping + 4.80 tax.
  total_price: '64.79',
  customer: {
    id: 7_001,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone: '+15555550100',
  },
  shipping_address: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    name: 'Ada Lovelace',
    company: null,
    address1: '1 Analytical Way',
    address2: null,
    city: 'Raleigh',
    province_code: 'NC',
    zip: '27601',
    country_code: 'US',
    phone: null,
  },
  billing_address: null,
  financial_status: 'paid',
  fulfillment_status: null,
  cancelled_at: null,
  tags: 'vip, first-order',
  note: 'Gift wrap, please',
  landing_site: '/products/black-mug?utm_source=newsletter',
  referring_site: 'https://www.google.com/',
  ...overrides,
});

/** A Shopify REST product as the `products/create` and `products/update` webhooks send it. */
export const aShopifyProduct = (overrides: Record<string, unknown> = {}) => ({
  id: 8_801,
  title: 'Canvas tote',
  body_html: '<p>Heavy canvas.</p>',
  vendor: 'Juniper & Oak',
  product_type: 'Bags',
  status: 'active',
  tags: 'bags, canvas',
  options: [{ id: 1, product_id: 8_801, name: 'Color', position: 1, values: ['Natural', 'Black'] }],
  variants: [
    {
      id: 9_801,
      product_id: 8_801,
      title: 'Natural',
      sku: 'TOTE-NAT',
      barcode: null,
      price: '32.00',
      compare_at_price: null,
      option1: 'Natural',
      option2: null,
      option3: null,
      grams: 410,
      weight: 0.41,
      weight_unit: 'kg',
      inventory_management: 'shopify',
    },
    {
      id: 9_802,
      product_id: 8_801,
      title: 'Black',
      sku: 'TOTE-BLK',
      barcode: null,
      price: '32.00',
      compare_at_price: '40.00',
      option1: 'Black',
      option2: null,
      option3: null,
      grams: 410,
      weight: 0.41,
      weight_unit: 'kg',
      inventory_management: 'shopify',
    },
  ],
  image: { id: 1, src: 'https://cdn.shopify.com/s/files/1/tote.jpg', alt: 'Canvas tote' },
  images: [{ id: 1, src: 'https://cdn.shopify.com/s/files/1/tote.jpg', alt: 'Canvas tote' }],
  ...overrides,
});

/** A Shopify REST customer as the `customers/create` and `customers/update` webhooks send it. */
export const aShopifyCustomer = (overrides: Record<string, unknown> = {}) => ({
  id: 7_301,
  email: 'Mary.Shelley@example.com',
  first_name: 'Mary',
  last_name: 'Shelley',
  phone: null,
  tags: 'newsletter',
  default_address: {
    first_name: 'Mary',
    last_name: 'Shelley',
    address1: '24 Chester Square',
    city: 'London',
    province_code: null,
    zip: 'SW1W 9HS',
    country_code: 'GB',
    phone: null,
  },
  email_marketing_consent: {
    state: 'subscribed',
    opt_in_level: 'single_opt_in',
    consent_updated_at: '2026-02-01T09:00:00Z',
  },
  ...overrides,
});
