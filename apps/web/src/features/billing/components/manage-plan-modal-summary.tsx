import { Alert, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { BillingOverview } from '@atelier/contract/billing/billing-api';
import { SUBSCRIPTION_STATUS_LABELS } from '@atelier/contract/billing/subscription';
import { PLAN_NAMES } from '@atelier/contract/identity/plans';
import {
  formatBillingAmount,
  formatBillingDate,
  formatPlanPrice,
  INTERVAL_LABELS,
} from './plan-picker';

/** The status as a user reads it: the contract's label, "Paused" or "Canceling" where so. */
const statusTextOf = (overview: BillingOverview): { text: string; color: string } => {
  const subscription = overview.subscription;
  if (!subscription) return { text: 'No subscription', color: 'gray' };
  if (subscription.isPaused) return { text: 'Paused', color: 'yellow' };
  if (subscription.cancelAtPeriodEnd && subscription.status !== 'CANCELED') {
    return { text: 'Canceling', color: 'orange' };
  }
  const color = subscription.hasPaymentProblem
    ? 'red'
    : subscription.status === 'CANCELED'
      ? 'gray'
      : 'green';
  return { text: SUBSCRIPTION_STATUS_LABELS[subscription.status], color };
};

type Row = { label: string; value: string };

/** The facts of the subscription worth a line each, in the order a user asks them. */
const rowsOf = (overview: BillingOverview): Row[] => {
  const subscription = overview.subscription;
  const rows: Row[] = [];
  if (!subscription) return rows;
  rows.push({
    label: 'Price',
    value: formatPlanPrice(
      subscription.unitAmount,
      subscription.currencyCode,
      subscription.interval,
    ),
  });
  if (subscription.trialEndsAt && subscription.status === 'TRIALING') {
    rows.push({ label: 'Trial ends', value: formatBillingDate(subscription.trialEndsAt) });
  }
  if (subscription.status !== 'CANCELED') {
    rows.push({
      label: subscription.cancelAtPeriodEnd ? 'Plan ends' : 'Current period ends',
      value: formatBillingDate(subscription.currentPeriodEnd),
    });
  } else if (subscription.endedAt) {
    rows.push({ label: 'Ended', value: formatBillingDate(subscription.endedAt) });
  }
  if (subscription.isPaused && subscription.resumesAt) {
    rows.push({ label: 'Resumes', value: formatBillingDate(subscription.resumesAt) });
  }
  if (subscription.pendingChange) {
    const change = subscription.pendingChange;
    rows.push({
      label: 'Scheduled change',
      value: `${PLAN_NAMES[change.planType]}, ${INTERVAL_LABELS[change.interval].toLowerCase()}, on ${formatBillingDate(change.effectiveAt)}`,
    });
  }
  if (subscription.discount) {
    const discount = subscription.discount;
    rows.push({
      label: 'Discount',
      value: `${discount.percentOff}% off your next ${discount.invoicesRemaining} ${discount.invoicesRemaining === 1 ? 'invoice' : 'invoices'} (${discount.code})`,
    });
  }
  return rows;
};

/**
 * Spec §4 plan management overview: the store's plan and its status, price, period end and next
 * invoice (the plan modal's first step and /homebase/subscription-updated).
 */
export const SubscriptionSummary = ({ overview }: { overview: BillingOverview }) => {
  const status = statusTextOf(overview);
  const next = overview.upcomingInvoice;
  return (
    <Stack gap="sm" data-testid="subscription-summary">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            Your plan
          </Text>
          <Title order={3} fz="h3" data-testid="summary-plan-name">
            {PLAN_NAMES[overview.planType]}
          </Title>
        </Stack>
        <Badge color={status.color} variant="light" tt="none" data-testid="summary-status">
          {status.text}
        </Badge>
      </Group>
      {overview.subscription?.hasPaymentProblem ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Payment problem">
          Your last invoice could not be charged. Update your card under Payment methods on your
          account&apos;s billing section; it is charged again then.
        </Alert>
      ) : null}
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          {rowsOf(overview).map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th w="40%">{row.label}</Table.Th>
              <Table.Td>{row.value}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th w="40%">Next invoice</Table.Th>
            <Table.Td data-testid="summary-next-invoice">
              {next
                ? `${formatBillingAmount(next.amountDue, next.currencyCode)} on ${formatBillingDate(next.date)}`
                : 'None scheduled'}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
};
