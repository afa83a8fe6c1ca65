import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWooWebhook } from './woocommerce-client';

/*
 * A local stand-in for a WooCommerce shop in tests (issue 11: connectors are tested against a
 * fake speaking the documented shapes, never the network). It answers the REST API v3 under
 * /wp-json/wc/v3 with HTTP Basic auth (consumer key and secret): orders, products and their
 * variations, customers in pages (`page`, `per_page`, X-WP-Total, X-WP-TotalPages), the two
 * settings a sync reads, and webhooks (create, delete). It can be told to answer 429 for a
 * while (`throttle`), and delivers webhooks signed as WooCommerce does (`delivery`).
 */

export type WooCommerceFakeOptions = {
  consumerKey: string;
  consumerSecret: string;
  /** The most items a page holds, whatever `per_page` asks (WooCommerce's own cap is 100). */
  maxPerPage?: number;
  /** The key may read but not write (webhooks are refused). */
  isReadOnly?: boolean;
  currency?: string;
  weightUnit?: string;
};

type Row = Record<string, unknown> & { id: number };

export type RegisteredWebhook = {
  id: number;
  topic: string;
  delivery_url: string;
  secret: string;
  status: string;
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

const restError = (response: ServerResponse, status: number, code: string, message: string) =>
  sendJson(response, status, { code, message, data: { status } });

export const startWooCommerceFake = async (options: WooCommerceFakeOptions) => {
  const maxPerPage = options.maxPerPage ?? 100;
  const orders: Row[] = [];
  const products: Row[] = [];
  const variations = new Map<number, Row[]>();
  const customers: Row[] = [];
  const webhooks: RegisteredWebhook[] = [];
  const requests: { method: string; path: string; status: number; query: string }[] = [];
  let throttled = 0;
  let throttleStatus = 429;
  let nextWebhookId = 1;
  const expectedAuth = `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64')}`;

  const pageOf = (url: URL, response: ServerResponse, rows: Row[]) => {
    const perPage = Math.min(
      Math.max(1, Number(url.searchParams.get('per_page') ?? 10)),
      maxPerPage,
    );
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const orderBy = url.searchParams.get('orderby') ?? 'date';
    const direction = url.searchParams.get('order') === 'asc' ? 1 : -1;
    const key = (row: Row): number | string =>
      orderBy === 'id'
        ? row.id
        : typeof row.date_created_gmt === 'string'
          ? row.date_created_gmt
          : String(row.id);
    const sorted = [...rows].sort((a, b) =>
      key(a) < key(b) ? -direction : key(a) > key(b) ? direction : 0,
    );
    const totalPages = Math.ceil(sorted.length / perPage);
    sendJson(response, 200, sorted.slice((page - 1) * perPage, page * perPage), {
      'x-wp-total': String(sorted.length),
      'x-wp-totalpages': String(totalPages),
    });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const method = request.method ?? 'GET';
    if (throttled > 0) {
      throttled -= 1;
      response.writeHead(throttleStatus, {
        'retry-after': '1',
        'content-type': 'application/json',
      });
      response.end(JSON.stringify({ code: 'too_many_requests', message: 'Slow down.' }));
      return;
    }
    if (!url.pathname.startsWith('/wp-json/wc/v3/')) {
      return restError(
        response,
        404,
        'rest_no_route',
        'No route was found matching the URL and request method.',
      );
    }
    if (request.headers.authorization !== expectedAuth) {
      return restError(
        response,
        401,
        'woocommerce_rest_cannot_view',
        'Sorry, you cannot list resources.',
      );
    }
    const path = url.pathname.slice('/wp-json/wc/v3'.length);
    let match: RegExpExecArray | null;
    if (method === 'GET' && path === '/orders') return pageOf(url, response, orders);
    if (method === 'GET' && path === '/products') return pageOf(url, response, products);
    if (method === 'GET' && path === '/customers') return pageOf(url, response, customers);
    if (method === 'GET' && (match = /^\/products\/(\d+)\/variations$/.exec(path))) {
      return pageOf(url, response, variations.get(Number(match[1])) ?? []);
    }
    if (method === 'GET' && path === '/settings/general/woocommerce_currency') {
      return sendJson(response, 200, {
        id: 'woocommerce_currency',
        value: options.currency ?? 'USD',
      });
    }
    if (method === 'GET' && path === '/settings/products/woocommerce_weight_unit') {
      return sendJson(response, 200, {
        id: 'woocommerce_weight_unit',
        value: options.weightUnit ?? 'kg',
      });
    }
    if (method === 'POST' && path === '/webhooks') {
      if (options.isReadOnly) {
        return restError(
          response,
          401,
          'woocommerce_rest_cannot_create',
          'Sorry, you are not allowed to create resources.',
        );
      }
      const body = JSON.parse(await readBody(request)) as Record<string, string>;
      if (!body.topic || !body.delivery_url) {
        return restError(
          response,
          400,
          'rest_missing_callback_param',
          'Missing parameter(s): topic, delivery_url',
        );
      }
      const webhook: RegisteredWebhook = {
        id: nextWebhookId++,
        topic: body.topic,
        delivery_url: body.delivery_url,
        secret: body.secret ?? '',
        status: body.status ?? 'active',
      };
      webhooks.push(webhook);
      return sendJson(response, 201, { ...webhook, secret: undefined });
    }
    if (method === 'DELETE' && (match = /^\/webhooks\/(\d+)$/.exec(path))) {
      const index = webhooks.findIndex((webhook) => webhook.id === Number(match![1]));
      if (index < 0)
        return restError(response, 404, 'woocommerce_rest_webhook_invalid_id', 'Invalid ID.');
      const [removed] = webhooks.splice(index, 1);
      return sendJson(response, 200, removed);
    }
    return restError(
      response,
      404,
      'rest_no_route',
      'No route was found matching the URL and request method.',
    );
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    response.on('finish', () =>
      requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        status: response.statusCode,
        query: url.search,
      }),
    );
    void handle(request, response, url).catch((error: Error) =>
      restError(response, 500, 'internal', error.message),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The shop's address (http on 127.0.0.1: a local shop). */
    baseUrl,
    orders,
    products,
    variations,
    customers,
    webhooks,
    requests,

    /** The next `count` calls are answered `status` (429 or 503) with `Retry-After: 1`. */
    throttle(count: number, status = 429) {
      throttled = count;
      throttleStatus = status;
    },

    /**
     * A delivery of the registered webhook of `topic`, as WooCommerce POSTs it, ready for
     * `app.inject`: the JSON body, topic, delivery id and signature headers. `sign: null` leaves
     * the signature out; a string signs with that secret instead.
     */
    delivery(input: { topic: string; body: unknown; deliveryId?: string; sign?: string | null }) {
      const webhook = webhooks.find((item) => item.topic === input.topic);
      if (!webhook) throw new Error(`No webhook of ${input.topic} is registered.`);
      const payload = JSON.stringify(input.body);
      const secret = input.sign === undefined ? webhook.secret : input.sign;
      const [resource, event] = input.topic.split('.');
      return {
        method: 'POST' as const,
        url: new URL(webhook.delivery_url).pathname,
        payload,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'WooCommerce/10.3.0 Hookshot (WordPress/6.8)',
          'x-wc-webhook-source': `${baseUrl}/`,
          'x-wc-webhook-topic': input.topic,
          'x-wc-webhook-resource': resource ?? '',
          'x-wc-webhook-event': event ?? '',
          'x-wc-webhook-id': String(webhook.id),
          'x-wc-webhook-delivery-id': input.deliveryId ?? randomBytes(16).toString('hex'),
          ...(secret === null ? {} : { 'x-wc-webhook-signature': signWooWebhook(secret, payload) }),
        },
      };
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
export type WooCommerceFake = Awaited<ReturnType<typeof startWooCommerceFake>>;

/** A WooCommerce REST v3 order (override any field): two lines, a coupon, shipping and tax. */
export const aWooOrder = (overrides: Record<string, unknown> = {}): Row => ({
  id: 727,
  number: '727',
  status: 'processing',
  currency: 'EUR',
  prices_include_tax: false,
  date_created: '2026-03-02T15:05:11',
  date_created_gmt: '2026-03-02T14:05:11',
  date_completed_gmt: null,
  discount_total: '3.00',
  shipping_total: '4.90',
  total_tax: '8.16',
  // Lines 2 × 16 − 2 + 12 − 1 = 41; + 4.90 shipping + 8.16 tax.
  total: '54.06',
  customer_id: 31,
  customer_note: 'Leave it with the neighbour',
  billing: {
    first_name: 'Grace',
    last_name: 'Hopper',
    company: '',
    address_1: '12 Rue des Lilas',
    address_2: '',
    city: 'Lyon',
    state: '',
    postcode: '69001',
    country: 'FR',
    email: 'Grace@Example.com',
    phone: '+33 4 00 00 00 00',
  },
  shipping: {
    first_name: 'Grace',
    last_name: 'Hopper',
    company: '',
    address_1: '12 Rue des Lilas',
    address_2: '',
    city: 'Lyon',
    state: '',
    postcode: '69001',
    country: 'FR',
    phone: '',
  },
  line_items: [
    {
      id: 1,
      name: 'Linen apron - Sand',
      product_id: 55,
      variation_id: 57,
      quantity: 2,
      subtotal: '32.00',
      subtotal_tax: '6.40',
      total: '30.00',
      total_tax: '6.00',
      sku: 'APRON-SAND',
      price: 15,
      meta_data: [
        { id: 1, key: 'pa_colour', value: 'sand', display_key: 'Colour', display_value: 'Sand' },
      ],
    },
    {
      id: 2,
      name: 'Tea towel',
      product_id: 60,
      variation_id: 0,
      quantity: 1,
      subtotal: '12.00',
      subtotal_tax: '2.40',
      total: '11.00',
      total_tax: '2.16',
      sku: 'TOWEL-1',
      price: 11,
      meta_data: [],
    },
  ],
  shipping_lines: [{ id: 3, method_title: 'Flat rate', total: '4.90', total_tax: '0.00' }],
  fee_lines: [],
  coupon_lines: [{ id: 4, code: 'spring3', discount: '3.00' }],
  refunds: [],
  ...overrides,
});

/** A variable WooCommerce product (colour) and its two variations. */
export const aWooVariableProduct = (overrides: Record<string, unknown> = {}): Row => ({
  id: 55,
  name: 'Linen apron',
  type: 'variable',
  status: 'publish',
  description: '<p>Washed linen, <strong>one size</strong>.</p>',
  short_description: '',
  sku: 'APRON',
  price: '16.00',
  regular_price: '',
  sale_price: '',
  weight: '0.3',
  manage_stock: false,
  categories: [{ id: 9, name: 'Kitchen' }],
  tags: [{ id: 1, name: 'linen' }],
  images: [{ id: 1, src: 'https://shop.example/apron.jpg', alt: 'Apron' }],
  attributes: [
    { id: 1, name: 'Colour', variation: true, visible: true, options: ['Sand', 'Olive'] },
  ],
  variations: [57, 58],
  ...overrides,
});

export const aWooVariations = (): Row[] => [
  {
    id: 57,
    sku: 'APRON-SAND',
    price: '16.00',
    regular_price: '16.00',
    sale_price: '',
    weight: '',
    manage_stock: true,
    attributes: [{ id: 1, name: 'Colour', option: 'Sand' }],
  },
  {
    id: 58,
    sku: 'APRON-OLIVE',
    price: '14.00',
    regular_price: '16.00',
    sale_price: '14.00',
    weight: '0.35',
    manage_stock: true,
    attributes: [{ id: 1, name: 'Colour', option: 'Olive' }],
  },
];

export const aWooSimpleProduct = (overrides: Record<string, unknown> = {}): Row => ({
  id: 60,
  name: 'Tea towel',
  type: 'simple',
  status: 'publish',
  description: 'Cotton.',
  sku: 'TOWEL-1',
  price: '12.00',
  regular_price: '12.00',
  sale_price: '',
  weight: '0.1',
  manage_stock: false,
  categories: [],
  tags: [],
  images: [],
  attributes: [],
  variations: [],
  ...overrides,
});

export const aWooCustomer = (overrides: Record<string, unknown> = {}): Row => ({
  id: 31,
  email: 'grace@example.com',
  first_name: 'Grace',
  last_name: 'Hopper',
  role: 'customer',
  billing: {
    first_name: 'Grace',
    last_name: 'Hopper',
    phone: '+33 4 00 00 00 00',
    country: 'FR',
    city: 'Lyon',
    address_1: '12 Rue des Lilas',
    postcode: '69001',
  },
  shipping: { first_name: '', last_name: '', address_1: '', country: '' },
  date_created_gmt: '2026-01-10T09:00:00',
  ...overrides,
});
