import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEndpoints as api } from '@atelier/contract/analytics/analytics-api';
import { MAX_EVENT_PROPERTIES_BYTES } from '@atelier/contract/analytics/event-report';
import { buildApp } from '@/app';
import { analyticsEvents } from '@/db/schema';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { sweepRoute } from '@/testing/bad-input';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

let context: TestContext;
let owner: StoreAccount;
beforeAll(async () => {
  context = await createTestApp();
  owner = await registerAccount(context);
});
afterAll(async () => context.close());

let anonymousCounter = 0;
const anEvent = (overrides: Record<string, unknown> = {}) => {
  anonymousCounter += 1;
  return {
    sourceClient: 'desktop_web',
    anonymousUserId: `anon-${anonymousCounter}-${Math.random().toString(36).slice(2, 8)}`,
    commonType: 'page',
    eventName: 'Page View',
    commonContent: { path: '/analytics-cohorts', search: '?from=2024-01-01' },
    ...overrides,
  };
};

const report = (payload: unknown, headers: Record<string, string> = {}) =>
  context.app.inject({
    method: 'POST',
    url: api.reportEvent.path,
    headers,
    payload: payload as object,
  });

const eventsOf = (anonymousUserId: string) =>
  context.connection.db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.anonymousUserId, anonymousUserId));

describe('POST /api/commons/event-analyses/report', () => {
  it("stores a signed-in member's event with their user and store, and the extra properties", async () => {
    const event = anEvent({ email: owner.input.email, planType: 'TIER_1', batchIndex: 3 });
    const response = await report(event, owner.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ stored: true });
    const [row, ...others] = await eventsOf(event.anonymousUserId);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      id: expect.stringMatching(/^aev_/) as string,
      receivedAt: context.clock.now(),
      sourceClient: 'desktop_web',
      userId: owner.userId,
      storeId: owner.storeId,
      commonType: 'page',
      eventName: 'Page View',
      commonContent: event.commonContent,
      properties: { email: owner.input.email, planType: 'TIER_1', batchIndex: 3 },
    });
  });

  it('stores an anonymous visitor’s event with no user or store', async () => {
    const event = anEvent({
      sourceClient: 'mobile_web',
      commonType: 'modal',
      eventName: 'Modal View',
    });
    const response = await report(event);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ stored: true });
    expect(await eventsOf(event.anonymousUserId)).toMatchObject([
      { userId: null, storeId: null, sourceClient: 'mobile_web', properties: {} },
    ]);
  });

  it('drops an event with empty content (stored: false, nothing written)', async () => {
    for (const commonContent of [null, '', '  ', {}, []]) {
      const event = anEvent({ commonContent });
      const response = await report(event, owner.headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json(), JSON.stringify(commonContent)).toEqual({ stored: false });
      expect(await eventsOf(event.anonymousUserId)).toEqual([]);
    }
  });

  it('answers 400 naming the field for a bad sourceClient and missing fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [anEvent({ sourceClient: 'ios_app' }), 'body.sourceClient'],
      [anEvent({ anonymousUserId: '' }), 'body.anonymousUserId'],
      [anEvent({ anonymousUserId: 'a'.repeat(101) }), 'body.anonymousUserId'],
      [anEvent({ eventName: undefined }), 'body.eventName'],
      [anEvent({ commonType: 7 }), 'body.commonType'],
      // The contract asks for the key; `null` is how a client sends no content.
      [anEvent({ commonContent: undefined }), 'body.commonContent'],
    ];
    for (const [payload, field] of cases) {
      const error = expectApiError(await report(payload), 400, { code: 'bad_request' });
      expect(fieldsOf(error), JSON.stringify(payload)).toContain(field);
    }
  });

  it(`answers 400 naming the largest field past ${MAX_EVENT_PROPERTIES_BYTES} bytes of content and properties`, async () => {
    const big = 'x'.repeat(MAX_EVENT_PROPERTIES_BYTES);
    const cases: [Record<string, unknown>, string][] = [
      [anEvent({ commonContent: { text: big } }), 'body.commonContent'],
      [anEvent({ notes: big }), 'body.notes'],
      [
        anEvent({
          commonContent: { text: 'y'.repeat(MAX_EVENT_PROPERTIES_BYTES / 2) },
          trail: 'z'.repeat(MAX_EVENT_PROPERTIES_BYTES / 2 + 100),
        }),
        'body.trail',
      ],
    ];
    for (const [payload, field] of cases) {
      const error = expectApiError(await report(payload), 400, {
        code: 'bad_request',
        reason: 'event_too_large',
      });
      expect(fieldsOf(error)).toEqual([field]);
      expect(await eventsOf(payload.anonymousUserId as string)).toEqual([]);
    }
    const fits = anEvent({ commonContent: { text: 'x'.repeat(MAX_EVENT_PROPERTIES_BYTES - 200) } });
    expect((await report(fits)).json()).toEqual({ stored: true });
  });

  it('stores text PostgreSQL finds awkward in jsonb (a lone surrogate) and refuses a NUL with 400', async () => {
    const surrogate = anEvent({ commonContent: { title: 'a\ud800b' } });
    expect((await report(surrogate)).json()).toEqual({ stored: true });
    expect(await eventsOf(surrogate.anonymousUserId)).toMatchObject([
      { commonContent: { title: 'a\ufffdb' } },
    ]);
    const nul = anEvent({ commonContent: { title: 'a\u0000b' } });
    expectApiError(await report(nul), 400, { code: 'bad_request' });
  });

  it('keeps a preview account’s events (reporting changes nothing of the store)', async () => {
    const account = await registerAccount(context);
    const preview = await buildApp({
      config: { ...context.config, PREVIEW_ACCOUNT_LIST: [account.storeId] },
      connection: context.connection,
      clock: context.clock,
      logger: false,
    });
    await preview.app.ready();
    try {
      const event = anEvent();
      const response = await preview.app.inject({
        method: 'POST',
        url: api.reportEvent.path,
        headers: account.headers,
        payload: event,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await eventsOf(event.anonymousUserId)).toMatchObject([{ storeId: account.storeId }]);
    } finally {
      await preview.app.close();
    }
  });

  it('never answers 500, whatever the body', async () => {
    await sweepRoute(
      context,
      { method: 'POST', path: api.reportEvent.path, isPublic: true, body: anEvent() },
      {},
    );
    for (const payload of ['not json', '{"sourceClient":', '[]', '"text"']) {
      const response = await context.app.inject({
        method: 'POST',
        url: api.reportEvent.path,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, `${payload} → ${response.body}`).toBe(400);
    }
    const form = await context.app.inject({
      method: 'POST',
      url: api.reportEvent.path,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(form.statusCode).toBeGreaterThanOrEqual(400);
    expect(form.statusCode).toBeLessThan(500);
  }, 60_000);
});
