import {
  Alert,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { IconPlus, IconTruckDelivery } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import {
  RECEIVING_STATUS_LABELS,
  type ReceivingStatus,
  type ReceivingSummary,
} from '@atelier/contract/fulfillment/receiving';
import { AppAnchor } from '@/components/ui/app-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { hrefs, paths } from '@/config/paths';
import { useReceivings } from '../api/receiving-queries';
import { formatDate, formatDay, formatUnits, RECEIVING_SOURCE_LABELS } from './receiving-format';
import { ReceivingStatusBadge } from './receiving-status-badge';
import { RECEIVING_STATUS_FILTERS } from './search-params';

const ALL = 'ALL';

const NewReceivingButton = () => (
  <LinkButton href={paths.newReceiving} leftSection={<IconPlus size={16} aria-hidden />}>
    New receiving
  </LinkButton>
);

const NoReceivings = ({ status }: { status: ReceivingStatus | undefined }) => (
  <Paper withBorder radius="md" p="xl" data-testid="no-receivings">
    <EmptyState
      icon={<IconTruckDelivery size={28} stroke={1.5} />}
      variant="light"
      title={
        status ? `No receivings are “${RECEIVING_STATUS_LABELS[status]}”` : 'No receivings yet'
      }
      description="Announce goods you send to the fulfillment center, from a sourcing order stored there or bought elsewhere, and they are counted into your stock when they arrive."
    >
      <NewReceivingButton />
    </EmptyState>
  </Paper>
);

/** "12 of 12" once counted, "12 expected" before. */
const unitsOf = (row: ReceivingSummary) =>
  row.receivedUnits === null
    ? `${formatUnits(row.expectedUnits)} expected`
    : `${formatUnits(row.receivedUnits)} of ${formatUnits(row.expectedUnits)}`;

const ReceivingRow = ({ row }: { row: ReceivingSummary }) => {
  const router = useRouter();
  const href = hrefs.receivingDetails(row.sn);
  return (
    <Table.Tr
      data-testid={`receiving-${row.sn}`}
      style={{ cursor: 'pointer' }}
      // The number is the row's link for the keyboard; a click anywhere else on the row opens it too.
      onClick={(event) => {
        if (!event.defaultPrevented) void router.navigate({ href });
      }}
    >
      <Table.Td>
        <AppAnchor href={href} fw={500} style={{ whiteSpace: 'nowrap' }}>
          {row.sn}
        </AppAnchor>
        <Text size="xs" c="dimmed">
          {RECEIVING_SOURCE_LABELS[row.source]}
        </Text>
      </Table.Td>
      <Table.Td>
        <ReceivingStatusBadge status={row.status} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{row.carrier}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {row.trackingNumber}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {row.expectedArrivalDate ? formatDay(row.expectedArrivalDate) : '—'}
      </Table.Td>
      <Table.Td ta="right">{formatUnits(row.itemCount)}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {unitsOf(row)}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.createdAt)}</Table.Td>
    </Table.Tr>
  );
};

type ReceivingListProps = {
  /** Every status unless given. */
  status: ReceivingStatus | undefined;
  onStatusChange: (status: ReceivingStatus | undefined) => void;
};

/**
 * Spec §2 /receivings (issue 15): the store's receivings newest first, by status, with keyset
 * pages; a row opens the receiving.
 */
export const ReceivingList = ({ status, onStatusChange }: ReceivingListProps) => {
  const receivings = useReceivings(status ?? null);
  const rows = receivings.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md">
      <Tabs
        value={status ?? ALL}
        onChange={(next) => onStatusChange(RECEIVING_STATUS_FILTERS.find((one) => one === next))}
      >
        <Tabs.List>
          <Tabs.Tab value={ALL}>All</Tabs.Tab>
          {RECEIVING_STATUS_FILTERS.map((one) => (
            <Tabs.Tab key={one} value={one}>
              {RECEIVING_STATUS_LABELS[one]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {receivings.isError ? (
        <Alert color="red" title="The receivings could not be loaded">
          <Group gap="sm">
            <Text size="sm">Check the connection and try again.</Text>
            <Button size="compact-sm" variant="light" onClick={() => void receivings.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : receivings.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the receivings">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={44} radius="sm" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <NoReceivings status={status} />
      ) : (
        <>
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={860}>
              <Table highlightOnHover verticalSpacing="xs" aria-label="Receivings">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Receiving</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Carrier and tracking</Table.Th>
                    <Table.Th>Expected arrival</Table.Th>
                    <Table.Th ta="right">Items</Table.Th>
                    <Table.Th ta="right">Units</Table.Th>
                    <Table.Th>Created</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <ReceivingRow key={row.id} row={row} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          {receivings.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                loading={receivings.isFetchingNextPage}
                onClick={() => {
                  if (!receivings.isFetchingNextPage) void receivings.fetchNextPage();
                }}
              >
                Load more
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
};
