import type { PredictiveModel } from '@atelier/contract/analytics/analytics-api';
import type { AnalyticsChart, AnalyticsTable } from '@atelier/contract/analytics/views';

type Bgnbd = NonNullable<PredictiveModel['bgnbd']>;
type GammaGamma = NonNullable<PredictiveModel['gammaGamma']>;

/** The key of the holdout's chart and table (and of its CSV file's name). */
export const HOLDOUT_KEY = 'holdout-by-frequency';

const FREQUENCY_LABEL = 'Times bought again before';

const roundTo = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * How far the predicted repeat purchases of the holdout are from the actual ones, as a fraction
 * of the actual (+0.1: 10 % too many); null when there were none to compare with.
 */
export const holdoutErrorOf = (holdout: PredictiveModel['holdout']): number | null =>
  holdout.actualRepeatPurchases === 0
    ? null
    : (holdout.predictedRepeatPurchases - holdout.actualRepeatPurchases) /
      holdout.actualRepeatPurchases;

/** Predicted against actual repeat purchases by calibration frequency, side by side. */
export const holdoutChartOf = (model: PredictiveModel): AnalyticsChart => ({
  kind: 'bar',
  key: HOLDOUT_KEY,
  title: 'Predicted and actual repeat purchases in the holdout',
  x: {
    label: `${FREQUENCY_LABEL} the calibration end`,
    format: 'text',
    values: model.holdout.byFrequency.map((bucket) => bucket.frequency),
  },
  // One format for both series, so they share one value axis.
  series: [
    {
      name: 'Predicted',
      format: 'decimal',
      values: model.holdout.byFrequency.map((bucket) => roundTo(bucket.predicted, 1)),
    },
    {
      name: 'Actual',
      format: 'decimal',
      values: model.holdout.byFrequency.map((bucket) => bucket.actual),
    },
  ],
  stacked: false,
});

/** The chart's numbers with the customers of each bucket: the table beside it. */
export const holdoutTableOf = (model: PredictiveModel): AnalyticsTable => ({
  key: HOLDOUT_KEY,
  title: 'Holdout by times bought again before',
  columns: [
    { key: 'frequency', label: FREQUENCY_LABEL, format: 'text' },
    { key: 'customers', label: 'Customers', format: 'integer' },
    { key: 'predicted', label: 'Predicted', format: 'decimal' },
    { key: 'actual', label: 'Actual', format: 'integer' },
  ],
  rows: model.holdout.byFrequency.map((bucket) => ({
    frequency: bucket.frequency,
    customers: bucket.customers,
    predicted: roundTo(bucket.predicted, 2),
    actual: bucket.actual,
  })),
});

const SUPERSCRIPTS: Record<string, string> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};

const significantFormat = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });
const largeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * A fitted parameter, readable: four significant digits ("0.7344", "8.743"), whole above 1,000
 * ("51,799"), and "3.066 × 10⁻⁷" when tiny (or beyond 10⁹).
 */
export const formatParameter = (value: number): string => {
  if (!Number.isFinite(value)) return '—';
  const size = Math.abs(value);
  if (size !== 0 && (size < 0.001 || size >= 1e9)) {
    const [mantissa, exponent] = value.toExponential(3).split('e') as [string, string];
    const power = [...exponent.replace('+', '')].map((digit) => SUPERSCRIPTS[digit]).join('');
    return `${significantFormat.format(Number(mantissa))} × 10${power}`;
  }
  return size >= 1_000 ? largeFormat.format(value) : significantFormat.format(value);
};

/** Purchases per time unit of an active customer, on average over customers: r / α. */
export const purchaseRateOf = ({ r, alpha }: Bgnbd): number => r / alpha;

/** The chance, on average over customers, of dropping out for good after a purchase: a / (a + b). */
export const dropoutChanceOf = ({ a, b }: Bgnbd): number => a / (a + b);

/**
 * The average spend per purchase the Gamma-Gamma model expects of a customer, p·γ / (q − 1), in
 * the minor units the spend was fitted in; null when q ≤ 1 (the mean is infinite).
 */
export const averageSpendOf = ({ p, q, gamma }: GammaGamma): number | null =>
  q > 1 ? (p * gamma) / (q - 1) : null;
