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
  UnstyledButton,
} from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { formatMoney } from '@atelier/contract/common/money';
import {
  RETURN_STATUS_LABELS,
  type Return,
  type ReturnStatus,
} from '@atelier/contract/fulfillment/returns';
import { useReturns } from '../api/return-queries';
import { formatDate } from './return-format';
import { ReturnStatusBadge } from './return-status-badge';
import { RETURN_STATUS_FILTERS } from './search-params';

const ALL = 'ALL';

const NoReturns = ({ status }: { status: ReturnStatus | undefined }) => (
  <Paper withBorder radius="md" p="xl" data-testid="no-returns">
    <EmptyState
      icon={<IconArrowBackUp size={28} stroke={1.5} />}
      variant="light"
      title={status ? `No returns are “${RETURN_STATUS_LABELS[status]}”` : 'No returns yet'}
      description="When a customer sends back items of an order that left the fulfillment center, create the return from the order’s page. Every unit is inspected on arrival and good ones go back to your stock."
    />
  </Paper>
);

const unitsOf = (row: Return) => row.lines.reduce((sum, line) => sum + line.quantity, 0);

const ReturnRow = ({ row, onOpen }: { row: Return; onOpen: (handle: string) => void }) => (
  <Table.Tr
    data-testid={`return-${row.handle}`}
    style={{ cursor: 'pointer' }}
    onClick={() => onOpen(row.handle)}
  >
    <Table.Td>
      <UnstyledButton
        fw={500}
        c="blue"
        fz="sm"
        onClick={(event) => {
          event.stopPropagation();
          onOpen(row.handle);
        }}
      >
        {row.handle}
      </UnstyledButton>
    </Table.Td>
    <Table.Td>
      <Text size="sm">{row.order.orderNumber}</Text>
      <Text size="xs" c="dimmed">
        {row.order.customerName ?? 'No customer'}
      </Text>
    </Table.Td>
    <Table.Td>
      <ReturnStatusBadge status={row.status} />
    </Table.Td>
    <Table.Td ta="right">{unitsOf(row).toLocaleString('en-US')}</Table.Td>
    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
      {row.refund ? formatMoney(row.refund) : '—'}
    </Table.Td>
    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.createdAt)}</Table.Td>
  </Table.Tr>
);

type ReturnListProps = {
  status: ReturnStatus | undefined;
  onStatusChange: (status: ReturnStatus | undefined) => void;
  onOpen: (handle: string) => void;
};

/**
 * Spec §7 return-orders list (issue 15, /return-settings): the store's returns newest first, by
 * status (RECEIVED reads Complete), with keyset pages; a row opens the return.
 */
export const ReturnList = ({ status, onStatusChange, onOpen }: ReturnListProps) => {
  const returns = useReturns(status ?? null);
  const rows = returns.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md">
      <Tabs
        value={status ?? ALL}
        onChange={(next) => onStatusChange(RETURN_STATUS_FILTERS.find((one) => one === next))}
      >
        <Tabs.List>
          <Tabs.Tab value={ALL}>All</Tabs.Tab>
          {RETURN_STATUS_FILTERS.map((one) => (
            <Tabs.Tab key={one} value={one}>
              {RETURN_STATUS_LABELS[one]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {returns.isError ? (
        <Alert color="red" title="The returns could not be loaded">
          <Group gap="sm">
            <Text size="sm">Check the connection and try again.</Text>
            <Button size="compact-sm" variant="light" onClick={() => void returns.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : returns.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the returns">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={44} radius="sm" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <NoReturns status={status} />
      ) : (
        <>
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={720}>
              <Table highlightOnHover verticalSpacing="xs" aria-label="Returns">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Return</Table.Th>
                    <Table.Th>Order</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Units</Table.Th>
                    <Table.Th ta="right">Refund</Table.Th>
                    <Table.Th>Created</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <ReturnRow key={row.id} row={row} onOpen={onOpen} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          {returns.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                loading={returns.isFetchingNextPage}
                onClick={() => {
                  if (!returns.isFetchingNextPage) void returns.fetchNextPage();
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
