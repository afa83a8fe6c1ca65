import {
  Alert,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { formatUsd } from '@atelier/contract/common/money';
import { MetricsQuerySchema, type MetricsFigures } from '@atelier/contract/fulfillment/fees';
import { defaultPeriod } from './report-start-form';
import { useFulfillmentMetrics } from './report-queries';

const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)} %`);
const hours = (value: number | null) =>
  value === null ? '—' : `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} h`;
const cents = (value: number | null) => (value === null ? '—' : formatUsd(value));

const Figure = ({ label, value, hint }: { label: string; value: string; hint: string }) => (
  <Paper withBorder radius="md" p="md">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text fz="xl" fw={700} aria-label={`${label}: ${value}`}>
      {value}
    </Text>
    <Text size="xs" c="dimmed">
      {hint}
    </Text>
  </Paper>
);

const Figures = ({ totals }: { totals: MetricsFigures }) => (
  <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
    <Figure
      label="Shipped on time"
      value={percent(totals.onTimeRate)}
      hint={`${totals.shippedOnTime} of ${totals.ordersShipped} orders within 2 business days`}
    />
    <Figure
      label="Average time to ship"
      value={hours(totals.averageHoursToShip)}
      hint="From the order to its first parcel"
    />
    <Figure
      label="Accuracy"
      value={percent(totals.accuracy)}
      hint={`${totals.recreated} of ${totals.shipments} labels recreated`}
    />
    <Figure
      label="Cost per order"
      value={cents(totals.costPerOrderCents)}
      hint="Fulfillment fees and label"
    />
  </SimpleGrid>
);

/**
 * Issue 15 /fulfillment-metrics: over a period (the last 30 days first), orders shipped on time,
 * average time to ship, accuracy (labels not recreated) and cost per order, then week by week.
 */
export const FulfillmentMetricsView = () => {
  const [period, setPeriod] = useState(defaultPeriod);
  const parsed = MetricsQuerySchema.safeParse(period);
  const metrics = useFulfillmentMetrics(parsed.success ? parsed.data : defaultPeriod());
  const periodError = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Not a period.');

  return (
    <Stack gap="lg">
      <Group align="flex-start">
        <TextInput
          type="date"
          label="From"
          value={period.from}
          onChange={(event) => setPeriod({ ...period, from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="To"
          value={period.to}
          onChange={(event) => setPeriod({ ...period, to: event.currentTarget.value })}
          error={periodError}
        />
      </Group>
      {metrics.isPending ? (
        <Skeleton h={120} aria-label="Loading the fulfillment metrics" />
      ) : metrics.isError ? (
        <Alert color="red" role="alert" title="The metrics could not be loaded">
          Try again in a moment.
        </Alert>
      ) : metrics.data.totals.ordersShipped === 0 && metrics.data.totals.shipments === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text fw={600}>No orders shipped in this period</Text>
          <Text size="sm" c="dimmed">
            Once the fulfillment center ships your orders, their times and costs show here.
          </Text>
        </Paper>
      ) : (
        <>
          <Figures totals={metrics.data.totals} />
          <Stack gap="xs">
            <Title order={2} fz="h4">
              By week
            </Title>
            <Table.ScrollContainer minWidth={560}>
              <Table striped aria-label="Fulfillment metrics by week">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Week of</Table.Th>
                    <Table.Th ta="right">Orders shipped</Table.Th>
                    <Table.Th ta="right">On time</Table.Th>
                    <Table.Th ta="right">Time to ship</Table.Th>
                    <Table.Th ta="right">Accuracy</Table.Th>
                    <Table.Th ta="right">Cost per order</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {metrics.data.weeks.map((week) => (
                    <Table.Tr key={week.weekStart}>
                      <Table.Td>{week.weekStart}</Table.Td>
                      <Table.Td ta="right">{week.ordersShipped}</Table.Td>
                      <Table.Td ta="right">{percent(week.onTimeRate)}</Table.Td>
                      <Table.Td ta="right">{hours(week.averageHoursToShip)}</Table.Td>
                      <Table.Td ta="right">{percent(week.accuracy)}</Table.Td>
                      <Table.Td ta="right">{cents(week.costPerOrderCents)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </>
      )}
    </Stack>
  );
};
