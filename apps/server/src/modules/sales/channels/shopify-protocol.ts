import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Shopify's app protocol (OAuth authorization code grant, HMAC-signed callbacks and webhooks),
 * written against Shopify's documentation with Node's crypto rather than `@shopify/shopify-api`
 * (issue 11): that library installs, but its OAuth `begin`/`callback` keep the state nonce in a
 * signed cookie set by a redirect response and call `https://{shop}` through a process-global
 * fetch, whereas Atelier starts an install from an authenticated API call (the state must name
 * the store, so it is kept server-side) and its tests answer as Shopify from a local fake. What
 * would remain of the library here is two HMAC comparisons.
 */

/** How long a call to a shop may take before it counts as unreachable. */
const SHOP_CALL_TIMEOUT_MS = 15_000;

/** The hex HMAC-SHA256 of a query as Shopify signs it: sorted `key=value` pairs, `hmac` left out. */
export const signShopifyQuery = (secret: string, query: Record<string, string>): string => {
  const pairs = new URLSearchParams(
    Object.entries(query)
      .filter(([key]) => key !== 'hmac' && key !== 'signature')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const message = pairs.toString().replace(/\+/g, '%20');
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
};

const isSameText = (given: string, expected: string): boolean => {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Whether a redirect's query (the OAuth callback) carries Shopify's signature over it. */
export const isSignedShopifyQuery = (secret: string, query: Record<string, string>): boolean =>
  typeof query.hmac === 'string' && isSameText(query.hmac, signShopifyQuery(secret, query));

/** `X-Shopify-Hmac-Sha256`: the base64 HMAC-SHA256 of the raw body with the app secret. */
export const signShopifyWebhook = (secret: string, rawBody: Buffer | string): string =>
  createHmac('sha256', secret).update(rawBody).digest('base64');

export const isSignedShopifyWebhook = (
  secret: string,
  rawBody: Buffer,
  signature: string | undefined,
): boolean =>
  typeof signature === 'string' && isSameText(signature, signShopifyWebhook(secret, rawBody));

export type ShopifyApp = {
  apiKey: string;
  apiSecret: string;
  scopes: string[];
  /** Where the shop answers: `https://{shop}`, unless a local fake stands in (tests). */
  adminUrl: (shop: string) => string;
};

/** The shop's page that asks its owner to install the app (offline access: no per-user grant). */
export const shopifyAuthorizeUrl = (
  app: ShopifyApp,
  input: { shop: string; redirectUri: string; state: string },
): string => {
  const query = new URLSearchParams({
    client_id: app.apiKey,
    scope: app.scopes.join(','),
    redirect_uri: input.redirectUri,
    state: input.state,
  });
  return `${app.adminUrl(input.shop)}/admin/oauth/authorize?${query.toString()}`;
};

/** A failed call to a shop, with a reason a person can act on. */
export class ShopCallError extends Error {
  constructor(
    message: string,
    readonly kind: 'unreachable' | 'refused' | 'unexpected',
  ) {
    super(message);
  }
}

/**
 * Exchanges the callback's code for the shop's offline access token
 * (`POST {shop}/admin/oauth/access_token`). Throws ShopCallError.
 */
export const exchangeShopifyCode = async (
  app: ShopifyApp,
  input: { shop: string; code: string },
  send: typeof fetch = fetch,
): Promise<{ accessToken: string; scopes: string[] }> => {
  let response: Response;
  try {
    response = await send(`${app.adminUrl(input.shop)}/admin/oauth/access_token`, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(SHOP_CALL_TIMEOUT_MS),
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        client_id: app.apiKey,
        client_secret: app.apiSecret,
        code: input.code,
      }),
    });
  } catch (error) {
    throw new ShopCallError(
      `The shop ${input.shop} could not be reached (${(error as Error).message}).`,
      'unreachable',
    );
  }
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (!response.ok) {
    const detail =
      typeof body.error_description === 'string'
        ? body.error_description
        : typeof body.error === 'string'
          ? body.error
          : `it answered ${response.status}`;
    throw new ShopCallError(
      response.status < 500
        ? `Shopify refused the app’s credentials or the install code: ${detail.replace(/\.$/, '')}.`
        : `The shop ${input.shop} failed to answer: ${detail}.`,
      response.status < 500 ? 'refused' : 'unreachable',
    );
  }
  if (typeof body.access_token !== 'string' || body.access_token.length === 0) {
    throw new ShopCallError('Shopify answered without an access token.', 'unexpected');
  }
  const scope = typeof body.scope === 'string' ? body.scope : '';
  return {
    accessToken: body.access_token,
    scopes: scope.split(',').filter((item) => item.length > 0),
  };
};
