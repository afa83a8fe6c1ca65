import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import {
  ANALYTICS_DASHBOARD_PATH,
  ANALYTICS_REPORTS,
  type AnalyticsReport,
  FULFILLMENT_METRICS_PATH,
} from '@/config/analytics-reports';
import { appLayoutRoute } from './app-layout-route';
import { withPageProps } from './lazy-page';

const importPages = () => import('./analytics-pages');
const AnalyticsReportPage = lazyRouteComponent(importPages, 'AnalyticsReportPage');

const dashboardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: ANALYTICS_DASHBOARD_PATH,
  component: lazyRouteComponent(importPages, 'AnalyticsDashboardPage'),
});

const fulfillmentMetricsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: FULFILLMENT_METRICS_PATH,
  component: lazyRouteComponent(importPages, 'FulfillmentMetricsPage'),
});

const reportRoute = (report: AnalyticsReport) =>
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: report.path,
    component: withPageProps(AnalyticsReportPage, { report }),
  });

/** Spec §2 analytics routes; the signed-in layout hides them unless analytics is turned on. */
export const analyticsRoutes = [
  dashboardRoute,
  fulfillmentMetricsRoute,
  ...ANALYTICS_REPORTS.map(reportRoute),
];
