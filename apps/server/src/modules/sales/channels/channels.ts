import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import type { StartJob } from '../order-import-files';
import type { StoreOrderDraft } from '../store-order.service';
import { createChannelRepository } from './channel.repository';
import { channelRoutes } from './channel.routes';
import { createShopifyConnectService, type ShopifyConnector } from './shopify-connect.service';
import { createShopifyWebhookService } from './shopify-webhook.service';
import { createShopifyApplier, type ShopifyApplyDeps } from './shopify-apply';
import { createShopifySyncService } from './shopify-sync.service';
import { channelSyncRoutes } from './channel-sync.routes';
import { shopifyLaunchRoutes } from './shopify-launch.routes';
import { channelTokenKey, createTokenCipher } from './token-cipher';

/** What the connectors take from the configuration (config.ts documents each). */
export type ChannelSettings = {
  shopifyApiKey?: string | undefined;
  shopifyApiSecret?: string | undefined;
  shopifyScopes: string[];
  channelTokenKey?: string | undefined;
  /** Test hook: answers for every shop instead of `https://{shop}`. */
  shopifyAdminBaseUrl?: string | undefined;
  /** This server's address as browsers and Shopify reach it. */
  publicUrl: string;
  /** How often a running Shopify bulk operation's status is asked for (SHOPIFY_BULK_POLL_MS). */
  shopifyBulkPollMs?: number | undefined;
};

export type ChannelLog = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
};

const shopifyConnectorOf = (settings: ChannelSettings, log: ChannelLog): ShopifyConnector => {
  const { shopifyApiKey: apiKey, shopifyApiSecret: apiSecret } = settings;
  if (!apiKey || !apiSecret) return null;
  const { key, isDevelopmentKey } = channelTokenKey(settings.channelTokenKey, apiSecret);
  if (isDevelopmentKey) {
    // config.ts refuses this in production; elsewhere it is said once, at start.
    log.warn(
      {},
      'Shop access tokens are encrypted with a development key derived from SHOPIFY_API_SECRET: set CHANNEL_TOKEN_KEY for a real one',
    );
  }
  const baseUrl = settings.shopifyAdminBaseUrl?.replace(/\/+$/, '');
  return {
    app: {
      apiKey,
      apiSecret,
      scopes: settings.shopifyScopes,
      adminUrl: (shop) => baseUrl ?? `https://${shop}`,
    },
    cipher: createTokenCipher(key),
  };
};

/**
 * Issue 11 channel connectors (Shopify first): connections with their encrypted tokens, the app
 * install, and incoming webhooks applied as jobs.
 */
export const createChannelConnectors = (deps: {
  db: Database;
  clock: Clock;
  events: EventBus;
  startJob: StartJob;
  recordOrder: (storeId: string, draft: StoreOrderDraft) => Promise<{ id: string; isNew: boolean }>;
  /** The product and customer services' channel upserts (sync and webhooks). */
  upsertChannelProduct: ShopifyApplyDeps['upsertChannelProduct'];
  upsertChannelCustomer: ShopifyApplyDeps['upsertChannelCustomer'];
  archiveChannelProduct: (storeId: string, channel: string, externalId: string) => Promise<boolean>;
  settings: ChannelSettings;
  log: ChannelLog;
}) => {
  const repository = createChannelRepository(deps.db);
  const shopify = shopifyConnectorOf(deps.settings, deps.log);
  const applier = createShopifyApplier(deps);
  const sync = createShopifySyncService({
    ...deps,
    repository,
    shopify,
    applier,
    publicUrl: deps.settings.publicUrl,
    pollIntervalMs: deps.settings.shopifyBulkPollMs ?? 5_000,
  });
  const connect = createShopifyConnectService({
    repository,
    clock: deps.clock,
    shopify,
    publicUrl: deps.settings.publicUrl,
    log: deps.log,
    onConnected: (connection) => sync.startFirstSync(connection),
  });
  const webhooks = createShopifyWebhookService({ ...deps, repository, shopify, applier });
  return {
    routes: (async (app) => {
      await app.register(channelRoutes(connect, webhooks));
      await app.register(channelSyncRoutes(sync));
      await app.register(shopifyLaunchRoutes({ repository, shopify, clock: deps.clock }));
    }) satisfies FastifyPluginAsyncZod,
    /** The handler of SHOPIFY_WEBHOOK_JOB_KIND. */
    shopifyWebhookHandler: webhooks.jobHandler,
    /** The handler of SHOPIFY_SYNC_JOB_KIND. */
    shopifySyncHandler: sync.jobHandler,
  };
};
