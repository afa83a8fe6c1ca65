import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';

/**
 * Issue 11, spec §2 /shopify: where Shopify's app store (or the shop's admin) sends a merchant,
 * with `?shop=…&hmac=…&timestamp=…` signed with the app's secret. The page hands the query to
 * `checkShopifyLaunch`, then goes on to the install (signed in) or to log in first (/app-bind).
 */

/** How old a launch's `timestamp` may be (a merchant who logs in first comes back later). */
export const SHOPIFY_LAUNCH_MAX_AGE_MS = 24 * 3_600_000;

export const ShopifyLaunchSchema = z.object({
  /** The shop Shopify vouches for (`name.myshopify.com`). */
  shop: z.string(),
  /** Whether the caller's store (when signed in) has this shop connected already. */
  isConnected: z.boolean(),
});
export type ShopifyLaunch = z.infer<typeof ShopifyLaunchSchema>;

/**
 * Checks a launch's query (every parameter as received). 400 `shopify_launch_unsigned` when it
 * is not signed with this app's secret or names no myshopify.com shop, 400
 * `shopify_launch_expired` for a timestamp older than a day; 409 `channel_not_configured` when
 * the server has no Shopify app.
 */
export const checkShopifyLaunch = defineEndpoint({
  method: 'POST',
  path: '/api/channels/shopify/launch',
  auth: 'optional',
  body: z.object({ query: z.record(z.string().max(100), z.string().max(2_000)) }),
  response: ShopifyLaunchSchema,
  tags: ['channels'],
});
