import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
} from '@atelier/contract/sales/webhook';
import { routeOptions } from '@/lib/endpoint';
import type { WebhookService } from './webhook.service';

/**
 * Issue 11 outgoing webhooks (contract `sales/webhook.ts`), scoped to the caller's store: list,
 * create (201, with the secret once), delete, and each webhook's delivery log.
 */
export const webhookRoutes =
  (service: WebhookService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(listWebhooks.path, routeOptions(listWebhooks), async (request) =>
      service.listWebhooks(request.actor),
    );
    app.post(createWebhook.path, routeOptions(createWebhook), async (request, reply) =>
      reply.status(201).send(await service.createWebhook(request.actor, request.body)),
    );
    app.delete(deleteWebhook.path, routeOptions(deleteWebhook), async (request) =>
      service.deleteWebhook(request.actor, request.params.id),
    );
    app.get(listWebhookDeliveries.path, routeOptions(listWebhookDeliveries), async (request) =>
      service.listDeliveries(request.actor, request.params.id),
    );
  };
