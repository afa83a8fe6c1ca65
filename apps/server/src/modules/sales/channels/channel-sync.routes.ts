import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { syncSalesChannel } from '@atelier/contract/sales/channel-sync';
import { routeOptions } from '@/lib/endpoint';
import type { ShopifySyncService } from './shopify-sync.service';

/** Issue 11 Re-sync: POST /api/web/channels/:id/sync starts the connection's sync job (202). */
export const channelSyncRoutes =
  (sync: ShopifySyncService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(syncSalesChannel.path, routeOptions(syncSalesChannel), async (request, reply) => {
      const job = await sync.startSync(request.actor, request.params.id);
      return reply.status(202).send(job);
    });
  };
