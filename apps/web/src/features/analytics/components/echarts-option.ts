import type { EChartsOption } from 'echarts';
import type { AnalyticsChart, ValueFormat } from '@atelier/contract/analytics/views';
import { formatCompact, formatValue } from '../analytics-format';

type AxisChart = Extract<AnalyticsChart, { kind: 'line' | 'bar' | 'area' }>;
type HeatmapChart = Extract<AnalyticsChart, { kind: 'heatmap' }>;
type TreemapChart = Extract<AnalyticsChart, { kind: 'treemap' }>;

const PALETTE = ['#4c6ef5', '#12b886', '#fab005', '#fa5252', '#7950f2', '#15aabf', '#e64980'];

const formatterOf = (format: ValueFormat, currencyCode: string) => (value: unknown) =>
  formatValue(
    typeof value === 'number' || typeof value === 'string' ? value : null,
    format,
    currencyCode,
  );

/** Axis labels of money without cents: "$12,000" rather than "$12,000.00". */
const axisFormatterOf = (format: ValueFormat, currencyCode: string) => {
  const format_ = formatterOf(format, currencyCode);
  return (value: unknown) => format_(value).replace(/\.00(?=\D*$)/, '');
};

const categoryLabels = (axis: AxisChart['x'], currencyCode: string) =>
  axis.values.map((value) => formatValue(value, axis.format, currencyCode));

/** Labels are slanted when there are many and they are words ("Jan 2025"), not short numbers ("3"). */
const isSlanted = (labels: readonly string[]) =>
  labels.length > 6 && labels.some((label) => label.length > 3);

/** The slant of slanted category labels, in degrees. */
const SLANT_DEGREES = 40;

/**
 * Pixels from the x axis to its name, below labels in ECharts' 12px font: a line (14) after the
 * labels' margin (8), or the height of the longest slanted label (6.5 a character, a generous
 * average). ECharts moves a name off its labels itself (nameMoveOverlap), but it measures a line
 * by the width of "国": on a system without CJK fonts that is ~4 px, and the name sat on them.
 */
const xNameGapOf = (labels: readonly string[], isSlantedLabels: boolean): number => {
  if (!isSlantedLabels) return 28;
  const slant = (SLANT_DEGREES * Math.PI) / 180;
  const longest = Math.max(...labels.map((label) => label.length)) * 6.5;
  return Math.ceil(8 + longest * Math.sin(slant) + 14 * Math.cos(slant) + 8);
};

/**
 * Line, bar and area: one category axis, a value axis per format of the series (orders on the
 * left, revenue on the right), stacked when the data says so.
 */
const axisOption = (chart: AxisChart, currencyCode: string): EChartsOption => {
  const formats = [...new Set(chart.series.map((series) => series.format))].slice(0, 2);
  const axisIndexOf = (format: ValueFormat) => Math.max(0, formats.indexOf(format));
  const labels = categoryLabels(chart.x, currencyCode);
  const isSlantedLabels = labels.length <= MAX_ALL_LABELS && isSlanted(labels);
  return {
    color: PALETTE,
    grid: {
      left: 8,
      right: 8,
      top: chart.series.length > 1 ? 36 : 16,
      bottom: 8,
      // The plot shrinks to hold the labels and the axis names (containLabel held the labels
      // only: the x axis's name sat on its slanted labels).
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    legend: chart.series.length > 1 ? { top: 0, type: 'scroll' } : { show: false },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      name: chart.x.label,
      nameLocation: 'middle',
      // Below the labels, however long or slanted they are.
      nameGap: xNameGapOf(labels, isSlantedLabels),
      nameMoveOverlap: true,
      data: labels,
      boundaryGap: chart.kind === 'bar',
      axisLabel:
        labels.length <= MAX_ALL_LABELS
          ? { interval: 0, rotate: isSlantedLabels ? SLANT_DEGREES : 0 }
          : {},
    },
    yAxis: formats.map((format) => ({
      type: 'value',
      axisLabel: { formatter: axisFormatterOf(format, currencyCode) },
    })),
    series: chart.series.map((series) => ({
      type: chart.kind === 'bar' ? 'bar' : 'line',
      name: series.name,
      data: series.values.map((value) => value ?? '-'),
      yAxisIndex: axisIndexOf(series.format),
      tooltip: { valueFormatter: formatterOf(series.format, currencyCode) },
      ...(chart.stacked ? { stack: 'total' } : {}),
      ...(chart.kind === 'area' ? { areaStyle: { opacity: 0.25 } } : {}),
      ...(chart.kind === 'bar' ? {} : { showSymbol: series.values.length <= 40 }),
    })),
  };
};

/**
 * The plot width (px) a heatmap's cells share when its card stands beside its table, and the
 * width of a character of the cells' 10px labels: values are written in the cells only when the
 * longest fits every cell ("£152.4K" × 13 months does not; "31.6%" × 13 touches).
 */
const HEATMAP_PLOT_WIDTH = 460;
const CELL_CHARACTER_WIDTH = 6.5;
const CELL_PADDING = 8;

/** Whether the longest of the cells' labels fits a cell. */
const cellLabelsFit = (columns: number, labels: readonly string[]) => {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  return columns * (longest * CELL_CHARACTER_WIDTH + CELL_PADDING) <= HEATMAP_PLOT_WIDTH;
};

/** Treemap tiles smaller than this share of the whole get no label (it would be cut: "N / 7"). */
const MIN_LABELLED_TILE_SHARE = 0.03;

/** Category labels are all written (slanted when many) up to this many; beyond, ECharts thins them. */
const MAX_ALL_LABELS = 24;

/** A heatmap (cohort × month, weekday × hour): the first row on top, values written in the cells when they fit. */
const heatmapOption = (chart: HeatmapChart, currencyCode: string): EChartsOption => {
  const values = chart.cells.flatMap(([, , value]) => (value === null ? [] : [value]));
  const min = values.length > 0 ? Math.min(...values) : 0;
  const max = values.length > 0 ? Math.max(...values) : 1;
  const format = formatterOf(chart.format, currencyCode);
  const compact = (value: number | '-') =>
    value === '-' ? '' : formatCompact(value, chart.format, currencyCode);
  return {
    grid: { left: 8, right: 8, top: 28, bottom: 72, containLabel: true },
    tooltip: {
      formatter: (params) => {
        const { data } = params as unknown as { data: [number, number, number | '-'] };
        const [x, y, value] = data;
        const xLabel = formatValue(chart.x.values[x], chart.x.format, currencyCode);
        const yLabel = formatValue(chart.y.values[y], chart.y.format, currencyCode);
        return `${chart.y.label} ${yLabel} · ${chart.x.label} ${xLabel}: ${format(value === '-' ? null : value)}`;
      },
    },
    xAxis: {
      type: 'category',
      name: chart.x.label,
      nameLocation: 'middle',
      nameGap: 28,
      data: categoryLabels(chart.x, currencyCode),
      splitArea: { show: true },
    },
    yAxis: {
      type: 'category',
      name: chart.y.label,
      // The axis runs top down, so its start is where its name belongs.
      nameLocation: 'start',
      data: categoryLabels(chart.y, currencyCode),
      inverse: true,
      splitArea: { show: true },
    },
    visualMap: {
      min,
      max: max === min ? min + 1 : max,
      calculable: false,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 120,
      inRange: { color: ['#edf2ff', '#748ffc', '#364fc7'] },
      formatter: (value) => compact(value as number),
    },
    series: [
      {
        type: 'heatmap',
        name: chart.title,
        data: chart.cells.map(([x, y, value]) => [x, y, value ?? '-']),
        label: {
          show: cellLabelsFit(
            chart.x.values.length,
            values.map((value) => compact(value)),
          ),
          formatter: (params) => {
            const { data } = params as unknown as { data: [number, number, number | '-'] };
            return compact(data[2]);
          },
          fontSize: 10,
        },
        emphasis: { itemStyle: { borderColor: '#212529', borderWidth: 1 } },
      },
    ],
  };
};

const treemapOption = (chart: TreemapChart, currencyCode: string): EChartsOption => {
  const format = formatterOf(chart.format, currencyCode);
  const total = chart.items.reduce((sum, item) => sum + Math.max(item.value, 0), 0) || 1;
  return {
    color: PALETTE,
    tooltip: {
      formatter: (params) => {
        const { name, value } = params as unknown as { name: string; value: number };
        return `${name}: ${format(value)}`;
      },
    },
    series: [
      {
        type: 'treemap',
        name: chart.title,
        // A tile too small for its name and value shows none (the tooltip still does).
        data: chart.items.map((item) =>
          item.value / total < MIN_LABELLED_TILE_SHARE
            ? { name: item.name, value: item.value, label: { show: false } }
            : { name: item.name, value: item.value },
        ),
        roam: false,
        nodeClick: false,
        breadcrumb: { show: false },
        width: '100%',
        height: '100%',
        top: 0,
        left: 0,
        label: {
          show: true,
          lineHeight: 16,
          overflow: 'truncate',
          formatter: (params) => {
            const { name, value } = params as unknown as { name: string; value: number };
            return `${name}\n${format(value)}`;
          },
        },
        itemStyle: { borderColor: '#fff', borderWidth: 2, gapWidth: 2 },
      },
    ],
  };
};

/** The ECharts option that draws one chart of a view (the contract sends data, not options). */
export const toEChartsOption = (chart: AnalyticsChart, currencyCode: string): EChartsOption => {
  switch (chart.kind) {
    case 'line':
    case 'bar':
    case 'area':
      return axisOption(chart, currencyCode);
    case 'heatmap':
      return heatmapOption(chart, currencyCode);
    case 'treemap':
      return treemapOption(chart, currencyCode);
  }
};
