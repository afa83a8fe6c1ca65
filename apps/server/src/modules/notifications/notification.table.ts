import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The local Notifier: every e-mail and SMS the platform sends, viewable in the app. */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: text('id').primaryKey(),
    channel: text('channel', { enum: ['EMAIL', 'SMS'] }).notNull(),
    /** Store the message concerns, when any (null for platform-team mail). */
    storeId: text('store_id'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Machine-readable kind: "team.invited", "supplier.invited", ... */
    kind: text('kind').notNull(),
    status: text('status', { enum: ['QUEUED', 'SENT', 'FAILED'] }).notNull(),
    /** The provider that delivered it: "local-outbox" when no real service is configured. */
    provider: text('provider').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('notification_outbox_store_idx').on(table.storeId, table.createdAt)],
);
