import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kittingEndpoints as api } from '@atelier/contract/fulfillment/kitting';
import { routeOptions } from '@/lib/endpoint';
import type { KittingService } from './kitting.service';

/** Issue 15 kitting routes (store members): bundles and kitting requests. */
export const kittingRoutes =
  (kitting: KittingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(api.listBundles.path, routeOptions(api.listBundles), async (request) => ({
      items: await kitting.listBundles(request.actor.storeId),
    }));
    app.put(api.setBundle.path, routeOptions(api.setBundle), async (request) =>
      kitting.setBundle(request.actor, request.params.variantId, request.body),
    );
    app.delete(api.deleteBundle.path, routeOptions(api.deleteBundle), async (request) =>
      kitting.deleteBundle(request.actor, request.params.variantId),
    );
    app.get(
      api.listKittingRequests.path,
      routeOptions(api.listKittingRequests),
      async (request) => ({
        items: await kitting.listRequests(request.actor.storeId),
      }),
    );
    app.post(
      api.createKittingRequest.path,
      routeOptions(api.createKittingRequest),
      async (request, reply) =>
        reply.status(201).send(await kitting.createRequest(request.actor, request.body)),
    );
    app.post(
      api.completeKittingRequest.path,
      routeOptions(api.completeKittingRequest),
      async (request) => kitting.completeRequest(request.actor, request.params.sn),
    );
    app.post(
      api.cancelKittingRequest.path,
      routeOptions(api.cancelKittingRequest),
      async (request) =>
        kitting.cancelRequest(request.actor, request.params.sn, request.body.reason),
    );
  };
