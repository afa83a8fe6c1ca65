import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderOptionsEndpoints as api } from '@atelier/contract/fulfillment/order-options';
import { routeOptions } from '@/lib/endpoint';
import type { OrderOptionsService } from './order-options.service';

/** Issue 15 order options routes (store members): shipping method, priority, tracking per line. */
export const orderOptionsRoutes =
  (options: OrderOptionsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(api.getOrderOptions.path, routeOptions(api.getOrderOptions), async (request) =>
      options.getOptions(request.actor.storeId, request.params.id),
    );
    app.put(api.setShippingMethod.path, routeOptions(api.setShippingMethod), async (request) =>
      options.setShippingMethod(request.actor, request.params.id, request.body.shippingMethod),
    );
    app.put(api.setPriority.path, routeOptions(api.setPriority), async (request) =>
      options.setPriority(request.actor, request.params.id, request.body.isPriority),
    );
    app.get(api.getLineTracking.path, routeOptions(api.getLineTracking), async (request) => ({
      items: await options.listLineTracking(
        request.actor.storeId,
        request.params.id,
        request.params.lineId,
      ),
    }));
  };
