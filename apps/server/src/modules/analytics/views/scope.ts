import { sql } from 'drizzle-orm';
import { DateTime, IANAZone } from 'luxon';
import {
  MAX_ANALYTICS_RANGE_DAYS,
  type AnalyticsRangeQuery,
} from '@atelier/contract/analytics/views';
import { queryRows, type Database } from '@/db/client';
import { AppError } from '@/lib/app-error';
import type { PredictiveService } from '../analytics.services';
import type { ViewRange, ViewScope } from './view-types';

/** The currency of a store with no orders yet (its views are empty, the figures null). */
export const FALLBACK_CURRENCY = 'USD';
/** The days of the default range, ending on the store's latest order day. */
export const DEFAULT_RANGE_DAYS = 365;

type StoreSettings = { currencyCode: string; timeZone: string; lastOrderAt: Date | null };

/**
 * The store's main currency (the most common `currency_code` of its orders; ties: the first by
 * code), its time zone (the most common valid IANA `time_zone` of its orders in that currency,
 * else UTC) and the instant of its latest order in that currency (null: no orders). Issue 14.
 */
export const findStoreSettings = async (db: Database, storeId: string): Promise<StoreSettings> => {
  const [currency] = await queryRows<{ code: string }>(
    db,
    sql`select currency_code as code from sales_orders where store_id = ${storeId}
      group by currency_code order by count(*) desc, currency_code limit 1`,
  );
  if (!currency) return { currencyCode: FALLBACK_CURRENCY, timeZone: 'UTC', lastOrderAt: null };
  const zones = await queryRows<{ zone: string; last: string | Date }>(
    db,
    sql`select time_zone as zone, max(placed_at) as last from sales_orders
      where store_id = ${storeId} and currency_code = ${currency.code}
      group by time_zone order by count(*) desc, time_zone`,
  );
  const lastOrderAt = zones.reduce<Date | null>((latest, row) => {
    const at = new Date(row.last);
    return latest && latest >= at ? latest : at;
  }, null);
  const timeZone = zones.find((row) => IANAZone.isValidZone(row.zone))?.zone ?? 'UTC';
  return { currencyCode: currency.code, timeZone, lastOrderAt };
};

/** 400 naming the query parameter (`query.to`), as the edge's validation does. */
const badRange = (field: string, message: string) =>
  new AppError('bad_request', message, { details: [{ field: `query.${field}`, message }] });

/**
 * A range of store-local days `from`..`to` (inclusive, `YYYY-MM-DD`) with the instants that bound
 * it in `timeZone` (DST-aware: a day may last 23 or 25 hours). 400 naming `fromField`/`toField`
 * for a day that does not exist, an end before the start or more than MAX_ANALYTICS_RANGE_DAYS.
 */
export const viewRangeOf = (
  from: string,
  to: string,
  timeZone: string,
  fields: { from: string; to: string } = { from: 'from', to: 'to' },
): ViewRange => {
  const first = DateTime.fromISO(from, { zone: timeZone }).startOf('day');
  const last = DateTime.fromISO(to, { zone: timeZone }).startOf('day');
  if (!first.isValid) throw badRange(fields.from, 'Not a day of the calendar.');
  if (!last.isValid) throw badRange(fields.to, 'Not a day of the calendar.');
  if (to < from) throw badRange(fields.to, 'The end is before the start.');
  const days = Math.round(last.diff(first, 'days').days) + 1;
  if (days > MAX_ANALYTICS_RANGE_DAYS) throw badRange(fields.to, 'A range is at most 20 years.');
  return { from, to, start: first.toJSDate(), end: last.plus({ days: 1 }).toJSDate() };
};

const shiftDay = (day: string, days: number) =>
  DateTime.fromISO(day, { zone: 'UTC' }).plus({ days }).toISODate()!;

/**
 * The range a query asks for, filling what it leaves out: `to` is the store's latest order day
 * (today without orders; never before `from`, else `from` + 364 days), `from` is `to` − 364 days.
 */
export const requestedRange = (
  query: AnalyticsRangeQuery,
  settings: StoreSettings,
  now: Date,
): ViewRange => {
  const anchor = DateTime.fromJSDate(settings.lastOrderAt ?? now, { zone: settings.timeZone });
  const latestDay = anchor.toISODate()!;
  const to =
    query.to ??
    (query.from && query.from > latestDay
      ? shiftDay(query.from, DEFAULT_RANGE_DAYS - 1)
      : latestDay);
  const from = query.from ?? shiftDay(to, -(DEFAULT_RANGE_DAYS - 1));
  return viewRangeOf(from, to, settings.timeZone);
};

/**
 * Builds the ViewScope of a store and query (issue 14, spec §2 Analytics routes): main currency,
 * time zone, the range (default: the 365 days ending on the latest order day) and the comparison
 * range (both ends given, else null). 400 naming the parameter for a bad range.
 */
export const buildViewScope = async (
  deps: { db: Database; now: Date; predictive: PredictiveService },
  storeId: string,
  query: AnalyticsRangeQuery,
): Promise<ViewScope> => {
  if (Boolean(query.compareFrom) !== Boolean(query.compareTo)) {
    const field = query.compareFrom ? 'compareTo' : 'compareFrom';
    throw badRange(field, 'A comparison needs both its start and its end.');
  }
  const settings = await findStoreSettings(deps.db, storeId);
  const range = requestedRange(query, settings, deps.now);
  const compare =
    query.compareFrom && query.compareTo
      ? viewRangeOf(query.compareFrom, query.compareTo, settings.timeZone, {
          from: 'compareFrom',
          to: 'compareTo',
        })
      : null;
  return {
    db: deps.db,
    storeId,
    currencyCode: settings.currencyCode,
    timeZone: settings.timeZone,
    range,
    compare,
    ...(query.product ? { product: query.product } : {}),
    now: deps.now,
    predictive: deps.predictive,
  };
};
