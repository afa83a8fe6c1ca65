import { createHmac, timingSafeEqual } from 'node:crypto';
import { ChannelCallError, readJson, sendWithBackoff, type ChannelHttp } from './channel-http';

/*
 * WooCommerce's REST API v3 (`{shop}/wp-json/wc/v3/…`), written against its documentation with
 * fetch rather than `@woocommerce/woocommerce-rest-api` (issue 11): that library wraps axios and
 * has no back-off, no cancel and no way to point it at a local fake per call, and what is used
 * here is three verbs with HTTP Basic auth (the consumer key and secret, over https) and two
 * paging headers.
 */

export type WooCredentials = { storeUrl: string; consumerKey: string; consumerSecret: string };

/** One page of a list and the totals WooCommerce sends with it (X-WP-Total, X-WP-TotalPages). */
export type WooPage = { items: unknown[]; total: number; totalPages: number };

/** What WooCommerce answers when it refuses the key, in words the shop owner can act on. */
export const WOO_REFUSED_MESSAGE =
  'WooCommerce refused the key: check the consumer key and secret.';

const hostOf = (storeUrl: string) => new URL(storeUrl).host;

/** `X-WC-Webhook-Signature`: the base64 HMAC-SHA256 of the raw body with the webhook's secret. */
export const signWooWebhook = (secret: string, rawBody: Buffer | string): string =>
  createHmac('sha256', secret).update(rawBody).digest('base64');

/** Whether the signature is the body's, with this secret (compared in constant time). */
export const isSignedWooWebhook = (
  secret: string,
  rawBody: Buffer,
  signature: string | undefined,
): boolean => {
  if (typeof signature !== 'string') return false;
  const given = Buffer.from(signature.trim(), 'utf8');
  const expected = Buffer.from(signWooWebhook(secret, rawBody), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * A client of one shop. Every call throws ChannelCallError with a plain reason: `refused` for
 * 401/403 (the key), `not_found` when the address has no WooCommerce REST API, `unreachable`,
 * `throttled` after the back-off gave up, `unexpected` for an answer that is not the API's.
 */
export const createWooCommerceClient = (credentials: WooCredentials, http: ChannelHttp) => {
  const who = `The shop ${hostOf(credentials.storeUrl)}`;
  const authorization = `Basic ${Buffer.from(
    `${credentials.consumerKey}:${credentials.consumerSecret}`,
  ).toString('base64')}`;

  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: { query?: Record<string, string | number>; body?: unknown; signal?: AbortSignal } = {},
  ) => {
    const url = new URL(`${credentials.storeUrl}/wp-json/wc/v3${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      url.searchParams.set(key, String(value));
    }
    const response = await sendWithBackoff(
      http,
      url.toString(),
      {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      },
      who,
      options.signal,
    );
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new ChannelCallError(WOO_REFUSED_MESSAGE, 'refused', response.status);
    }
    if (response.status === 404 && path !== '' && method === 'GET' && !/\/\d+/.test(path)) {
      await response.body?.cancel();
      throw new ChannelCallError(
        `${who} has no WooCommerce REST API at ${credentials.storeUrl}/wp-json/wc/v3: check the address (WordPress permalinks must not be “Plain”).`,
        'not_found',
        404,
      );
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new ChannelCallError(
        `${who} redirected the API call to ${response.headers.get('location') ?? 'another address'}: use the shop’s own address.`,
        'not_found',
        response.status,
      );
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new ChannelCallError(
        `${who} failed to answer (${response.status}).`,
        'unreachable',
        response.status,
      );
    }
    const body = await readJson(response, who);
    if (!response.ok) {
      const message =
        body &&
        typeof body === 'object' &&
        typeof (body as { message?: unknown }).message === 'string'
          ? (body as { message: string }).message
          : `it answered ${response.status}`;
      throw new ChannelCallError(
        `${who} refused the call: ${message}`,
        'unexpected',
        response.status,
      );
    }
    return { body, headers: response.headers };
  };

  const page = async (
    path: string,
    pageNumber: number,
    perPage: number,
    signal?: AbortSignal,
    query: Record<string, string | number> = {},
  ): Promise<WooPage> => {
    const { body, headers } = await call('GET', path, {
      query: { ...query, page: pageNumber, per_page: perPage },
      ...(signal ? { signal } : {}),
    });
    if (!Array.isArray(body)) {
      throw new ChannelCallError(`${who} did not answer ${path} with a list.`, 'unexpected');
    }
    const total = Number(headers.get('x-wp-total'));
    const totalPages = Number(headers.get('x-wp-totalpages'));
    return {
      items: body,
      total: Number.isFinite(total) ? total : body.length,
      totalPages: Number.isFinite(totalPages) && totalPages >= 0 ? totalPages : pageNumber,
    };
  };

  return {
    /** A page of orders, products or customers (`page` from 1, `per_page` at most 100). */
    page,

    /** A resource by path (`/products/12/variations`), with its query. */
    get: async (path: string, query: Record<string, string | number> = {}, signal?: AbortSignal) =>
      (await call('GET', path, { query, ...(signal ? { signal } : {}) })).body,

    /** The key reads orders: GET /orders?per_page=1. Answers how many orders the shop has. */
    async check(): Promise<{ orderCount: number }> {
      const { total } = await page('/orders', 1, 1);
      return { orderCount: total };
    },

    /** The shop's currency and weight unit (WooCommerce → Settings), for its products. */
    async settings(signal?: AbortSignal): Promise<{ currency: string; weightUnit: string }> {
      const valueOf = async (path: string) => {
        const body = (await call('GET', path, signal ? { signal } : {})).body as {
          value?: unknown;
        };
        return typeof body?.value === 'string' ? body.value : '';
      };
      const currency = (await valueOf('/settings/general/woocommerce_currency')).toUpperCase();
      const weightUnit = await valueOf('/settings/products/woocommerce_weight_unit');
      return {
        currency: /^[A-Z]{3}$/.test(currency) ? currency : 'USD',
        weightUnit: weightUnit || 'kg',
      };
    },

    /** Registers a webhook; answers its id. */
    async createWebhook(input: {
      name: string;
      topic: string;
      deliveryUrl: string;
      secret: string;
    }): Promise<number> {
      const { body } = await call('POST', '/webhooks', {
        body: {
          name: input.name,
          topic: input.topic,
          delivery_url: input.deliveryUrl,
          secret: input.secret,
          status: 'active',
        },
      });
      const id = (body as { id?: unknown }).id;
      if (typeof id !== 'number') {
        throw new ChannelCallError(`${who} created a webhook without an id.`, 'unexpected');
      }
      return id;
    },

    /** Deletes a webhook for good (`force=true`); one already gone counts as deleted. */
    async deleteWebhook(id: number): Promise<void> {
      try {
        await call('DELETE', `/webhooks/${id}`, { query: { force: 'true' } });
      } catch (error) {
        if (error instanceof ChannelCallError && error.status === 404) return;
        throw error;
      }
    },
  };
};
export type WooCommerceClient = ReturnType<typeof createWooCommerceClient>;
