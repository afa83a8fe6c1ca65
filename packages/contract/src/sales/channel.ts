import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';

/**
 * Issue 11 channel connectors: a store links its shop on Shopify (WooCommerce and Wix later),
 * and orders flow in from it. /ecommerce-services lists each channel with its state.
 */
export const SALES_CHANNELS = ['shopify', 'woocommerce', 'wix'] as const;
export const SalesChannelNameSchema = z.enum(SALES_CHANNELS);
export type SalesChannelName = z.infer<typeof SalesChannelNameSchema>;

export const SALES_CHANNEL_LABELS: Record<SalesChannelName, string> = {
  shopify: 'Shopify',
  woocommerce: 'WooCommerce',
  wix: 'Wix',
};

export const CHANNEL_CONNECTION_STATUSES = ['CONNECTED', 'DISCONNECTED', 'ERROR'] as const;
export type ChannelConnectionStatus = (typeof CHANNEL_CONNECTION_STATUSES)[number];

/**
 * A channel's state on /ecommerce-services: NOT_CONFIGURED when the server has no app
 * credentials for it (nothing can be connected), NOT_CONNECTED when no shop is linked yet, else
 * the state of its connection (ERROR: the last sync or call failed; `lastError` says why).
 */
export const CHANNEL_STATES = [
  'NOT_CONFIGURED',
  'NOT_CONNECTED',
  'CONNECTED',
  'DISCONNECTED',
  'ERROR',
] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];

/** A Shopify shop's own domain, as Shopify gives it: `name.myshopify.com`, lower case. */
export const SHOPIFY_SHOP_DOMAIN_PATTERN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

export const ShopifyShopDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(SHOPIFY_SHOP_DOMAIN_PATTERN, 'The shop’s address, such as my-shop.myshopify.com.');

export const ChannelConnectionSchema = z.object({
  id: z.string(), // "chc_…"
  channel: SalesChannelNameSchema,
  /** The shop's domain (`name.myshopify.com`) or the site's address. */
  shop: z.string(),
  scopes: z.array(z.string()),
  status: z.enum(CHANNEL_CONNECTION_STATUSES),
  lastSyncAt: z.iso.datetime().nullable(),
  /** Why the last call to the shop failed, in plain words; null when it worked. */
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ChannelConnection = z.infer<typeof ChannelConnectionSchema>;

export const SalesChannelSchema = z.object({
  channel: SalesChannelNameSchema,
  label: z.string(),
  state: z.enum(CHANNEL_STATES),
  /** Whether this server has the app credentials the channel needs (else nothing to connect). */
  isConfigured: z.boolean(),
  /** When not configured: what the server's operator has to set, in plain words. */
  notConfiguredReason: z.string().nullable(),
  /** The store's connections to this channel, newest first (disconnected ones included). */
  connections: z.array(ChannelConnectionSchema),
});
export type SalesChannel = z.infer<typeof SalesChannelSchema>;

export const StartShopifyInstallInputSchema = z.object({ shop: ShopifyShopDomainSchema });
export type StartShopifyInstallInput = z.input<typeof StartShopifyInstallInputSchema>;

/** How long an install started with `startShopifyInstall` may take to come back. */
export const SHOPIFY_INSTALL_TTL_MS = 10 * 60_000;

/**
 * Public routes Shopify calls (no session): the OAuth callback, which redirects the browser to
 * `/ecommerce-services?connected=shopify` or `/ecommerce-services?error=<plain reason>`, and the
 * webhooks, signed with `X-Shopify-Hmac-Sha256` (base64 HMAC-SHA256 of the raw body).
 */
export const SHOPIFY_CALLBACK_PATH = '/api/channels/shopify/callback';
export const SHOPIFY_WEBHOOKS_PATH = '/api/channels/shopify/webhooks';
/** Where the callback sends the browser back to. */
export const ECOMMERCE_SERVICES_PATH = '/ecommerce-services';

/**
 * The webhook topics the Shopify app subscribes to: orders and catalog changes, the uninstall,
 * and the privacy topics every Shopify app must answer.
 */
export const SHOPIFY_WEBHOOK_TOPICS = [
  'orders/create',
  'orders/updated',
  'products/create',
  'products/update',
  'products/delete',
  'customers/create',
  'customers/update',
  'app/uninstalled',
  'customers/data_request',
  'customers/redact',
  'shop/redact',
] as const;
export type ShopifyWebhookTopic = (typeof SHOPIFY_WEBHOOK_TOPICS)[number];

/** The job kind that applies one received Shopify webhook (its key is the webhook id). */
export const SHOPIFY_WEBHOOK_JOB_KIND = 'sales.shopify-webhook';

export const listSalesChannels = defineEndpoint({
  method: 'GET',
  path: '/api/web/channels',
  response: z.object({ items: z.array(SalesChannelSchema) }),
  tags: ['channels'],
});

/**
 * Starts connecting a Shopify shop: answers the shop's app-install address to send the browser
 * to. 400 naming `body.shop` for an address that is not `name.myshopify.com`; 409
 * `channel_not_configured` when the server has no Shopify app credentials.
 */
export const startShopifyInstall = defineEndpoint({
  method: 'POST',
  path: '/api/web/channels/shopify/install',
  body: StartShopifyInstallInputSchema,
  response: z.object({ authorizeUrl: z.string() }),
  tags: ['channels'],
});

/** Disconnects: the access token is deleted, the connection kept as DISCONNECTED. 404 `channel_connection_not_found`. */
export const disconnectSalesChannel = defineEndpoint({
  method: 'DELETE',
  path: '/api/web/channels/:id',
  params: z.object({ id: z.string().regex(/^chc_[a-z0-9]+$/, 'Not a channel connection id.') }),
  response: ChannelConnectionSchema,
  tags: ['channels'],
});
