import type { Database } from '@/db/client';
import { newId } from '@/lib/ids';
import {
  domainEventSchemas,
  type DomainEvent,
  type DomainEventPayload,
  type DomainEventType,
} from './domain-events';
import { createOutboxRepository } from './outbox.repository';

/** A subscriber's reaction to one event. It must be idempotent: the event id is the key. */
export type EventHandler<T extends DomainEventType = DomainEventType> = (
  event: DomainEvent<T>,
) => Promise<void>;

export type Subscriber = {
  /** Stable name, stored with each delivery ("realtime", "chat.offline-email"). */
  name: string;
  types: ReadonlySet<DomainEventType>;
  handle: EventHandler;
};

export type PublishInput<T extends DomainEventType> = {
  /** The entity whose events are delivered in order (conversation id, session id, job id). */
  aggregateId: string;
  /** The store the event concerns, when any. */
  storeId?: string | null;
  payload: DomainEventPayload<T>;
};

/**
 * Domain events through an outbox (ARCHITECTURE.md §3, issue 8). `publish` writes the event and
 * one delivery per subscriber of its type with the handle it is given: pass the transaction of
 * the write, and the event exists exactly when the write does. After commit the dispatcher hands
 * it to the subscribers (see dispatcher.ts). Every process builds the same subscriptions, so an
 * api process records deliveries for subscribers that only a worker runs.
 */
export const createEventBus = () => {
  const subscribers = new Map<string, Subscriber>();
  const namesByType = new Map<DomainEventType, string[]>();

  const publishMany = async <T extends DomainEventType>(
    db: Database,
    type: T,
    inputs: readonly PublishInput<T>[],
  ): Promise<string[]> => {
    const events = inputs.map((input) => ({
      id: newId('evt'),
      type,
      aggregateId: input.aggregateId,
      storeId: input.storeId ?? null,
      payload: domainEventSchemas[type].parse(input.payload),
    }));
    await createOutboxRepository(db).insertEvents(events, namesByType.get(type) ?? []);
    return events.map((event) => event.id);
  };

  return {
    /**
     * Registers a subscriber before the app serves (a name twice throws). Its handler receives
     * each event of `types` published from now on, at least once, in order per aggregate.
     */
    subscribe<T extends DomainEventType>(
      name: string,
      types: readonly T[],
      handle: EventHandler<T>,
    ) {
      if (subscribers.has(name)) throw new Error(`Subscriber ${name} is already registered.`);
      subscribers.set(name, { name, types: new Set(types), handle: handle as EventHandler });
      for (const type of types) namesByType.set(type, [...(namesByType.get(type) ?? []), name]);
    },

    /**
     * Writes `type` with its payload (validated against the contract's schema; throws a ZodError
     * on a mismatch, which is a programming error) into the outbox through `db`; returns its id.
     */
    async publish<T extends DomainEventType>(
      db: Database,
      type: T,
      input: PublishInput<T>,
    ): Promise<string> {
      const [id] = await publishMany(db, type, [input]);
      return id!;
    },

    /**
     * `publish` for several events of one type, in one statement, delivered in the order given
     * (per aggregate); returns their ids in that order.
     */
    publishMany,

    /** The registered subscribers, by name (the dispatcher runs them). */
    subscribers(): ReadonlyMap<string, Subscriber> {
      return subscribers;
    },
  };
};
export type EventBus = ReturnType<typeof createEventBus>;
