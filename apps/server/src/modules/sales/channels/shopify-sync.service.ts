import {
  CHANNEL_SYNC_ENTITIES,
  SHOPIFY_SYNC_JOB_KIND,
  type ChannelSyncEntity,
  type ChannelSyncResult,
  type ChannelSyncTally,
} from '@atelier/contract/sales/channel-sync';
import { SHOPIFY_WEBHOOKS_PATH } from '@atelier/contract/sales/channel';
import type { Job } from '@atelier/contract/jobs/job';
import type { EventBus } from '@/events/event-bus';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { PermanentJobError, type JobContext, type JobHandler } from '@/modules/jobs';
import type { StartJob } from '../order-import-files';
import type { SalesChannelConnectionRow } from '../sales.table';
import type { ChannelRepository } from './channel.repository';
import { createShopifySyncRepository, type SyncStep } from './shopify-sync.repository';
import type { Database } from '@/db/client';
import type { ShopifyConnector } from './shopify-connect.service';
import { BULK_QUERIES, readBulkResult, runBulkQuery, type BulkNode } from './shopify-bulk';
import { customerFromGraphQl, productFromGraphQl } from './shopify-catalog';
import type { ApplyOutcome, ShopifyApplier } from './shopify-apply';
import {
  createShopifyAdminClient,
  DEFAULT_BACK_OFF,
  ShopifyAccessError,
  type BackOff,
  type ShopifyAdminClient,
} from './shopify-graphql';
import { shopifyOrderFromGraphQl } from './shopify-order-graphql';

/** Records applied between two checkpoints (and progress reports). */
const BATCH_SIZE = 100;
/** Issues kept in a sync's result (the count of skipped records says the rest). */
const MAX_ISSUES = 50;

/** The webhooks the app subscribes a shop to once it is connected (GraphQL topic names). */
export const SHOPIFY_SUBSCRIBED_TOPICS = [
  'ORDERS_CREATE',
  'ORDERS_UPDATED',
  'PRODUCTS_CREATE',
  'PRODUCTS_UPDATE',
  'PRODUCTS_DELETE',
  'CUSTOMERS_CREATE',
  'CUSTOMERS_UPDATE',
  'APP_UNINSTALLED',
] as const;

const SUBSCRIBE = `mutation Subscribe($topic: WebhookSubscriptionTopic!, $uri: String!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri, format: JSON }) {
    webhookSubscription { id }
    userErrors { field message }
  }
}`;

const SHOP_QUERY = `query Shop { shop { name email currencyCode } }`;

/** Where each step's progress starts and ends (whole percent). */
const PROGRESS_SPAN: Record<ChannelSyncEntity, [number, number]> = {
  products: [2, 30],
  customers: [30, 50],
  orders: [50, 99],
};
const STEPS: SyncStep[] = ['webhooks', ...CHANNEL_SYNC_ENTITIES, 'done'];
const ENTITY_WORDS: Record<ChannelSyncEntity, string> = {
  products: 'products',
  customers: 'customers',
  orders: 'orders',
};

type Tallies = Omit<ChannelSyncResult, 'connectionId' | 'shop'>;

const emptyTally = (): ChannelSyncTally => ({
  read: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
});
const emptyTallies = (): Tallies => ({
  products: emptyTally(),
  customers: emptyTally(),
  orders: emptyTally(),
  issues: [],
});

export type ShopifySyncDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  repository: ChannelRepository;
  shopify: ShopifyConnector;
  startJob: StartJob;
  applier: ShopifyApplier;
  /** This server's address as Shopify reaches it (the webhooks' address). */
  publicUrl: string;
  log: {
    info: (details: object, message: string) => void;
    warn: (details: object, message: string) => void;
  };
  /** How often a bulk operation's status is asked for, in ms. */
  pollIntervalMs: number;
  backOff?: BackOff;
  fetch?: typeof fetch;
};

const connectionNotFound = () =>
  new AppError('not_found', 'This store has no such channel connection.', {
    reason: 'channel_connection_not_found',
  });

/**
 * Issue 11 Shopify sync: the shop's products (with variants), customers and orders brought in by
 * the Admin GraphQL API's bulk operations, as a job that reports progress, honours cancel and
 * resumes after a restart from its checkpoint; and the webhook subscriptions of a connected shop.
 */
export const createShopifySyncService = (deps: ShopifySyncDeps) => {
  const { repository, clock, shopify, log, applier } = deps;
  const syncs = createShopifySyncRepository(deps.db);

  const startFor = (connection: SalesChannelConnectionRow) =>
    deps.startJob(connection.storeId, SHOPIFY_SYNC_JOB_KIND, {
      key: connection.id,
      message: `Waiting to sync ${connection.shop}`,
    });

  /** Subscribes the shop to the app's webhooks; an address Shopify has already is fine. */
  const subscribeWebhooks = async (client: ShopifyAdminClient, signal: AbortSignal) => {
    const uri = `${deps.publicUrl.replace(/\/+$/, '')}${SHOPIFY_WEBHOOKS_PATH}`;
    const refused: string[] = [];
    for (const topic of SHOPIFY_SUBSCRIBED_TOPICS) {
      const data = await client.request<{
        webhookSubscriptionCreate: { userErrors: { message: string }[] };
      }>(SUBSCRIBE, { topic, uri }, signal);
      const errors = data.webhookSubscriptionCreate.userErrors.filter(
        (error) => !/already been taken|already exists/i.test(error.message),
      );
      if (errors.length > 0) refused.push(`${topic}: ${errors.map((e) => e.message).join('; ')}`);
    }
    return refused.length > 0
      ? `Shopify refused some webhook subscriptions, so those changes arrive only with a re-sync (${refused.join(' · ')}).`
      : null;
  };

  const applyNode = (
    entity: ChannelSyncEntity,
    storeId: string,
    shop: string,
    currencyCode: string,
    { node, children }: BulkNode,
  ): Promise<ApplyOutcome> => {
    switch (entity) {
      case 'products':
        return applier.product(storeId, () =>
          productFromGraphQl(shop, node, children, currencyCode),
        );
      case 'customers':
        return applier.customer(storeId, () => customerFromGraphQl(shop, node));
      case 'orders':
        return applier.order(storeId, shop, () => shopifyOrderFromGraphQl(node, children));
    }
  };

  /** The sync's steps from the checkpoint on; answers the tallies. */
  const runSteps = async (
    job: Job,
    context: JobContext,
    connection: SalesChannelConnectionRow,
    client: ShopifyAdminClient,
  ): Promise<Tallies> => {
    const { signal } = context;
    const checkpoint = await syncs.open({
      id: job.id,
      storeId: connection.storeId,
      connectionId: connection.id,
      tallies: emptyTallies(),
      now: clock.now(),
    });
    let step = checkpoint.step as SyncStep;
    let operationId = checkpoint.operationId;
    let linesDone = checkpoint.linesDone;
    const tallies = { ...emptyTallies(), ...(checkpoint.tallies as Partial<Tallies>) };
    const counts = () => ({
      products: tallies.products.read,
      customers: tallies.customers.read,
      orders: tallies.orders.read,
    });
    const save = () =>
      syncs.save(job.id, { step, operationId, linesDone, tallies, now: clock.now() });
    const note = (issue: string | null) => {
      if (issue && tallies.issues.length < MAX_ISSUES) tallies.issues.push(issue);
    };

    const { shop: shopInfo } = await client.request<{
      shop: { name: string; email: string | null; currencyCode: string };
    }>(SHOP_QUERY, {}, signal);

    if (step === 'webhooks') {
      await context.reportProgress(1, `Subscribing to ${connection.shop}’s changes`, counts());
      note(await subscribeWebhooks(client, signal));
      step = 'products';
      await save();
    }
    for (const entity of CHANNEL_SYNC_ENTITIES) {
      if (STEPS.indexOf(step) > STEPS.indexOf(entity)) continue;
      const [from, to] = PROGRESS_SPAN[entity];
      const words = ENTITY_WORDS[entity];
      await context.reportProgress(from, `Asking Shopify for the ${words}`, counts());
      const operation = await runBulkQuery(client, BULK_QUERIES[entity], {
        signal,
        pollIntervalMs: deps.pollIntervalMs,
        operationId,
        onStarted: async (id) => {
          operationId = id;
          linesDone = 0;
          await save();
        },
        onStatus: (running) =>
          context.reportProgress(
            from,
            `Shopify is gathering the ${words} (${Number(running.objectCount).toLocaleString('en-US')} so far)`,
            counts(),
          ),
      });
      const totalLines = Math.max(1, Number(operation.objectCount) || 0);
      if (operation.url) {
        let batch = 0;
        for await (const node of readBulkResult(operation.url, {
          signal,
          skipLines: linesDone,
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
          onOrphan: (line) =>
            note(`Line ${line} of Shopify’s ${words} export has no parent before it.`),
        })) {
          const { outcome, issue } = await applyNode(
            entity,
            connection.storeId,
            connection.shop,
            shopInfo.currencyCode,
            node,
          );
          tallies[entity].read += 1;
          tallies[entity][outcome] += 1;
          note(issue);
          linesDone = node.linesRead;
          batch += 1;
          if (batch >= BATCH_SIZE) {
            batch = 0;
            await save();
            await context.reportProgress(
              from + ((to - from) * Math.min(linesDone, totalLines)) / totalLines,
              `Bringing in the ${words}`,
              counts(),
            );
          }
        }
      }
      step = STEPS[STEPS.indexOf(entity) + 1]!;
      operationId = null;
      linesDone = 0;
      await save();
      await context.reportProgress(to, `Brought in the ${words}`, counts());
    }
    return tallies;
  };

  /** SHOPIFY_SYNC_JOB_KIND: syncs the connection of the job's key into the job's store. */
  const jobHandler: JobHandler = async (job, context) => {
    const connection = await repository.findConnection(context.storeId, context.key);
    if (!connection) throw new PermanentJobError('This shop connection no longer exists.');
    if (
      connection.status === 'DISCONNECTED' ||
      !connection.tokenCiphertext ||
      !connection.tokenIv ||
      !connection.tokenTag
    ) {
      throw new PermanentJobError(`${connection.shop} is disconnected: connect it again to sync.`);
    }
    if (!shopify) {
      throw new PermanentJobError(
        'This server has no Shopify app credentials any more (SHOPIFY_API_KEY and SHOPIFY_API_SECRET).',
      );
    }
    let accessToken: string;
    try {
      accessToken = shopify.cipher.open({
        ciphertext: connection.tokenCiphertext,
        iv: connection.tokenIv,
        tag: connection.tokenTag,
      });
    } catch {
      const message = `The access token of ${connection.shop} cannot be read with this server’s CHANNEL_TOKEN_KEY: connect the shop again.`;
      await repository.recordError(connection, message, clock.now());
      throw new PermanentJobError(message);
    }
    const client = createShopifyAdminClient({
      adminUrl: shopify.app.adminUrl(connection.shop),
      shop: connection.shop,
      accessToken,
      backOff: deps.backOff ?? DEFAULT_BACK_OFF,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      onBackOff: (details) =>
        log.info({ shop: connection.shop, jobId: job.id, ...details }, 'Shopify call backed off'),
    });
    let tallies: Tallies;
    try {
      tallies = await runSteps(job, context, connection, client);
    } catch (error) {
      if (context.signal.aborted) throw error;
      if (error instanceof ShopifyAccessError) {
        await repository.recordError(connection, error.message, clock.now());
        throw new PermanentJobError(error.message);
      }
      const message = `The last sync of ${connection.shop} failed: ${(error as Error).message}`;
      await repository.recordError(connection, message.slice(0, 1_000), clock.now());
      throw error;
    }
    await syncs.markSynced(connection.id, clock.now());
    const result: ChannelSyncResult = {
      connectionId: connection.id,
      shop: connection.shop,
      ...tallies,
    };
    const pick = (tally: ChannelSyncTally) => ({
      read: tally.read,
      created: tally.created,
      updated: tally.updated,
    });
    await deps.db.transaction((tx) =>
      deps.events.publish(tx, 'sales.channel.synced', {
        aggregateId: connection.id,
        storeId: connection.storeId,
        payload: {
          storeId: connection.storeId,
          connectionId: connection.id,
          shop: connection.shop,
          products: pick(tallies.products),
          customers: pick(tallies.customers),
          orders: pick(tallies.orders),
        },
      }),
    );
    await context.reportProgress(100, `Synced ${connection.shop}`, {
      products: tallies.products.read,
      customers: tallies.customers.read,
      orders: tallies.orders.read,
    });
    return result;
  };

  return {
    jobHandler,

    /** The first sync of a shop just connected (its failure to start is logged, not thrown). */
    async startFirstSync(connection: SalesChannelConnectionRow): Promise<void> {
      try {
        await startFor(connection);
      } catch (error) {
        log.warn({ err: error, shop: connection.shop }, 'The first Shopify sync did not start');
      }
    },

    /**
     * Re-sync (POST /api/web/channels/:id/sync): starts the connection's sync job and answers it.
     * 404 `channel_connection_not_found`; 409 `channel_not_connected`, `channel_sync_running`.
     */
    async startSync(actor: Actor, id: string): Promise<Job> {
      const connection = await repository.findConnection(actor.storeId, id);
      if (!connection) throw connectionNotFound();
      if (connection.channel !== 'shopify') {
        throw new AppError('conflict', 'This channel has no sync yet.', {
          reason: 'channel_sync_not_available',
        });
      }
      if (connection.status === 'DISCONNECTED' || !shopify) {
        throw new AppError(
          'conflict',
          `${connection.shop} is not connected: connect it again to sync it.`,
          { reason: 'channel_not_connected' },
        );
      }
      const { job, isNew } = await startFor(connection);
      if (!isNew) {
        throw new AppError('conflict', `A sync of ${connection.shop} is already running.`, {
          reason: 'channel_sync_running',
          details: [{ field: 'jobId', message: job.id }],
        });
      }
      return job;
    },
  };
};
export type ShopifySyncService = ReturnType<typeof createShopifySyncService>;
