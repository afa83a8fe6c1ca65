import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  connectWix,
  connectWooCommerce,
  SALES_CHANNEL_LABELS,
  WIX_WEBHOOKS_PATH,
  WOOCOMMERCE_WEBHOOKS_PATH,
  type ChannelConnection,
  type ChannelState,
  type SalesChannel,
} from '@atelier/contract/sales/channel';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Actor } from '@/lib/actor';
import type { Clock } from '@/lib/clock';
import { routeOptions } from '@/lib/endpoint';
import type { StartJob } from '../order-import-files';
import type { SalesChannelConnectionRow } from '../sales.table';
import type { StoreOrderDraft } from '../store-order.service';
import type { ChannelRepository } from './channel.repository';
import { channelHttp, type ChannelHttpOptions } from './channel-http';
import { createChannelSync } from './channel-sync';
import { createChannelSyncRepository } from './channel-sync.repository';
import { createChannelWebhooks, type WebhookAnswer } from './channel-webhooks';
import type { TokenCipher } from './token-cipher';
import { toChannelConnection } from './shopify-connect.service';
import { createWixConnector, wixWebhookUrl } from './wix-connect';
import { WIX_API_BASE_URL } from './wix-client';
import { createWixSyncer } from './wix-sync';
import { createWooCommerceConnector, wooWebhookUrl } from './woocommerce-connect';
import { createWooCommerceSyncer } from './woocommerce-sync';

/*
 * Issue 11 channels connected with credentials the shop owner gives: WooCommerce (REST API key)
 * and Wix (API key and site id). Their connect calls, their re-sync (channels.ts routes every channel's),
 * their webhooks, and what /ecommerce-services says about them.
 */

export type CredentialChannelsDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  startJob: StartJob;
  recordOrder: (storeId: string, draft: StoreOrderDraft) => Promise<{ id: string; isNew: boolean }>;
  repository: ChannelRepository;
  /** The channels' token cipher; null when production has no CHANNEL_TOKEN_KEY. */
  cipher: TokenCipher | null;
  publicUrl: string;
  allowLocalHttp: boolean;
  wixWebhookPublicKey?: string | undefined;
  wixApiBaseUrl?: string | undefined;
  /** Timeouts and back-off of the calls to the shops (tests shorten them). */
  http?: ChannelHttpOptions;
  log: {
    info: (details: object, message: string) => void;
    warn: (details: object, message: string) => void;
  };
};

const NO_KEY_REASON =
  'This server has no key to encrypt shop credentials: its operator sets CHANNEL_TOKEN_KEY (openssl rand -base64 32).';

const stateOf = (isConfigured: boolean, connections: ChannelConnection[]): ChannelState => {
  if (!isConfigured) return 'NOT_CONFIGURED';
  const live = connections.find((connection) => connection.status !== 'DISCONNECTED');
  if (live) return live.status;
  return connections.length > 0 ? 'DISCONNECTED' : 'NOT_CONNECTED';
};

const answerOf = (status: WebhookAnswer, requestId: string) =>
  status === 200
    ? { ok: true }
    : {
        error: {
          code: status === 401 ? 'unauthenticated' : status === 404 ? 'not_found' : 'bad_request',
          message:
            status === 401
              ? 'The webhook is not signed with this connection’s secret.'
              : status === 404
                ? 'No such channel connection.'
                : 'The webhook lacks its topic or id, or its body is not what the channel sends.',
          requestId,
        },
      };

const publicRoute = (summary: string) => ({
  schema: { summary, tags: ['channels'], security: [] },
  config: { auth: 'public' as const },
});

export const createCredentialChannels = (deps: CredentialChannelsDeps) => {
  const { repository, clock, cipher } = deps;
  const syncRepository = createChannelSyncRepository(deps.db);
  const http = channelHttp(deps.http);
  const writeDeps = { db: deps.db, clock, events: deps.events, recordOrder: deps.recordOrder };
  // The connectors start a sync as they connect; the sync needs their clients: tied below.
  let startSync: (
    storeId: string,
    id: string,
  ) => ReturnType<ReturnType<typeof createChannelSync>['startSync']> = () =>
    Promise.reject(new Error('Sync not ready.'));
  const woocommerce = createWooCommerceConnector({
    repository,
    syncRepository,
    clock,
    cipher,
    http,
    publicUrl: deps.publicUrl,
    allowLocalHttp: deps.allowLocalHttp,
    startSync: (storeId, id) => startSync(storeId, id),
    log: deps.log,
  });
  const wix = createWixConnector({
    repository,
    syncRepository,
    clock,
    cipher,
    http,
    apiBaseUrl: deps.wixApiBaseUrl ?? WIX_API_BASE_URL,
    startSync: (storeId, id) => startSync(storeId, id),
  });
  const sync = createChannelSync({
    repository,
    syncRepository,
    clock,
    startJob: deps.startJob,
    syncers: {
      woocommerce: createWooCommerceSyncer(writeDeps, woocommerce.clientOf),
      wix: createWixSyncer(writeDeps, wix.clientOf),
    },
    log: deps.log,
  });
  startSync = sync.startSync;
  const webhooks = createChannelWebhooks({
    ...writeDeps,
    repository,
    syncRepository,
    startJob: deps.startJob,
    woocommerce,
    wix,
    wixPublicKey: deps.wixWebhookPublicKey,
    log: deps.log,
  });

  const webhookUrlOf = (connection: ChannelConnection) =>
    connection.channel === 'woocommerce'
      ? wooWebhookUrl(deps.publicUrl, connection.id)
      : connection.channel === 'wix'
        ? wixWebhookUrl(deps.publicUrl, connection.id)
        : null;

  const describe = (row: SalesChannelConnectionRow): ChannelConnection => {
    const connection = toChannelConnection(row);
    return { ...connection, syncJobId: row.syncJobId, webhookUrl: webhookUrlOf(connection) };
  };

  const routes: FastifyPluginAsyncZod = async (app) => {
    app.post(connectWooCommerce.path, routeOptions(connectWooCommerce), async (request) => {
      const { connection, job } = await woocommerce.connect(request.actor, request.body);
      return { connection: describe(connection), job };
    });
    app.post(connectWix.path, routeOptions(connectWix), async (request) => {
      const { connection, job } = await wix.connect(request.actor, request.body);
      return { connection: describe(connection), job };
    });

    // Signatures are over the exact bytes sent, so these routes keep the raw body.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      const rawOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
      const connectionIdOf = (params: unknown) => {
        const id = (params as { connectionId?: unknown }).connectionId;
        return typeof id === 'string' ? id : '';
      };
      scope.post(
        WOOCOMMERCE_WEBHOOKS_PATH,
        publicRoute('WooCommerce webhooks, signed with X-WC-Webhook-Signature'),
        async (request, reply) => {
          const status = await webhooks.receiveWooCommerce({
            connectionId: connectionIdOf(request.params),
            headers: request.headers,
            rawBody: rawOf(request.body),
          });
          return reply.status(status).send(answerOf(status, request.id));
        },
      );
      scope.post(
        WIX_WEBHOOKS_PATH,
        publicRoute('Wix webhooks: a JWT signed RS256 with the app’s key'),
        async (request, reply) => {
          const status = await webhooks.receiveWix({
            connectionId: connectionIdOf(request.params),
            rawBody: rawOf(request.body),
          });
          return reply.status(status).send(answerOf(status, request.id));
        },
      );
    });
  };

  return {
    routes,
    /**
     * Starts a WooCommerce or Wix connection's sync job (CHANNEL_SYNC_JOB_KIND). 404
     * `channel_connection_not_found`; 409 `channel_not_connected`, `channel_sync_running`.
     */
    startSync: sync.startSync,
    /** The job handler of CHANNEL_SYNC_JOB_KIND. */
    syncHandler: sync.handler,
    /** The job handler of CHANNEL_WEBHOOK_JOB_KIND. */
    webhookHandler: webhooks.jobHandler,

    /**
     * The channel list with WooCommerce's and Wix's own state (configured when the server can
     * encrypt credentials) and every connection's sync job and webhook address.
     */
    async describeChannels(
      storeId: string,
      list: { items: SalesChannel[] },
    ): Promise<{ items: SalesChannel[] }> {
      const rows = new Map((await repository.listConnections(storeId)).map((row) => [row.id, row]));
      return {
        items: list.items.map((item) => {
          const connections = item.connections.map((connection) => {
            const row = rows.get(connection.id);
            return row
              ? { ...connection, syncJobId: row.syncJobId, webhookUrl: webhookUrlOf(connection) }
              : connection;
          });
          if (item.channel === 'shopify') return { ...item, connections };
          const isConfigured = cipher !== null;
          return {
            ...item,
            label: SALES_CHANNEL_LABELS[item.channel],
            isConfigured,
            notConfiguredReason: isConfigured ? null : NO_KEY_REASON,
            state: stateOf(isConfigured, connections),
            connections,
          };
        }),
      };
    },

    /** Before a connection is disconnected: a WooCommerce shop's webhooks are deleted there. */
    async beforeDisconnect(actor: Actor, id: string) {
      const row = await repository.findConnection(actor.storeId, id);
      if (row?.channel === 'woocommerce') await woocommerce.removeWebhooks(row);
    },
  };
};
export type CredentialChannels = ReturnType<typeof createCredentialChannels>;
