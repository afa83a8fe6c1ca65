import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AnalyticsRangeQuery, AnalyticsViewKey } from '@atelier/contract/analytics/views';
import { isApiError } from '@/lib/api-error';
import { isNotBuilt, useAnalyticsView } from '../api/analytics-queries';
import type { DayRange } from '../analytics-range';
import type { AnalyticsSearch } from '../analytics-search';
import { AnalyticsResult } from './analytics-result';
import { AnalyticsLoadError, AnalyticsNotBuilt, AnalyticsSkeleton } from './analytics-view-states';
import { ProductPicker, productChoicesOf } from './product-picker';
import { RangePicker } from './range-picker';
import { ShareButton } from './share-button';

/** The query a view's address asks for: only the parts it has (the server fills the rest). */
export const toRangeQuery = (search: AnalyticsSearch): AnalyticsRangeQuery => ({
  ...(search.from ? { from: search.from } : {}),
  ...(search.to ? { to: search.to } : {}),
  ...(search.compareFrom && search.compareTo
    ? { compareFrom: search.compareFrom, compareTo: search.compareTo }
    : {}),
  ...(search.product ? { product: search.product } : {}),
});

const rangeOf = (from: string | undefined, to: string | undefined): DayRange | null =>
  from && to ? { from, to } : null;

type AnalyticsViewPanelProps = {
  view: AnalyticsViewKey;
  search: AnalyticsSearch;
  onSearchChange: (search: AnalyticsSearch) => void;
  /** At the foot of the figure card of that key (a link to more about the figure). */
  figureFooters?: Readonly<Partial<Record<string, ReactNode>>>;
  /** Shown under the result (the dashboard's links to every view). */
  children?: ReactNode;
};

/**
 * One analytics view of the signed-in store: its range and comparison (kept in the address),
 * "Share", and the computed view with its loading, empty, not-built and error states.
 */
export const AnalyticsViewPanel = ({
  view,
  search,
  onSearchChange,
  figureFooters,
  children,
}: AnalyticsViewPanelProps) => {
  const query = useAnalyticsView(view, toRangeQuery(search));
  const result = query.data;
  const range = result?.range ?? rangeOf(search.from, search.to);
  const compare = result ? result.compare : rangeOf(search.compareFrom, search.compareTo);

  let content: ReactNode;
  if (query.isPending) content = <AnalyticsSkeleton />;
  else if (query.isError) {
    content = isNotBuilt(query.error) ? (
      <AnalyticsNotBuilt />
    ) : (
      <AnalyticsLoadError
        message={
          isApiError(query.error) && query.error.status === 400
            ? query.error.message
            : 'This view could not be computed.'
        }
        onRetry={() => void query.refetch()}
      />
    );
  } else content = <AnalyticsResult result={query.data} figureFooters={figureFooters} />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <div style={{ flex: 1 }}>
          <RangePicker
            key={JSON.stringify([range, compare])}
            range={range}
            compare={compare}
            timeZone={result?.timeZone ?? null}
            onChange={onSearchChange}
          />
        </div>
        <ShareButton
          view={view}
          range={result ? result.range : null}
          compare={compare}
          product={result?.product}
        />
      </Group>
      {result?.product !== undefined ? (
        <ProductPicker
          product={result.product}
          choices={productChoicesOf(result)}
          onChange={(product) => onSearchChange({ ...search, product })}
        />
      ) : null}
      {content}
      {children}
    </Stack>
  );
};
