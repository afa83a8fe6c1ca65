import { createHmac, randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Product } from '@atelier/contract/sales/product';
import type { StoreOrder } from '@atelier/contract/sales/order';
import {
  CreateWebhookInputSchema,
  MAX_WEBHOOKS_PER_STORE,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
  type CreateWebhookInput,
  type Webhook,
  type WebhookDelivery,
  type WebhookTopic,
} from '@atelier/contract/sales/webhook';
import type { Database } from '@/db/client';
import type { DomainEvent } from '@/events/domain-events';
import type { EventBus } from '@/events/event-bus';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import type { JobHandler } from '@/modules/jobs';
import type { StartJob } from './order-import-files';
import {
  salesWebhookDeliveries,
  salesWebhooks,
  type SalesWebhookDeliveryRow,
  type SalesWebhookRow,
} from './sales.table';

/** The job kind that sends one webhook delivery (its key is the delivery's id). */
export const WEBHOOK_DELIVERY_JOB_KIND = 'sales.webhook-delivery';

/** The signature of a webhook body: base64 HMAC-SHA256 with the webhook's secret. */
export const signWebhookBody = (secret: string, body: string): string =>
  createHmac('sha256', secret).update(body, 'utf8').digest('base64');

const webhookNotFound = () =>
  new AppError('not_found', 'There is no such webhook in this store.', {
    reason: 'webhook_not_found',
  });

const toWebhook = (row: SalesWebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  topics: row.topics as WebhookTopic[],
  createdAt: row.createdAt.toISOString(),
});

const toDelivery = (row: SalesWebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  topic: row.topic as WebhookTopic,
  eventId: row.eventId,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

/** The domain events that become webhooks, and their topic. */
const TOPIC_OF = {
  'sales.order.created': 'order.created',
  'sales.order.updated': 'order.updated',
  'sales.product.created': 'product.updated',
  'sales.product.updated': 'product.updated',
} as const satisfies Record<string, WebhookTopic>;
type WebhookEventType = keyof typeof TOPIC_OF;

export type WebhookDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  startJob: StartJob;
  /** Outside production, http://localhost endpoints are allowed (local development, tests). */
  allowLocalHttp: boolean;
  readOrder: (storeId: string, id: string) => Promise<StoreOrder>;
  readProduct: (storeId: string, id: string) => Promise<Product>;
  /** The HTTP client (global fetch; tests may pass their own). */
  fetch?: typeof fetch;
};

/**
 * Issue 11 signed outgoing webhooks (contract `sales/webhook.ts`): subscriptions, the event
 * subscriber that records one delivery per webhook and change (with the body as sent), and the
 * job that sends it, retried with back-off by the job runner.
 */
export const createWebhookService = (deps: WebhookDeps) => {
  const { db, clock } = deps;
  const send = deps.fetch ?? fetch;

  const isAllowedUrl = (url: string) => {
    const parsed = new URL(url);
    if (parsed.protocol === 'https:') return true;
    return deps.allowLocalHttp && ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  };

  /** Records the deliveries of one change and starts a job for each new one. */
  const onEvent = async (event: DomainEvent<WebhookEventType>) => {
    const storeId = event.payload.storeId;
    const topic = TOPIC_OF[event.type];
    const hooks = await db
      .select()
      .from(salesWebhooks)
      .where(and(eq(salesWebhooks.storeId, storeId), sql`${topic} = any(${salesWebhooks.topics})`));
    if (hooks.length === 0) return;
    const data =
      'orderId' in event.payload
        ? await deps.readOrder(storeId, event.payload.orderId)
        : await deps.readProduct(storeId, event.payload.productId);
    const body = JSON.stringify({
      id: event.id,
      topic,
      createdAt: event.occurredAt.toISOString(),
      data,
    });
    const created = await db
      .insert(salesWebhookDeliveries)
      .values(
        hooks.map((hook) => ({
          id: newId('whd'),
          webhookId: hook.id,
          storeId,
          eventId: event.id,
          topic,
          body,
          status: 'PENDING' as const,
          createdAt: clock.now(),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: salesWebhookDeliveries.id });
    // A redelivered event finds its deliveries recorded; their jobs were started then.
    for (const { id } of created) {
      await deps.startJob(storeId, WEBHOOK_DELIVERY_JOB_KIND, { key: id, message: 'Sending' });
    }
  };
  deps.events.subscribe('sales.webhooks', Object.keys(TOPIC_OF) as WebhookEventType[], onEvent);

  /** Sends one delivery; throws (the job is retried) unless the endpoint answered 2xx. */
  const deliveryHandler: JobHandler = async (_job, context) => {
    const [found] = await db
      .select({ delivery: salesWebhookDeliveries, webhook: salesWebhooks })
      .from(salesWebhookDeliveries)
      .innerJoin(salesWebhooks, eq(salesWebhooks.id, salesWebhookDeliveries.webhookId))
      .where(
        and(
          eq(salesWebhookDeliveries.id, context.key),
          eq(salesWebhookDeliveries.storeId, context.storeId),
        ),
      );
    // The webhook was removed: nothing to send.
    if (!found) return { delivered: 0 };
    const { delivery, webhook } = found;
    if (delivery.status === 'SUCCEEDED') return { delivered: 1 };
    const attempts = delivery.attempts + 1;
    let responseStatus: number | null = null;
    let error: string | null = null;
    try {
      const response = await send(webhook.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.any([context.signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Atelier-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(webhook.secret, delivery.body),
          'x-atelier-topic': delivery.topic,
          'x-atelier-event-id': delivery.eventId,
          'x-atelier-delivery-id': delivery.id,
        },
        body: delivery.body,
      });
      responseStatus = response.status;
      await response.body?.cancel();
      if (response.status < 200 || response.status >= 300) {
        error = `The endpoint answered ${response.status}.`;
      }
    } catch (caught) {
      context.signal.throwIfAborted();
      error = `No answer: ${(caught as Error).message}`;
    }
    const now = clock.now();
    await db
      .update(salesWebhookDeliveries)
      .set({
        attempts,
        responseStatus,
        error,
        lastAttemptAt: now,
        status:
          error === null ? 'SUCCEEDED' : attempts >= WEBHOOK_MAX_ATTEMPTS ? 'FAILED' : 'RETRYING',
        deliveredAt: error === null ? now : null,
      })
      .where(eq(salesWebhookDeliveries.id, delivery.id));
    if (error !== null) throw new Error(error);
    return { delivered: 1 };
  };

  const findWebhook = async (actor: Actor, id: string) => {
    const [row] = await db
      .select()
      .from(salesWebhooks)
      .where(and(eq(salesWebhooks.id, id), eq(salesWebhooks.storeId, actor.storeId)));
    if (!row) throw webhookNotFound();
    return row;
  };

  return {
    deliveryHandler,

    async listWebhooks(actor: Actor): Promise<{ items: Webhook[] }> {
      const rows = await db
        .select()
        .from(salesWebhooks)
        .where(eq(salesWebhooks.storeId, actor.storeId))
        .orderBy(salesWebhooks.createdAt);
      return { items: rows.map(toWebhook) };
    },

    /** Subscribes an endpoint; the answer alone carries the secret. See the contract's errors. */
    async createWebhook(actor: Actor, input: CreateWebhookInput) {
      const { url, topics } = CreateWebhookInputSchema.parse(input);
      if (!isAllowedUrl(url)) {
        throw new AppError('bad_request', 'Webhooks are sent to https:// addresses only.', {
          reason: 'webhook_url_not_allowed',
          details: [{ field: 'body.url', message: 'Use an https:// address.' }],
        });
      }
      const [existing] = await db
        .select({ total: count() })
        .from(salesWebhooks)
        .where(eq(salesWebhooks.storeId, actor.storeId));
      if ((existing?.total ?? 0) >= MAX_WEBHOOKS_PER_STORE) {
        throw new AppError(
          'conflict',
          `A store has at most ${MAX_WEBHOOKS_PER_STORE} webhooks; remove one first.`,
          { reason: 'too_many_webhooks' },
        );
      }
      const [row] = await db
        .insert(salesWebhooks)
        .values({
          id: newId('whk'),
          storeId: actor.storeId,
          url,
          topics,
          secret: randomBytes(32).toString('base64url'),
          createdAt: clock.now(),
        })
        .returning();
      return { ...toWebhook(row!), secret: row!.secret };
    },

    /** Removes the webhook and its log; a delivery job that runs after finds nothing to send. */
    async deleteWebhook(actor: Actor, id: string) {
      await findWebhook(actor, id);
      await db
        .delete(salesWebhooks)
        .where(and(eq(salesWebhooks.id, id), eq(salesWebhooks.storeId, actor.storeId)));
      return { ok: true as const };
    },

    /** The webhook's last 50 deliveries, newest first. */
    async listDeliveries(actor: Actor, id: string): Promise<{ items: WebhookDelivery[] }> {
      await findWebhook(actor, id);
      const rows = await db
        .select()
        .from(salesWebhookDeliveries)
        .where(
          and(
            eq(salesWebhookDeliveries.webhookId, id),
            inArray(salesWebhookDeliveries.storeId, [actor.storeId]),
          ),
        )
        .orderBy(desc(salesWebhookDeliveries.createdAt), desc(salesWebhookDeliveries.id))
        .limit(50);
      return { items: rows.map(toDelivery) };
    },
  };
};
export type WebhookService = ReturnType<typeof createWebhookService>;
