import { randomBytes } from 'node:crypto';
import {
  SALES_CHANNEL_LABELS,
  SALES_CHANNELS,
  SHOPIFY_CALLBACK_PATH,
  SHOPIFY_INSTALL_TTL_MS,
  SHOPIFY_SHOP_DOMAIN_PATTERN,
  StartShopifyInstallInputSchema,
  type ChannelConnection,
  type ChannelState,
  type SalesChannel,
  type SalesChannelName,
  type StartShopifyInstallInput,
} from '@atelier/contract/sales/channel';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import type { SalesChannelConnectionRow } from '../sales.table';
import type { ChannelRepository } from './channel.repository';
import {
  exchangeShopifyCode,
  isSignedShopifyQuery,
  ShopCallError,
  shopifyAuthorizeUrl,
  type ShopifyApp,
} from './shopify-protocol';
import type { TokenCipher } from './token-cipher';

/** The Shopify app of this server, when configured (with the cipher of its tokens). */
export type ShopifyConnector = { app: ShopifyApp; cipher: TokenCipher } | null;

export type ShopifyConnectDeps = {
  repository: ChannelRepository;
  clock: Clock;
  shopify: ShopifyConnector;
  /** This server's address as browsers and Shopify reach it (the callback's base). */
  publicUrl: string;
  log: { warn: (details: object, message: string) => void };
  /** The HTTP client (global fetch unless a test passes its own). */
  fetch?: typeof fetch;
  /** Called once a shop is connected (the first sync starts). */
  onConnected?: (connection: SalesChannelConnectionRow) => Promise<void>;
};

const NOT_CONFIGURED: Record<SalesChannelName, string> = {
  shopify:
    'This server has no Shopify app credentials: its operator sets SHOPIFY_API_KEY and SHOPIFY_API_SECRET.',
  woocommerce: 'The WooCommerce connector is not available on this server yet.',
  wix: 'The Wix connector is not available on this server yet.',
};

export const toChannelConnection = (row: SalesChannelConnectionRow): ChannelConnection => ({
  id: row.id,
  channel: row.channel,
  shop: row.shop,
  scopes: row.scopes,
  status: row.status,
  lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const stateOf = (isConfigured: boolean, rows: SalesChannelConnectionRow[]): ChannelState => {
  if (!isConfigured) return 'NOT_CONFIGURED';
  const live = rows.find((row) => row.status !== 'DISCONNECTED');
  if (live) return live.status;
  return rows.length > 0 ? 'DISCONNECTED' : 'NOT_CONNECTED';
};

/** Why an app install came back unfinished; the browser is sent back with it in plain words. */
class InstallFailure extends Error {}

/**
 * Issue 11 channel connections: the list of /ecommerce-services, Shopify's app install (OAuth
 * authorization code with a stored state nonce, HMAC-checked callback) and disconnecting.
 */
export const createShopifyConnectService = (deps: ShopifyConnectDeps) => {
  const { repository, clock, shopify } = deps;

  const requireShopify = () => {
    if (!shopify) {
      throw new AppError('conflict', NOT_CONFIGURED.shopify, { reason: 'channel_not_configured' });
    }
    return shopify;
  };

  /** Checks the callback and connects the shop; throws InstallFailure saying what went wrong. */
  const connectFromCallback = async (query: Record<string, string>) => {
    if (!shopify) throw new InstallFailure(NOT_CONFIGURED.shopify);
    const { shop = '', state = '', code = '' } = query;
    if (!SHOPIFY_SHOP_DOMAIN_PATTERN.test(shop)) {
      throw new InstallFailure('Shopify sent back a shop address that is not a myshopify.com one.');
    }
    // The signature comes first: an unsigned request must not use up a real install's state.
    if (!isSignedShopifyQuery(shopify.app.apiSecret, query)) {
      throw new InstallFailure('The answer from Shopify was not signed with this app’s secret.');
    }
    const install = state ? await repository.takeInstallState(state) : undefined;
    if (!install || install.expiresAt <= clock.now()) {
      throw new InstallFailure(
        'This install link has expired or was already used: connect the shop again.',
      );
    }
    if (install.shop !== shop) {
      throw new InstallFailure(
        `Shopify answered for ${shop}, but ${install.shop} was being connected: connect again.`,
      );
    }
    // A shop's webhooks carry no store: it can feed one Atelier store at a time.
    const others = await repository.listLiveConnectionsOfShop('shopify', shop);
    if (others.some((row) => row.storeId !== install.storeId)) {
      throw new InstallFailure(
        `${shop} is connected to another Atelier store; disconnect it there first.`,
      );
    }
    if (!code) throw new InstallFailure('Shopify sent back no install code: connect again.');
    const { accessToken, scopes } = await exchangeShopifyCode(
      shopify.app,
      { shop, code },
      deps.fetch,
    ).catch((error: unknown) => {
      throw error instanceof ShopCallError ? new InstallFailure(error.message) : error;
    });
    const connection = await repository.saveConnection({
      id: newId('chc'),
      storeId: install.storeId,
      channel: 'shopify',
      shop,
      token: shopify.cipher.seal(accessToken),
      scopes: scopes.length > 0 ? scopes : shopify.app.scopes,
      now: clock.now(),
    });
    await deps.onConnected?.(connection);
  };

  return {
    async listChannels(actor: Actor): Promise<{ items: SalesChannel[] }> {
      const rows = await repository.listConnections(actor.storeId);
      return {
        items: SALES_CHANNELS.map((channel) => {
          const isConfigured = channel === 'shopify' && shopify !== null;
          const own = rows.filter((row) => row.channel === channel);
          return {
            channel,
            label: SALES_CHANNEL_LABELS[channel],
            state: stateOf(isConfigured, own),
            isConfigured,
            notConfiguredReason: isConfigured ? null : NOT_CONFIGURED[channel],
            connections: own.map(toChannelConnection),
          };
        }),
      };
    },

    /**
     * The shop's install page for this store (a state nonce is kept for SHOPIFY_INSTALL_TTL_MS).
     * 400 naming `body.shop`; 409 `channel_not_configured`.
     */
    async startInstall(actor: Actor, input: StartShopifyInstallInput) {
      const { shop } = StartShopifyInstallInputSchema.parse(input);
      const { app } = requireShopify();
      const state = randomBytes(24).toString('base64url');
      const now = clock.now();
      await repository.saveInstallState({
        state,
        storeId: actor.storeId,
        channel: 'shopify',
        shop,
        expiresAt: new Date(now.getTime() + SHOPIFY_INSTALL_TTL_MS),
        now,
      });
      const redirectUri = `${deps.publicUrl.replace(/\/+$/, '')}${SHOPIFY_CALLBACK_PATH}`;
      return { authorizeUrl: shopifyAuthorizeUrl(app, { shop, redirectUri, state }) };
    },

    /**
     * Shopify's redirect after the shop owner approved the app: connects the shop and answers
     * where to send the browser, `?connected=shopify` or `?error=` with the reason in words.
     */
    async completeInstall(query: Record<string, string>): Promise<{ error: string | null }> {
      try {
        await connectFromCallback(query);
        return { error: null };
      } catch (error) {
        if (!(error instanceof InstallFailure)) throw error;
        deps.log.warn({ shop: query.shop, reason: error.message }, 'Shopify install failed');
        return { error: error.message };
      }
    },

    /** Deletes the token and keeps the connection as DISCONNECTED. 404 `channel_connection_not_found`. */
    async disconnect(actor: Actor, id: string): Promise<ChannelConnection> {
      const row = await repository.findConnection(actor.storeId, id);
      if (!row) {
        throw new AppError('not_found', 'This store has no such channel connection.', {
          reason: 'channel_connection_not_found',
        });
      }
      const updated = await repository.disconnect(row.id, clock.now());
      return toChannelConnection(updated!);
    },
  };
};
export type ShopifyConnectService = ReturnType<typeof createShopifyConnectService>;
