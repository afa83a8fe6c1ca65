import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { toJsonbText } from '@/db/jsonb';
import { outboxDeliveries, outboxEvents } from './outbox.table';

/** The notification channel a publish pokes (delivered at commit) to wake the dispatchers. */
export const OUTBOX_CHANNEL = 'atelier_outbox';

// Serialises claims across dispatcher processes (any number; the same in every process).
const CLAIM_LOCK_KEY = 727_274_002;

export type ClaimedDelivery = {
  eventId: string;
  subscriber: string;
  aggregateId: string;
  sequence: number;
  attempts: number;
  type: string;
  storeId: string | null;
  payload: unknown;
  occurredAt: Date;
};

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

const pairs = (deliveries: readonly { eventId: string; subscriber: string }[]) =>
  sql.join(
    deliveries.map((d) => sql`(${d.eventId}, ${d.subscriber})`),
    sql`, `,
  );

/** The only code that reads and writes the outbox tables. */
export const createOutboxRepository = (db: Database) => ({
  /**
   * The events (of one type, in order), one pending delivery per event and subscriber, and a poke
   * of the dispatchers at commit: one statement however many events (a round trip per publish,
   * not three per event: every write that publishes pays for it). Sequences follow the order of
   * `events`.
   */
  async insertEvents(
    events: readonly {
      id: string;
      type: string;
      aggregateId: string;
      storeId: string | null;
      payload: unknown;
    }[],
    subscribers: readonly string[],
  ): Promise<void> {
    if (events.length === 0) return;
    if (subscribers.length === 0) {
      await db.insert(outboxEvents).values([...events]);
      return;
    }
    const rows = sql.join(
      events.map(
        (event) =>
          sql`(${event.id}, ${event.type}, ${event.aggregateId}, ${event.storeId}, ${toJsonbText(event.payload)}::jsonb)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      WITH event AS (
        INSERT INTO ${outboxEvents} (id, type, aggregate_id, store_id, payload)
        VALUES ${rows}
        RETURNING id, sequence, aggregate_id
      ), deliveries AS (
        INSERT INTO ${outboxDeliveries} (event_id, subscriber, sequence, aggregate_id)
        SELECT event.id, s.subscriber, event.sequence, event.aggregate_id
        FROM event, unnest(ARRAY[${list(subscribers)}]::text[]) AS s(subscriber)
      )
      SELECT pg_notify(${OUTBOX_CHANNEL}, '')
    `);
  },

  /**
   * Leases up to `limit` due deliveries of the named subscribers for `leaseMs`: for each
   * subscriber and aggregate only an unbroken run from the oldest pending one (nothing earlier
   * waits for a retry or is held by another dispatcher), so one aggregate's events go in order.
   * Run inside a transaction (the advisory lock serialises concurrent claims).
   */
  async claimDue(
    subscribers: readonly string[],
    limit: number,
    leaseMs: number,
  ): Promise<ClaimedDelivery[]> {
    if (subscribers.length === 0) return [];
    await db.execute(sql`SELECT pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`);
    return queryRows<ClaimedDelivery>(
      db,
      sql`
        WITH pending AS (
          SELECT event_id, subscriber, sequence,
            bool_or(available_at > now() OR coalesce(locked_until > now(), false)) OVER (
              PARTITION BY subscriber, aggregate_id ORDER BY sequence
              ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
            ) AS is_blocked
          FROM outbox_deliveries
          WHERE delivered_at IS NULL AND dead_at IS NULL AND subscriber IN (${list(subscribers)})
        ), chosen AS (
          SELECT event_id, subscriber FROM pending WHERE NOT is_blocked
          ORDER BY sequence LIMIT ${limit}
        )
        UPDATE outbox_deliveries AS d
        SET locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
            attempts = d.attempts + 1
        FROM chosen, outbox_events AS e
        WHERE d.event_id = chosen.event_id AND d.subscriber = chosen.subscriber
          AND e.id = d.event_id
        RETURNING d.event_id AS "eventId", d.subscriber, d.aggregate_id AS "aggregateId",
          d.sequence::float8 AS sequence, d.attempts, e.type, e.store_id AS "storeId",
          e.payload, e.occurred_at AS "occurredAt"
      `,
    );
  },

  async markDelivered(deliveries: readonly { eventId: string; subscriber: string }[]) {
    if (deliveries.length === 0) return;
    await db.execute(sql`
      UPDATE outbox_deliveries SET delivered_at = now(), locked_until = NULL, last_error = NULL
      WHERE (event_id, subscriber) IN (${pairs(deliveries)})
    `);
  },

  /** A failed attempt: retried after `retryInMs`, or given up (`isDead`) after the last one. */
  async markFailed(
    delivery: { eventId: string; subscriber: string },
    error: string,
    retryInMs: number,
    isDead: boolean,
  ) {
    await db.execute(sql`
      UPDATE outbox_deliveries
      SET locked_until = NULL, last_error = ${error.slice(0, 2000)},
        available_at = now() + make_interval(secs => ${retryInMs / 1000}),
        dead_at = ${isDead ? sql`now()` : sql`NULL`}
      WHERE event_id = ${delivery.eventId} AND subscriber = ${delivery.subscriber}
    `);
  },

  /** Hands back leased deliveries that were not attempted (after an earlier one failed). */
  async release(deliveries: readonly { eventId: string; subscriber: string }[]) {
    if (deliveries.length === 0) return;
    await db.execute(sql`
      UPDATE outbox_deliveries SET locked_until = NULL, attempts = greatest(attempts - 1, 0)
      WHERE (event_id, subscriber) IN (${pairs(deliveries)})
    `);
  },

  /**
   * Whether a delivery of the subscribers is due now or held by a dispatcher (tests drain until
   * none is; one waiting for a retry is not due, nor are the later ones of its aggregate).
   */
  async hasDue(subscribers: readonly string[]): Promise<boolean> {
    if (subscribers.length === 0) return false;
    const rows = await queryRows<{ isDue: boolean }>(
      db,
      sql`SELECT EXISTS (
        SELECT 1 FROM (
          SELECT bool_or(available_at > now()) OVER (
            PARTITION BY subscriber, aggregate_id ORDER BY sequence
            ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
          ) AS is_waiting
          FROM outbox_deliveries
          WHERE delivered_at IS NULL AND dead_at IS NULL AND subscriber IN (${list(subscribers)})
        ) AS pending WHERE NOT is_waiting
      ) AS "isDue"`,
    );
    return rows[0]?.isDue ?? false;
  },

  /** Deletes events older than `olderThanMs` whose every delivery is settled. */
  async pruneSettled(olderThanMs: number): Promise<void> {
    await db.execute(sql`
      DELETE FROM outbox_events AS e
      WHERE e.occurred_at < now() - make_interval(secs => ${olderThanMs / 1000})
        AND NOT EXISTS (
          SELECT 1 FROM outbox_deliveries AS d
          WHERE d.event_id = e.id AND d.delivered_at IS NULL AND d.dead_at IS NULL
        )
    `);
  },

  /** The deliveries of one event (tests and diagnostics). */
  async listDeliveries(eventId: string) {
    return queryRows<{
      subscriber: string;
      attempts: number;
      deliveredAt: Date | null;
      deadAt: Date | null;
      lastError: string | null;
    }>(
      db,
      sql`SELECT subscriber, attempts, delivered_at AS "deliveredAt", dead_at AS "deadAt",
        last_error AS "lastError" FROM outbox_deliveries WHERE event_id = ${eventId}
        ORDER BY subscriber`,
    );
  },
});
