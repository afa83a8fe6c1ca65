import { randomBytes } from 'node:crypto';
import {
  ConnectWooCommerceInputSchema,
  WOOCOMMERCE_WEBHOOK_TOPICS,
  WOOCOMMERCE_WEBHOOKS_PATH,
  type ConnectWooCommerceInput,
} from '@atelier/contract/sales/channel';
import type { Job } from '@atelier/contract/jobs/job';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import type { SalesChannelConnectionRow } from '../sales.table';
import type { ChannelRepository } from './channel.repository';
import { openSecrets, sealSecrets, WooSecretsSchema, type WooSecrets } from './channel-credentials';
import { ChannelCallError, type ChannelHttp } from './channel-http';
import type { ChannelSyncRepository } from './channel-sync.repository';
import type { TokenCipher } from './token-cipher';
import { createWooCommerceClient, type WooCommerceClient } from './woocommerce-client';

export type WooCommerceConnectorDeps = {
  repository: ChannelRepository;
  syncRepository: ChannelSyncRepository;
  clock: Clock;
  /** The channels' token cipher; null when this server has no key (production without one). */
  cipher: TokenCipher | null;
  http: ChannelHttp;
  /** This server's address as the shop reaches it (the webhooks' base). */
  publicUrl: string;
  /** Outside production, a shop on http://localhost may be connected. */
  allowLocalHttp: boolean;
  startSync: (storeId: string, connectionId: string) => Promise<Job>;
  log: { warn: (details: object, message: string) => void };
};

const fieldError = (field: string, message: string, reason: string) =>
  new AppError('bad_request', message, { reason, details: [{ field: `body.${field}`, message }] });

/** The webhook address of a connection, as the shop is told it. */
export const wooWebhookUrl = (publicUrl: string, connectionId: string) =>
  `${publicUrl.replace(/\/+$/, '')}${WOOCOMMERCE_WEBHOOKS_PATH.replace(':connectionId', connectionId)}`;

/**
 * Issue 11 WooCommerce connections: connect with the shop's address and a REST API key (checked
 * first), register the webhooks with a secret of our own, open a connection's client, and
 * remove the webhooks when it is disconnected.
 */
export const createWooCommerceConnector = (deps: WooCommerceConnectorDeps) => {
  const { repository, syncRepository, clock, cipher, http } = deps;

  const secretsOf = (connection: SalesChannelConnectionRow): WooSecrets | null =>
    cipher ? openSecrets(cipher, connection, WooSecretsSchema) : null;

  /** The shop's client with the connection's key; ChannelCallError `refused` when it is gone. */
  const clientOf = (connection: SalesChannelConnectionRow): WooCommerceClient => {
    const secrets = secretsOf(connection);
    if (!secrets) {
      throw new ChannelCallError(
        'The connection’s key is no longer kept here: connect the shop again.',
        'refused',
      );
    }
    return createWooCommerceClient(
      {
        storeUrl: connection.shop,
        consumerKey: secrets.consumerKey,
        consumerSecret: secrets.consumerSecret,
      },
      http,
    );
  };

  /** Deletes the webhooks a connection registered (best effort: the shop may be gone). */
  const removeWebhooks = async (connection: SalesChannelConnectionRow) => {
    const secrets = secretsOf(connection);
    if (!secrets || secrets.webhookIds.length === 0) return;
    const client = clientOf(connection);
    for (const id of secrets.webhookIds) {
      await client.deleteWebhook(id).catch((error: unknown) => {
        deps.log.warn(
          { connectionId: connection.id, webhookId: id, err: error },
          'A WooCommerce webhook could not be deleted from the shop',
        );
      });
    }
  };

  return {
    secretsOf,
    clientOf,
    removeWebhooks,

    /**
     * Connects the store to a WooCommerce shop: checks the key (GET /orders?per_page=1),
     * registers the WOOCOMMERCE_WEBHOOK_TOPICS webhooks signed with a new secret, keeps the key
     * and secret encrypted, and starts the first sync. Connecting a shop again replaces its key
     * and webhooks. 400 naming `body.storeUrl` or `body.consumerKey` with the reason in words;
     * 409 `channel_not_configured` without a token key.
     */
    async connect(actor: Actor, input: ConnectWooCommerceInput) {
      const { storeUrl, consumerKey, consumerSecret } = ConnectWooCommerceInputSchema.parse(input);
      if (!cipher) {
        throw new AppError(
          'conflict',
          'This server has no key to encrypt shop credentials: its operator sets CHANNEL_TOKEN_KEY.',
          { reason: 'channel_not_configured' },
        );
      }
      if (storeUrl.startsWith('http:') && !deps.allowLocalHttp) {
        throw fieldError('storeUrl', 'Use the shop’s https:// address.', 'channel_address_refused');
      }
      const client = createWooCommerceClient({ storeUrl, consumerKey, consumerSecret }, http);
      try {
        await client.check();
      } catch (error) {
        if (!(error instanceof ChannelCallError)) throw error;
        throw error.kind === 'refused'
          ? fieldError('consumerKey', error.message, 'channel_credentials_refused')
          : fieldError('storeUrl', error.message, 'channel_unreachable');
      }
      const existing = await syncRepository.findConnectionOfShop(
        actor.storeId,
        'woocommerce',
        storeUrl,
      );
      if (existing) await removeWebhooks(existing);
      const id = existing?.id ?? newId('chc');
      const webhookSecret = randomBytes(32).toString('base64url');
      const webhookIds: number[] = [];
      try {
        for (const topic of WOOCOMMERCE_WEBHOOK_TOPICS) {
          webhookIds.push(
            await client.createWebhook({
              name: `Atelier: ${topic}`,
              topic,
              deliveryUrl: wooWebhookUrl(deps.publicUrl, id),
              secret: webhookSecret,
            }),
          );
        }
      } catch (error) {
        for (const webhookId of webhookIds)
          await client.deleteWebhook(webhookId).catch(() => undefined);
        if (!(error instanceof ChannelCallError)) throw error;
        throw error.kind === 'refused'
          ? fieldError(
              'consumerKey',
              'The key may read but not add webhooks: give it Read/Write permission (WooCommerce → Settings → Advanced → REST API).',
              'channel_credentials_read_only',
            )
          : fieldError('storeUrl', error.message, 'channel_unreachable');
      }
      const connection = await repository.saveConnection({
        id,
        storeId: actor.storeId,
        channel: 'woocommerce',
        shop: storeUrl,
        token: sealSecrets(cipher, { consumerKey, consumerSecret, webhookSecret, webhookIds }),
        scopes: ['read_write'],
        now: clock.now(),
      });
      const job = await deps.startSync(actor.storeId, connection.id);
      return { connection: (await syncRepository.findConnectionById(connection.id))!, job };
    },
  };
};
export type WooCommerceConnector = ReturnType<typeof createWooCommerceConnector>;
