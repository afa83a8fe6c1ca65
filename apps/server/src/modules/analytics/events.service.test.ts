import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@/db/client';
import { createManualClock } from '@/lib/clock';
import { createTestDatabase } from '@/testing/test-database';
import { createEventsService, EVENT_REPORT_LIMIT } from './events.service';

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(async () => connection.close());

const anEvent = {
  sourceClient: 'desktop_web' as const,
  anonymousUserId: 'anon-1',
  commonType: 'page',
  eventName: 'Page View',
  commonContent: { path: '/homebase' },
};
const client = (address: string) => ({ address, userAgent: undefined });

describe('EventsService.report', () => {
  it('limits each client address per window (429 with Retry-After), then lets it in again', async () => {
    const clock = createManualClock();
    const limit = { maxPerWindow: 3, windowMs: 60_000 };
    const events = createEventsService({ db: connection.db, clock, limit });
    for (let index = 0; index < limit.maxPerWindow; index += 1) {
      await expect(events.report(anEvent, null, client('192.0.2.1'))).resolves.toEqual({
        stored: true,
      });
    }
    const limited = events.report(anEvent, null, client('192.0.2.1'));
    await expect(limited).rejects.toMatchObject({
      code: 'rate_limited',
      reason: 'event_report_rate_limited',
      headers: { 'retry-after': '60' },
    });
    // Dropped events count too: the limit keeps the public route cheap, not the table small.
    await expect(
      events.report({ ...anEvent, commonContent: null }, null, client('192.0.2.1')),
    ).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(events.report(anEvent, null, client('192.0.2.2'))).resolves.toEqual({
      stored: true,
    });
    clock.advance(limit.windowMs);
    await expect(events.report(anEvent, null, client('192.0.2.1'))).resolves.toEqual({
      stored: true,
    });
  });

  it('allows more than the web client sends from one tab (50 events every 5 s)', () => {
    const perTabPerWindow = (50 * EVENT_REPORT_LIMIT.windowMs) / 5_000;
    expect(EVENT_REPORT_LIMIT.maxPerWindow).toBeGreaterThanOrEqual(2 * perTabPerWindow);
  });
});
