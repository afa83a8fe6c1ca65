import { setTimeout as wait } from 'node:timers/promises';
import { ShopCallError } from './shopify-protocol';

/*
 * A small client of Shopify's Admin GraphQL API (issue 11), written against Shopify's documented
 * shapes rather than with `@shopify/admin-api-client`: that client always calls `https://{shop}`
 * (the tests' fake answers on http), its retries wait a fixed second on 429 without reading
 * Retry-After, and a THROTTLED answer (HTTP 200 with a GraphQL error) is not retried at all, so
 * the back-off below would have to wrap it anyway.
 */

/** The Admin API version every call names (webhooks carry it in X-Shopify-Api-Version). */
export const SHOPIFY_API_VERSION = '2026-07';

/** How long one call may take before the shop counts as unreachable. */
const CALL_TIMEOUT_MS = 30_000;

export type BackOff = {
  /** Calls tried before giving up on a throttled or failing shop. */
  maxAttempts: number;
  /** The wait when the shop names none (doubled each time), in ms. */
  firstDelayMs: number;
  /** No single wait is longer than this, in ms. */
  maxDelayMs: number;
};

export const DEFAULT_BACK_OFF: BackOff = {
  maxAttempts: 8,
  firstDelayMs: 1_000,
  maxDelayMs: 60_000,
};

/** The shop refused the access token (revoked, or the app was uninstalled): 401 or 403. */
export class ShopifyAccessError extends Error {
  constructor(
    readonly shop: string,
    readonly status: number,
  ) {
    super(
      status === 401
        ? `Shopify no longer accepts Atelier’s access to ${shop} (the app was uninstalled or its access revoked): connect the shop again.`
        : `Shopify refused Atelier access to this part of ${shop}: connect the shop again to grant the access it asks for.`,
    );
  }
}

/** A GraphQL answer with errors that waiting will not mend (a bad query, a missing field). */
export class ShopifyQueryError extends Error {}

type GraphQlError = { message?: string; extensions?: { code?: string } };
type GraphQlBody<T> = {
  data?: T;
  errors?: GraphQlError[] | string;
  extensions?: {
    cost?: {
      requestedQueryCost?: number;
      throttleStatus?: { currentlyAvailable?: number; restoreRate?: number };
    };
  };
};

/** Seconds of a Retry-After header (a number, possibly with decimals; Shopify sends "2.0"). */
const retryAfterMs = (header: string | null): number | undefined => {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
};

/** How long until the query's cost is available again, from the throttle status Shopify sends. */
const throttleWaitMs = (body: GraphQlBody<unknown>): number | undefined => {
  const cost = body.extensions?.cost;
  const available = cost?.throttleStatus?.currentlyAvailable;
  const rate = cost?.throttleStatus?.restoreRate;
  const requested = cost?.requestedQueryCost;
  if (available === undefined || !rate || requested === undefined) return undefined;
  return Math.max(0, ((requested - available) / rate) * 1000);
};

export type ShopifyAdminClientOptions = {
  /** `https://{shop}`, or the local fake's address in tests. */
  adminUrl: string;
  shop: string;
  accessToken: string;
  fetch?: typeof fetch;
  backOff?: BackOff;
  /** Told about each wait (the sync's log). */
  onBackOff?: (details: { attempt: number; delayMs: number; reason: string }) => void;
};

/**
 * One shop's Admin GraphQL endpoint (`POST {adminUrl}/admin/api/{version}/graphql.json` with
 * `X-Shopify-Access-Token`). Throttling, HTTP 429 (Retry-After), 5xx and dropped connections are
 * answered by waiting and calling again (BackOff). Throws ShopifyAccessError for 401/403,
 * ShopifyQueryError for GraphQL errors, ShopCallError when the shop stays unreachable, and the
 * signal's reason once aborted.
 */
export const createShopifyAdminClient = (options: ShopifyAdminClientOptions) => {
  const send = options.fetch ?? fetch;
  const backOff = options.backOff ?? DEFAULT_BACK_OFF;
  const endpoint = `${options.adminUrl}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;

  const pause = async (
    attempt: number,
    reason: string,
    named: number | undefined,
    signal?: AbortSignal,
  ) => {
    const doubled = backOff.firstDelayMs * 2 ** (attempt - 1);
    const delayMs = Math.min(backOff.maxDelayMs, Math.ceil(named ?? doubled));
    options.onBackOff?.({ attempt, delayMs, reason });
    await wait(delayMs, undefined, signal ? { signal } : undefined);
  };

  const giveUp = (reason: string) =>
    new ShopCallError(
      `${options.shop} kept failing to answer (${reason}) after ${backOff.maxAttempts} tries; the sync can be started again later.`,
      'unreachable',
    );

  /** Runs one query or mutation; answers its `data`. */
  const request = async <T>(
    query: string,
    variables: Record<string, unknown> = {},
    signal?: AbortSignal,
  ): Promise<T> => {
    let lastReason = '';
    for (let attempt = 1; attempt <= backOff.maxAttempts; attempt += 1) {
      signal?.throwIfAborted();
      let response: Response;
      try {
        response = await send(endpoint, {
          method: 'POST',
          redirect: 'manual',
          signal: signal
            ? AbortSignal.any([signal, AbortSignal.timeout(CALL_TIMEOUT_MS)])
            : AbortSignal.timeout(CALL_TIMEOUT_MS),
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'x-shopify-access-token': options.accessToken,
          },
          body: JSON.stringify({ query, variables }),
        });
      } catch (error) {
        signal?.throwIfAborted();
        lastReason = (error as Error).message;
        if (attempt < backOff.maxAttempts) await pause(attempt, lastReason, undefined, signal);
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        throw new ShopifyAccessError(options.shop, response.status);
      }
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel();
        lastReason = `HTTP ${response.status}`;
        const named = retryAfterMs(response.headers.get('retry-after'));
        if (attempt < backOff.maxAttempts) await pause(attempt, lastReason, named, signal);
        continue;
      }
      const text = await response.text();
      let body: GraphQlBody<T>;
      try {
        body = JSON.parse(text) as GraphQlBody<T>;
      } catch {
        throw new ShopCallError(
          `${options.shop} answered ${response.status} with something other than JSON.`,
          'unexpected',
        );
      }
      if (!response.ok) {
        const detail = typeof body.errors === 'string' ? body.errors : `HTTP ${response.status}`;
        throw new ShopifyQueryError(`Shopify refused the request: ${detail}.`);
      }
      const errors = Array.isArray(body.errors) ? body.errors : [];
      if (errors.some((error) => error.extensions?.code === 'THROTTLED')) {
        lastReason = 'throttled';
        if (attempt < backOff.maxAttempts) {
          await pause(attempt, lastReason, throttleWaitMs(body), signal);
        }
        continue;
      }
      if (errors.some((error) => error.extensions?.code === 'ACCESS_DENIED')) {
        throw new ShopifyAccessError(options.shop, 403);
      }
      if (errors.length > 0 || body.data === undefined) {
        const message = errors.map((error) => error.message).join('; ') || 'no data';
        throw new ShopifyQueryError(`Shopify refused the query: ${message}.`);
      }
      return body.data;
    }
    throw giveUp(lastReason);
  };

  return { request, shop: options.shop };
};
export type ShopifyAdminClient = ReturnType<typeof createShopifyAdminClient>;

/** `gid://shopify/Order/5123` → `5123`: the id REST webhooks carry, so both paths meet. */
export const legacyIdOf = (gid: string): string => {
  const match = /^gid:\/\/shopify\/[A-Za-z]+\/(\d+)/.exec(gid);
  return match ? match[1]! : gid;
};
