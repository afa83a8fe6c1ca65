import {
  ConnectWixInputSchema,
  WIX_WEBHOOKS_PATH,
  type ConnectWixInput,
} from '@atelier/contract/sales/channel';
import type { Job } from '@atelier/contract/jobs/job';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import type { SalesChannelConnectionRow } from '../sales.table';
import type { ChannelRepository } from './channel.repository';
import { openSecrets, sealSecrets, WixSecretsSchema } from './channel-credentials';
import { ChannelCallError, type ChannelHttp } from './channel-http';
import type { ChannelSyncRepository } from './channel-sync.repository';
import type { TokenCipher } from './token-cipher';
import { createWixClient, type WixClient } from './wix-client';

export type WixConnectorDeps = {
  repository: ChannelRepository;
  syncRepository: ChannelSyncRepository;
  clock: Clock;
  cipher: TokenCipher | null;
  http: ChannelHttp;
  /** Where Wix's REST APIs answer (a local fake in tests). */
  apiBaseUrl: string;
  startSync: (storeId: string, connectionId: string) => Promise<Job>;
};

/** The webhook address of a connection, to set as the Wix app's webhook callback. */
export const wixWebhookUrl = (publicUrl: string, connectionId: string) =>
  `${publicUrl.replace(/\/+$/, '')}${WIX_WEBHOOKS_PATH.replace(':connectionId', connectionId)}`;

/**
 * Issue 11 Wix connections: connect with an API key and the site's id (checked by searching the
 * site's orders first), keep the key encrypted, open a connection's client.
 */
export const createWixConnector = (deps: WixConnectorDeps) => {
  const { repository, syncRepository, clock, cipher, http } = deps;

  const clientOf = (connection: SalesChannelConnectionRow): WixClient => {
    const secrets = cipher ? openSecrets(cipher, connection, WixSecretsSchema) : null;
    if (!secrets) {
      throw new ChannelCallError(
        'The connection’s API key is no longer kept here: connect the site again.',
        'refused',
      );
    }
    return createWixClient(
      { apiKey: secrets.apiKey, siteId: connection.shop },
      http,
      deps.apiBaseUrl,
    );
  };

  return {
    clientOf,

    /**
     * Connects the store to a Wix site and starts the first sync. Connecting it again replaces
     * the key. 400 naming `body.apiKey` (refused) or `body.siteId` (unknown site); 503 when Wix
     * cannot be reached; 409 `channel_not_configured` without a token key.
     */
    async connect(actor: Actor, input: ConnectWixInput) {
      const { apiKey, siteId } = ConnectWixInputSchema.parse(input);
      if (!cipher) {
        throw new AppError(
          'conflict',
          'This server has no key to encrypt shop credentials: its operator sets CHANNEL_TOKEN_KEY.',
          { reason: 'channel_not_configured' },
        );
      }
      try {
        await createWixClient({ apiKey, siteId }, http, deps.apiBaseUrl).check();
      } catch (error) {
        if (!(error instanceof ChannelCallError)) throw error;
        if (error.kind === 'refused' || error.kind === 'not_found') {
          const field = error.kind === 'refused' && error.status === 401 ? 'apiKey' : 'siteId';
          throw new AppError('bad_request', error.message, {
            reason:
              error.kind === 'refused' ? 'channel_credentials_refused' : 'channel_site_not_found',
            details: [{ field: `body.${field}`, message: error.message }],
          });
        }
        throw new AppError('unavailable', `${error.message} Try again in a moment.`, {
          reason: 'channel_unreachable',
        });
      }
      const existing = await syncRepository.findConnectionOfShop(actor.storeId, 'wix', siteId);
      const connection = await repository.saveConnection({
        id: existing?.id ?? newId('chc'),
        storeId: actor.storeId,
        channel: 'wix',
        shop: siteId,
        token: sealSecrets(cipher, { apiKey }),
        scopes: [],
        now: clock.now(),
      });
      const job = await deps.startSync(actor.storeId, connection.id);
      return { connection: (await syncRepository.findConnectionById(connection.id))!, job };
    },
  };
};
export type WixConnector = ReturnType<typeof createWixConnector>;
