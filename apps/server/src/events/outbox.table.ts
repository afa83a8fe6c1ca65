import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The outbox (issue 8): every domain event, written in the transaction of the write that caused
 * it. `sequence` orders events; one aggregate's events are delivered in that order.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: text('id').primaryKey(),
    sequence: bigserial('sequence', { mode: 'number' }).notNull().unique(),
    /** `<module>.<entity>.<past-tense verb>`, e.g. "chat.message.sent". */
    type: text('type').notNull(),
    /** The entity whose events are kept in order (a conversation, a session, a job). */
    aggregateId: text('aggregate_id').notNull(),
    /** The store the event concerns, when any (exports and audits filter by it). */
    storeId: text('store_id'),
    payload: jsonb('payload').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [index('outbox_events_occurred_idx').on(table.occurredAt)],
);

/**
 * One row per event and subscriber: what the dispatcher still has to hand over, what it handed
 * over (`delivered_at`) and what it gave up on (`dead_at`, after the last retry). Times are the
 * database's own clock.
 */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    /** Copies of the event's order keys, so the dispatcher reads one table. */
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    aggregateId: text('aggregate_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time (back-off after a failure). */
    availableAt: timestamp('available_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** A dispatcher holds it until then; a crashed holder's lease runs out and another retries. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    deadAt: timestamp('dead_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.subscriber] }),
    index('outbox_deliveries_pending_idx')
      .on(table.subscriber, table.aggregateId, table.sequence)
      .where(sql`delivered_at IS NULL AND dead_at IS NULL`),
    index('outbox_deliveries_due_idx')
      .on(table.sequence)
      .where(sql`delivered_at IS NULL AND dead_at IS NULL`),
  ],
);
