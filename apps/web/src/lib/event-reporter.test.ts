import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { analyticsEndpoints as api } from '@atelier/contract/analytics/analytics-api';
import { handle } from '@/testing/handlers';
import { server, startMockServer, TEST_ORIGIN } from '@/testing/server';
import {
  createEventReporter,
  EVENT_BATCH_SIZE,
  EVENT_FLUSH_INTERVAL_MS,
  reportNavigation,
  type EventReporterDeps,
} from './event-reporter';

const mock = startMockServer();

const reports = () => mock.requestsTo('POST', api.reportEvent.path);

/** Waits until the mock server has seen `count` reports (it records them asynchronously). */
const waitForReports = async (count: number) => {
  await vi.waitFor(() => expect(reports()).toHaveLength(count));
  return reports();
};

const createMemoryStorage = () => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

const setUp = (overrides: Partial<EventReporterDeps> = {}) => {
  server.use(handle(api.reportEvent, () => ({ stored: true })));
  const storage = createMemoryStorage();
  const timers: { run: () => void; ms: number; isCanceled: boolean }[] = [];
  let token: string | null = null;
  let idCounter = 0;
  const reporter = createEventReporter({
    fetch: (input, init) => fetch(`${TEST_ORIGIN}${input as string}`, init),
    storage,
    getToken: () => token,
    sourceClient: () => 'desktop_web',
    newId: () => `anon-${(idCounter += 1)}`,
    schedule: (run, ms) => {
      const timer = { run, ms, isCanceled: false };
      timers.push(timer);
      return () => {
        timer.isCanceled = true;
      };
    },
    ...overrides,
  });
  /** Runs the flush timers that are due (the 5 s wait has passed). */
  const elapse = () => {
    for (const timer of timers.splice(0)) if (!timer.isCanceled) timer.run();
  };
  return {
    reporter,
    storage,
    timers,
    elapse,
    signIn: (next: string | null) => {
      token = next;
    },
  };
};

const TRAITS = {
  email: 'maker@example.com',
  name: 'Maker',
  title: 'Maker Goods',
  planType: 'TIER_2',
} as const;

describe('createEventReporter', () => {
  it('batches events and sends them after the flush interval, with the anonymous id kept in storage', async () => {
    const { reporter, storage, timers, elapse } = setUp();
    reporter.pageView('/homebase');
    reporter.track('click', 'Upgrade Clicked', { plan: 'TIER_3' }, { placement: 'banner' });
    expect(timers.map((timer) => timer.ms)).toEqual([EVENT_FLUSH_INTERVAL_MS]);
    expect(reports()).toEqual([]);

    elapse();
    const sent = await waitForReports(2);
    expect(sent.map((request) => request.body)).toEqual([
      {
        sourceClient: 'desktop_web',
        anonymousUserId: 'anon-1',
        commonType: 'page',
        eventName: 'Page View',
        commonContent: { path: '/homebase' },
      },
      {
        placement: 'banner',
        sourceClient: 'desktop_web',
        anonymousUserId: 'anon-1',
        commonType: 'click',
        eventName: 'Upgrade Clicked',
        commonContent: { plan: 'TIER_3' },
      },
    ]);
    expect(sent[0]!.headers.get('authorization')).toBeNull();
    expect([...storage.items.values()]).toContain('anon-1');
  });

  it(`sends at once when ${EVENT_BATCH_SIZE} events are queued`, async () => {
    const { reporter } = setUp();
    for (let index = 0; index < EVENT_BATCH_SIZE; index += 1) reporter.pageView(`/page-${index}`);
    await waitForReports(EVENT_BATCH_SIZE);
  });

  it('drops an event with empty content before it is queued', async () => {
    const { reporter, timers } = setUp();
    for (const content of [null, undefined, '', '  ', {}, []]) {
      expect(reporter.track('page', 'Page View', content)).toBe(false);
    }
    expect(timers).toEqual([]);
    await reporter.flush();
    expect(reports()).toEqual([]);
  });

  it("sends the session's token and, once identified, the user's traits; reset forgets them and starts a new anonymous id", async () => {
    const { reporter, signIn } = setUp();
    signIn('tok_session');
    reporter.identify(TRAITS);
    reporter.pageView('/analytics');
    const before = reporter.anonymousUserId();
    reporter.reset();
    signIn(null);
    reporter.pageView('/login');
    await reporter.flush();

    const sent = await waitForReports(2);
    const byPath = new Map(
      sent.map((request) => [
        (request.body as { commonContent: { path: string } }).commonContent.path,
        request,
      ]),
    );
    const signedIn = byPath.get('/analytics')!;
    expect(signedIn.headers.get('authorization')).toBe('Bearer tok_session');
    expect(signedIn.body).toMatchObject({ anonymousUserId: before, userTraits: TRAITS });
    const loggedOut = byPath.get('/login')!;
    expect(loggedOut.headers.get('authorization')).toBeNull();
    expect(loggedOut.body).not.toHaveProperty('userTraits');
    expect((loggedOut.body as { anonymousUserId: string }).anonymousUserId).not.toBe(before);
  });

  it('swallows a failed report (500, network error) and resolves to null', async () => {
    const { reporter } = setUp();
    server.use(handle(api.reportEvent, () => HttpResponse.json({}, { status: 500 })));
    reporter.pageView('/homebase');
    await expect(reporter.flush()).resolves.toBeNull();

    const offline = setUp({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    offline.reporter.pageView('/homebase');
    await expect(offline.reporter.flush()).resolves.toBeNull();
  });

  it('keeps working in memory when storage throws', async () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    const { reporter } = setUp({ storage: broken });
    const id = reporter.anonymousUserId();
    expect(reporter.anonymousUserId()).toBe(id);
    reporter.identify(TRAITS);
    reporter.pageView('/homebase');
    await reporter.flush();
    const [sent] = await waitForReports(1);
    expect(sent!.body).toMatchObject({ anonymousUserId: id, userTraits: TRAITS });
  });
});

describe('reportNavigation', () => {
  const spy = () => ({ pageView: vi.fn(), modalView: vi.fn() });
  const at = (pathname: string, searchStr = '') => ({ pathname, searchStr });

  it('reports a Page View for the first page and each change of path, not of the query alone', () => {
    const reporter = spy();
    reportNavigation(reporter, undefined, at('/homebase'));
    reportNavigation(reporter, at('/homebase'), at('/analytics-cohorts', '?from=2024-01-01'));
    reportNavigation(
      reporter,
      at('/analytics-cohorts'),
      at('/analytics-cohorts', '?from=2023-01-01'),
    );
    expect(reporter.pageView.mock.calls).toEqual([['/homebase'], ['/analytics-cohorts']]);
    expect(reporter.modalView).not.toHaveBeenCalled();
  });

  it('reports a Modal View when ?dialog= opens or changes, once', () => {
    const reporter = spy();
    reportNavigation(reporter, at('/homebase'), at('/homebase', '?dialog=manage_plan'));
    reportNavigation(
      reporter,
      at('/homebase', '?dialog=manage_plan'),
      at('/homebase', '?dialog=manage_plan&step=manage'),
    );
    reportNavigation(reporter, at('/homebase', '?dialog=manage_plan'), at('/homebase'));
    reportNavigation(reporter, undefined, at('/account-info', '?dialog=manage_plan'));
    expect(reporter.modalView.mock.calls).toEqual([
      ['manage_plan', '/homebase'],
      ['manage_plan', '/account-info'],
    ]);
    expect(reporter.pageView.mock.calls).toEqual([['/account-info']]);
  });
});
