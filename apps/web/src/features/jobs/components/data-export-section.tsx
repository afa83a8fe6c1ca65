import { Button, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DATA_EXPORT_JOB_KIND, isJobActive, type Job } from '@atelier/contract/jobs/job';
import { useLatestJob, useStartDataExport } from '../api/job-queries';
import { useJobUpdates } from '../realtime/job-updates';
import { JobProgress } from './job-progress';

const plural = (count: number, word: string) =>
  `${count.toLocaleString()} ${word}${count === 1 ? '' : 's'}`;

const formatExportCounts = ({ tables = 0, rows = 0 }: Job['counts']) =>
  `${plural(tables, 'table')}, ${plural(rows, 'row')}`;

/**
 * "Export my data" (issue 8): what the archive holds, a button that starts an export, and the
 * latest export's progress with its download once done. Live while one runs.
 */
export const DataExportSection = () => {
  // Live while the section is on screen: connected before an export starts, so even a short one
  // shows its progress as it happens (polling covers a dropped connection).
  const isLive = useJobUpdates(true);
  const latest = useLatestJob(DATA_EXPORT_JOB_KIND, isLive);
  const start = useStartDataExport();
  const job = latest.data ?? null;

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      id="data-export"
      aria-labelledby="data-export-title"
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h4" id="data-export-title">
            Export my data
          </Title>
          <Text size="sm" c="dimmed">
            One archive (.tar.gz) with every table of your store, each as CSV for spreadsheets and
            JSON, plus a list of what is inside.
          </Text>
        </Stack>
        <List size="sm" spacing={2}>
          <List.Item>
            Store profile, people on your team, feature flags and external fields
          </List.Item>
          <List.Item>Favorites and the reviews you wrote</List.Item>
          <List.Item>Custom projects and supplier invites</List.Item>
          <List.Item>Conversations, messages and read markers</List.Item>
          <List.Item>Details of the files you uploaded</List.Item>
        </List>
        <Text size="xs" c="dimmed">
          Passwords and sign-in sessions are never exported.
        </Text>
        {latest.isPending ? (
          <Skeleton h={40} aria-label="Loading your latest export" />
        ) : job ? (
          <JobProgress
            job={job}
            label="Your data export"
            downloadLabel="Download archive"
            formatCounts={formatExportCounts}
          />
        ) : null}
        {job && isJobActive(job.status) ? null : (
          <Button
            variant={job?.status === 'COMPLETED' ? 'default' : 'filled'}
            onClick={() => start.mutate()}
            loading={start.isPending}
          >
            {job ? 'Export again' : 'Export my data'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
};
