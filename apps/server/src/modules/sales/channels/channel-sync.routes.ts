import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Job } from '@atelier/contract/jobs/job';
import { syncSalesChannel } from '@atelier/contract/sales/channel-sync';
import type { Actor } from '@/lib/actor';
import { routeOptions } from '@/lib/endpoint';

/**
 * Issue 11 Re-sync: POST /api/web/channels/:id/sync starts the connection's sync job (202), for
 * every channel kind (`startSync` picks Shopify's or the WooCommerce and Wix one).
 */
export const channelSyncRoutes =
  (startSync: (actor: Actor, id: string) => Promise<Job>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(syncSalesChannel.path, routeOptions(syncSalesChannel), async (request, reply) => {
      const job = await startSync(request.actor, request.params.id);
      return reply.status(202).send(job);
    });
  };
