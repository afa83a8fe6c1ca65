import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isJobActive, type Job } from '@atelier/contract/jobs/job';
import { showErrorToast } from '@/lib/notify';
import { downloadJobFile, useCancelJob } from '../api/job-queries';

type JobProgressProps = {
  job: Job;
  /** What the job is, in words ("Your data export"), for the confirmation and status lines. */
  label: string;
  /** Label of the download button of a completed job with a file. */
  downloadLabel?: string;
  /** Words for the job's counts ("3 tables, 120 rows"); by default each count with its name. */
  formatCounts?: (counts: Job['counts']) => string;
};

const formatEachCount = (counts: Job['counts']) =>
  Object.entries(counts)
    .map(([name, value]) => `${value.toLocaleString()} ${name}`)
    .join(' · ');

const formatSize = (bytes: number | undefined) => {
  if (bytes === undefined) return null;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};

/**
 * Any long task's state (issue 8): a progress bar with the job's message, percentage and counts
 * while it runs, with Cancel (confirmed); its outcome once it has ended, with Download when it
 * produced a file. Every module's long task shows its job with this.
 */
export const JobProgress = ({
  job,
  label,
  downloadLabel = 'Download',
  formatCounts = formatEachCount,
}: JobProgressProps) => {
  const cancel = useCancelJob();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isDownloading, setIsDownloading] = useState(false);
  const isActive = isJobActive(job.status);
  const counts = formatCounts(job.counts);

  const handleConfirmCancel = () => {
    cancel.mutate(job.id, { onSettled: () => setIsConfirming(false) });
  };

  const handleDownload = () => {
    setIsDownloading(true);
    downloadJobFile(job)
      .catch(() => showErrorToast(`${label} could not be downloaded. Try again.`))
      .finally(() => setIsDownloading(false));
  };

  if (job.status === 'FAILED') {
    return (
      <Alert color="red" title={`${label} failed`} role="status">
        <Text size="sm">{job.error ?? 'Something went wrong.'}</Text>
      </Alert>
    );
  }
  if (job.status === 'CANCELED') {
    return (
      <Text size="sm" c="dimmed" role="status">
        {label} was canceled.
      </Text>
    );
  }
  if (job.status === 'COMPLETED') {
    const size = formatSize(job.result?.sizeBytes);
    return (
      <Stack gap="xs" role="status" aria-label={`${label} is ready`}>
        <Progress value={100} color="teal" size="md" aria-label={`${label}: complete`} />
        <Text size="sm">
          {label} is ready{counts ? ` (${counts})` : ''}.
        </Text>
        {job.result?.fileName ? (
          <Group>
            <Button size="sm" onClick={handleDownload} loading={isDownloading}>
              {downloadLabel}
              {size ? ` (${size})` : ''}
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={500} truncate>
          {job.status === 'QUEUED'
            ? (job.message ?? 'Waiting to start')
            : (job.message ?? 'Working')}
        </Text>
        <Text size="sm" fw={600} aria-hidden>
          {job.progress}%
        </Text>
      </Group>
      <Progress
        value={job.progress}
        size="md"
        striped
        animated={isActive}
        aria-label={`${label}: ${job.progress}%`}
      />
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="xs" c="dimmed">
          {counts || ' '}
        </Text>
        <Button size="xs" variant="subtle" color="red" onClick={() => setIsConfirming(true)}>
          Cancel
        </Button>
      </Group>
      <Modal
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={`Cancel ${label.toLowerCase()}?`}
        centered
      >
        <Text size="sm">It stops now, and nothing it has made so far is kept.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setIsConfirming(false)} data-autofocus>
            Keep going
          </Button>
          <Button color="red" onClick={handleConfirmCancel} loading={cancel.isPending}>
            Cancel it
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
};
