import { Skeleton } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import type { AnalyticsChart as AnalyticsChartData } from '@atelier/contract/analytics/views';
import { toEChartsOption } from './echarts-option';

// ECharts loads with the first chart drawn, never with the app's first page.
const EChartsCanvas = lazy(() =>
  import('./echarts-canvas').then((module) => ({ default: module.EChartsCanvas })),
);

const KIND_NAMES: Record<AnalyticsChartData['kind'], string> = {
  line: 'Line chart',
  bar: 'Bar chart',
  area: 'Area chart',
  heatmap: 'Heatmap',
  treemap: 'Treemap',
};

const heightOf = (chart: AnalyticsChartData): number => {
  if (chart.kind !== 'heatmap') return 320;
  // A row of cells stays readable however many cohorts there are.
  return Math.min(900, Math.max(280, chart.y.values.length * 26 + 110));
};

type AnalyticsChartProps = { chart: AnalyticsChartData; currencyCode: string };

/**
 * One chart of a view, drawn by ECharts. Its accessible name is its title and kind; its numbers
 * are in the table shown beside it.
 */
export const AnalyticsChart = ({ chart, currencyCode }: AnalyticsChartProps) => {
  const option = useMemo(() => toEChartsOption(chart, currencyCode), [chart, currencyCode]);
  const height = heightOf(chart);
  return (
    <Suspense fallback={<Skeleton h={height} data-testid="chart-loading" />}>
      <EChartsCanvas
        option={option}
        height={height}
        label={`${KIND_NAMES[chart.kind]}: ${chart.title}. Its data is in the table beside it.`}
      />
    </Suspense>
  );
};
