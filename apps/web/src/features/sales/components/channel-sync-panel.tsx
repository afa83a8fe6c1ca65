import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { formatRelativeTime } from '@atelier/contract/common/format';
import { isJobActive, type Job } from '@atelier/contract/jobs/job';
import type { ChannelConnection } from '@atelier/contract/sales/channel';
import {
  ChannelSyncResultSchema,
  type ChannelSyncResult,
  type ChannelSyncTally,
} from '@atelier/contract/sales/channel-sync';
import { ApiError } from '@/lib/api-error';
import { showErrorToast } from '@/lib/notify';
import { useStartChannelSync } from '../api/channel-sync-queries';

/** What the page renders for a running sync: the jobs feature follows it live. */
export type ChannelSyncJobViewProps = {
  startedJob: Job;
  label: string;
  formatCounts: (counts: Job['counts']) => string;
  onEnded: (job: Job) => void;
};

const plural = (count: number, word: string) =>
  `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

/** "3 products, 2 customers, 3 orders" from the job's counts (records read so far). */
export const formatChannelSyncCounts = (counts: Job['counts']) =>
  [
    plural(counts.products ?? 0, 'product'),
    plural(counts.customers ?? 0, 'customer'),
    plural(counts.orders ?? 0, 'order'),
  ].join(', ');

const describeTally = (tally: ChannelSyncTally, word: string) => {
  const changes = [
    tally.created > 0 ? `${tally.created.toLocaleString('en-US')} new` : null,
    tally.updated > 0 ? `${tally.updated.toLocaleString('en-US')} changed` : null,
    tally.skipped > 0 ? `${tally.skipped.toLocaleString('en-US')} skipped` : null,
  ].filter(Boolean);
  return `${plural(tally.read, word)}${changes.length > 0 ? ` (${changes.join(', ')})` : ''}`;
};

const SyncOutcome = ({ job, result }: { job: Job; result: ChannelSyncResult | null }) => {
  const when = job.endedAt ? formatRelativeTime(job.endedAt) : '';
  if (job.status === 'FAILED') {
    return (
      <Alert color="red" title={`The last sync failed ${when}`} role="status">
        {job.error ?? 'Something went wrong.'}
      </Alert>
    );
  }
  if (job.status === 'CANCELED') {
    return (
      <Text size="sm" c="dimmed" role="status">
        The last sync was canceled {when}. What it had brought in stays; Re-sync brings the rest.
      </Text>
    );
  }
  if (!result) return null;
  const isUnchanged = ['products', 'customers', 'orders'].every((key) => {
    const tally = result[key as 'products'];
    return tally.created === 0 && tally.updated === 0;
  });
  return (
    <Stack gap={4} role="status" aria-label="Last sync">
      <Text size="sm">
        Last sync {when}: {describeTally(result.products, 'product')},{' '}
        {describeTally(result.customers, 'customer')}, {describeTally(result.orders, 'order')}.
        {isUnchanged ? ' Nothing had changed.' : ''}
      </Text>
      {result.issues.length > 0 ? (
        <Text size="xs" c="dimmed">
          {result.issues.slice(0, 3).join(' ')}
          {result.issues.length > 3 ? ` And ${result.issues.length - 3} more.` : ''}
        </Text>
      ) : null}
    </Stack>
  );
};

type ChannelSyncPanelProps = {
  connection: ChannelConnection;
  /** The store's latest sync job (undefined while it loads). */
  latestJob: Job | null | undefined;
  /** The running sync's live view, composed by the page (jobs belong to the jobs feature). */
  renderJob: (props: ChannelSyncJobViewProps) => ReactNode;
  /** Called when a sync ends (the page reads the orders and channels again). */
  onEnded?: (job: Job) => void;
  /** Called when a sync was already running: the page reads the latest job again. */
  onBusy?: () => void;
};

/**
 * A connected shop's sync on /ecommerce-services (issue 11): Re-sync, the running sync's
 * progress bar and counts, and the last sync's outcome.
 */
export const ChannelSyncPanel = ({
  connection,
  latestJob,
  renderJob,
  onEnded,
  onBusy,
}: ChannelSyncPanelProps) => {
  const start = useStartChannelSync();
  const [startedJob, setStartedJob] = useState<Job | null>(null);
  const job =
    startedJob && (!latestJob || latestJob.createdAt <= startedJob.createdAt)
      ? startedJob
      : latestJob;
  const isRunning = Boolean(job && isJobActive(job.status));
  const result = job?.result ? ChannelSyncResultSchema.safeParse(job.result) : null;

  const handleResync = () => {
    start.mutate(connection.id, {
      onSuccess: (started) => setStartedJob(started),
      onError: (error) => {
        if (error instanceof ApiError && error.reason === 'channel_sync_running') {
          onBusy?.();
          return;
        }
        showErrorToast(error instanceof ApiError ? error.message : 'The sync could not start.');
      },
    });
  };

  return (
    <Stack gap="sm">
      {job && isRunning
        ? renderJob({
            startedJob: job,
            label: 'The sync',
            formatCounts: formatChannelSyncCounts,
            onEnded: (ended) => {
              setStartedJob(ended);
              onEnded?.(ended);
            },
          })
        : null}
      {job && !isRunning ? (
        <SyncOutcome job={job} result={result?.success ? result.data : null} />
      ) : null}
      {!job && latestJob === null ? (
        <Text size="sm" c="dimmed">
          Not synced yet: Re-sync brings the shop’s products, customers and orders in.
        </Text>
      ) : null}
      <Group justify="flex-start">
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={handleResync}
          loading={start.isPending}
          disabled={isRunning}
        >
          Re-sync
        </Button>
      </Group>
    </Stack>
  );
};
