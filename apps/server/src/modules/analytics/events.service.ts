import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import type { EventsService } from './analytics.services';
import { notBuilt } from './not-built';

/** Spec §7 analytics report (issue 14). */
export const createEventsService = (_deps: { db: Database; clock: Clock }): EventsService => ({
  async report() {
    throw notBuilt('The event report');
  },
});
