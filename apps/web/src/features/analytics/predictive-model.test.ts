import { describe, expect, it } from 'vitest';
import type { PredictiveModel } from '@atelier/contract/analytics/analytics-api';
import { tableToCsv } from './analytics-csv';
import { toEChartsOption } from './components/echarts-option';
import {
  averageSpendOf,
  dropoutChanceOf,
  formatParameter,
  holdoutChartOf,
  holdoutErrorOf,
  holdoutTableOf,
  purchaseRateOf,
} from './predictive-model';

const holdout: PredictiveModel['holdout'] = {
  predictedRepeatPurchases: 121.5,
  actualRepeatPurchases: 135,
  byFrequency: [
    { frequency: '0', customers: 40, predicted: 30.25, actual: 25 },
    { frequency: '1', customers: 12, predicted: 41.254, actual: 50 },
    { frequency: '7+', customers: 3, predicted: 49.996, actual: 60 },
    { frequency: '6', customers: 0, predicted: 0, actual: 0 },
  ],
};

const model: PredictiveModel = {
  calibrationEnd: '2011-06-10',
  timeUnit: 'week',
  horizonDays: 182,
  customers: 55,
  repeatCustomers: 15,
  bgnbd: { r: 0.7344, alpha: 8.7426, a: 3.066e-7, b: 51_799.47, logLikelihood: -13_120.55 },
  gammaGamma: { p: 3, q: 4, gamma: 29_000, logLikelihood: -15_991.48 },
  holdout,
  empty: null,
  fittedAt: '2026-11-28T08:34:04.288Z',
};

describe('holdoutErrorOf', () => {
  it('gives the predicted repeat purchases’ error as a fraction of the actual', () => {
    expect(holdoutErrorOf(holdout)).toBeCloseTo(-0.1, 10);
    expect(holdoutErrorOf({ ...holdout, actualRepeatPurchases: 0 })).toBeNull();
  });
});

describe('holdoutTableOf', () => {
  it('has a row per frequency bucket, exported as the page shows it', () => {
    expect(tableToCsv(holdoutTableOf(model), 'GBP')).toBe(
      'Times bought again before,Customers,Predicted,Actual\r\n' +
        '0,40,30.25,25\r\n' +
        '1,12,41.25,50\r\n' +
        '7+,3,50,60\r\n' +
        '6,0,0,0\r\n',
    );
  });
});

describe('holdoutChartOf', () => {
  it('draws predicted beside actual bars on one value axis, the buckets written upright', () => {
    const option = toEChartsOption(holdoutChartOf(model), 'GBP') as {
      xAxis: { data: string[]; axisLabel: { rotate: number } };
      yAxis: unknown[];
      series: { type: string; name: string; data: unknown[]; yAxisIndex: number }[];
    };
    expect(option.xAxis.data).toEqual(['0', '1', '7+', '6']);
    expect(option.xAxis.axisLabel.rotate).toBe(0);
    expect(option.yAxis).toHaveLength(1);
    expect(
      option.series.map(({ type, name, data, yAxisIndex }) => [type, name, data, yAxisIndex]),
    ).toEqual([
      ['bar', 'Predicted', [30.3, 41.3, 50, 0], 0],
      ['bar', 'Actual', [25, 50, 60, 0], 0],
    ]);
  });
});

describe('formatParameter', () => {
  it('writes four significant digits, whole numbers from 1,000, powers of ten when tiny', () => {
    expect(formatParameter(0.734_370_68)).toBe('0.7344');
    expect(formatParameter(8.742_557)).toBe('8.743');
    expect(formatParameter(51_799.471_887)).toBe('51,799');
    expect(formatParameter(-13_120.553_5)).toBe('-13,121');
    expect(formatParameter(3.066_082e-7)).toBe('3.066 × 10⁻⁷');
    expect(formatParameter(2.5e12)).toBe('2.5 × 10¹²');
    expect(formatParameter(0)).toBe('0');
  });
});

describe('what the parameters mean', () => {
  it('gives the purchase rate, the dropout chance and the average spend per purchase', () => {
    expect(purchaseRateOf({ r: 1, alpha: 4, a: 1, b: 3, logLikelihood: 0 })).toBe(0.25);
    expect(dropoutChanceOf({ r: 1, alpha: 4, a: 1, b: 3, logLikelihood: 0 })).toBe(0.25);
    expect(averageSpendOf({ p: 3, q: 4, gamma: 29_000, logLikelihood: 0 })).toBe(29_000);
    expect(averageSpendOf({ p: 3, q: 1, gamma: 29_000, logLikelihood: 0 })).toBeNull();
  });
});
