import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from '@tanstack/react-router';
import { MissingRecord } from '@/components/ui/missing-record';
import { isNotBuilt, usePublicShare } from '@/features/analytics/api/analytics-queries';
import { formatRange } from '@/features/analytics/analytics-range';
import { AnalyticsResult } from '@/features/analytics/components/analytics-result';
import {
  AnalyticsLoadError,
  AnalyticsSkeleton,
} from '@/features/analytics/components/analytics-view-states';
import { isApiError } from '@/lib/api-error';

/** A shared report's snapshot, read-only: the view as it was computed when shared. */
export const SharedReport = ({ id }: { id: string }) => {
  const share = usePublicShare(id);
  useDocumentTitle(share.data ? `${share.data.share.title} · Atelier` : 'Shared report · Atelier');

  if (share.isPending) return <AnalyticsSkeleton />;
  if (share.isError) {
    if (isApiError(share.error) && share.error.status === 404 && !isNotBuilt(share.error)) {
      return (
        <MissingRecord
          title="This report was not found or is no longer shared"
          description="The link may be mistyped, or the store stopped sharing it. Ask whoever sent it for a new link."
        />
      );
    }
    return (
      <AnalyticsLoadError
        message={
          isNotBuilt(share.error)
            ? 'Shared reports are not built yet.'
            : 'The shared report could not be loaded.'
        }
        onRetry={() => void share.refetch()}
      />
    );
  }

  const { result, storeTitle } = share.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {storeTitle}
          </Text>
          <Badge variant="light" color="gray" size="sm">
            Shared report · read-only
          </Badge>
        </Group>
        <Title order={1} fz="h2">
          {result.title}
        </Title>
        <Text c="dimmed" maw={720}>
          {result.definition}
        </Text>
        <Text size="sm">
          {formatRange(result.range)}
          {result.compare ? `, compared with ${formatRange(result.compare)}` : ''}
        </Text>
      </Stack>
      <AnalyticsResult result={result} />
    </Stack>
  );
};

/** Spec §2 /share-report/{id}: public, no login. */
export const ShareReportPage = () => {
  const { id = '' } = useParams({ strict: false });
  return <SharedReport id={id} />;
};
