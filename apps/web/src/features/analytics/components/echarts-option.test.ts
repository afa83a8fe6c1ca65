import { init, setPlatformAPI } from 'echarts';
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

  it('writes values in a heatmap’s cells only when the longest fits a cell', () => {
    const wide = (format: 'percent' | 'money', value: number): AnalyticsChart => ({
      ...cohorts,
      format,
      x: { ...cohorts.x, values: Array.from({ length: 13 }, (_, month) => month) },
      cells: Array.from({ length: 13 }, (_, month): [number, number, number] => [month, 0, value]),
    });
    const labelShown = (chart: AnalyticsChart) =>
      (toEChartsOption(chart, 'GBP') as { series: { label: { show: boolean } }[] }).series[0]?.label
        .show;
    // 13 months of "£152.4K" (or "31.6%") run into each other; 2 months of "25%" fit.
    expect(labelShown(wide('money', 15_240_000))).toBe(false);
    expect(labelShown(wide('percent', 0.316))).toBe(false);
    expect(labelShown(cohorts)).toBe(true);
  });

  it('leaves the tiles of a treemap too small for their label without one', () => {
    const option = toEChartsOption(
      {
        ...segments,
        items: [
          { name: 'Hibernating', value: 1_000 },
          { name: 'New customers', value: 40 },
          { name: 'Champions', value: 900 },
        ],
      },
      'USD',
    ) as { series: { data: { name: string; label?: { show: boolean } }[] }[] };
    expect(option.series[0]?.data.map((item) => [item.name, item.label?.show ?? true])).toEqual([
      ['Hibernating', true],
      ['New customers', false],
      ['Champions', true],
    ]);
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

const revenueByMonth: AnalyticsChart = {
  kind: 'bar',
  key: 'revenue-by-month',
  title: 'Revenue per month',
  x: {
    label: 'Month',
    format: 'month',
    values: Array.from({ length: 12 }, (_, index) => `2011-${String(index + 1).padStart(2, '0')}`),
  },
  series: [
    {
      name: 'Revenue',
      format: 'money',
      values: Array.from({ length: 12 }, (_, index) => 50_000_000 + index * 7_000_000),
    },
  ],
  stacked: false,
};

type Box = { text: string; x: number; y: number; width: number; height: number };

/** The height of a line of ECharts' 12px labels as a browser draws it. */
const LINE_HEIGHT = 14;

/**
 * A text measurer for ECharts, as a browser's: 6.5 px a character, and "国" (whose width
 * ECharts takes for a line's height) 12 px with CJK fonts, ~4.4 px without.
 */
const measurerWith = ({ hasCjkFonts }: { hasCjkFonts: boolean }) => ({
  measureText: (text: string) => ({
    width: text === '国' ? (hasCjkFonts ? 12 : 4.38) : text.length * 6.5,
  }),
});

/**
 * The texts ECharts lays out for an option (rendered server-side), each with the box it covers
 * on the canvas once drawn: a line is LINE_HEIGHT high whatever ECharts measured.
 */
const textBoxesOf = (
  chart: AnalyticsChart,
  size: { width: number; height: number },
  fonts: { hasCjkFonts: boolean },
): Box[] => {
  setPlatformAPI(measurerWith(fonts));
  const instance = init(null, null, { renderer: 'svg', ssr: true, ...size });
  try {
    // ECharts keeps what it measured per font: a font of its own for each measurer.
    const fontFamily = fonts.hasCjkFonts ? 'sans-serif' : 'sans-serif, without-cjk';
    instance.setOption({ ...toEChartsOption(chart, 'GBP'), textStyle: { fontFamily } });
    return instance
      .getZr()
      .storage.getDisplayList(true)
      .flatMap((element) => {
        const { text } = element.style as { text?: unknown };
        if (typeof text !== 'string' || !('getBoundingRect' in element)) return [];
        const own = element.getBoundingRect();
        const box = own.clone();
        const transform = element.getComputedTransform();
        if (transform) box.applyTransform(transform);
        // A line drawn taller than measured grows its box by the rest, as slanted as the text.
        const cos = Math.abs(transform?.[0] ?? 1);
        const extra = (LINE_HEIGHT - own.height) * cos;
        const height = box.height + extra;
        return [{ text, x: box.x, y: box.y - extra / 2, width: box.width, height }];
      });
  } finally {
    instance.dispose();
  }
};

const overlaps = (one: Box, other: Box) =>
  one.x < other.x + other.width &&
  other.x < one.x + one.width &&
  one.y < other.y + other.height &&
  other.y < one.y + one.height;

const frequencyBuckets: AnalyticsChart = {
  ...revenueByMonth,
  x: {
    label: 'Times bought again before the calibration end',
    format: 'text',
    values: ['0', '1', '2', '3', '4', '5', '6', '7+'],
  },
  series: [{ name: 'Customers', format: 'integer', values: [9, 8, 7, 6, 5, 4, 3, 2] }],
};

describe('toEChartsOption, laid out', () => {
  it('slants many worded labels, and writes short numbers upright', () => {
    const rotationOf = (chart: AnalyticsChart) =>
      (toEChartsOption(chart, 'GBP') as { xAxis: { axisLabel: { rotate?: number } } }).xAxis
        .axisLabel.rotate;
    expect(rotationOf(revenueByMonth)).toBe(40);
    expect(rotationOf(frequencyBuckets)).toBe(0);
  });

  const cases = [
    ['slanted month', revenueByMonth, /^[A-Z][a-z]{2} 2011$/, 12],
    ['upright count', frequencyBuckets, /^(\d|7\+)$/, 8],
  ] as const;
  for (const hasCjkFonts of [true, false]) {
    for (const [kind, chart, labelPattern, labelCount] of cases) {
      it(`puts the x axis’s name below its ${kind} labels, inside the chart (${hasCjkFonts ? 'with' : 'without'} CJK fonts)`, () => {
        const size = { width: 520, height: 320 };
        const boxes = textBoxesOf(chart, size, { hasCjkFonts });
        const name = boxes.find((box) => box.text === chart.x.label);
        // The x labels, lowest of all (the value axis's "0" is above them).
        const matches = boxes.filter((box) => labelPattern.test(box.text));
        const lowest = Math.max(...matches.map((box) => box.y));
        const labels = matches.filter((box) => lowest - box.y < 2);
        expect(labels).toHaveLength(labelCount);
        expect(name).toBeDefined();
        for (const label of labels) expect(overlaps(name!, label), label.text).toBe(false);
        expect(name!.y).toBeGreaterThan(Math.max(...labels.map((label) => label.y)));
        expect(name!.y + name!.height).toBeLessThanOrEqual(size.height);
      });
    }
  }
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
