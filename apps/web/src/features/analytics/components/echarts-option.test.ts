import { describe, expect, it } from 'vitest';
import type { AnalyticsChart } from '@atelier/contract/analytics/views';
import { chartToTable, layoutOf } from '../chart-table';
import { toEChartsOption } from './echarts-option';

type Formatter = (value: unknown) => string;

const lineChart: AnalyticsChart = {
  kind: 'area',
  key: 'daily',
  title: 'Orders and revenue per day',
  x: { label: 'Day', format: 'date', values: ['2025-01-01', '2025-01-02'] },
  series: [
    { name: 'Orders', format: 'integer', values: [3, null] },
    { name: 'Revenue', format: 'money', values: [12_000, 0] },
  ],
  stacked: true,
};

const cohorts: AnalyticsChart = {
  kind: 'heatmap',
  key: 'retention',
  title: 'Retention by cohort',
  x: { label: 'Months since first purchase', format: 'integer', values: [0, 1] },
  y: { label: 'Cohort', format: 'month', values: ['2025-01', '2025-02'] },
  format: 'percent',
  cells: [
    [0, 0, 1],
    [1, 0, 0.25],
    [0, 1, 1],
  ],
};

const segments: AnalyticsChart = {
  kind: 'treemap',
  key: 'segments',
  title: 'Customers by segment',
  format: 'integer',
  items: [
    { name: 'Champions', value: 120 },
    { name: 'At risk', value: 45 },
  ],
};

describe('toEChartsOption', () => {
  it('draws an area chart on labelled days, a value axis per format, gaps left open', () => {
    const option = toEChartsOption(lineChart, 'USD') as {
      xAxis: { data: string[] };
      yAxis: { axisLabel: { formatter: Formatter } }[];
      series: {
        type: string;
        data: unknown[];
        yAxisIndex: number;
        stack?: string;
        areaStyle?: object;
      }[];
    };
    expect(option.xAxis.data).toEqual(['Jan 1, 2025', 'Jan 2, 2025']);
    expect(option.yAxis).toHaveLength(2);
    expect(option.yAxis[1]?.axisLabel.formatter(1_200_000)).toBe('$12,000');
    expect(option.series.map((series) => series.type)).toEqual(['line', 'line']);
    expect(option.series[0]).toMatchObject({ data: [3, '-'], yAxisIndex: 0, stack: 'total' });
    expect(option.series[1]).toMatchObject({ yAxisIndex: 1 });
    expect(option.series[1]?.areaStyle).toBeDefined();
  });

  it('draws a heatmap with the first cohort on top and its cells as percentages', () => {
    const option = toEChartsOption(cohorts, 'USD') as {
      yAxis: { data: string[]; inverse: boolean };
      visualMap: { min: number; max: number };
      series: { type: string; data: unknown[]; label: { formatter: (p: unknown) => string } }[];
    };
    expect(option.yAxis).toMatchObject({ data: ['Jan 2025', 'Feb 2025'], inverse: true });
    expect(option.visualMap).toMatchObject({ min: 0.25, max: 1 });
    expect(option.series[0]?.type).toBe('heatmap');
    expect(option.series[0]?.data).toEqual([
      [0, 0, 1],
      [1, 0, 0.25],
      [0, 1, 1],
    ]);
    expect(option.series[0]?.label.formatter({ data: [1, 0, 0.25] })).toBe('25%');
  });

  it('draws a treemap of named values', () => {
    const option = toEChartsOption(segments, 'USD') as {
      series: { type: string; data: unknown[] }[];
    };
    expect(option.series[0]).toMatchObject({
      type: 'treemap',
      data: [
        { name: 'Champions', value: 120 },
        { name: 'At risk', value: 45 },
      ],
    });
  });
});

describe('chartToTable', () => {
  it('gives a heatmap’s cells as a row per cohort, a column per month since', () => {
    const table = chartToTable(cohorts);
    expect(table.columns.map((column) => column.label)).toEqual([
      'Cohort',
      'Months since first purchase 0',
      'Months since first purchase 1',
    ]);
    expect(table.rows).toEqual([
      { y: '2025-01', x0: 1, x1: 0.25 },
      { y: '2025-02', x0: 1, x1: null },
    ]);
  });

  it('pairs a chart with the view’s table of the same key, else with its own data', () => {
    const own = { ...chartToTable(segments), title: 'Segments' };
    const other = { ...chartToTable(segments), key: 'other', title: 'Other' };
    const { pairs, tables } = layoutOf({ charts: [segments, lineChart], tables: [own, other] });
    expect(pairs.map((pair) => [pair.chart.key, pair.table.title, pair.isOwnTable])).toEqual([
      ['segments', 'Segments', true],
      ['daily', 'Orders and revenue per day', false],
    ]);
    expect(tables.map((table) => table.key)).toEqual(['other']);
  });
});
