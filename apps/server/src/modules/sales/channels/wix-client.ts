import { ChannelCallError, readJson, sendWithBackoff, type ChannelHttp } from './channel-http';

/*
 * Wix's REST APIs for one site (issue 11), called with an API key from the account's API Keys
 * Manager (`Authorization: <key>`, `wix-site-id: <site>`): eCommerce Orders (`POST
 * /ecom/v1/orders/search`, cursor paging) and Stores Catalog V1 (`POST /stores/v1/products/query`,
 * offset paging). Written with fetch: `@wix/sdk` authenticates the same way but hides paging
 * and back-off behind its own client, and tests point every call at a local fake.
 */

export type WixCredentials = { apiKey: string; siteId: string };

export const WIX_API_BASE_URL = 'https://www.wixapis.com';

export const WIX_REFUSED_MESSAGE = 'Wix refused the API key: check it in the API Keys Manager.';
export const WIX_FORBIDDEN_MESSAGE =
  'The API key may not read this site’s orders: give it the Wix Stores and eCommerce permissions, and check the site ID.';
export const WIX_NO_SITE_MESSAGE = 'Wix knows no site with this ID for the key: check the site ID.';

export type WixOrderPage = { orders: unknown[]; nextCursor: string | null };
export type WixProductPage = { products: unknown[]; total: number };

/** A client of one site; every call throws ChannelCallError with a plain reason. */
export const createWixClient = (
  credentials: WixCredentials,
  http: ChannelHttp,
  baseUrl: string = WIX_API_BASE_URL,
) => {
  const who = 'Wix';
  const post = async (path: string, body: unknown, signal?: AbortSignal) => {
    const response = await sendWithBackoff(
      http,
      `${baseUrl.replace(/\/+$/, '')}${path}`,
      {
        method: 'POST',
        headers: {
          authorization: credentials.apiKey,
          'wix-site-id': credentials.siteId,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      },
      who,
      signal,
    );
    if (response.status === 401) {
      await response.body?.cancel();
      throw new ChannelCallError(WIX_REFUSED_MESSAGE, 'refused', 401);
    }
    if (response.status === 403) {
      await response.body?.cancel();
      throw new ChannelCallError(WIX_FORBIDDEN_MESSAGE, 'refused', 403);
    }
    if (response.status === 404) {
      await response.body?.cancel();
      throw new ChannelCallError(WIX_NO_SITE_MESSAGE, 'not_found', 404);
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new ChannelCallError(
        `Wix failed to answer (${response.status}).`,
        'unreachable',
        response.status,
      );
    }
    const json = await readJson(response, who);
    if (!response.ok) {
      const message =
        json &&
        typeof json === 'object' &&
        typeof (json as { message?: unknown }).message === 'string'
          ? (json as { message: string }).message
          : `it answered ${response.status}`;
      throw new ChannelCallError(`Wix refused the call: ${message}`, 'unexpected', response.status);
    }
    return json as Record<string, unknown>;
  };

  const searchOrders = async (
    cursor: string | null,
    limit: number,
    signal?: AbortSignal,
  ): Promise<WixOrderPage> => {
    const body = await post(
      '/ecom/v1/orders/search',
      {
        search: {
          // Oldest first, so a resumed sync goes on where it stopped.
          ...(cursor ? {} : { sort: [{ fieldName: 'createdDate', order: 'ASC' }] }),
          cursorPaging: { limit, ...(cursor ? { cursor } : {}) },
        },
      },
      signal,
    );
    const metadata = (body.metadata ?? {}) as {
      hasNext?: boolean;
      cursors?: { next?: string | null };
    };
    const next = metadata.cursors?.next ?? null;
    return {
      orders: Array.isArray(body.orders) ? body.orders : [],
      nextCursor: metadata.hasNext === false || !next ? null : next,
    };
  };

  return {
    searchOrders,

    /** A page of the site's Wix Stores products with their variants. */
    async queryProducts(
      offset: number,
      limit: number,
      signal?: AbortSignal,
    ): Promise<WixProductPage> {
      const body = await post(
        '/stores/v1/products/query',
        { query: { paging: { limit, offset } }, includeVariants: true },
        signal,
      );
      const products = Array.isArray(body.products) ? body.products : [];
      const total =
        typeof body.totalResults === 'number' ? body.totalResults : offset + products.length;
      return { products, total };
    },

    /** The key reads the site's orders: one order searched. */
    async check(): Promise<void> {
      await searchOrders(null, 1);
    },
  };
};
export type WixClient = ReturnType<typeof createWixClient>;
