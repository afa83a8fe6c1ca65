/** A range of store-local days, both ends included (`YYYY-MM-DD`). */
export type DayRange = { from: string; to: string };

const DAY_MS = 86_400_000;

const toDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** `day` moved by `days` (negative: back). */
export const addDays = (day: string, days: number): string =>
  toDay(Date.parse(day) + days * DAY_MS);

/** Days in a range, both ends counted: 2025-01-01 … 2025-01-31 is 31. */
export const daysIn = (range: DayRange): number =>
  Math.round((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS) + 1;

/** Today in the store's time zone (the days of every view are store-local). */
export const todayIn = (timeZone: string, now: Date = new Date()): string => {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  } catch {
    return toDay(now.getTime());
  }
};

/** The last `days` days up to and including `today`. */
export const lastDays = (days: number, today: string): DayRange => ({
  from: addDays(today, 1 - days),
  to: today,
});

/** The range of the same length that ends the day before `range` starts. */
export const previousPeriodOf = (range: DayRange): DayRange => ({
  from: addDays(range.from, -daysIn(range)),
  to: addDays(range.from, -1),
});

const shiftYears = (day: string, years: number): string => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // 29 February falls back to the 28th in a year without one.
  const lastOfMonth = new Date(Date.UTC(year + years, month, 0)).getUTCDate();
  return toDay(Date.UTC(year + years, month - 1, Math.min(date, lastOfMonth)));
};

/** The same days one year earlier. */
export const sameRangeLastYearOf = (range: DayRange): DayRange => ({
  from: shiftYears(range.from, -1),
  to: shiftYears(range.to, -1),
});

/** What is wrong with a range the user typed, or undefined (the server has the last word). */
export const checkRange = (range: { from: string; to: string }): string | undefined => {
  if (!range.from || !range.to) return 'Enter both a start and an end.';
  if (range.to < range.from) return 'The end is before the start.';
  return undefined;
};

const dayFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "Jan 1, 2025 – Mar 31, 2025". */
export const formatRange = (range: DayRange): string =>
  dayFormat.formatRange(new Date(range.from), new Date(range.to));
