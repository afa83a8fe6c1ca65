import { knownParams, readChoice, readInteger, readText } from '@/lib/search-params';
import { addDays, daysIn, type DayRange } from './analytics-range';
import { type AnalyticsSearch, validateAnalyticsSearch } from './analytics-search';

export const PREDICTION_TIME_UNITS = ['day', 'week'] as const;
export type PredictionTimeUnit = (typeof PREDICTION_TIME_UNITS)[number];

/**
 * The contract's MAX_PREDICTION_HORIZON_DAYS (10 years), repeated because route code loads no
 * Zod (issue 10); predictive-search.test.ts holds the two together.
 */
export const MAX_HORIZON_DAYS = 3_650;

/** The longest holdout chosen by default: the dashboard predicts the next 12 months. */
const DEFAULT_HORIZON_MAX_DAYS = 365;

/**
 * The calibration and holdout of the predictive model as the address holds them
 * (`?calibrationEnd=2011-06-10&timeUnit=week&horizonDays=182`); a missing one is the default.
 */
export type PredictiveSearch = {
  calibrationEnd?: string;
  timeUnit?: PredictionTimeUnit;
  horizonDays?: number;
};

/** The settings a fit is asked for, every one of them decided. */
export type PredictiveSettings = Required<PredictiveSearch>;

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const validatePredictiveSearch = (raw: Record<string, unknown>): PredictiveSearch =>
  knownParams<PredictiveSearch>({
    calibrationEnd: readText(raw.calibrationEnd, { pattern: ISO_DATE }),
    timeUnit: readChoice(raw.timeUnit, PREDICTION_TIME_UNITS),
    horizonDays: readInteger(raw.horizonDays, { min: 1, max: MAX_HORIZON_DAYS }),
  });

/** /analytics-ltv's address: the view's range and the calibration and holdout of its model. */
export type LtvSearch = AnalyticsSearch & PredictiveSearch;

export const validateLtvSearch = (raw: Record<string, unknown>): LtvSearch => ({
  ...validateAnalyticsSearch(raw),
  ...validatePredictiveSearch(raw),
});

/** Only the predictive part of an address (what a change of the view's range keeps). */
export const predictivePartOf = (search: PredictiveSearch): PredictiveSearch =>
  knownParams<PredictiveSearch>({
    calibrationEnd: search.calibrationEnd,
    timeUnit: search.timeUnit,
    horizonDays: search.horizonDays,
  });

/**
 * The settings of a fit: the address's, else the defaults, taken from the range the view shows
 * (the last 365 days of orders unless chosen): a holdout of half that range (at most a year)
 * that ends on its last day. A store with a year of history is then fitted on its first half
 * and checked on its second, rather than left without a holdout (the demo store's orders end
 * in 2011). Undefined while a default waits for that range.
 */
export const predictiveSettingsOf = (
  search: PredictiveSearch,
  shownRange: DayRange | null,
): PredictiveSettings | undefined => {
  const timeUnit = search.timeUnit ?? 'week';
  if (search.calibrationEnd !== undefined && search.horizonDays !== undefined) {
    return { calibrationEnd: search.calibrationEnd, timeUnit, horizonDays: search.horizonDays };
  }
  if (!shownRange) return undefined;
  const horizonDays =
    search.horizonDays ??
    Math.min(DEFAULT_HORIZON_MAX_DAYS, Math.max(1, Math.floor(daysIn(shownRange) / 2)));
  const calibrationEnd = search.calibrationEnd ?? addDays(shownRange.to, -horizonDays);
  return { calibrationEnd, timeUnit, horizonDays };
};

/** What is wrong with settings the user typed, by field, or an empty object. */
export const checkPredictiveDraft = (draft: {
  calibrationEnd: string;
  horizonDays: number | string;
}): Partial<Record<'calibrationEnd' | 'horizonDays', string>> => {
  const errors: Partial<Record<'calibrationEnd' | 'horizonDays', string>> = {};
  if (!ISO_DATE.test(draft.calibrationEnd) || Number.isNaN(Date.parse(draft.calibrationEnd))) {
    errors.calibrationEnd = 'Enter a day.';
  }
  const days = typeof draft.horizonDays === 'number' ? draft.horizonDays : Number.NaN;
  if (!Number.isInteger(days) || days < 1 || days > MAX_HORIZON_DAYS) {
    errors.horizonDays = `Enter a whole number of days from 1 to ${MAX_HORIZON_DAYS.toLocaleString('en-US')}.`;
  }
  return errors;
};
