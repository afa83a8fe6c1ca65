import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';

/**
 * Issue 11, beyond the spec: signed outgoing webhooks. A store subscribes an https endpoint to
 * topics; each change is POSTed to it as JSON `{ id, topic, createdAt, data }` (data: the
 * StoreOrder or Product as the API answers it, at the time of the change) with the headers:
 *
 * - `X-Atelier-Hmac-Sha256`: base64 of HMAC-SHA256 over the raw body with the webhook's secret;
 * - `X-Atelier-Topic`, `X-Atelier-Event-Id` (the change), `X-Atelier-Delivery-Id` (this
 *   delivery: the same on every retry; receivers use it to process a delivery once).
 *
 * A 2xx answer within WEBHOOK_TIMEOUT_MS is a success; anything else is retried with
 * exponential back-off, WEBHOOK_MAX_ATTEMPTS attempts in all, each in the delivery log. Orders
 * written by an import send no webhook (an import can hold 22,000 orders).
 */
export const WEBHOOK_TOPICS = ['order.created', 'order.updated', 'product.updated'] as const;
export const WebhookTopicSchema = z.enum(WEBHOOK_TOPICS);
export type WebhookTopic = z.infer<typeof WebhookTopicSchema>;

export const WEBHOOK_SIGNATURE_HEADER = 'x-atelier-hmac-sha256';
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_MAX_ATTEMPTS = 6;
export const MAX_WEBHOOKS_PER_STORE = 20;

export const WebhookSchema = z.object({
  id: z.string(), // "whk_…"
  url: z.string(),
  topics: z.array(WebhookTopicSchema),
  createdAt: z.iso.datetime(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** Only the answer to its creation carries the secret: keep it then. */
export const CreatedWebhookSchema = WebhookSchema.extend({
  /** The HMAC-SHA256 key of the signatures (base64url, 32 random bytes). */
  secret: z.string(),
});

export const CreateWebhookInputSchema = z.object({
  /** An https:// address (http://localhost too, outside production). */
  url: z.url({ protocol: /^https?$/, message: 'An https:// address.' }).max(2_000),
  topics: z
    .array(WebhookTopicSchema)
    .min(1, 'Choose at least one topic.')
    .refine((topics) => new Set(topics).size === topics.length, 'A topic is listed twice.'),
});
export type CreateWebhookInput = z.input<typeof CreateWebhookInputSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'RETRYING', 'FAILED'] as const;

export const WebhookDeliverySchema = z.object({
  id: z.string(), // "whd_…"
  topic: WebhookTopicSchema,
  eventId: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int().min(0),
  /** The last answer's HTTP status; null when there was none (timeout, refused connection). */
  responseStatus: z.number().int().nullable(),
  /** Why the last attempt failed. */
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

const WebhookIdParamsSchema = z.object({
  id: z.string().regex(/^whk_[a-z0-9]+$/, 'Not a webhook id.'),
});

export const listWebhooks = defineEndpoint({
  method: 'GET',
  path: '/api/web/webhooks',
  response: z.object({ items: z.array(WebhookSchema) }),
  tags: ['webhooks'],
});

/**
 * Subscribes an endpoint. 400 naming the field for a bad URL or topic (`webhook_url_not_allowed`
 * for http:// in production); 409 `too_many_webhooks` past MAX_WEBHOOKS_PER_STORE.
 */
export const createWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/web/webhooks',
  body: CreateWebhookInputSchema,
  response: CreatedWebhookSchema,
  successStatus: 201,
  tags: ['webhooks'],
});

/** Removes the subscription; deliveries not made yet are dropped. 404 `webhook_not_found`. */
export const deleteWebhook = defineEndpoint({
  method: 'DELETE',
  path: '/api/web/webhooks/:id',
  params: WebhookIdParamsSchema,
  response: z.object({ ok: z.literal(true) }),
  tags: ['webhooks'],
});

/** The webhook's last 50 deliveries, newest first (the delivery log). */
export const listWebhookDeliveries = defineEndpoint({
  method: 'GET',
  path: '/api/web/webhooks/:id/deliveries',
  params: WebhookIdParamsSchema,
  response: z.object({ items: z.array(WebhookDeliverySchema) }),
  tags: ['webhooks'],
});
