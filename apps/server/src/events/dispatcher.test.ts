import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@/db/client';
import { createTestDatabase } from '@/testing/test-database';
import { createDispatcher } from './dispatcher';
import { createEventBus, type EventBus } from './event-bus';
import { createOutboxRepository } from './outbox.repository';

const quietLog = { warn: () => {}, error: () => {} };

let connection: DatabaseConnection;
let bus: EventBus;
beforeEach(async () => {
  connection = await createTestDatabase();
  bus = createEventBus();
});
afterEach(async () => {
  await connection.close();
});

const endBackOff = () =>
  connection.db.execute(sql`UPDATE outbox_deliveries SET available_at = now()`);

const publishFavorites = (storeId: string) =>
  bus.publish(connection.db, 'catalog.favorites.changed', {
    aggregateId: storeId,
    storeId,
    payload: { storeId },
  });

describe('event bus and dispatcher', () => {
  it('writes nothing when the publishing transaction rolls back', async () => {
    const seen: string[] = [];
    bus.subscribe('test', ['catalog.favorites.changed'], async (event) => {
      seen.push(event.id);
    });
    await expect(
      connection.db.transaction(async (tx) => {
        await bus.publish(tx, 'catalog.favorites.changed', {
          aggregateId: 'str_a',
          payload: { storeId: 'str_a' },
        });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await createDispatcher(connection, bus, quietLog).drain();
    expect(seen).toEqual([]);
  });

  it('refuses a payload that does not match its contract schema', async () => {
    await expect(
      bus.publish(connection.db, 'catalog.favorites.changed', {
        aggregateId: 'str_a',
        payload: { storeId: 42 } as unknown as { storeId: string },
      }),
    ).rejects.toThrow();
  });

  it('hands each event to every subscriber of its type, and records the delivery', async () => {
    const first: string[] = [];
    const second: string[] = [];
    bus.subscribe('first', ['catalog.favorites.changed'], async (e) => void first.push(e.id));
    bus.subscribe('second', ['catalog.favorites.changed'], async (e) => void second.push(e.id));
    bus.subscribe('other', ['identity.session.ended'], async () => {
      throw new Error('never called');
    });
    const id = await publishFavorites('str_a');
    await createDispatcher(connection, bus, quietLog).drain();
    expect(first).toEqual([id]);
    expect(second).toEqual([id]);
    const deliveries = await createOutboxRepository(connection.db).listDeliveries(id);
    expect(deliveries.map((d) => [d.subscriber, d.attempts, d.deliveredAt !== null])).toEqual([
      ['first', 1, true],
      ['second', 1, true],
    ]);
  });

  it("keeps one aggregate's order through a failure: later events wait for the retry", async () => {
    const seen: string[] = [];
    let failuresLeft = 1;
    bus.subscribe('ordered', ['catalog.favorites.changed'], async (event) => {
      if (event.aggregateId === 'str_a' && failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('temporarily down');
      }
      seen.push(`${event.aggregateId}:${event.id}`);
    });
    const a1 = await publishFavorites('str_a');
    const a2 = await publishFavorites('str_a');
    const b1 = await publishFavorites('str_b');
    const dispatcher = createDispatcher(connection, bus, quietLog);
    await dispatcher.drain();
    // str_a's first event waits for its back-off; its second must not overtake it; str_b goes on.
    expect(seen).toEqual([`str_b:${b1}`]);
    const [failed] = await createOutboxRepository(connection.db).listDeliveries(a1);
    expect(failed).toMatchObject({ attempts: 1, deliveredAt: null, lastError: 'temporarily down' });

    // The back-off is over (the database's clock decides when a retry is due).
    await endBackOff();
    await dispatcher.drain();
    expect(seen).toEqual([`str_b:${b1}`, `str_a:${a1}`, `str_a:${a2}`]);
  });

  it('gives a delivery up after the last attempt and keeps its error', async () => {
    bus.subscribe('broken', ['catalog.favorites.changed'], async () => {
      throw new Error('always fails');
    });
    const id = await publishFavorites('str_a');
    const dispatcher = createDispatcher(connection, bus, quietLog, { maxAttempts: 2 });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await dispatcher.drain();
      await endBackOff();
    }
    const [delivery] = await createOutboxRepository(connection.db).listDeliveries(id);
    expect(delivery).toMatchObject({ attempts: 2, deliveredAt: null, lastError: 'always fails' });
    expect(delivery!.deadAt).not.toBeNull();
    await dispatcher.drain();
  });

  it('delivers each event once with two dispatchers running side by side', async () => {
    const seen: string[] = [];
    bus.subscribe('counted', ['catalog.favorites.changed'], async (event) => {
      seen.push(event.id);
    });
    const ids: string[] = [];
    for (let index = 0; index < 30; index += 1)
      ids.push(await publishFavorites(`str_${index % 4}`));
    const one = createDispatcher(connection, bus, quietLog, { batchSize: 5 });
    const two = createDispatcher(connection, bus, quietLog, { batchSize: 5 });
    await Promise.all([one.drain(), two.drain()]);
    expect([...seen].sort()).toEqual([...ids].sort());
    // In order per aggregate.
    for (let store = 0; store < 4; store += 1) {
      const own = ids.filter((_, index) => index % 4 === store);
      expect(seen.filter((id) => own.includes(id))).toEqual(own);
    }
  });

  it('wakes on a publish and delivers without being asked', async () => {
    const seen: string[] = [];
    bus.subscribe('live', ['catalog.favorites.changed'], async (e) => void seen.push(e.id));
    const dispatcher = createDispatcher(connection, bus, quietLog, { pollMs: 60_000 });
    await dispatcher.start();
    try {
      const id = await publishFavorites('str_a');
      const startedAt = Date.now();
      while (seen.length === 0 && Date.now() - startedAt < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(seen).toEqual([id]);
    } finally {
      await dispatcher.stop();
    }
  });
});
