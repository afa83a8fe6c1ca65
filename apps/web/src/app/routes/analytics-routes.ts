import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { AnalyticsViewKey } from '@atelier/contract/analytics/views';
import {
  ANALYTICS_DASHBOARD_KEY,
  ANALYTICS_DASHBOARD_PATH,
  ANALYTICS_REPORTS,
  FULFILLMENT_METRICS_PATH,
} from '@/config/analytics-reports';
import { validateAnalyticsSearch } from '@/features/analytics/analytics-search';
import { validateLtvSearch } from '@/features/analytics/predictive-search';
import { appLayoutRoute } from './app-layout-route';
import { withPageProps } from './lazy-page';

const importPages = () => import('./analytics-pages');
const AnalyticsViewPage = lazyRouteComponent(importPages, 'AnalyticsViewPage');

const viewRoute = (path: string, viewKey: AnalyticsViewKey) =>
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path,
    // Lifetime value keeps its calibration and holdout in the address too.
    validateSearch: viewKey === 'analytics-ltv' ? validateLtvSearch : validateAnalyticsSearch,
    component: withPageProps(AnalyticsViewPage, { viewKey }),
  });

const fulfillmentMetricsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: FULFILLMENT_METRICS_PATH,
  component: lazyRouteComponent(importPages, 'FulfillmentMetricsPage'),
});

/**
 * Spec §2 analytics routes (issue 14): the dashboard and every view, one page for all, the
 * range in the address. The signed-in layout hides them unless analytics is turned on.
 */
export const analyticsRoutes = [
  viewRoute(ANALYTICS_DASHBOARD_PATH, ANALYTICS_DASHBOARD_KEY),
  fulfillmentMetricsRoute,
  ...ANALYTICS_REPORTS.map((report) => viewRoute(report.path, report.key)),
];
