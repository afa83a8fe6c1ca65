import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { createAnalyticsExportSources } from './analytics.export';
import { analyticsRoutes } from './analytics.routes';
import { createEventsService } from './events.service';
import { createPredictiveService } from './predictive/predictive.service';
import { createSharesService, type ShareStoreDirectory } from './shares.service';
import { createViewService } from './views/view-service';

export type { CustomerPrediction, PredictiveService } from './analytics.services';

export type AnalyticsModuleDeps = {
  db: Database;
  clock: Clock;
  /** The identity module's store titles (a shared report names its store). */
  stores: ShareStoreDirectory;
};

/**
 * Analytics module (issue 14; ARCHITECTURE.md §3 `analytics`): every analytics view of spec §2
 * computed in SQL from the store's own orders (sales tables), the BG/NBD + Gamma-Gamma model,
 * public share snapshots and the first-party event report of spec §7.
 */
export const createAnalyticsModule = ({ db, clock, stores }: AnalyticsModuleDeps) => {
  const predictive = createPredictiveService({ db, clock });
  const views = createViewService({ db, clock, predictive });
  const shares = createSharesService({ db, clock, views, stores });
  const events = createEventsService({ db, clock });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(analyticsRoutes({ views, predictive, shares, events }));
  };
  return {
    routes,
    views,
    predictive,
    shares,
    events,
    exportSources: createAnalyticsExportSources(db),
  };
};
export type AnalyticsModule = ReturnType<typeof createAnalyticsModule>;
