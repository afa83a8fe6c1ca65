import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney } from '@atelier/contract/common/money';
import { canTransitionOrderItem } from '@atelier/contract/orders/order-item';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import { showSuccessToast } from '@/lib/notify';
import { useDeclinePartnerOrderItemCancel } from '../api/partner-order-item-queries';
import {
  formatDay,
  formatShippedOfTotal,
  formatUnits,
  isPartlyShipped,
  LINE_CATEGORY_LABELS,
} from '../partner-orders-format';
import { ConfirmCancelModal } from './confirm-cancel-modal';
import { ShipItemModal } from './ship-item-modal';
import { OrderItemStatusBadge } from './status-badges';

type PartnerOrderItemsTableProps = { items: readonly OrderItem[] };

const canShip = (item: OrderItem) =>
  item.status === 'IN_PRODUCTION' || item.status === 'IN_SUBSCRIPTION';

/** A store's cancel request the supplier has still to answer (the item can still be canceled). */
export const hasOpenCancelRequest = (item: OrderItem) =>
  item.cancelRequestedAt !== null && canTransitionOrderItem(item.status, 'CANCELED', item.kind);

const moneyOf = (item: OrderItem, amount: number) =>
  formatMoney({ amount, currencyCode: item.currencyCode });

/** The store's cancel request: when it asked and why; or, once canceled, the reason it gave. */
const CancelReason = ({ item }: { item: OrderItem }) => {
  if (!item.cancelReason) return null;
  const isOpen = hasOpenCancelRequest(item);
  if (!isOpen && item.status !== 'CANCELED') return null;
  return (
    <Text size="xs" c={isOpen ? undefined : 'dimmed'} mt={4} style={{ overflowWrap: 'anywhere' }}>
      <Text span inherit fw={600}>
        {isOpen && item.cancelRequestedAt
          ? `Store’s reason (${formatDay(item.cancelRequestedAt)}):`
          : 'Store’s reason:'}
      </Text>{' '}
      “{item.cancelReason}”
    </Text>
  );
};

type RowActionsProps = {
  item: OrderItem;
  onShip: () => void;
  onConfirmCancel: () => void;
};

/** Mark shipped; or, while the store asks to cancel, its two answers. */
const RowActions = ({ item, onShip, onConfirmCancel }: RowActionsProps) => {
  const decline = useDeclinePartnerOrderItemCancel();
  if (hasOpenCancelRequest(item)) {
    const handleDecline = () =>
      decline.mutate(
        { itemId: item.id },
        {
          onSuccess: (declined) =>
            showSuccessToast(
              `You declined ${declined.storeTitle}’s cancel request: ${declined.title} stays in production.`,
            ),
        },
      );
    return (
      <Stack gap={6} miw="max-content" ml="auto" w="fit-content">
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={decline.isPending}
          onClick={onConfirmCancel}
          aria-label={`Confirm cancel and refund of ${item.title}`}
        >
          Confirm cancel and refund
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={decline.isPending}
          onClick={handleDecline}
          aria-label={`Decline the cancel request for ${item.title}`}
        >
          Decline
        </Button>
      </Stack>
    );
  }
  return canShip(item) ? (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconTruckDelivery size={14} aria-hidden />}
      onClick={onShip}
      aria-label={`Mark ${item.title} shipped`}
    >
      Mark shipped
    </Button>
  ) : null;
};

/**
 * The company's paid order items: store, title, quantity, amount, status; shipping one, and
 * answering a store's request to cancel one (confirm and refund, or decline).
 */
export const PartnerOrderItemsTable = ({ items }: PartnerOrderItemsTableProps) => {
  const [shipping, setShipping] = useState<OrderItem | null>(null);
  const [canceling, setCanceling] = useState<OrderItem | null>(null);
  return (
    <>
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" highlightOnHover aria-label="Order items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Store</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => {
              const isCancelRequested = hasOpenCancelRequest(item);
              return (
                <Table.Tr
                  key={item.id}
                  data-testid="order-item-row"
                  bg={isCancelRequested ? 'var(--mantine-color-orange-light)' : undefined}
                  style={{ verticalAlign: 'top' }}
                >
                  <Table.Td maw={320}>
                    <Stack gap={0}>
                      <Text size="sm" fw={500} lineClamp={1} title={item.title}>
                        {item.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {item.kind === 'SAMPLE' ? 'Sample' : LINE_CATEGORY_LABELS[item.category]}
                      </Text>
                      <CancelReason item={item} />
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.storeTitle}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatUnits(item.quantity)}
                    </Text>
                    {isPartlyShipped(item) ? (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatShippedOfTotal(item)} shipped
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                      {moneyOf(item, item.amount)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <OrderItemStatusBadge status={item.status} />
                      {isPartlyShipped(item) ? (
                        <Badge color="teal" variant="outline" tt="none" miw="max-content">
                          Partially shipped
                        </Badge>
                      ) : null}
                      {isCancelRequested ? (
                        <Badge
                          color="orange"
                          variant="filled"
                          tt="none"
                          miw="max-content"
                          leftSection={<IconAlertTriangle size={12} aria-hidden />}
                        >
                          Cancel requested
                        </Badge>
                      ) : null}
                      {item.status === 'CANCELED' && item.refundedAmount > 0 ? (
                        <Text
                          size="xs"
                          c="dimmed"
                          style={{ whiteSpace: 'nowrap' }}
                          title="The item’s share of the store’s payment: goods, shipping and fees"
                        >
                          Refunded {moneyOf(item, item.refundedAmount)}
                        </Text>
                      ) : null}
                      {item.trackingNumber ? (
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {item.carrier} {item.trackingNumber}
                          {item.shipments.length > 1 ? ` (latest of ${item.shipments.length})` : ''}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDay(item.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <RowActions
                      item={item}
                      onShip={() => setShipping(item)}
                      onConfirmCancel={() => setCanceling(item)}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shipping ? (
        <ShipItemModal
          item={shipping}
          onClose={() => setShipping(null)}
          onShipped={(item) => {
            setShipping(null);
            showSuccessToast(
              item.status === 'SHIPPED'
                ? `${item.title} is marked shipped.`
                : `Parcel sent: ${formatShippedOfTotal(item)} units of ${item.title} shipped.`,
            );
          }}
        />
      ) : null}
      {canceling ? (
        <ConfirmCancelModal
          item={canceling}
          onClose={() => setCanceling(null)}
          onCanceled={(item) => {
            setCanceling(null);
            showSuccessToast(
              item.refundedAmount > 0
                ? `${item.title} is canceled; ${item.storeTitle} is refunded ${moneyOf(item, item.refundedAmount)}.`
                : `${item.title} is canceled.`,
            );
          }}
        />
      ) : null}
    </>
  );
};
