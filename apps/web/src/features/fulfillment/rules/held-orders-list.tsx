import {
  Badge,
  Button,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  HOLD_REASON_LABELS,
  type HoldReason,
  type OrderHold,
} from '@atelier/contract/fulfillment/rules';
import { AppAnchor } from '@/components/ui/app-anchor';
import { LoadError } from '@/components/ui/load-error';
import { hrefs } from '@/config/paths';
import { useHolds, useReleaseHold } from './rule-queries';

const REASON_COLORS: Record<HoldReason, string> = {
  MISSING_STOCK: 'orange',
  ADDRESS_PROBLEM: 'red',
  RULE: 'blue',
};

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const when = (iso: string) => dateFormat.format(new Date(iso));

const ReleaseButton = ({ hold }: { hold: OrderHold }) => {
  const release = useReleaseHold();
  return (
    <Button
      size="xs"
      variant="light"
      loading={release.isPending}
      aria-label={`Release ${hold.orderName} (${HOLD_REASON_LABELS[hold.reason]})`}
      onClick={() =>
        release.mutate(
          { holdId: hold.id },
          {
            onSuccess: () =>
              notifications.show({
                color: 'green',
                message: `${hold.orderName} released from its ${HOLD_REASON_LABELS[hold.reason].toLowerCase()} hold.`,
              }),
          },
        )
      }
    >
      Release
    </Button>
  );
};

/**
 * Issue 15 held orders: orders that do not ship until their holds are released, with the reason
 * (missing stock, address problem, a rule) and what is wrong; Release lets one ship. Released
 * holds can be looked back on. A missing-stock hold goes by itself when the stock arrives.
 */
export const HeldOrdersList = () => {
  const [status, setStatus] = useState<'OPEN' | 'RELEASED'>('OPEN');
  const holds = useHolds(status);
  const items = holds.data?.items ?? [];
  const isOpen = status === 'OPEN';

  let content;
  if (holds.isPending) {
    content = (
      <Stack aria-label="Loading held orders">
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  } else if (holds.isError) {
    content = (
      <LoadError message="Held orders could not be loaded." onRetry={() => void holds.refetch()} />
    );
  } else if (items.length === 0) {
    content = (
      <Paper withBorder p="xl">
        <Text size="sm" c="dimmed" ta="center">
          {isOpen
            ? 'No orders are on hold: every order can ship.'
            : 'No hold has been released yet.'}
        </Text>
      </Paper>
    );
  } else {
    content = (
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" aria-label={isOpen ? 'Held orders' : 'Released holds'}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Detail</Table.Th>
              <Table.Th>{isOpen ? 'Held since' : 'Released'}</Table.Th>
              <Table.Th>{isOpen ? <VisuallyHidden>Actions</VisuallyHidden> : 'By'}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((hold) => (
              <Table.Tr key={hold.id} data-testid={`hold-${hold.id}`}>
                <Table.Td>
                  <AppAnchor href={hrefs.orderDetails(hold.orderId)}>{hold.orderName}</AppAnchor>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={REASON_COLORS[hold.reason]}>
                    {HOLD_REASON_LABELS[hold.reason]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{hold.detail}</Text>
                  {hold.releaseNote && (
                    <Text size="xs" c="dimmed">
                      {hold.releaseNote}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {when(isOpen ? hold.createdAt : (hold.releasedAt ?? hold.createdAt))}
                </Table.Td>
                <Table.Td>{isOpen ? <ReleaseButton hold={hold} /> : hold.releasedBy}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <SegmentedControl
        w="fit-content"
        aria-label="Holds to show"
        value={status}
        onChange={setStatus}
        data={[
          { value: 'OPEN', label: 'On hold' },
          { value: 'RELEASED', label: 'Released' },
        ]}
      />
      {content}
    </Stack>
  );
};
