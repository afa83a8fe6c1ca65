import { importSPKI, jwtVerify, type CryptoKey } from 'jose';
import { z } from 'zod';
import {
  CHANNEL_WEBHOOK_JOB_KIND,
  SALES_CHANNEL_LABELS,
  WIX_ORDER_EVENT_TYPES,
  WOOCOMMERCE_WEBHOOK_TOPICS,
  type SalesChannelName,
} from '@atelier/contract/sales/channel';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import type { JobHandler } from '@/modules/jobs';
import type { StartJob } from '../order-import-files';
import type { ChannelRepository } from './channel.repository';
import { ChannelCallError } from './channel-http';
import { isRecordError, recordErrorMessage, type ChannelWriteDeps } from './channel-sync';
import type { ChannelSyncRepository } from './channel-sync.repository';
import type { WixConnector } from './wix-connect';
import { applyWixOrder } from './wix-sync';
import type { WooCommerceConnector } from './woocommerce-connect';
import { isSignedWooWebhook } from './woocommerce-client';
import { applyWooCustomer, applyWooOrder, applyWooProduct } from './woocommerce-sync';

/*
 * Issue 11 WooCommerce and Wix webhooks: checked (WooCommerce's HMAC with the connection's
 * secret; Wix's RS256 JWT with the app's public key), kept once per delivery or event id, and
 * applied by a job (CHANNEL_WEBHOOK_JOB_KIND, key: the receipt id). A bad or missing signature
 * is answered 401 and nothing is kept; a redelivery is answered 200 and changes nothing.
 */

export type WebhookAnswer = 200 | 400 | 401 | 404;

const headerOf = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const CONNECTION_ID = /^chc_[a-z0-9]+$/;
const WOO_APPLIED = new Set<string>(WOOCOMMERCE_WEBHOOK_TOPICS);
/** WooCommerce's ping when a webhook is created: unsigned, `webhook_id=12` as a form. */
const WOO_PING = /^webhook_id=\d+$/;

/** The decoded JWT of a Wix webhook: `data` (JSON text) holds the event's envelope. */
const WixEnvelopeSchema = z.object({
  eventType: z.string(),
  instanceId: z.string().nullish(),
  data: z.union([z.string(), z.record(z.string(), z.unknown())]),
});
const WixEventSchema = z.object({
  id: z.string().min(1),
  entityId: z.string().nullish(),
  createdEvent: z
    .object({ entityAsJson: z.string().nullish(), entity: z.unknown().optional() })
    .nullish(),
  updatedEvent: z
    .object({ currentEntityAsJson: z.string().nullish(), currentEntity: z.unknown().optional() })
    .nullish(),
});

const parseJson = (value: unknown): unknown =>
  typeof value === 'string' ? (JSON.parse(value) as unknown) : value;

export const createChannelWebhooks = (
  deps: ChannelWriteDeps & {
    clock: Clock;
    repository: ChannelRepository;
    syncRepository: ChannelSyncRepository;
    startJob: StartJob;
    woocommerce: WooCommerceConnector;
    wix: WixConnector;
    /** The Wix app's public key (PEM); without it every Wix webhook is refused. */
    wixPublicKey: string | undefined;
    log: {
      info: (details: object, message: string) => void;
      warn: (details: object, message: string) => void;
    };
  },
) => {
  const { repository, syncRepository, clock, log } = deps;
  let wixKey: Promise<CryptoKey | null> | null = null;
  const wixKeyOf = () =>
    (wixKey ??= deps.wixPublicKey
      ? importSPKI(deps.wixPublicKey, 'RS256').catch((error: unknown) => {
          log.warn({ err: error }, 'WIX_WEBHOOK_PUBLIC_KEY is not an RSA public key');
          return null;
        })
      : Promise.resolve(null));

  /** Keeps the webhook once and starts its job; a redelivery restarts an unfinished one. */
  const keep = async (input: {
    channel: SalesChannelName;
    connectionId: string;
    storeId: string;
    shop: string;
    eventId: string;
    topic: string;
    body: string;
  }) => {
    const webhookId = `${input.connectionId}:${input.eventId}`;
    const receipt = await repository.insertReceipt({
      id: newId('chw'),
      channel: input.channel,
      webhookId,
      topic: input.topic,
      shop: input.shop,
      storeId: input.storeId,
      body: input.body,
      receivedAt: clock.now(),
    });
    const message = `${SALES_CHANNEL_LABELS[input.channel]} ${input.topic}`;
    if (receipt) {
      await deps.startJob(input.storeId, CHANNEL_WEBHOOK_JOB_KIND, { key: receipt.id, message });
      return;
    }
    // A redelivery of a processed webhook does nothing; one whose job gave up starts it again.
    const earlier = await repository.findReceipt(input.channel, webhookId);
    if (earlier?.storeId && earlier.processedAt === null && earlier.body !== null) {
      await deps.startJob(earlier.storeId, CHANNEL_WEBHOOK_JOB_KIND, { key: earlier.id, message });
    }
  };

  /**
   * A WooCommerce delivery to a connection's address: 200 for the creation ping (nothing kept),
   * 401 without this connection's signature (nothing kept), 400 without topic or delivery id or
   * with a body that is not JSON, else 200 (applied by a job, once per delivery id).
   */
  const receiveWooCommerce = async (input: {
    connectionId: string;
    headers: Record<string, string | string[] | undefined>;
    rawBody: Buffer;
  }): Promise<WebhookAnswer> => {
    const signature = headerOf(input.headers, 'x-wc-webhook-signature');
    if (!signature && WOO_PING.test(input.rawBody.toString('utf8').trim())) return 200;
    if (!CONNECTION_ID.test(input.connectionId)) return 401;
    const connection = await syncRepository.findConnectionById(input.connectionId);
    const secrets =
      connection?.channel === 'woocommerce' ? deps.woocommerce.secretsOf(connection) : null;
    if (!connection || !secrets) return 401;
    if (!isSignedWooWebhook(secrets.webhookSecret, input.rawBody, signature)) return 401;
    const topic = headerOf(input.headers, 'x-wc-webhook-topic');
    const deliveryId = headerOf(input.headers, 'x-wc-webhook-delivery-id');
    if (!topic || !deliveryId) return 400;
    try {
      JSON.parse(input.rawBody.toString('utf8'));
    } catch {
      return 400;
    }
    if (!WOO_APPLIED.has(topic)) {
      log.info(
        { connectionId: connection.id, topic },
        'WooCommerce webhook acknowledged, not applied',
      );
      return 200;
    }
    await keep({
      channel: 'woocommerce',
      connectionId: connection.id,
      storeId: connection.storeId,
      shop: connection.shop,
      eventId: deliveryId,
      topic,
      body: input.rawBody.toString('utf8'),
    });
    return 200;
  };

  /**
   * A Wix event to a connection's address (the body is the JWT): 401 unless signed RS256 with
   * WIX_WEBHOOK_PUBLIC_KEY (nothing kept), 400 for an envelope that is not Wix's, 404 for an
   * unknown connection, 200 otherwise (order events applied by a job, once per event id;
   * events of a disconnected site acknowledged and dropped).
   */
  const receiveWix = async (input: {
    connectionId: string;
    rawBody: Buffer;
  }): Promise<WebhookAnswer> => {
    const key = await wixKeyOf();
    if (!key) return 401;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(input.rawBody.toString('utf8').trim(), key, {
        algorithms: ['RS256'],
      }));
    } catch {
      return 401;
    }
    let envelope: z.infer<typeof WixEnvelopeSchema>;
    let event: z.infer<typeof WixEventSchema>;
    try {
      envelope = WixEnvelopeSchema.parse(parseJson(payload.data));
      event = WixEventSchema.parse(parseJson(envelope.data));
    } catch {
      return 400;
    }
    const connection = CONNECTION_ID.test(input.connectionId)
      ? await syncRepository.findConnectionById(input.connectionId)
      : undefined;
    if (!connection || connection.channel !== 'wix') return 404;
    if (
      connection.status === 'DISCONNECTED' ||
      !WIX_ORDER_EVENT_TYPES.includes(envelope.eventType)
    ) {
      log.info(
        { connectionId: connection.id, eventType: envelope.eventType },
        'Wix webhook acknowledged, not applied',
      );
      return 200;
    }
    let entity: unknown;
    try {
      entity =
        event.createdEvent?.entity ??
        parseJson(event.createdEvent?.entityAsJson) ??
        event.updatedEvent?.currentEntity ??
        parseJson(event.updatedEvent?.currentEntityAsJson);
    } catch {
      return 400;
    }
    if (!entity || typeof entity !== 'object') return 400;
    await keep({
      channel: 'wix',
      connectionId: connection.id,
      storeId: connection.storeId,
      shop: connection.shop,
      eventId: event.id,
      topic: envelope.eventType,
      body: JSON.stringify(entity),
    });
    return 200;
  };

  /** Applies one kept webhook (CHANNEL_WEBHOOK_JOB_KIND, key: the receipt id). */
  const jobHandler: JobHandler = async (_job, context) => {
    const receipt = await syncRepository.findReceiptById(context.key);
    if (!receipt || receipt.storeId !== context.storeId || receipt.body === null)
      return { applied: 0 };
    const connectionId = receipt.webhookId.split(':')[0] ?? '';
    const connection = await syncRepository.findConnectionById(connectionId);
    // Disconnected since: the change is not taken in.
    if (
      !connection ||
      connection.storeId !== context.storeId ||
      connection.status === 'DISCONNECTED'
    ) {
      await repository.completeReceipt(receipt.id, clock.now());
      return { applied: 0 };
    }
    try {
      const body: unknown = JSON.parse(receipt.body);
      if (receipt.channel === 'wix') await applyWixOrder(deps, connection, body);
      else if (receipt.topic.startsWith('order.')) await applyWooOrder(deps, connection, body);
      else if (receipt.topic === 'customer.updated') await applyWooCustomer(deps, connection, body);
      else if (receipt.topic === 'product.updated') {
        const client = deps.woocommerce.clientOf(connection);
        await applyWooProduct(
          deps,
          client,
          connection,
          body,
          await client.settings(context.signal),
          context.signal,
        );
      }
    } catch (error) {
      if (error instanceof ChannelCallError) {
        await repository.recordError(connection, error.message.slice(0, 1_000), clock.now());
        throw error;
      }
      if (!isRecordError(error)) throw error;
      // Retrying cannot mend the record: say so on the connection and let the webhook go.
      const message = `A change from ${SALES_CHANNEL_LABELS[connection.channel]} could not be recorded: ${recordErrorMessage(error)}`;
      log.warn({ connectionId: connection.id, receiptId: receipt.id }, message);
      await repository.recordError(connection, message.slice(0, 1_000), clock.now());
      await repository.completeReceipt(receipt.id, clock.now());
      return { applied: 0 };
    }
    await repository.recordSync(connection.id, clock.now());
    await repository.completeReceipt(receipt.id, clock.now());
    return { applied: 1 };
  };

  return { receiveWooCommerce, receiveWix, jobHandler };
};
export type ChannelWebhooks = ReturnType<typeof createChannelWebhooks>;
