import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import type { PredictiveService } from '../analytics.services';
import { notBuilt } from '../not-built';

/** Issue 14 BG/NBD + Gamma-Gamma (predictive/). */
export const createPredictiveService = (_deps: {
  db: Database;
  clock: Clock;
}): PredictiveService => ({
  async model() {
    throw notBuilt('The predictive model');
  },
  async customerPredictions() {
    return [];
  },
});
