import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createRoute } from '@tanstack/react-router';
import { AppAnchor } from '@/components/ui/app-anchor';
import { ComingSoon } from '@/components/ui/coming-soon';
import { PageHeader } from '@/components/ui/page-header';
import {
  ANALYTICS_CATEGORY_LABELS,
  ANALYTICS_DASHBOARD_PATH,
  ANALYTICS_REPORTS,
  type AnalyticsCategory,
  type AnalyticsReport,
  FULFILLMENT_METRICS_PATH,
  listReportsOf,
} from '@/config/analytics-reports';
import { appLayoutRoute } from './app-layout-route';

const CATEGORIES = Object.keys(ANALYTICS_CATEGORY_LABELS) as AnalyticsCategory[];

const AnalyticsDashboardPage = () => {
  useDocumentTitle('Analytics · Atelier');
  return (
    <Stack gap="lg">
      <PageHeader
        title="Analytics dashboards"
        description="Customers, orders, products and marketing, charted from your store's data."
      />
      <ComingSoon
        title="Dashboards not built yet"
        description="Charts will be drawn from your store's orders and customers once the analytics module lands. Each report below already has its page."
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {CATEGORIES.map((category) => (
          <Stack key={category} gap={6}>
            <Title order={2} fz="h5">
              {ANALYTICS_CATEGORY_LABELS[category]}
            </Title>
            {listReportsOf(category).map((report) => (
              <AppAnchor key={report.path} href={report.path} size="sm">
                {report.title}
              </AppAnchor>
            ))}
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
};

const AnalyticsReportPage = ({ report }: { report: AnalyticsReport }) => {
  useDocumentTitle(`${report.title} · Atelier`);
  return (
    <>
      <PageHeader
        title={report.title}
        description={
          <Text span c="dimmed">
            {ANALYTICS_CATEGORY_LABELS[report.category]} ·{' '}
            <AppAnchor href={ANALYTICS_DASHBOARD_PATH} size="sm">
              All dashboards
            </AppAnchor>
          </Text>
        }
      />
      <ComingSoon
        title="Chart not built yet"
        description={`The ${report.title.toLowerCase()} chart will be drawn from your store's data once the analytics module lands.`}
      />
    </>
  );
};

const FulfillmentMetricsPage = () => {
  useDocumentTitle('Fulfillment metrics · Atelier');
  return (
    <>
      <PageHeader title="Fulfillment metrics" />
      <ComingSoon
        title="Metrics not built yet"
        description="Shipping times, order volumes and costs of the fulfillment center will be charted here once the analytics module lands."
      />
    </>
  );
};

const dashboardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: ANALYTICS_DASHBOARD_PATH,
  component: AnalyticsDashboardPage,
});

const fulfillmentMetricsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: FULFILLMENT_METRICS_PATH,
  component: FulfillmentMetricsPage,
});

const reportRoute = (report: AnalyticsReport) =>
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: report.path,
    component: () => <AnalyticsReportPage report={report} />,
  });

/** Spec §2 analytics routes; the signed-in layout hides them unless analytics is turned on. */
export const analyticsRoutes = [
  dashboardRoute,
  fulfillmentMetricsRoute,
  ...ANALYTICS_REPORTS.map(reportRoute),
];
