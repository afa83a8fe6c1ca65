import { Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  ANALYTICS_CATEGORY_LABELS,
  analyticsViewOf,
  type AnalyticsViewKey,
} from '@atelier/contract/analytics/views';
import { AppAnchor } from '@/components/ui/app-anchor';
import { PageHeader } from '@/components/ui/page-header';
import { ANALYTICS_DASHBOARD_KEY, ANALYTICS_DASHBOARD_PATH } from '@/config/analytics-reports';
import {
  type AnalyticsSearch,
  validateAnalyticsSearch,
} from '@/features/analytics/analytics-search';
import { AnalyticsViewPanel } from '@/features/analytics/components/analytics-view-panel';
import {
  CALIBRATION_HOLDOUT_ID,
  CalibrationHoldoutSection,
} from '@/features/analytics/components/calibration-holdout-section';
import { ViewLinks } from '@/features/analytics/components/view-links';
import { FulfillmentMetricsView } from '@/features/fulfillment/reports/fulfillment-metrics-view';
import {
  type PredictiveSearch,
  validatePredictiveSearch,
} from '@/features/analytics/predictive-search';
import { PlanGatedPage } from './plan-gated-page';

/** The view whose page shows how good the predictions are (issue 14 "Calibration and holdout"). */
const PREDICTIVE_VIEW_KEY = 'analytics-ltv' satisfies AnalyticsViewKey;

/** /analytics-ltv opened on its calibration and holdout, over the dashboard's range if it has one. */
const calibrationHoldoutHref = (search: AnalyticsSearch) => {
  const range = search.from && search.to ? `?from=${search.from}&to=${search.to}` : '';
  return `/${PREDICTIVE_VIEW_KEY}${range}#${CALIBRATION_HOLDOUT_ID}`;
};

/**
 * One spec §2 analytics page (issue 14): the view's title and one-line definition, its range in
 * the address, and the computed view. /analytics is the dashboard view with links to every view,
 * its predicted revenue linking to how good the predictions are; /analytics-ltv shows that
 * under its own view, with its settings in the address too.
 */
export const AnalyticsViewPage = ({ viewKey }: { viewKey: AnalyticsViewKey }) => {
  const view = analyticsViewOf(viewKey);
  const title = view?.title ?? viewKey;
  const isDashboard = viewKey === ANALYTICS_DASHBOARD_KEY;
  const isPredictive = viewKey === PREDICTIVE_VIEW_KEY;
  useDocumentTitle(`${isDashboard ? 'Analytics' : title} · Atelier`);
  const rawSearch = useSearch({ strict: false });
  const search = validateAnalyticsSearch(rawSearch);
  const predictiveSearch = isPredictive ? validatePredictiveSearch(rawSearch) : {};
  const navigate = useNavigate();
  // A new range keeps the calibration and holdout (and the product) chosen, and the other way round.
  const handleSearchChange = (next: AnalyticsSearch) =>
    void navigate({
      to: '.',
      search: {
        ...predictiveSearch,
        ...(search.product ? { product: search.product } : {}),
        ...next,
      },
    });
  const handlePredictiveChange = (next: PredictiveSearch) =>
    void navigate({ to: '.', search: { ...search, ...next } });

  return (
    <>
      <PageHeader
        title={isDashboard ? 'Analytics dashboards' : title}
        description={
          <>
            {view?.definition}
            {isDashboard || !view ? null : (
              <Text span c="dimmed" display="block" size="sm" mt={4}>
                {ANALYTICS_CATEGORY_LABELS[view.category]} ·{' '}
                <AppAnchor href={ANALYTICS_DASHBOARD_PATH} size="sm">
                  All analytics
                </AppAnchor>
              </Text>
            )}
          </>
        }
      />
      <PlanGatedPage feature="analytics">
        <AnalyticsViewPanel
          view={viewKey}
          search={search}
          onSearchChange={handleSearchChange}
          figureFooters={
            isDashboard
              ? {
                  predictedRevenue: (
                    <AppAnchor href={calibrationHoldoutHref(search)} size="sm">
                      How good are the predictions?
                    </AppAnchor>
                  ),
                }
              : undefined
          }
        >
          {isDashboard ? <ViewLinks /> : null}
          {isPredictive ? (
            <CalibrationHoldoutSection
              view={viewKey}
              search={{ ...search, ...predictiveSearch }}
              onSearchChange={handlePredictiveChange}
            />
          ) : null}
        </AnalyticsViewPanel>
      </PlanGatedPage>
    </>
  );
};

/** Spec §2 fulfillment metrics (with the fulfillment center, issue 15). */
export const FulfillmentMetricsPage = () => {
  useDocumentTitle('Fulfillment metrics · Atelier');
  return (
    <>
      <PageHeader title="Fulfillment metrics" />
      <PlanGatedPage feature="fulfillment_metrics">
        <FulfillmentMetricsView />
      </PlanGatedPage>
    </>
  );
};
