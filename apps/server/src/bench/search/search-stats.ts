/** Latency figures of one set of requests, in milliseconds. */
export type LatencySummary = {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** Nearest-rank percentiles of `latencies` (ms). */
export const summarize = (latencies: readonly number[]): LatencySummary => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length === 0 ? NaN : sorted[sorted.length - 1]!,
  };
};

/** Median and range of repeated measurements. */
export type Spread = { median: number; min: number; max: number };

export const spread = (values: readonly number[]): Spread => {
  const sorted = [...values].filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: NaN, min: NaN, max: NaN };
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
};

const number = (value: number, digits: number) =>
  Number.isFinite(value) ? value.toFixed(digits) : '–';

/** "412 (398–430)": median with its range. */
export const formatSpread = (value: Spread, digits = 0): string =>
  `${number(value.median, digits)} (${number(value.min, digits)}–${number(value.max, digits)})`;
