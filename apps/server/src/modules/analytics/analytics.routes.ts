import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsEndpoints as api } from '@atelier/contract/analytics/analytics-api';
import { clientInfo } from '@/lib/client-info';
import { routeOptions } from '@/lib/endpoint';
import { optionalActor } from '@/lib/request-actor';
import type {
  EventsService,
  PredictiveService,
  SharesService,
  ViewService,
} from './analytics.services';

/**
 * Issue 14 analytics routes: the views (store members), the predictive model, share snapshots
 * (create, list, revoke; the public snapshot needs no login) and spec §7's event report (anyone;
 * a signed-in caller's store and user are kept with the event).
 */
export const analyticsRoutes =
  (deps: {
    views: ViewService;
    predictive: PredictiveService;
    shares: SharesService;
    events: EventsService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(api.view.path, routeOptions(api.view), async (request) =>
      deps.views.compute(request.actor.storeId, request.params.view, request.query),
    );
    app.get(api.predictiveModel.path, routeOptions(api.predictiveModel), async (request) =>
      deps.predictive.model(request.actor.storeId, request.query),
    );
    app.post(api.createShare.path, routeOptions(api.createShare), async (request, reply) => {
      const { view, ...query } = request.body;
      const share = await deps.shares.create(request.actor, view, query);
      return reply.status(201).send(share);
    });
    app.get(api.listShares.path, routeOptions(api.listShares), async (request) => ({
      items: await deps.shares.list(request.actor.storeId),
    }));
    app.delete(api.revokeShare.path, routeOptions(api.revokeShare), async (request) =>
      deps.shares.revoke(request.actor, request.params.id),
    );
    app.get(api.publicShare.path, routeOptions(api.publicShare), async (request) =>
      deps.shares.publicSnapshot(request.params.id),
    );
    // Reporting changes nothing of the store: a preview account's pages are reported too.
    const reportOptions = routeOptions(api.reportEvent);
    app.post(
      api.reportEvent.path,
      { ...reportOptions, config: { ...reportOptions.config, allowInPreview: true } },
      async (request) => {
        const actor = optionalActor(request);
        return deps.events.report(
          request.body,
          actor ? { userId: actor.userId, storeId: actor.storeId } : null,
          clientInfo(request),
        );
      },
    );
  };
