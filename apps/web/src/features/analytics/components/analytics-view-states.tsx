import { EmptyState, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconChartBar, IconHourglassEmpty } from '@tabler/icons-react';
import { LoadError } from '@/components/ui/load-error';

/** Where a view's figures, chart and table will be, while it is computed. */
export const AnalyticsSkeleton = () => (
  <Stack gap="lg" data-testid="analytics-loading" aria-busy="true" aria-label="Loading the view">
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} h={96} radius="md" />
      ))}
    </SimpleGrid>
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Skeleton h={360} radius="md" />
      <Skeleton h={360} radius="md" />
    </SimpleGrid>
  </Stack>
);

/** The server's reason there is nothing to show (no orders in the range, one customer…). */
export const AnalyticsEmpty = ({ reason }: { reason: string }) => (
  <Paper withBorder radius="md" p="xl" data-testid="analytics-empty">
    <EmptyState
      icon={<IconChartBar size={28} stroke={1.5} />}
      variant="light"
      title="Nothing to show yet"
      description={reason}
    />
  </Paper>
);

/** Issue 14 lands view by view: the server answers 404 `analytics_not_built` until this one does. */
export const AnalyticsNotBuilt = () => (
  <Paper withBorder radius="md" p="xl" data-testid="analytics-not-built">
    <EmptyState
      icon={<IconHourglassEmpty size={28} stroke={1.5} />}
      variant="light"
      title="This view is not built yet."
      description="Its figures and charts will be computed from your store's orders once it is."
    />
  </Paper>
);

export const AnalyticsLoadError = ({
  message,
  onRetry,
}: {
  message: string;
  onRetry: () => void;
}) => (
  <Paper withBorder radius="md" p="xl" data-testid="analytics-error">
    <LoadError message={message} onRetry={onRetry} isStacked />
  </Paper>
);
