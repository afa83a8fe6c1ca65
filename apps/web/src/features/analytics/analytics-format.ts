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
const compactMoneyFormats = new Map<string, Intl.NumberFormat>();

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
  let moneyFormat = compactMoneyFormats.get(currencyCode);
  if (!moneyFormat) {
    try {
      moneyFormat = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: currencyCode,
        notation: 'compact',
        maximumFractionDigits: 1,
      });
    } catch {
      return compactFormat.format(toMajorUnits(value, currencyCode));
    }
    compactMoneyFormats.set(currencyCode, moneyFormat);
  }
  return moneyFormat.format(toMajorUnits(value, currencyCode));
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
