import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { AppAnchor } from '@/components/ui/app-anchor';
import { ComingSoon } from '@/components/ui/coming-soon';
import { NOT_BUILT_LABEL } from '@/components/ui/not-built-marker';
import { PageHeader } from '@/components/ui/page-header';
import {
  ANALYTICS_CATEGORY_LABELS,
  ANALYTICS_DASHBOARD_PATH,
  type AnalyticsCategory,
  type AnalyticsReport,
  listReportsOf,
} from '@/config/analytics-reports';
import { PlanGatedPage } from './plan-gated-page';

const CATEGORIES = Object.keys(ANALYTICS_CATEGORY_LABELS) as AnalyticsCategory[];

/** Spec §2 /analytics: the dashboard listing every report by category. */
export const AnalyticsDashboardPage = () => {
  useDocumentTitle('Analytics · Atelier');
  return (
    <Stack gap="lg">
      <PageHeader
        title="Analytics dashboards"
        description="Customers, orders, products and marketing, charted from your store's data."
      />
      <PlanGatedPage feature="analytics">
        <Stack gap="lg">
          <ComingSoon
            title={NOT_BUILT_LABEL}
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
      </PlanGatedPage>
    </Stack>
  );
};

/** One spec §2 analytics report page (not built yet). */
export const AnalyticsReportPage = ({ report }: { report: AnalyticsReport }) => {
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
      <PlanGatedPage feature="analytics">
        <ComingSoon
          title={NOT_BUILT_LABEL}
          description={`The ${report.title.toLowerCase()} chart will be drawn from your store's data once the analytics module lands.`}
        />
      </PlanGatedPage>
    </>
  );
};

/** Spec §2 fulfillment metrics (not built yet). */
export const FulfillmentMetricsPage = () => {
  useDocumentTitle('Fulfillment metrics · Atelier');
  return (
    <>
      <PageHeader title="Fulfillment metrics" />
      <PlanGatedPage feature="fulfillment_metrics">
        <ComingSoon
          title={NOT_BUILT_LABEL}
          description="Shipping times, order volumes and costs of the fulfillment center will be charted here once the analytics module lands."
        />
      </PlanGatedPage>
    </>
  );
};
