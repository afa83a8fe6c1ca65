import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wholesaleEndpoints as api } from '@atelier/contract/fulfillment/wholesale';
import { routeOptions } from '@/lib/endpoint';
import type { WholesaleService } from './wholesale.service';

/** Issue 15 wholesale routes (store members): requirements of an order and its packing slip. */
export const wholesaleRoutes =
  (wholesale: WholesaleService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      api.getWholesaleRequirements.path,
      routeOptions(api.getWholesaleRequirements),
      async (request) => wholesale.getRequirements(request.actor.storeId, request.params.id),
    );
    app.put(
      api.saveWholesaleRequirements.path,
      routeOptions(api.saveWholesaleRequirements),
      async (request) => wholesale.saveRequirements(request.actor, request.params.id, request.body),
    );
    const { schema, config } = routeOptions(api.getPackingSlip);
    app.get(
      api.getPackingSlip.path,
      {
        schema: {
          params: schema.params,
          summary: schema.summary,
          tags: schema.tags,
          security: schema.security,
        },
        config,
      },
      async (request, reply) => {
        const pdf = await wholesale.renderPackingSlip(request.actor, request.params.id);
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="packing-slip-${request.params.id}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(pdf));
      },
    );
  };
