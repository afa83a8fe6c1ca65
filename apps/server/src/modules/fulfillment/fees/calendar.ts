import { DateTime } from 'luxon';

/**
 * Issue 15 calendar rules of the fulfillment center, in its time zone (the default warehouse in
 * North Carolina, spec §9): fee months, report periods, weeks and ship-by times.
 */

/** The center's time zone: fee months, report periods and cut-offs are its local times. */
export const CENTER_TIME_ZONE = 'America/New_York';
/** Orders placed before this local hour on a business day start their clock that day. */
export const SHIP_CUT_OFF_HOUR = 12;
/** Business days (Monday to Friday, the first counted) within which an order ships on time. */
export const SHIP_WITHIN_BUSINESS_DAYS = 2;

const isBusinessDay = (day: DateTime<boolean>) => day.weekday <= 5;

const nextBusinessDay = (day: DateTime<boolean>): DateTime<boolean> => {
  let next = day.plus({ days: 1 });
  while (!isBusinessDay(next)) next = next.plus({ days: 1 });
  return next;
};

/**
 * When an order placed at `placedAt` must have shipped to be on time: the order's clock starts
 * on the day it is placed when that is a business day and it is placed before the 12:00 cut-off
 * (America/New_York), otherwise on the next business day; it ships on time by the end of its
 * second business day (the first counted). Example: Monday 11:00 → by Tuesday 23:59:59.999;
 * Monday 13:00 or Saturday → by Wednesday / Tuesday end of day.
 */
export const shipByDeadline = (placedAt: Date): Date => {
  const placed = DateTime.fromJSDate(placedAt, { zone: CENTER_TIME_ZONE });
  let day: DateTime<boolean> = placed.startOf('day');
  if (!isBusinessDay(day) || placed.hour >= SHIP_CUT_OFF_HOUR) day = nextBusinessDay(day);
  for (let counted = 1; counted < SHIP_WITHIN_BUSINESS_DAYS; counted += 1) {
    day = nextBusinessDay(day);
  }
  return day.endOf('day').toJSDate();
};

/** The fee month (YYYY-MM, center time) of an instant. */
export const feeMonthOf = (at: Date): string =>
  DateTime.fromJSDate(at, { zone: CENTER_TIME_ZONE }).toFormat('yyyy-MM');

/** The fee month before the one `at` falls in (center time): storage is charged for it. */
export const previousFeeMonthOf = (at: Date): string =>
  DateTime.fromJSDate(at, { zone: CENTER_TIME_ZONE }).minus({ months: 1 }).toFormat('yyyy-MM');

/** The instants a month (YYYY-MM, center time) starts and ends (exclusive). */
export const monthBounds = (month: string): { start: Date; end: Date } => {
  const start = DateTime.fromFormat(month, 'yyyy-MM', { zone: CENTER_TIME_ZONE });
  if (!start.isValid) throw new RangeError(`Not a month: ${month}`);
  return { start: start.toJSDate(), end: start.plus({ months: 1 }).toJSDate() };
};

/** The instants a period of whole days (YYYY-MM-DD, both ends counted, center time) covers. */
export const periodBounds = (from: string, to: string): { start: Date; end: Date } => ({
  start: DateTime.fromISO(from, { zone: CENTER_TIME_ZONE }).startOf('day').toJSDate(),
  end: DateTime.fromISO(to, { zone: CENTER_TIME_ZONE }).plus({ days: 1 }).startOf('day').toJSDate(),
});

/** The Monday (YYYY-MM-DD, center time) of the week of an instant. */
export const weekStartOf = (at: Date): string =>
  DateTime.fromJSDate(at, { zone: CENTER_TIME_ZONE }).startOf('week').toISODate()!;

/** The calendar day (YYYY-MM-DD, center time) of an instant. */
export const centerDateOf = (at: Date): string =>
  DateTime.fromJSDate(at, { zone: CENTER_TIME_ZONE }).toISODate()!;
