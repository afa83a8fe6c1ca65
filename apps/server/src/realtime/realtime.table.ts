import { bigserial, customType, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Large packets of `@socket.io/postgres-adapter` (its documented table; unused on PGlite, where
 * the in-memory adapter runs).
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).defaultNow(),
  payload: bytea('payload'),
});

/** Offline chat e-mail throttle: the last notice per conversation and recipient participant. */
export const chatEmailNotices = pgTable(
  'chat_email_notices',
  {
    conversationId: text('conversation_id').notNull(),
    participant: text('participant').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.participant] })],
);
