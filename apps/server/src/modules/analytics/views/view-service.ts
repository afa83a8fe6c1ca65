import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import type { PredictiveService, ViewService } from '../analytics.services';
import { notBuilt } from '../not-built';

/** Issue 14 views (views/): replaced view by view as they are built. */
export const createViewService = (_deps: {
  db: Database;
  clock: Clock;
  predictive: PredictiveService;
}): ViewService => ({
  async compute(_storeId, view) {
    throw notBuilt(`The ${view} view`);
  },
});
