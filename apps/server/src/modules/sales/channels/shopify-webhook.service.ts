import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SHOPIFY_WEBHOOK_JOB_KIND } from '@atelier/contract/sales/channel';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import type { JobHandler } from '@/modules/jobs';
import type { StartJob } from '../order-import-files';
import {
  salesCustomers,
  salesOrders,
  salesProducts,
  type SalesChannelConnectionRow,
} from '../sales.table';
import type { ChannelRepository } from './channel.repository';
import type { ShopifyConnector } from './shopify-connect.service';
import type { ApplyOutcome, ShopifyApplier } from './shopify-apply';
import { customerFromWebhook, productFromWebhook } from './shopify-catalog';
import { createShopifyAdminClient } from './shopify-graphql';
import { shopifyChannelOf, ShopifyOrderSchema } from './shopify-order';
import { isSignedShopifyWebhook } from './shopify-protocol';

export type ShopifyWebhookDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  repository: ChannelRepository;
  shopify: ShopifyConnector;
  startJob: StartJob;
  applier: ShopifyApplier;
  archiveChannelProduct: (storeId: string, channel: string, externalId: string) => Promise<boolean>;
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

/** A REST body's `id` (a number or a string), as the store keeps external ids. */
const idOf = (body: Record<string, unknown>): string =>
  typeof body.id === 'number' || typeof body.id === 'string' ? String(body.id) : '';

const ORDER_TOPICS = new Set(['orders/create', 'orders/updated']);
const PRODUCT_TOPICS = new Set(['products/create', 'products/update', 'products/delete']);
const CUSTOMER_TOPICS = new Set(['customers/create', 'customers/update']);
/** Topics whose body changes the store's data: kept until a job has applied them. */
const APPLIED_TOPICS = new Set([...ORDER_TOPICS, ...PRODUCT_TOPICS, ...CUSTOMER_TOPICS]);

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
 * the uninstall and the privacy topics at once; orders, products and customers as jobs
 * (SHOPIFY_WEBHOOK_JOB_KIND), `products/delete` archiving the product.
 */
export const createShopifyWebhookService = (deps: ShopifyWebhookDeps) => {
  const { db, clock, repository, shopify, log, applier } = deps;

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
      body: APPLIED_TOPICS.has(topic) && storeId ? rawBody.toString('utf8') : null,
      receivedAt: clock.now(),
    });
    const startApplyJob = (forStoreId: string) =>
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
        await startApplyJob(earlier.storeId);
      }
      return 200;
    }
    const details = { topic, shop, webhookId, storeId };
    if (APPLIED_TOPICS.has(topic) && storeId) {
      await startApplyJob(storeId);
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
        // A topic the app does not subscribe to, or a change for a shop no store has connected.
        log.info(details, 'Shopify webhook acknowledged, not applied');
    }
    await repository.completeReceipt(receipt.id, clock.now());
    return 200;
  };

  /** The shop's currency, for a product the store does not have yet (its prices are in it). */
  const currencyOf = async (connection: SalesChannelConnectionRow, externalId: string) => {
    const [known] = await db
      .select({ currencyCode: salesProducts.currencyCode })
      .from(salesProducts)
      .where(
        and(
          eq(salesProducts.storeId, connection.storeId),
          eq(salesProducts.channel, shopifyChannelOf(connection.shop)),
          eq(salesProducts.externalId, externalId),
        ),
      );
    if (known) return known.currencyCode;
    if (!shopify || !connection.tokenCiphertext || !connection.tokenIv || !connection.tokenTag) {
      throw new Error(`${connection.shop} has no access token to ask its currency with.`);
    }
    const client = createShopifyAdminClient({
      adminUrl: shopify.app.adminUrl(connection.shop),
      shop: connection.shop,
      accessToken: shopify.cipher.open({
        ciphertext: connection.tokenCiphertext,
        iv: connection.tokenIv,
        tag: connection.tokenTag,
      }),
    });
    const data = await client.request<{ shop: { currencyCode: string } }>(
      'query ShopCurrency { shop { currencyCode } }',
    );
    return data.shop.currencyCode;
  };

  /** What one webhook's body does to the store. */
  const applyWebhook = async (
    topic: string,
    connection: SalesChannelConnectionRow,
    body: Record<string, unknown>,
  ): Promise<ApplyOutcome> => {
    const { storeId, shop } = connection;
    if (ORDER_TOPICS.has(topic)) {
      return applier.order(storeId, shop, () => ShopifyOrderSchema.parse(body));
    }
    if (topic === 'products/delete') {
      const isKnown = await deps.archiveChannelProduct(storeId, shopifyChannelOf(shop), idOf(body));
      return { outcome: isKnown ? 'updated' : 'unchanged', issue: null };
    }
    if (PRODUCT_TOPICS.has(topic)) {
      const currency = await currencyOf(connection, idOf(body));
      return applier.product(storeId, () => productFromWebhook(shop, body, currency));
    }
    return applier.customer(storeId, () => customerFromWebhook(shop, body));
  };

  /** Applies one received webhook: an order, a product or a customer (SHOPIFY_WEBHOOK_JOB_KIND). */
  const jobHandler: JobHandler = async (_job, context) => {
    const receipt = await repository.findReceipt('shopify', context.key);
    if (!receipt || receipt.storeId !== context.storeId || receipt.body === null) {
      return { applied: 0 };
    }
    const [connection] = (
      await repository.listLiveConnectionsOfShop('shopify', receipt.shop)
    ).filter((row) => row.storeId === context.storeId);
    // Disconnected since: the change is not taken in.
    if (!connection) {
      await repository.completeReceipt(receipt.id, clock.now());
      return { applied: 0 };
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(receipt.body) as Record<string, unknown>;
    } catch {
      await repository.completeReceipt(receipt.id, clock.now());
      return { applied: 0 };
    }
    const { outcome, issue } = await applyWebhook(receipt.topic, connection, body);
    if (outcome === 'skipped') {
      // Retrying cannot mend the record: say so on the connection and let the webhook go.
      const message = `A change from Shopify (${receipt.topic}) could not be applied: ${issue ?? 'unreadable'}`;
      log.warn({ shop: receipt.shop, webhookId: receipt.webhookId }, message);
      await repository.recordError(connection, message.slice(0, 1_000), clock.now());
      await repository.completeReceipt(receipt.id, clock.now());
      return { applied: 0 };
    }
    if (issue) log.warn({ shop: receipt.shop, webhookId: receipt.webhookId }, issue);
    await repository.recordSync(connection.id, clock.now());
    await repository.completeReceipt(receipt.id, clock.now());
    return { applied: 1, outcome };
  };

  return { receive, jobHandler };
};
export type ShopifyWebhookService = ReturnType<typeof createShopifyWebhookService>;
