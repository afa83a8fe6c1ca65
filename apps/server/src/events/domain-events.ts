import type { z } from 'zod';
import { catalogEvents } from '@atelier/contract/catalog/events';
import { chatEvents } from '@atelier/contract/chat/events';
import { fulfillmentEvents } from '@atelier/contract/fulfillment/events';
import { identityEvents } from '@atelier/contract/identity/events';
import { jobEvents } from '@atelier/contract/jobs/events';
import { ordersEvents } from '@atelier/contract/orders/events';
import { salesEvents } from '@atelier/contract/sales/events';

/**
 * Every domain event of the platform and its payload schema. Each module declares its own in its
 * contract folder (`<module>/events.ts`); this list only gathers them. A new module adds its map.
 */
export const domainEventSchemas = {
  ...identityEvents,
  ...catalogEvents,
  ...chatEvents,
  ...jobEvents,
  ...salesEvents,
  ...ordersEvents,
  ...fulfillmentEvents,
} as const;

export type DomainEventType = keyof typeof domainEventSchemas;
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof domainEventSchemas)[T]>;

/** An event as a subscriber receives it. `id` is the idempotency key (delivery is at least once). */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: {
    id: string;
    type: K;
    aggregateId: string;
    storeId: string | null;
    payload: DomainEventPayload<K>;
    occurredAt: Date;
  };
}[T];
