import { describe, expect, it } from 'vitest';
import { ANALYTICS_VIEWS } from '@atelier/contract/analytics/views';
import {
  ANALYTICS_DASHBOARD_KEY,
  ANALYTICS_REPORTS,
  FULFILLMENT_METRICS_PATH,
  isAnalyticsPath,
} from './analytics-reports';

describe('ANALYTICS_REPORTS', () => {
  it('lists every view of the contract registry but the dashboard, in its order and category', () => {
    const registry = ANALYTICS_VIEWS.filter((view) => view.key !== ANALYTICS_DASHBOARD_KEY);
    expect(ANALYTICS_REPORTS).toEqual(
      registry.map(({ key, path, category }) => ({ key, path, category })),
    );
  });

  it('counts every view, the dashboard and fulfillment metrics as analytics pages', () => {
    for (const view of ANALYTICS_VIEWS) expect(isAnalyticsPath(view.path), view.path).toBe(true);
    expect(isAnalyticsPath(FULFILLMENT_METRICS_PATH)).toBe(true);
    expect(isAnalyticsPath('/analytics-unknown')).toBe(false);
  });
});
