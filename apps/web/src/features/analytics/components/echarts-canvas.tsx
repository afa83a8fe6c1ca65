import type { EChartsOption } from 'echarts';
import { BarChart, HeatmapChart, LineChart, TreemapChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { init, use as registerCharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the contract's chart kinds draw: the page's chunk stays a fraction of all ECharts.
registerCharts([
  BarChart,
  HeatmapChart,
  LineChart,
  TreemapChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  SVGRenderer,
]);

type EChartsCanvasProps = { option: EChartsOption; height: number; label: string };

/** ECharts drawing one option into a box that follows its container's width. Loaded lazily. */
export const EChartsCanvas = ({ option, height, label }: EChartsCanvasProps) => {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    const chart = init(box, undefined, { renderer: 'svg' });
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(box);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    chartRef.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={boxRef}
      role="img"
      aria-label={label}
      data-testid="echarts-canvas"
      style={{ width: '100%', height }}
    />
  );
};
