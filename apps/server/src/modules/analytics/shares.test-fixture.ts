import type {
  AnalyticsRangeQuery,
  AnalyticsViewKey,
  AnalyticsViewResult,
} from '@atelier/contract/analytics/views';
import type { ViewService } from './analytics.services';

/** A fixed view result, as the views compute it (figures, a chart and a table). */
export const aViewResult = (
  storeId: string,
  view: AnalyticsViewKey,
  query: AnalyticsRangeQuery,
): AnalyticsViewResult => ({
  view,
  title: `Result of ${view}`,
  definition: 'A customer is counted once.',
  currencyCode: 'GBP',
  timeZone: 'Europe/London',
  range: { from: query.from ?? '2024-01-01', to: query.to ?? '2024-12-31' },
  compare: null,
  empty: null,
  figures: [
    {
      key: 'revenue',
      label: `Revenue of ${storeId}`,
      format: 'money',
      value: 12_600,
      compareValue: null,
    },
  ],
  charts: [
    {
      kind: 'heatmap',
      key: 'cohorts',
      title: 'Retention',
      x: { label: 'Month', format: 'integer', values: [0, 1] },
      y: { label: 'Cohort', format: 'month', values: ['2024-01'] },
      format: 'percent',
      cells: [
        [0, 0, 1],
        [1, 0, 0.25],
      ],
    },
  ],
  tables: [
    {
      key: 'customers',
      title: 'Customers',
      columns: [{ key: 'name', label: 'Customer', format: 'text' }],
      rows: [{ name: `Buyer of ${storeId}` }],
    },
  ],
  computedAt: '2024-06-01T00:00:00.000Z',
});

/** A stub ViewService: a fixed result per store, and the calls it was asked. */
export const createFakeViews = () => {
  const calls: [string, AnalyticsViewKey, AnalyticsRangeQuery][] = [];
  const views: ViewService = {
    async compute(storeId, view, query) {
      calls.push([storeId, view, query]);
      return aViewResult(storeId, view, query);
    },
  };
  return { views, calls };
};
