import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import type { SharesService, ViewService } from './analytics.services';
import { notBuilt } from './not-built';

/** Issue 14 /share-report/{id} snapshots. */
export const createSharesService = (_deps: {
  db: Database;
  clock: Clock;
  views: ViewService;
}): SharesService => ({
  async create() {
    throw notBuilt('Sharing a view');
  },
  async list() {
    return [];
  },
  async revoke() {
    throw notBuilt('Sharing a view');
  },
  async publicSnapshot() {
    throw notBuilt('Sharing a view');
  },
});
