import type { Database } from '@/db/client';
import { notificationOutbox } from './notification.table';

export type NewNotification = typeof notificationOutbox.$inferInsert;

/** The only code that writes the notification outbox. */
export const createNotificationRepository = (db: Database) => ({
  async insert(values: NewNotification): Promise<void> {
    await db.insert(notificationOutbox).values(values);
  },
});
