import type { Database } from '@/db/client';
import { analyticsEvents } from './analytics.table';

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** The only code that writes `analytics_events`. */
export const createEventsRepository = (db: Database) => ({
  async insert(values: NewAnalyticsEvent): Promise<void> {
    await db.insert(analyticsEvents).values(values);
  },
});
export type EventsRepository = ReturnType<typeof createEventsRepository>;
