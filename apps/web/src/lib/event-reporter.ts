import type { EventReportBody } from '@atelier/contract/analytics/analytics-api';
import {
  EVENT_REPORT_CALL,
  isEmptyEventContent,
  MODAL_VIEW_EVENT,
  PAGE_VIEW_EVENT,
} from '@atelier/contract/analytics/event-report';
import type { PlanType } from '@atelier/contract/identity/plans';
import { browserTokenStore } from './session-token';

/** Spec §9 analytics library defaults: batch size 50, flush 5 s, batch timeout 90 s. */
export const EVENT_BATCH_SIZE = 50;
export const EVENT_FLUSH_INTERVAL_MS = 5_000;
export const EVENT_BATCH_TIMEOUT_MS = 90_000;

const ANONYMOUS_ID_KEY = 'atelier.analytics.anonymousUserId';
const TRAITS_KEY = 'atelier.analytics.userTraits';

/** Spec §3 user traits, kept with every event once identified. */
export type UserTraits = {
  email: string;
  name: string | null;
  title: string;
  planType: PlanType;
};

type SourceClient = EventReportBody['sourceClient'];
type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type EventReporterDeps = {
  fetch: typeof fetch;
  /** Where the anonymous id and traits survive reloads (localStorage); null: memory only. */
  storage: KeyValueStorage | null;
  /** The store session's token when the event happens (the server keeps its user and store). */
  getToken: () => string | null;
  sourceClient: () => SourceClient;
  newId: () => string;
  /** Runs `run` after `ms`; returns a cancel function. */
  schedule: (run: () => void, ms: number) => () => void;
  batchSize?: number;
  flushIntervalMs?: number;
};

type QueuedEvent = { body: EventReportBody; token: string | null };

/**
 * Spec §3/§5/§7 first-party product analytics on the client: events go to Atelier's own
 * `POST /api/commons/event-analyses/report`, never to a third party. Each event keeps the browser's
 * anonymous id (localStorage) and, after `identify`, the user's traits; `reset` (logout) starts a
 * new anonymous id. Events are batched (50, or every 5 s) and sent with `keepalive`, so a page
 * being left still sends its last batch. An event with empty content is dropped here as on the
 * server, and a failed report is swallowed (spec §8: it returns null).
 */
export const createEventReporter = (deps: EventReporterDeps) => {
  const batchSize = deps.batchSize ?? EVENT_BATCH_SIZE;
  const flushIntervalMs = deps.flushIntervalMs ?? EVENT_FLUSH_INTERVAL_MS;
  const memory = new Map<string, string>();
  let queue: QueuedEvent[] = [];
  let cancelTimer: (() => void) | undefined;

  // Storage can throw (site data blocked, quota): the reporter then keeps its state in memory.
  const read = (key: string): string | null => {
    try {
      return deps.storage?.getItem(key) ?? memory.get(key) ?? null;
    } catch {
      return memory.get(key) ?? null;
    }
  };
  const write = (key: string, value: string | null) => {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
    try {
      if (value === null) deps.storage?.removeItem(key);
      else deps.storage?.setItem(key, value);
    } catch {
      // Kept in memory above.
    }
  };

  const anonymousUserId = (): string => {
    const existing = read(ANONYMOUS_ID_KEY);
    if (existing) return existing;
    const created = deps.newId();
    write(ANONYMOUS_ID_KEY, created);
    return created;
  };

  const readTraits = (): UserTraits | null => {
    const text = read(TRAITS_KEY);
    if (!text) return null;
    try {
      return JSON.parse(text) as UserTraits;
    } catch {
      return null;
    }
  };

  const send = async ({ body, token }: QueuedEvent): Promise<void> => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    await deps.fetch(EVENT_REPORT_CALL.path, {
      method: EVENT_REPORT_CALL.method,
      headers,
      body: JSON.stringify(body),
      keepalive: true,
      signal: AbortSignal.timeout(EVENT_BATCH_TIMEOUT_MS),
    });
  };

  /** Sends every queued event; always resolves to null (failures are swallowed). */
  const flush = async (): Promise<null> => {
    cancelTimer?.();
    cancelTimer = undefined;
    const batch = queue;
    queue = [];
    await Promise.all(batch.map((event) => send(event).catch(() => undefined)));
    return null;
  };

  /** Queues one event; false when it is dropped for empty content. */
  const track = (
    commonType: string,
    eventName: string,
    commonContent: unknown,
    properties: Record<string, unknown> = {},
  ): boolean => {
    if (isEmptyEventContent(commonContent)) return false;
    const traits = readTraits();
    queue.push({
      body: {
        ...properties,
        ...(traits ? { userTraits: traits } : {}),
        sourceClient: deps.sourceClient(),
        anonymousUserId: anonymousUserId(),
        commonType,
        eventName,
        commonContent,
      },
      token: deps.getToken(),
    });
    if (queue.length >= batchSize) void flush();
    else cancelTimer ??= deps.schedule(() => void flush(), flushIntervalMs);
    return true;
  };

  return {
    track,
    flush,
    anonymousUserId,
    /** Spec §4: identify on login; the traits go with every event from now on. */
    identify(traits: UserTraits) {
      write(TRAITS_KEY, JSON.stringify(traits));
    },
    /** Spec §4: reset on logout: the traits are forgotten and a new anonymous id starts. */
    reset() {
      write(TRAITS_KEY, null);
      write(ANONYMOUS_ID_KEY, deps.newId());
    },
    /** A page was opened: "Page View" (spec §4). Only the path: a query may hold a token. */
    pageView(path: string) {
      return track(PAGE_VIEW_EVENT.commonType, PAGE_VIEW_EVENT.eventName, { path });
    },
    /** A dialog was opened (`?dialog=…`): "Modal View" (spec §4). */
    modalView(dialog: string, path: string) {
      return track(MODAL_VIEW_EVENT.commonType, MODAL_VIEW_EVENT.eventName, { dialog, path });
    },
  };
};
export type EventReporter = ReturnType<typeof createEventReporter>;

type ReportedLocation = { pathname: string; searchStr: string };

const dialogOf = (location: ReportedLocation | undefined): string | null =>
  location ? new URLSearchParams(location.searchStr).get('dialog') || null : null;

/**
 * A navigation as analytics sees it: a "Page View" when the path changes (the first page too),
 * and a "Modal View" when `?dialog=…` (how this app opens dialogs) opens or changes.
 */
export const reportNavigation = (
  reporter: Pick<EventReporter, 'pageView' | 'modalView'>,
  from: ReportedLocation | undefined,
  to: ReportedLocation,
) => {
  const isNewPage = from?.pathname !== to.pathname;
  if (isNewPage) reporter.pageView(to.pathname);
  const dialog = dialogOf(to);
  if (dialog && (isNewPage || dialog !== dialogOf(from))) reporter.modalView(dialog, to.pathname);
};

const browserStorage = (): KeyValueStorage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

const isMobileBrowser = (): boolean => {
  if (typeof navigator === 'undefined') return false;
  const data = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  return data?.mobile ?? /Mobi|Android|iPhone|iPad|iPod/i.test(navigator.userAgent);
};

const randomId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The web app's reporter: the store session's token, localStorage, this browser. */
export const eventReporter = createEventReporter({
  fetch: (input, init) => fetch(input, init),
  storage: browserStorage(),
  getToken: () => browserTokenStore.getToken(),
  sourceClient: () => (isMobileBrowser() ? 'mobile_web' : 'desktop_web'),
  newId: randomId,
  schedule: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
});

// A page being left or hidden sends what is queued (keepalive lets the requests finish).
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => void eventReporter.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void eventReporter.flush();
  });
}
