import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { Job } from '@atelier/contract/jobs/job';
import {
  type OrderImportResult,
  OrderImportResultSchema,
} from '@atelier/contract/sales/order-import';
import { ImportIssues } from '@/components/import/import-issues';

const plural = (count: number, word: string) =>
  `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

/** The job's counts while it runs: "120 orders · 3 refunds". */
export const formatOrderImportCounts = ({ orders = 0, refunds = 0 }: Job['counts']) =>
  `${plural(orders, 'order')} · ${plural(refunds, 'refund')}`;

/** The headline of a finished import, also said in a toast when the dialog was closed. */
export const describeOrderImport = (result: OrderImportResult): string => {
  if (result.issueCount > 0 && result.mode === 'ALL_OR_NOTHING') {
    return `Nothing was imported: ${plural(result.issueCount, 'row')} ${result.issueCount === 1 ? 'has a problem' : 'have problems'}.`;
  }
  return `${plural(result.orders, 'order')} imported.`;
};

const Figure = ({ value, label }: { value: number; label: string }) => (
  <Paper withBorder radius="md" p="sm">
    <Text fz="xl" fw={700} lh={1.2}>
      {value.toLocaleString('en-US')}
    </Text>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
  </Paper>
);

/** Titles of light alerts are too faint to read on their background: the headline is text. */
const OutcomeAlert = ({ result }: { result: OrderImportResult }) => {
  const hasIssues = result.issueCount > 0;
  const isNothingImported = hasIssues && result.mode === 'ALL_OR_NOTHING';
  const detail = isNothingImported
    ? 'Fix the rows below and import the file again, or import it with “Import the valid rows”.'
    : hasIssues
      ? `${plural(result.issueCount, 'row')} ${result.issueCount === 1 ? 'was' : 'were'} skipped, with the orders they belong to.`
      : result.skippedOrders > 0 && result.orders === 0
        ? 'Every order of this file was imported before: nothing changed.'
        : null;
  return (
    <Alert
      color={isNothingImported ? 'red' : hasIssues ? 'yellow' : 'teal'}
      icon={
        hasIssues ? (
          <IconAlertTriangle size={18} aria-hidden />
        ) : (
          <IconCircleCheck size={18} aria-hidden />
        )
      }
      role={isNothingImported ? 'alert' : 'status'}
    >
      <Stack gap={4}>
        <Text size="sm" fw={700}>
          {describeOrderImport(result)}
        </Text>
        {detail ? <Text size="sm">{detail}</Text> : null}
      </Stack>
    </Alert>
  );
};

/**
 * What a completed order import did (its OrderImportResult): orders imported, those already
 * imported (importing a file again changes nothing), refunds, and the problems by row.
 */
export const OrderImportSummary = ({ job }: { job: Job }) => {
  const parsed = OrderImportResultSchema.safeParse(job.result);
  if (!parsed.success) {
    return (
      <Alert color="yellow" title="The import has finished" role="status">
        <Text size="sm">
          Its summary could not be read. The orders list shows what was imported.
        </Text>
      </Alert>
    );
  }
  const result = parsed.data;
  return (
    <Stack gap="md">
      <OutcomeAlert result={result} />
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
        <Figure value={result.orders} label="Orders imported" />
        <Figure value={result.skippedOrders} label="Already imported, skipped" />
        <Figure value={result.customers} label="New customers" />
        <Figure value={result.refunds} label="Refunds recorded" />
        <Figure value={result.rows} label="Rows read" />
      </SimpleGrid>
      {result.unmatchedRefunds > 0 ? (
        <Text size="sm" c="dimmed">
          {plural(result.unmatchedRefunds, 'refund')} had no earlier order of the same customer to
          land on and {result.unmatchedRefunds === 1 ? 'was' : 'were'} left out.
        </Text>
      ) : null}
      {result.issueCount > 0 ? (
        <Stack gap="xs">
          <Title order={3} fz="sm">
            Problems by row
          </Title>
          <ImportIssues
            issues={result.issues}
            total={result.issueCount}
            label="Problems found in the file"
          />
        </Stack>
      ) : null}
    </Stack>
  );
};
