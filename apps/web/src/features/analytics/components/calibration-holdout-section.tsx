import { Box, Group, Loader, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import type { PredictiveModel } from '@atelier/contract/analytics/analytics-api';
import type { AnalyticsViewKey } from '@atelier/contract/analytics/views';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { isNotBuilt, useAnalyticsView } from '../api/analytics-queries';
import { usePredictiveModel } from '../api/predictive-queries';
import { formatValue } from '../analytics-format';
import { addDays, type DayRange, formatRange, lastDays, todayIn } from '../analytics-range';
import { holdoutChartOf, holdoutErrorOf, holdoutTableOf } from '../predictive-model';
import { type LtvSearch, type PredictiveSearch, predictiveSettingsOf } from '../predictive-search';
import { AnalyticsChart } from './analytics-chart';
import { AnalyticsTable } from './analytics-table';
import { toRangeQuery } from './analytics-view-panel';
import { AnalyticsEmpty, AnalyticsLoadError, AnalyticsNotBuilt } from './analytics-view-states';
import { type PredictiveFieldErrors, PredictiveControls } from './predictive-controls';
import { PredictiveParameters } from './predictive-parameters';

/** The section's id: /analytics-ltv#calibration-and-holdout opens the page on it. */
export const CALIBRATION_HOLDOUT_ID = 'calibration-and-holdout';

/** The server's refusal of a calibration end after today (store-local). */
const CALIBRATION_END_IN_FUTURE = 'calibration_end_in_future';

const FIELDS = ['calibrationEnd', 'timeUnit', 'horizonDays'] as const;

/** A 400's field issues beside the fields they name; a future calibration end says why. */
const serverErrorsOf = (error: unknown): PredictiveFieldErrors => {
  if (!isApiError(error) || error.status !== 400) return {};
  const byField = listFieldErrors(error);
  const errors: PredictiveFieldErrors = {};
  for (const field of FIELDS) {
    const detail = byField[field];
    if (detail === undefined) continue;
    errors[field] =
      error.reason === CALIBRATION_END_IN_FUTURE ? `${error.message} ${detail}` : detail;
  }
  return errors;
};

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const smallCountFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const fittedAtFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A predicted count: whole from 100 on, else to a tenth (3.7 purchases). */
const formatCount = (value: number) =>
  (Math.abs(value) >= 100 ? countFormat : smallCountFormat).format(value);

const formatDay = (day: string) => formatValue(day, 'date', 'USD');

/** "Predicted 9.6% too few", "2.1% too many", or why there is nothing to compare. */
const errorTextOf = (model: PredictiveModel): string => {
  const error = holdoutErrorOf(model.holdout);
  if (error === null) return 'No repeat purchase to compare with';
  if (Math.abs(error) < 0.0005) return 'Predicted right';
  const size = formatValue(Math.abs(error), 'percent', 'USD');
  return `Predicted ${size} too ${error < 0 ? 'few' : 'many'}`;
};

type StatProps = { label: string; value: string; hint: ReactNode; testId: string };

const Stat = ({ label, value, hint, testId }: StatProps) => (
  <Paper withBorder radius="md" p="md" data-testid={testId}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text fz={26} fw={700} lh={1.3}>
      {value}
    </Text>
    <Text size="sm" c="dimmed">
      {hint}
    </Text>
  </Paper>
);

type FittedModelProps = { model: PredictiveModel; currencyCode: string };

/** A fitted model: its calibration and holdout in figures, its parameters, the holdout by bucket. */
const FittedModel = ({ model, currencyCode }: FittedModelProps) => {
  const holdout: DayRange = {
    from: addDays(model.calibrationEnd, 1),
    to: addDays(model.calibrationEnd, model.horizonDays),
  };
  const calibrationEnd = formatDay(model.calibrationEnd);
  const repeatShare = model.customers === 0 ? 0 : model.repeatCustomers / model.customers;
  const { predictedRepeatPurchases: predicted, actualRepeatPurchases: actual } = model.holdout;
  const chart = holdoutChartOf(model);
  const table = holdoutTableOf(model);
  return (
    <Stack gap="md">
      <Text size="sm" data-testid="holdout-summary">
        Fitted on the purchases of {countFormat.format(model.customers)} customers up to{' '}
        {calibrationEnd}, the model predicted <strong>{formatCount(predicted)}</strong> repeat
        purchases in the {countFormat.format(model.horizonDays)} days after ({formatRange(holdout)}
        ); customers made <strong>{countFormat.format(actual)}</strong>.
        {actual === 0
          ? ' No customer purchased in these days: choose an earlier calibration end to compare.'
          : null}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Stat
          testId="calibration-customers"
          label="Customers"
          value={countFormat.format(model.customers)}
          hint={`purchased by ${calibrationEnd}`}
        />
        <Stat
          testId="calibration-repeat-customers"
          label="Repeat customers"
          value={countFormat.format(model.repeatCustomers)}
          hint={`${formatValue(repeatShare, 'percent', 'USD')} had bought again by then`}
        />
        <Stat
          testId="holdout-predicted"
          label="Predicted repeat purchases"
          value={formatCount(predicted)}
          hint={formatRange(holdout)}
        />
        <Stat
          testId="holdout-actual"
          label="Actual repeat purchases"
          value={countFormat.format(actual)}
          hint={errorTextOf(model)}
        />
      </SimpleGrid>
      <PredictiveParameters model={model} currencyCode={currencyCode} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" component="figure" m={0}>
          <Title order={3} fz="md" mb="xs" component="figcaption">
            {chart.title}
          </Title>
          <Box>
            <AnalyticsChart chart={chart} currencyCode={currencyCode} />
          </Box>
        </Paper>
        <AnalyticsTable
          table={table}
          view="calibration-holdout"
          range={holdout}
          currencyCode={currencyCode}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Customers are grouped by how many times they had bought again before the calibration end
        (7+: seven times or more). Fitted {fittedAtFormat.format(new Date(model.fittedAt))}, and
        fitted again when your orders change.
      </Text>
    </Stack>
  );
};

const SectionSkeleton = () => (
  <Stack gap="md" aria-busy="true" aria-label="Fitting the model" data-testid="predictive-loading">
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} h={96} radius="md" />
      ))}
    </SimpleGrid>
    <Skeleton h={240} radius="md" />
  </Stack>
);

type CalibrationHoldoutSectionProps = {
  /** The page's view: its range (the server's default when the address has none) anchors the defaults. */
  view: AnalyticsViewKey;
  search: LtvSearch;
  onSearchChange: (search: PredictiveSearch) => void;
};

/**
 * Issue 14 "Calibration and holdout": how good the predictions of lifetime value are. The
 * BG/NBD and Gamma-Gamma models fitted on the purchases up to a calibration end, their
 * parameters, and the repeat purchases they predicted for the days after against the actual
 * ones, in total and by the customers' purchases before. Settings are kept in the address.
 */
export const CalibrationHoldoutSection = ({
  view,
  search,
  onSearchChange,
}: CalibrationHoldoutSectionProps) => {
  const viewQuery = useAnalyticsView(view, toRangeQuery(search));
  const addressRange = search.from && search.to ? { from: search.from, to: search.to } : null;
  // Without the view's range (it failed), the address's, else the last year.
  const shownRange =
    viewQuery.data?.range ??
    (viewQuery.isError ? (addressRange ?? lastDays(365, todayIn('UTC'))) : null);
  const settings = predictiveSettingsOf(search, shownRange);
  const query = usePredictiveModel(settings);
  const currencyCode = viewQuery.data?.currencyCode ?? 'USD';
  const serverErrors = serverErrorsOf(query.error);
  const hasFieldError = Object.keys(serverErrors).length > 0;

  const sectionRef = useRef<HTMLElement>(null);
  const hasScrolledRef = useRef(false);
  const isSettled = !query.isPending;
  useEffect(() => {
    // The page is opened on the section (the dashboard's link) once what is above it is drawn.
    if (!isSettled || hasScrolledRef.current) return;
    hasScrolledRef.current = true;
    if (window.location.hash === `#${CALIBRATION_HOLDOUT_ID}`) {
      sectionRef.current?.scrollIntoView?.({ block: 'start' });
    }
  }, [isSettled]);

  let content: ReactNode;
  if (query.isPending) content = <SectionSkeleton />;
  else if (query.isError) {
    if (isNotBuilt(query.error)) content = <AnalyticsNotBuilt />;
    else if (hasFieldError) {
      content = (
        <Text size="sm" c="dimmed">
          Change the setting marked above to fit the model.
        </Text>
      );
    } else {
      content = (
        <AnalyticsLoadError
          message={
            isApiError(query.error) && query.error.status === 400
              ? query.error.message
              : 'The model could not be fitted.'
          }
          onRetry={() => void query.refetch()}
        />
      );
    }
  } else if (query.data.empty !== null) content = <AnalyticsEmpty reason={query.data.empty} />;
  else content = <FittedModel model={query.data} currencyCode={currencyCode} />;

  return (
    <Box
      ref={sectionRef}
      component="section"
      id={CALIBRATION_HOLDOUT_ID}
      aria-labelledby={`${CALIBRATION_HOLDOUT_ID}-title`}
      pt="lg"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)', scrollMarginTop: 72 }}
    >
      <Stack gap="md">
        <div>
          <Group gap="xs">
            <Title order={2} fz="h3" id={`${CALIBRATION_HOLDOUT_ID}-title`}>
              Calibration and holdout
            </Title>
            {query.isPlaceholderData ? <Loader size="xs" aria-label="Fitting again" /> : null}
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            How good are the predictions? The models behind predicted revenue, lifetime value and
            churn risk learn from each customer’s purchases up to the calibration end; their
            prediction of the repeat purchases in the holdout, the days after, is checked here
            against what customers actually bought.
          </Text>
        </div>
        {settings ? (
          <PredictiveControls
            key={JSON.stringify(settings)}
            settings={settings}
            serverErrors={serverErrors}
            onChange={onSearchChange}
          />
        ) : null}
        <Box style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>{content}</Box>
      </Stack>
    </Box>
  );
};
