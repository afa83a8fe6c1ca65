import type { ValueFormat } from '@atelier/contract/analytics/views';
import { formatMoney, minorDigitsOf } from '@atelier/contract/common/money';

const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat('en-US', {
  style: 'percent',
  maximumFractionDigits: 1,
});
const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** A day (`2025-03-04`) or month (`2025-03`) of the server as a UTC instant, or undefined. */
const dayOf = (value: string): Date | undefined => {
  const time = Date.parse(value.length === 7 ? `${value}-01` : value);
  return Number.isNaN(time) ? undefined : new Date(time);
};

const formatText = (value: string | number, format: ValueFormat): string => {
  if (typeof value === 'number') return String(value);
  if (format === 'date' || format === 'month') {
    const day = dayOf(value);
    if (day) return (format === 'date' ? dateFormat : monthFormat).format(day);
  }
  return value;
};

/**
 * A value of a view as shown: money is integer minor units of `currencyCode`, percent a fraction
 * (0.25 is 25%), days a count of days; null (no data) is "—".
 */
export const formatValue = (
  value: string | number | null | undefined,
  format: ValueFormat,
  currencyCode: string,
): string => {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' || format === 'text' || format === 'date' || format === 'month') {
    return formatText(value, format);
  }
  if (!Number.isFinite(value)) return '—';
  switch (format) {
    case 'integer':
      return integerFormat.format(value);
    case 'decimal':
      return decimalFormat.format(value);
    case 'percent':
      return percentFormat.format(value);
    case 'money':
      return formatMoney({ amount: Math.round(value), currencyCode });
    case 'days': {
      const days = decimalFormat.format(value);
      return `${days} ${value === 1 ? 'day' : 'days'}`;
    }
  }
};

const compactFormat = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  maximumFractionDigits: 1,
});
const headlineCountFormat = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  maximumSignificantDigits: 3,
});

type CompactPrecision = 'cell' | 'headline';

const compactMoneyFormats = new Map<string, Intl.NumberFormat | null>();

/** The currency's compact formatter, or null for a code Intl rejects. */
const compactMoneyFormatOf = (currencyCode: string, precision: CompactPrecision) => {
  const key = `${currencyCode}:${precision}`;
  let moneyFormat = compactMoneyFormats.get(key);
  if (moneyFormat === undefined) {
    try {
      moneyFormat = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: currencyCode,
        notation: 'compact',
        ...(precision === 'cell'
          ? { maximumFractionDigits: 1 }
          : // As formatMoney writes the full value beside it: a symbol for USD only, else the code.
            {
              maximumSignificantDigits: 3,
              currencyDisplay: currencyCode === 'USD' ? 'symbol' : 'code',
            }),
      });
    } catch {
      moneyFormat = null;
    }
    if (compactMoneyFormats.size < 1_000) compactMoneyFormats.set(key, moneyFormat);
  }
  return moneyFormat;
};

/**
 * A value in few characters, for a chart's small spaces (a heatmap's cells): "£152.4K", "3.8K";
 * percent, days and texts as `formatValue` writes them.
 */
export const formatCompact = (
  value: number | null,
  format: ValueFormat,
  currencyCode: string,
): string => {
  if (value === null || !Number.isFinite(value)) return '—';
  if (format === 'integer' || format === 'decimal') return compactFormat.format(value);
  if (format !== 'money') return formatValue(value, format, currencyCode);
  const major = toMajorUnits(value, currencyCode);
  return (compactMoneyFormatOf(currencyCode, 'cell') ?? compactFormat).format(major);
};

/** Money from this many major units on is written short on a headline card. */
const HEADLINE_COMPACT_MONEY_FROM = 10_000;
/** Counts from this many on are written short on a headline card. */
const HEADLINE_COMPACT_COUNT_FROM = 1_000_000;

/**
 * A headline figure as its card shows it, in a card's width: large money in three significant
 * digits ("GBP 9.73M" for GBP 9,731,127.16, "$12.3K"), counts from a million ("1.25M"); anything smaller exactly
 * as `formatValue` writes it, which gives the full value for the card's tooltip.
 */
export const formatHeadline = (
  value: number | null,
  format: ValueFormat,
  currencyCode: string,
): string => {
  if (value === null || !Number.isFinite(value)) return formatValue(value, format, currencyCode);
  if (format === 'money') {
    const major = toMajorUnits(value, currencyCode);
    if (Math.abs(major) < HEADLINE_COMPACT_MONEY_FROM) {
      return formatValue(value, format, currencyCode);
    }
    return (compactMoneyFormatOf(currencyCode, 'headline') ?? headlineCountFormat).format(major);
  }
  if (
    (format === 'integer' || format === 'decimal') &&
    Math.abs(value) >= HEADLINE_COMPACT_COUNT_FROM
  ) {
    return headlineCountFormat.format(value);
  }
  return formatValue(value, format, currencyCode);
};

/** A money value in major units (1234.5 for 123450 cents), for charts' axes and CSV files. */
export const toMajorUnits = (amount: number, currencyCode: string): number =>
  amount / 10 ** minorDigitsOf(currencyCode);

export type FigureChange = {
  /** "+12.5%", "−3 pts", or "New" when the comparison was 0. */
  text: string;
  direction: 'up' | 'down' | 'flat';
};

/** `absoluteText` (of |value|) with the sign of `value`. */
const signed = (value: number, absoluteText: string) =>
  value > 0 ? `+${absoluteText}` : value < 0 ? `−${absoluteText}` : absoluteText;

/**
 * The change of a figure against its comparison: percentage points for a percent figure, else
 * the relative change. Undefined when either value is missing.
 */
export const changeOf = (
  value: number | null,
  compareValue: number | null,
  format: ValueFormat,
): FigureChange | undefined => {
  if (value === null || compareValue === null) return undefined;
  if (!Number.isFinite(value) || !Number.isFinite(compareValue)) return undefined;
  const direction = value > compareValue ? 'up' : value < compareValue ? 'down' : 'flat';
  if (format === 'percent') {
    const points = (value - compareValue) * 100;
    return { text: `${signed(points, decimalFormat.format(Math.abs(points)))} pts`, direction };
  }
  if (compareValue === 0)
    return value === 0 ? { text: '0%', direction } : { text: 'New', direction };
  const relative = (value - compareValue) / Math.abs(compareValue);
  return { text: signed(relative, percentFormat.format(Math.abs(relative))), direction };
};
