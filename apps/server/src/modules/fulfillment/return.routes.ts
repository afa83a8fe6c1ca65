import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { returnEndpoints as api } from '@atelier/contract/fulfillment/returns';
import { routeOptions } from '@/lib/endpoint';
import type { ReturnService } from './return.service';

/**
 * Issue 15 return routes (store members; spec §2 /return-settings, §7 return-orders list,
 * detail): settings, returns of shipped orders, the customer's parcel on its way, the inspection
 * on arrival and cancelation with a reason.
 */
export const returnRoutes =
  (returns: ReturnService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(api.getReturnSettings.path, routeOptions(api.getReturnSettings), async (request) =>
      returns.getSettings(request.actor.storeId),
    );
    app.put(
      api.updateReturnSettings.path,
      routeOptions(api.updateReturnSettings),
      async (request) => returns.updateSettings(request.actor, request.body),
    );
    app.get(api.listReturns.path, routeOptions(api.listReturns), async (request) =>
      returns.list(request.actor.storeId, request.query),
    );
    app.post(api.createReturn.path, routeOptions(api.createReturn), async (request, reply) =>
      reply.status(201).send(await returns.create(request.actor, request.body)),
    );
    app.get(api.getReturn.path, routeOptions(api.getReturn), async (request) =>
      returns.get(request.actor.storeId, request.params.handle),
    );
    app.post(api.shipReturn.path, routeOptions(api.shipReturn), async (request) =>
      returns.ship(request.actor, request.params.handle, request.body),
    );
    app.post(api.receiveReturn.path, routeOptions(api.receiveReturn), async (request) =>
      returns.receive(request.actor, request.params.handle, request.body),
    );
    app.post(api.cancelReturn.path, routeOptions(api.cancelReturn), async (request) =>
      returns.cancel(request.actor, request.params.handle, request.body.reason),
    );
  };
