import type {
  AnalyticsChart,
  AnalyticsTable,
  AnalyticsViewResult,
} from '@atelier/contract/analytics/views';

/** The numbers a chart draws, as a table: what a screen reader or a spreadsheet gets of it. */
export const chartToTable = (chart: AnalyticsChart): AnalyticsTable => {
  switch (chart.kind) {
    case 'line':
    case 'bar':
    case 'area':
      return {
        key: chart.key,
        title: chart.title,
        columns: [
          { key: 'x', label: chart.x.label, format: chart.x.format },
          ...chart.series.map((series, index) => ({
            key: `s${index}`,
            label: series.name,
            format: series.format,
          })),
        ],
        rows: chart.x.values.map((x, row) => ({
          x,
          ...Object.fromEntries(
            chart.series.map((series, index) => [`s${index}`, series.values[row] ?? null]),
          ),
        })),
      };
    case 'heatmap': {
      const values = new Map(chart.cells.map(([x, y, value]) => [`${x}:${y}`, value]));
      return {
        key: chart.key,
        title: chart.title,
        columns: [
          { key: 'y', label: chart.y.label, format: chart.y.format },
          ...chart.x.values.map((x, index) => ({
            key: `x${index}`,
            label: `${chart.x.label} ${x}`,
            format: chart.format,
          })),
        ],
        rows: chart.y.values.map((y, yIndex) => ({
          y,
          ...Object.fromEntries(
            chart.x.values.map((_x, xIndex) => [
              `x${xIndex}`,
              values.get(`${xIndex}:${yIndex}`) ?? null,
            ]),
          ),
        })),
      };
    }
    case 'treemap':
      return {
        key: chart.key,
        title: chart.title,
        columns: [
          { key: 'name', label: 'Name', format: 'text' },
          { key: 'value', label: 'Value', format: chart.format },
        ],
        rows: chart.items.map((item) => ({ name: item.name, value: item.value })),
      };
  }
};

/** A chart with the table drawn beside it: the view's own table of the same key, or its data. */
export type ChartWithTable = { chart: AnalyticsChart; table: AnalyticsTable; isOwnTable: boolean };

/**
 * The view laid out: each chart with its table (the view's table with the chart's key, else the
 * chart's data), then the view's other tables.
 */
export const layoutOf = (
  result: Pick<AnalyticsViewResult, 'charts' | 'tables'>,
): { pairs: ChartWithTable[]; tables: AnalyticsTable[] } => {
  const pairs = result.charts.map((chart) => {
    const own = result.tables.find((table) => table.key === chart.key);
    return own
      ? { chart, table: own, isOwnTable: true }
      : { chart, table: chartToTable(chart), isOwnTable: false };
  });
  const chartKeys = new Set(result.charts.map((chart) => chart.key));
  return {
    pairs,
    tables: result.tables.filter((table) => !chartKeys.has(table.key)),
  };
};
