import {
  Badge,
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
import { useMediaQuery } from '@mantine/hooks';
import { IconPackage } from '@tabler/icons-react';
import {
  ORDER_ITEM_TAB_LABELS,
  ORDER_ITEM_TABS,
  type OrderItemTab,
} from '@atelier/contract/orders/order-item';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import { LoadError } from '@/components/ui/load-error';
import { ScrollableTabsList } from '@/components/ui/scrollable-tabs-list';
import { useOrderItems } from '../api/order-item-queries';
import { useOrderItemTabCounts } from '../api/tab-counts-queries';
import {
  formatAmount,
  formatDate,
  formatReceivedUnits,
  formatShippedUnits,
  ORDER_ITEM_KIND_LABELS,
  partialProgressOf,
} from '../orders-format';
import { OrderItemStatusBadge, PartialProgressBadge } from './order-badges';
import { OrderItemDrawer } from './order-item-drawer';

const EMPTY_TITLE: Record<OrderItemTab, string> = {
  ALL: 'No orders yet',
  PAYMENT_PENDING: 'No payment pending',
  IN_PRODUCTION: 'Nothing in production',
  SHIPPED: 'Nothing shipped yet',
  CANCELED: 'Nothing canceled',
};

const EMPTY_TEXT: Record<OrderItemTab, string> = {
  ALL: 'Samples and production runs you pay for at checkout show here, with their status and shipments.',
  PAYMENT_PENDING: 'No payment is waiting to be settled.',
  IN_PRODUCTION: 'Nothing is in production right now.',
  SHIPPED: 'Nothing has shipped yet.',
  CANCELED: 'No item was canceled.',
};

/** The latest parcel's tracking, and how many parcels there are when more than one. */
const trackingOf = (item: OrderItem) => {
  if (!item.trackingNumber) return '—';
  const latest = `${item.carrier ? `${item.carrier} ` : ''}${item.trackingNumber}`;
  return item.shipments.length > 1 ? `${latest} (+${item.shipments.length - 1} more)` : latest;
};

/** The status, and under it how far a partial shipment has come. */
const ItemStatus = ({ item }: { item: OrderItem }) => {
  const progress = partialProgressOf(item);
  return (
    <Stack gap={4} align="flex-start">
      <OrderItemStatusBadge status={item.status} />
      {progress ? (
        <>
          <PartialProgressBadge progress={progress} />
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {progress === 'Partially shipped'
              ? `${formatShippedUnits(item)} shipped`
              : `${formatReceivedUnits(item)} received`}
          </Text>
        </>
      ) : null}
    </Stack>
  );
};

type ItemProps = { item: OrderItem; onOpen: (id: string) => void };

/** The item's title, a button that opens its detail (keyboard and screen reader included). */
const ItemTitle = ({ item, onOpen }: ItemProps) => (
  <UnstyledButton
    onClick={() => onOpen(item.id)}
    aria-label={`Open ${item.title}`}
    style={{ textAlign: 'left' }}
  >
    <Text size="sm" fw={500} c="indigo.7" style={{ overflowWrap: 'anywhere' }} td="underline">
      {item.title}
    </Text>
  </UnstyledButton>
);

const ItemCard = ({ item, onOpen }: ItemProps) => (
  <Paper component="li" withBorder radius="md" p="sm" data-testid="order-item-card">
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <ItemTitle item={item} onOpen={onOpen} />
        <ItemStatus item={item} />
      </Group>
      <Text size="sm" c="dimmed">
        {ORDER_ITEM_KIND_LABELS[item.kind]} · {item.supplierName} ·{' '}
        {formatAmount(item.amount, item.currencyCode)}
      </Text>
      {item.trackingNumber ? <Text size="xs">Tracking: {trackingOf(item)}</Text> : null}
    </Stack>
  </Paper>
);

const ItemsTable = ({
  items,
  onOpen,
}: {
  items: readonly OrderItem[];
  onOpen: (id: string) => void;
}) => (
  <Paper withBorder radius="md">
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Order items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>Supplier</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Tracking</Table.Th>
            <Table.Th>Ordered</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr
              key={item.id}
              onClick={() => onOpen(item.id)}
              style={{ cursor: 'pointer' }}
              data-testid="order-item-row"
            >
              <Table.Td>
                <ItemTitle item={item} onOpen={onOpen} />
                <Text size="xs" c="dimmed">
                  {ORDER_ITEM_KIND_LABELS[item.kind]} · {item.quantity.toLocaleString('en-US')} ×{' '}
                  {formatAmount(item.unitPrice, item.currencyCode)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{item.supplierName}</Text>
              </Table.Td>
              <Table.Td>
                <ItemStatus item={item} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatAmount(item.amount, item.currencyCode)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {trackingOf(item)}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDate(item.createdAt)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  </Paper>
);

const TabItems = ({ tab, onOpen }: { tab: OrderItemTab; onOpen: (id: string) => void }) => {
  const items = useOrderItems(tab);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  if (items.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading order items">
        <Skeleton h={52} />
        <Skeleton h={52} />
        <Skeleton h={52} />
      </Stack>
    );
  }
  if (items.isError) {
    return (
      <Paper withBorder radius="md" p="lg">
        <LoadError
          message="The order items could not be loaded."
          onRetry={() => void items.refetch()}
          isStacked
        />
      </Paper>
    );
  }
  if (items.data.items.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconPackage size={28} stroke={1.5} />}
          variant="light"
          title={EMPTY_TITLE[tab]}
          description={EMPTY_TEXT[tab]}
        />
      </Paper>
    );
  }
  return isPhone ? (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.data.items.map((item) => (
        <ItemCard key={item.id} item={item} onOpen={onOpen} />
      ))}
    </Stack>
  ) : (
    <ItemsTable items={items.data.items} onOpen={onOpen} />
  );
};

type OrderItemsViewProps = {
  tab: OrderItemTab;
  onTabChange: (tab: OrderItemTab) => void;
  /** The item whose detail is open, or null. */
  itemId: string | null;
  onOpenItem: (itemId: string | null) => void;
  invoiceHrefOf: (invoiceId: string) => string;
  reviewHrefOf: (itemId: string) => string;
};

/**
 * Spec §2 /inbox/orders (Orders & Shipments, issue 12): the store's bought order items by tab,
 * with their counts; an item opens its detail with the status timeline.
 */
export const OrderItemsView = ({
  tab,
  onTabChange,
  itemId,
  onOpenItem,
  invoiceHrefOf,
  reviewHrefOf,
}: OrderItemsViewProps) => {
  const counts = useOrderItemTabCounts();
  return (
    <Stack gap="md">
      <Tabs
        value={tab}
        onChange={(next) => onTabChange((next as OrderItemTab | null) ?? 'ALL')}
        variant="pills"
      >
        <ScrollableTabsList>
          {ORDER_ITEM_TABS.map((value) => (
            <Tabs.Tab
              key={value}
              value={value}
              // The row scrolls sideways on phones; a squeezed tab would clip its count.
              style={{ flexShrink: 0 }}
              rightSection={
                counts.data ? (
                  <Badge size="xs" variant={value === tab ? 'white' : 'light'}>
                    {counts.data.counts[value]}
                  </Badge>
                ) : null
              }
            >
              {ORDER_ITEM_TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </ScrollableTabsList>
      </Tabs>
      <TabItems tab={tab} onOpen={onOpenItem} />
      <OrderItemDrawer
        itemId={itemId}
        onClose={() => onOpenItem(null)}
        invoiceHrefOf={invoiceHrefOf}
        reviewHrefOf={reviewHrefOf}
      />
    </Stack>
  );
};
