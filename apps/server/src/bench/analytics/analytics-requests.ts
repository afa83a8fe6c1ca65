import { ANALYTICS_VIEW_KEYS } from '@atelier/contract/analytics/views';

/**
 * The distinct requests of `npm run bench:analytics`: for every view, `perView` ranges that all
 * differ (so no answer can be served from a cache of an earlier one), as a person exploring the
 * demo store asks for them — the default year ending on its last order day, then years, half years
 * and quarters ending a week apart earlier and earlier, every third with the period before as its
 * comparison.
 */

/** One request of the bench: a view key (or `predictive`) and its path with the query. */
export type AnalyticsRequest = { kind: string; path: string };

const DAY_MS = 86_400_000;
const LENGTHS = [365, 182, 91] as const;

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** `count` distinct ranges ending at or before `lastDay` (store-local `YYYY-MM-DD`). */
export const distinctRanges = (lastDay: string, count: number) =>
  Array.from({ length: count }, (_, index) => {
    const days = LENGTHS[index % LENGTHS.length]!;
    const to = shift(lastDay, -7 * index);
    const from = shift(to, -(days - 1));
    const compare: Record<string, string> =
      index % 3 === 2 ? { compareFrom: shift(from, -days), compareTo: shift(from, -1) } : {};
    return { from, to, ...compare };
  });

/** Every view × `perView` distinct ranges, interleaved so a view's requests are spread out. */
export const viewRequests = (lastDay: string, perView: number): AnalyticsRequest[] => {
  const ranges = distinctRanges(lastDay, perView);
  return ranges.flatMap((range) =>
    ANALYTICS_VIEW_KEYS.map((view) => ({
      kind: view,
      path: `/api/web/analytics/views/${view}?${new URLSearchParams(range).toString()}`,
    })),
  );
};

/**
 * `count` predictive fits, each on a different calibration end (a fit is cached per calibration
 * end, unit and horizon, so each of these is computed): weeks, a 90-day holdout, calibration ends
 * a week apart before `lastDay` − 90 days.
 */
export const predictiveRequests = (lastDay: string, count: number): AnalyticsRequest[] =>
  Array.from({ length: count }, (_, index) => ({
    kind: 'predictive',
    path: `/api/web/analytics/predictive/model?${new URLSearchParams({
      calibrationEnd: shift(lastDay, -90 - 7 * index),
      timeUnit: 'week',
      horizonDays: '90',
    }).toString()}`,
  }));
