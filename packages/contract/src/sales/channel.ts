import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { JobSchema } from '../jobs/job';

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
  /** The connection's last sync job (follow it while it runs); null before the first. */
  syncJobId: z.string().nullable().optional(),
  /** Where the channel sends its webhooks (WooCommerce, Wix); set in the channel's app by hand for Wix. */
  webhookUrl: z.string().nullable().optional(),
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

/*
 * WooCommerce and Wix (issue 11): connected with credentials the shop owner gives (no app
 * install), synced by a job (CHANNEL_SYNC_JOB_KIND, key: the connection id) and kept up to date
 * by webhooks applied as jobs (CHANNEL_WEBHOOK_JOB_KIND, key: the receipt id).
 */

/** The job kind of a channel's sync (orders, products, customers); its key is the connection id. */
export const CHANNEL_SYNC_JOB_KIND = 'sales.channel-sync';
/** The job kind that applies one received WooCommerce or Wix webhook; its key is the receipt id. */
export const CHANNEL_WEBHOOK_JOB_KIND = 'sales.channel-webhook';

/** WooCommerce POSTs here, signed with `X-WC-Webhook-Signature` (base64 HMAC-SHA256 of the body). */
export const WOOCOMMERCE_WEBHOOKS_PATH = '/api/channels/woocommerce/webhooks/:connectionId';
/** Wix POSTs here: the body is a JWT signed RS256 with the app's key (WIX_WEBHOOK_PUBLIC_KEY). */
export const WIX_WEBHOOKS_PATH = '/api/channels/wix/webhooks/:connectionId';

/** The topics registered on a WooCommerce shop when it is connected (and deleted on disconnect). */
export const WOOCOMMERCE_WEBHOOK_TOPICS = [
  'order.created',
  'order.updated',
  'product.updated',
  'customer.updated',
] as const;
/** The Wix eCommerce events applied; others are acknowledged and left. */
export const WIX_ORDER_EVENT_TYPES = ['wix.ecom.v1.order_created', 'wix.ecom.v1.order_updated'];

const LOCAL_HOSTS = /^(localhost|127\.0\.0\.1|\[::1\]|[a-z0-9-]+\.localhost)$/;
const STORE_URL_MESSAGE =
  'The shop’s address, such as https://shop.example.com (http only for localhost).';

/**
 * A WooCommerce shop's address as `https://host[/path]`, lower-case host, no trailing slash,
 * no query. http is accepted only for localhost (a shop on the same machine).
 */
export const WooCommerceStoreUrlSchema = z
  .string()
  .trim()
  .min(1, STORE_URL_MESSAGE)
  .max(2_000)
  .transform((value, context) => {
    let url: URL;
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    } catch {
      context.addIssue({ code: 'custom', message: STORE_URL_MESSAGE });
      return z.NEVER;
    }
    const isLocal = LOCAL_HOSTS.test(url.hostname);
    const isAllowed = url.protocol === 'https:' || (url.protocol === 'http:' && isLocal);
    if (!isAllowed || url.username || url.password || url.search || url.hash || !url.hostname) {
      context.addIssue({
        code: 'custom',
        message:
          url.protocol === 'http:'
            ? 'Use the shop’s https:// address (http only for localhost).'
            : STORE_URL_MESSAGE,
      });
      return z.NEVER;
    }
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  });

export const ConnectWooCommerceInputSchema = z.object({
  storeUrl: WooCommerceStoreUrlSchema,
  consumerKey: z
    .string()
    .trim()
    .regex(/^ck_[A-Za-z0-9]{8,64}$/, 'The consumer key starts with ck_, as WooCommerce shows it.'),
  consumerSecret: z
    .string()
    .trim()
    .regex(
      /^cs_[A-Za-z0-9]{8,64}$/,
      'The consumer secret starts with cs_, as WooCommerce shows it.',
    ),
});
export type ConnectWooCommerceInput = z.input<typeof ConnectWooCommerceInputSchema>;

export const ConnectWixInputSchema = z.object({
  apiKey: z
    .string()
    .trim()
    .min(20, 'The API key from Wix’s API Keys Manager.')
    .max(4_000)
    .regex(/^\S+$/, 'The API key has no spaces: paste it as Wix shows it.'),
  siteId: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      'The site ID: the part after /dashboard/ in your site’s dashboard address.',
    ),
});
export type ConnectWixInput = z.input<typeof ConnectWixInputSchema>;

/** A connection made with credentials, and the first sync job it started. */
export const ChannelConnectedSchema = z.object({
  connection: ChannelConnectionSchema,
  job: JobSchema,
});
export type ChannelConnected = z.infer<typeof ChannelConnectedSchema>;

/**
 * Connects a WooCommerce shop with a REST API key (Read/Write): the key is checked against the
 * shop first, its webhooks are registered, and a first sync starts. 400 naming `body.storeUrl`
 * (bad or unreachable address) or `body.consumerKey` (key refused or read-only).
 */
export const connectWooCommerce = defineEndpoint({
  method: 'POST',
  path: '/api/web/channels/woocommerce',
  body: ConnectWooCommerceInputSchema,
  response: ChannelConnectedSchema,
  tags: ['channels'],
});

/**
 * Connects a Wix site with an API key and its site id: checked against Wix first, then a first
 * sync starts. 400 naming `body.apiKey` (refused) or `body.siteId` (no such site for the key).
 */
export const connectWix = defineEndpoint({
  method: 'POST',
  path: '/api/web/channels/wix',
  body: ConnectWixInputSchema,
  response: ChannelConnectedSchema,
  tags: ['channels'],
});
