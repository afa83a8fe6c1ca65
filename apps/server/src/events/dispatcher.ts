import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseConnection } from '@/db/client';
import type { DomainEvent } from './domain-events';
import type { EventBus } from './event-bus';
import { createOutboxRepository, OUTBOX_CHANNEL, type ClaimedDelivery } from './outbox.repository';

export type DispatcherOptions = {
  /** Deliveries leased per round. */
  batchSize?: number;
  /** How long a claimed delivery stays with this process before another may retry it. */
  leaseMs?: number;
  /** Attempts before a delivery is given up (`dead_at`), with its last error kept. */
  maxAttempts?: number;
  /** Look again this often even without a notification (retries falling due, lost pokes). */
  pollMs?: number;
  /** Settled events are deleted after this long. */
  retentionMs?: number;
};

/** Back-off before the n-th retry: 1 s, 2 s, 4 s … capped at 5 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(1000 * 2 ** (attempts - 1), 300_000);

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * The outbox dispatcher (issue 8): after commit it hands each pending delivery to its subscriber,
 * at least once, in order per aggregate and subscriber, retrying failures with back-off and
 * recording what was delivered. Runs in `ROLE=all` and `ROLE=worker` processes; any number may
 * run against one PostgreSQL database (claims are leased and serialised).
 */
export const createDispatcher = (
  connection: DatabaseConnection,
  bus: EventBus,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  {
    batchSize = 100,
    leaseMs = 30_000,
    maxAttempts = 10,
    pollMs = 1_000,
    retentionMs = 7 * 24 * 3600 * 1000,
  }: DispatcherOptions = {},
) => {
  const { db } = connection;
  const outbox = createOutboxRepository(db);
  let isRunning = false;
  // A wake that arrives while a round runs is kept, so that round's loop does not sleep past it.
  let isWakeDue = false;
  let resolveSleep: (() => void) | undefined;
  const wake = () => {
    isWakeDue = true;
    resolveSleep?.();
  };
  let loop: Promise<void> | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let lastPruneAt = Date.now();
  const inFlight = new Set<Promise<number>>();

  const names = () => [...bus.subscribers().keys()];

  /**
   * Hands one aggregate's deliveries to their subscriber in order; stops at the first failure
   * (recorded for a retry, the rest released). Returns those delivered, which the round marks.
   */
  const deliverGroup = async (group: ClaimedDelivery[]): Promise<ClaimedDelivery[]> => {
    for (const [index, delivery] of group.entries()) {
      const subscriber = bus.subscribers().get(delivery.subscriber);
      try {
        if (!subscriber) throw new Error(`No subscriber ${delivery.subscriber} in this process.`);
        await subscriber.handle({
          id: delivery.eventId,
          type: delivery.type,
          aggregateId: delivery.aggregateId,
          storeId: delivery.storeId,
          payload: delivery.payload,
          occurredAt: new Date(delivery.occurredAt),
        } as DomainEvent);
      } catch (error) {
        const isDead = delivery.attempts >= maxAttempts;
        const message = error instanceof Error ? error.message : String(error);
        (isDead ? log.error : log.warn).call(
          log,
          { err: error, eventId: delivery.eventId, subscriber: delivery.subscriber, isDead },
          isDead ? 'event delivery given up' : 'event delivery failed; it will be retried',
        );
        await outbox.markFailed(delivery, message, retryDelayMs(delivery.attempts), isDead);
        await outbox.release(group.slice(index + 1));
        return group.slice(0, index);
      }
    }
    return group;
  };

  /**
   * One claim and delivery round; resolves with the number of deliveries claimed. What was
   * delivered is marked in one statement at the end of the round (still leased until then, so no
   * other dispatcher takes it, and nothing later of its aggregate is claimed before it).
   */
  const round = async (): Promise<number> => {
    const claimed = await db.transaction((tx) =>
      createOutboxRepository(tx).claimDue(names(), batchSize, leaseMs),
    );
    const groups = new Map<string, ClaimedDelivery[]>();
    for (const delivery of claimed.sort((a, b) => a.sequence - b.sequence)) {
      const key = `${delivery.subscriber}\u0000${delivery.aggregateId}`;
      groups.set(key, [...(groups.get(key) ?? []), delivery]);
    }
    const delivered = await Promise.all([...groups.values()].map(deliverGroup));
    await outbox.markDelivered(delivered.flat());
    if (Date.now() - lastPruneAt > PRUNE_EVERY_MS) {
      lastPruneAt = Date.now();
      await outbox.pruneSettled(retentionMs);
    }
    return claimed.length;
  };

  const tracked = () => {
    const work = round();
    inFlight.add(work);
    void work.then(
      () => inFlight.delete(work),
      () => inFlight.delete(work),
    );
    return work;
  };

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (isWakeDue) {
        resolve();
        return;
      }
      const timer = setTimeout(resolve, pollMs);
      resolveSleep = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      resolveSleep = undefined;
    });

  const listen = async () => {
    if (connection.engine === 'pglite' && connection.pglite) {
      const unlisten = await connection.pglite.listen(OUTBOX_CHANNEL, () => wake());
      return () => unlisten();
    }
    if (!connection.pool) return async () => {};
    const client = await connection.pool.connect();
    client.on('notification', () => wake());
    client.on('error', (error) => log.warn({ err: error }, 'outbox listener lost; polling'));
    await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    return async () => {
      client.release(true);
    };
  };

  return {
    /** Starts listening and delivering (idempotent). */
    async start() {
      if (isRunning) return;
      isRunning = true;
      stopListening = await listen().catch((error: unknown) => {
        log.warn({ err: error }, 'outbox listener not started; polling only');
        return undefined;
      });
      loop = (async () => {
        while (isRunning) {
          isWakeDue = false;
          const count = await tracked().catch((error: unknown) => {
            log.warn({ err: error }, 'outbox round failed');
            return 0;
          });
          if (count === 0 && isRunning) await sleep();
        }
      })();
    },

    /** Stops after the round in progress; leased deliveries not finished are retried later. */
    async stop() {
      if (!isRunning) return;
      isRunning = false;
      wake();
      await loop;
      await stopListening?.();
    },

    /** Wakes the loop now (after a local commit). */
    wake() {
      wake();
    },

    /**
     * Delivers until nothing is due (tests; a delivery waiting for a retry is not due). Safe
     * beside the running loop: claims never overlap.
     */
    async drain() {
      for (let rounds = 0; rounds < 2000; rounds += 1) {
        const count = await tracked();
        await Promise.allSettled([...inFlight]);
        if (count > 0) continue;
        if (!(await outbox.hasDue(names()))) return;
        // Held by a round of the loop or of another process: wait for it to finish.
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('The outbox did not drain.');
    },
  };
};
export type Dispatcher = ReturnType<typeof createDispatcher>;
