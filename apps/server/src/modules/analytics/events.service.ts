import {
  isEmptyEventContent,
  MAX_EVENT_PROPERTIES_BYTES,
} from '@atelier/contract/analytics/event-report';
import type { EventReportBody } from '@atelier/contract/analytics/analytics-api';
import type { Database } from '@/db/client';
import { toJsonbText } from '@/db/jsonb';
import type { ClientInfo } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import type { EventsService } from './analytics.services';
import { createEventsRepository } from './events.repository';

/**
 * Reports one client address may send per window. The web client flushes at most 50 events every
 * 5 s (spec §9), 600 a minute from a busy tab; a few tabs or people behind one address fit.
 */
export const EVENT_REPORT_LIMIT = { maxPerWindow: 1_200, windowMs: 60_000 } as const;

type Limit = { maxPerWindow: number; windowMs: number };

/** In-memory fixed-window counter per client address (a public route: it must stay cheap). */
const createReportThrottle = (clock: Clock, limit: Limit) => {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    /** Counts one report; throws `rate_limited` (with Retry-After) past the limit. */
    take(address: string): void {
      const now = clock.now().getTime();
      if (windows.size > 10_000) {
        for (const [key, window] of windows) {
          if (now - window.startedAt >= limit.windowMs) windows.delete(key);
        }
      }
      const current = windows.get(address);
      if (!current || now - current.startedAt >= limit.windowMs) {
        windows.set(address, { startedAt: now, count: 1 });
        return;
      }
      if (current.count >= limit.maxPerWindow) {
        const seconds = Math.max(1, Math.ceil((current.startedAt + limit.windowMs - now) / 1000));
        throw new AppError('rate_limited', 'Too many analytics events from this address.', {
          reason: 'event_report_rate_limited',
          headers: { 'retry-after': String(seconds) },
        });
      }
      current.count += 1;
    },
  };
};

/** Bytes of a value as the jsonb column stores it. */
const jsonBytes = (value: unknown): number =>
  value === undefined ? 0 : Buffer.byteLength(toJsonbText(value), 'utf8');

/** 400 naming the largest field when the content and extra properties exceed the bound. */
const assertWithinBound = (commonContent: unknown, properties: Record<string, unknown>) => {
  const sizes: [string, number][] = [
    ['commonContent', jsonBytes(commonContent)],
    ...Object.entries(properties).map(([key, value]): [string, number] => [key, jsonBytes(value)]),
  ];
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  if (total <= MAX_EVENT_PROPERTIES_BYTES) return;
  const [largest] = [...sizes].sort((a, b) => b[1] - a[1]);
  throw new AppError(
    'bad_request',
    `An event's content and properties take at most ${MAX_EVENT_PROPERTIES_BYTES / 1024} KB.`,
    {
      reason: 'event_too_large',
      details: [
        {
          field: `body.${largest![0]}`,
          message: `The event's content and properties take ${total} bytes; at most ${MAX_EVENT_PROPERTIES_BYTES}.`,
        },
      ],
    },
  );
};

/**
 * Spec §7 analytics report (issue 14): first-party product analytics, stored in
 * `analytics_events` for the platform and never sent to a third party. Spec §5: an event with
 * empty content is dropped (`stored: false`, nothing written).
 */
export const createEventsService = ({
  db,
  clock,
  limit = EVENT_REPORT_LIMIT,
}: {
  db: Database;
  clock: Clock;
  limit?: Limit;
}): EventsService => {
  const repository = createEventsRepository(db);
  const throttle = createReportThrottle(clock, limit);
  return {
    async report(body: EventReportBody, caller, client: ClientInfo) {
      throttle.take(client.address);
      const { sourceClient, anonymousUserId, commonType, eventName, commonContent, ...properties } =
        body;
      assertWithinBound(commonContent, properties);
      if (isEmptyEventContent(commonContent)) return { stored: false };
      await repository.insert({
        id: newId('aev'),
        receivedAt: clock.now(),
        sourceClient,
        anonymousUserId,
        userId: caller?.userId ?? null,
        storeId: caller?.storeId ?? null,
        commonType,
        eventName,
        commonContent,
        properties,
      });
      return { stored: true };
    },
  };
};
