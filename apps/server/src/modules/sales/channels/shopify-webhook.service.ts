import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { z, ZodError } from 'zod';
import { SHOPIFY_WEBHOOK_JOB_KIND } from '@atelier/contract/sales/channel';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import type { JobHandler } from '@/modules/jobs';
import type { StartJob } from '../order-import-files';
import { salesCustomers, salesOrders } from '../sales.table';
import type { StoreOrderDraft } from '../store-order.service';
import type { ChannelRepository } from './channel.repository';
import type { ShopifyConnector } from './shopify-connect.service';
import {
  shopifyChannelOf,
  ShopifyOrderError,
  ShopifyOrderSchema,
  shopifyOrderState,
  toStoreOrderDraft,
} from './shopify-order';
import { applyChannelOrderState } from './shopify-order-update';
import { isSignedShopifyWebhook } from './shopify-protocol';

export type ShopifyWebhookDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  repository: ChannelRepository;
  shopify: ShopifyConnector;
  startJob: StartJob;
  recordOrder: (storeId: string, draft: StoreOrderDraft) => Promise<{ id: string; isNew: boolean }>;
  log: {
    info: (details: object, message: string) => void;
    warn: (details: object, message: string) => void;
  };
};

/** A webhook as it arrived: the headers Shopify sets and the exact bytes of the body. */
export type ReceivedWebhook = {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
};

const headerOf = (headers: ReceivedWebhook['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const ORDER_TOPICS = new Set(['orders/create', 'orders/updated']);

/** The `customers/redact` body: the customer and the orders whose details go. */
const RedactBodySchema = z.object({
  customer: z
    .object({
      id: z.union([z.number(), z.string()]).transform(String).nullish(),
      email: z.string().nullish(),
    })
    .nullish(),
  orders_to_redact: z.array(z.union([z.number(), z.string()]).transform(String)).nullish(),
});

/**
 * Issue 11 Shopify webhooks: the signature over the raw body, one processing per webhook id,
 * the uninstall and the privacy topics at once, orders as jobs (SHOPIFY_WEBHOOK_JOB_KIND).
 */
export const createShopifyWebhookService = (deps: ShopifyWebhookDeps) => {
  const { db, clock, repository, shopify, log } = deps;

  /** Deletes a customer's personal fields from the store (and the addresses of the orders named). */
  const redactCustomer = async (storeId: string, shop: string, body: unknown) => {
    const parsed = RedactBodySchema.safeParse(body);
    if (!parsed.success) return;
    const customerId = parsed.data.customer?.id ?? null;
    const email = parsed.data.customer?.email?.toLowerCase() ?? null;
    const orderIds = parsed.data.orders_to_redact ?? [];
    const channel = shopifyChannelOf(shop);
    const matches = [
      customerId
        ? and(eq(salesCustomers.channel, channel), eq(salesCustomers.externalId, customerId))
        : undefined,
      email ? eq(salesCustomers.email, email) : undefined,
    ].filter((condition) => condition !== undefined);
    if (matches.length > 0) {
      await db
        .update(salesCustomers)
        .set({
          email: null,
          firstName: null,
          lastName: null,
          phone: null,
          defaultAddress: null,
          tags: sql`'{}'::text[]`,
          updatedAt: clock.now(),
        })
        .where(and(eq(salesCustomers.storeId, storeId), or(...matches)));
    }
    if (orderIds.length > 0) {
      await db
        .update(salesOrders)
        .set({ shippingAddress: null, billingAddress: null, updatedAt: clock.now() })
        .where(
          and(
            eq(salesOrders.storeId, storeId),
            eq(salesOrders.channel, channel),
            inArray(salesOrders.externalId, orderIds),
          ),
        );
    }
  };

  /**
   * Takes one webhook: 401 for a missing or wrong signature (nothing kept), 200 for a webhook id
   * seen before (nothing done again). Returns the status to answer.
   */
  const receive = async ({ headers, rawBody }: ReceivedWebhook): Promise<200 | 400 | 401> => {
    if (!shopify) return 401;
    const signature = headerOf(headers, 'x-shopify-hmac-sha256');
    if (!isSignedShopifyWebhook(shopify.app.apiSecret, rawBody, signature)) return 401;
    const topic = headerOf(headers, 'x-shopify-topic');
    const shop = headerOf(headers, 'x-shopify-shop-domain')?.toLowerCase();
    const webhookId = headerOf(headers, 'x-shopify-webhook-id');
    if (!topic || !shop || !webhookId) return 400;
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return 400;
    }
    const connections = await repository.listLiveConnectionsOfShop('shopify', shop);
    const storeId = connections[0]?.storeId ?? null;
    const receipt = await repository.insertReceipt({
      id: newId('chw'),
      channel: 'shopify',
      webhookId,
      topic,
      shop,
      storeId,
      body: ORDER_TOPICS.has(topic) && storeId ? rawBody.toString('utf8') : null,
      receivedAt: clock.now(),
    });
    const startOrderJob = (forStoreId: string) =>
      deps.startJob(forStoreId, SHOPIFY_WEBHOOK_JOB_KIND, {
        key: webhookId,
        message: `Shopify ${topic}`,
      });
    if (!receipt) {
      // A redelivery of a processed webhook does nothing. One whose job never started or gave up
      // starts it again: a queued or running job of that key is reused, and recording an order
      // is idempotent by its Shopify id.
      const earlier = await repository.findReceipt('shopify', webhookId);
      if (earlier?.storeId && earlier.processedAt === null && earlier.body !== null) {
        await startOrderJob(earlier.storeId);
      }
      return 200;
    }
    const details = { topic, shop, webhookId, storeId };
    if (ORDER_TOPICS.has(topic) && storeId) {
      await startOrderJob(storeId);
      return 200;
    }
    switch (topic) {
      case 'app/uninstalled':
        for (const connection of connections) {
          await repository.disconnect(
            connection.id,
            clock.now(),
            'The app was uninstalled from the shop: connect it again to resume.',
          );
        }
        log.info(details, 'Shopify app uninstalled: connection closed, token deleted');
        break;
      case 'customers/redact':
        if (storeId) await redactCustomer(storeId, shop, body);
        log.info(details, 'Shopify privacy request: customer redacted');
        break;
      case 'customers/data_request':
        // The shop owner answers the customer; Atelier keeps no data Shopify does not have.
        log.info(details, 'Shopify privacy request: customer data requested');
        break;
      case 'shop/redact':
        log.info(details, 'Shopify privacy request: shop redaction');
        break;
      default:
        // TODO(sales): products/update and customers/update arrive with the bulk sync, #11
        log.info(details, 'Shopify webhook acknowledged, not applied');
    }
    await repository.completeReceipt(receipt.id, clock.now());
    return 200;
  };

  /** Records (orders/create) or updates (orders/updated) the order of one received webhook. */
  const jobHandler: JobHandler = async (_job, context) => {
    const receipt = await repository.findReceipt('shopify', context.key);
    if (!receipt || receipt.storeId !== context.storeId || receipt.body === null) {
      return { orders: 0 };
    }
    const [connection] = (
      await repository.listLiveConnectionsOfShop('shopify', receipt.shop)
    ).filter((row) => row.storeId === context.storeId);
    // Disconnected since: the order is not taken in.
    if (!connection) {
      await repository.completeReceipt(receipt.id, clock.now());
      return { orders: 0 };
    }
    try {
      const order = ShopifyOrderSchema.parse(JSON.parse(receipt.body));
      const draft = toStoreOrderDraft(order, receipt.shop);
      const { id } = await deps.recordOrder(context.storeId, draft);
      await applyChannelOrderState(deps, context.storeId, id, shopifyOrderState(order));
    } catch (error) {
      const isBadOrder =
        error instanceof ShopifyOrderError ||
        error instanceof ZodError ||
        (error instanceof AppError && error.code === 'bad_request');
      if (!isBadOrder) throw error;
      // Retrying cannot mend the order: say so on the connection and let the webhook go.
      const message = `An order from Shopify could not be recorded: ${error.message}`;
      log.warn({ shop: receipt.shop, webhookId: receipt.webhookId, err: error }, message);
      await repository.recordError(connection.id, message.slice(0, 1_000), clock.now());
      await repository.completeReceipt(receipt.id, clock.now());
      return { orders: 0 };
    }
    await repository.recordSync(connection.id, clock.now());
    await repository.completeReceipt(receipt.id, clock.now());
    return { orders: 1 };
  };

  return { receive, jobHandler };
};
export type ShopifyWebhookService = ReturnType<typeof createShopifyWebhookService>;
