import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconClockPause, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { ORDER_ITEM_STATUS_LABELS } from '@atelier/contract/orders/order-item';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import { SHIPPING_MODE_LABELS } from '@atelier/contract/orders/order-item';
import { AppAnchor } from '@/components/ui/app-anchor';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError } from '@/components/ui/load-error';
import { isApiError } from '@/lib/api-error';
import { showSuccessToast } from '@/lib/notify';
import { useOrderItem } from '../api/order-item-queries';
import { useConfirmPayment } from '../api/payment-queries';
import {
  DELIVERY_STATUS_LABELS,
  DESTINATION_LABELS,
  formatAmount,
  formatDateTime,
  formatReceivedUnits,
  formatShippedUnits,
  ORDER_ITEM_KIND_LABELS,
  partialProgressOf,
  RECEIVING_STATUS_LABELS,
} from '../orders-format';
import { CancelRequestModal } from './cancel-request-modal';
import { OrderItemStatusBadge, PartialProgressBadge } from './order-badges';
import { OrderItemShipments } from './order-item-shipments';

type HistoryEvent = NonNullable<OrderItem['history']>[number];

const ACTOR_WORDS: Record<string, string> = {
  store: 'you',
  supplier: 'the supplier',
  system: 'Atelier',
};

/** A parcel shipped or received changes no status: its note says what happened. */
const isNoteOnly = (event: HistoryEvent) =>
  event.fromStatus === event.toStatus && event.note !== null;

const eventTitle = (event: HistoryEvent) =>
  isNoteOnly(event)
    ? event.note!
    : event.fromStatus === null
      ? ORDER_ITEM_STATUS_LABELS[event.toStatus]
      : `${ORDER_ITEM_STATUS_LABELS[event.fromStatus]} → ${ORDER_ITEM_STATUS_LABELS[event.toStatus]}`;

const actorOf = (event: HistoryEvent) =>
  event.actorName ?? ACTOR_WORDS[event.actorKind] ?? event.actorKind;

/** The item's statuses, oldest first: when, by whom, and why. */
const StatusTimeline = ({ history }: { history: readonly HistoryEvent[] }) => (
  <Timeline
    active={history.length - 1}
    bulletSize={14}
    lineWidth={2}
    styles={{ itemTitle: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 600 } }}
    role="list"
    aria-label="Status changes, oldest first"
  >
    {history.map((event, index) => (
      <Timeline.Item
        // The history never reorders; two events may share a time.
        key={index}
        title={eventTitle(event)}
        role="listitem"
        color={event.toStatus === 'CANCELED' ? 'red' : undefined}
      >
        <Text size="xs" c="dimmed">
          {formatDateTime(event.at)} · by {actorOf(event)}
        </Text>
        {event.note && !isNoteOnly(event) ? (
          <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
            {event.note}
          </Text>
        ) : null}
      </Timeline.Item>
    ))}
  </Timeline>
);

const Fact = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm">{value}</Text>
  </Stack>
);

/**
 * Issue 12 production cancel, as the store sees it: the request waiting for the supplier, the
 * refund of a confirmed cancel, "Request cancel" for a production run in production, and why a
 * paid sample has no such button.
 */
const CancelSection = ({ item }: { item: OrderItem }) => {
  const [isAsking, setIsAsking] = useState(false);
  if (item.status === 'CANCELED') {
    return item.refundedAmount > 0 ? (
      <Text size="sm" fw={500} c="teal.8">
        Refunded {formatAmount(item.refundedAmount, item.currencyCode)}
      </Text>
    ) : null;
  }
  if (item.cancelRequestedAt) {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconClockPause size={18} aria-hidden />}
        title={`Cancel requested — waiting for ${item.supplierName}`}
      >
        <Text size="xs" c="dimmed">
          Asked {formatDateTime(item.cancelRequestedAt)}
        </Text>
        {item.cancelReason ? (
          <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {item.cancelReason}
          </Text>
        ) : null}
      </Alert>
    );
  }
  if (item.status !== 'IN_PRODUCTION') return null;
  if (item.shippedQuantity > 0) {
    // The refund share is the whole item's: with parcels on their way, the supplier and the
    // store settle it in chat.
    return (
      <Text size="xs" c="dimmed">
        Part of this order has shipped, so it can no longer be canceled here. Talk to{' '}
        {item.supplierName} in chat.
      </Text>
    );
  }
  if (item.kind === 'SAMPLE') {
    return (
      <Text size="xs" c="dimmed">
        Paid samples cannot be canceled.
      </Text>
    );
  }
  return (
    <>
      <Group>
        <Button variant="light" color="red" onClick={() => setIsAsking(true)}>
          Request cancel
        </Button>
      </Group>
      {isAsking ? (
        <CancelRequestModal
          item={item}
          onClose={() => setIsAsking(false)}
          onRequested={() => {
            setIsAsking(false);
            showSuccessToast(`Cancel requested. ${item.supplierName} will answer.`);
          }}
        />
      ) : null}
    </>
  );
};

const ItemDetail = ({
  item,
  invoiceHrefOf,
  reviewHrefOf,
}: {
  item: OrderItem;
  invoiceHrefOf: (id: string) => string;
  reviewHrefOf: (itemId: string) => string;
}) => {
  const confirmPayment = useConfirmPayment();
  const [error, setError] = useState<string | null>(null);
  const money = (amount: number) => formatAmount(amount, item.currencyCode);
  const progress = partialProgressOf(item);

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Title>
        <Group gap="xs">
          <OrderItemStatusBadge status={item.status} />
          <Badge variant="outline" color="gray" tt="none">
            {ORDER_ITEM_KIND_LABELS[item.kind]}
          </Badge>
          {item.receivingStatus === 'RECEIVED' ? (
            <Badge variant="light" color="teal" tt="none">
              Received
            </Badge>
          ) : null}
          {progress ? <PartialProgressBadge progress={progress} /> : null}
        </Group>
        <Text size="sm" c="dimmed">
          From {item.supplierName}
        </Text>
      </Stack>

      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <Fact
          label="Quantity × unit price"
          value={`${item.quantity.toLocaleString('en-US')} × ${money(item.unitPrice)}`}
        />
        <Fact label="Amount" value={money(item.amount)} />
        <Fact
          label="Shipping"
          value={`${SHIPPING_MODE_LABELS[item.shippingMode]}${item.shippingAmount > 0 ? ` · ${money(item.shippingAmount)}` : ''}`}
        />
        <Fact
          label="Delivery"
          value={
            // Received by the store itself: the goods arrived, whatever the carrier last said.
            item.receivingStatus === 'RECEIVED' && item.deliveryStatus === 'NOT_YET_DELIVERED'
              ? 'Delivered'
              : DELIVERY_STATUS_LABELS[item.deliveryStatus]
          }
        />
        <Fact
          label="Shipped"
          value={item.shippedQuantity > 0 ? formatShippedUnits(item) : 'Not shipped yet'}
        />
        <Fact
          label="Received"
          value={
            item.receivingStatus === 'PARTIAL'
              ? formatReceivedUnits(item)
              : RECEIVING_STATUS_LABELS[item.receivingStatus]
          }
        />
        <Fact label="Goes to" value={DESTINATION_LABELS[item.destination]} />
        <Fact label="Ordered" value={formatDateTime(item.createdAt)} />
      </SimpleGrid>

      {item.invoiceId ? (
        <AppAnchor href={invoiceHrefOf(item.invoiceId)} size="sm">
          View the supplier&apos;s invoice
        </AppAnchor>
      ) : null}

      {/* Outside the actions: a declined payment moves the item on, and its action goes. */}
      <FormErrorAlert message={error} />

      {item.status === 'CHARGE_PENDING' && item.paymentId ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            Its payment is not settled yet. If your card asked you to confirm the payment and the
            checkout was left before you did, finish it here.
          </Text>
          <Button
            variant="light"
            loading={confirmPayment.isPending}
            onClick={() => {
              setError(null);
              confirmPayment.mutate(item.paymentId!, {
                onSuccess: (payment) => {
                  if (payment.status === 'COMPLETED') showSuccessToast('Payment complete.');
                  else if (payment.status === 'DECLINED') {
                    setError(
                      `${payment.failureReason ?? 'The card was declined.'} The item is back in your cart.`,
                    );
                  } else setError('The payment provider is still processing this payment.');
                },
                onError: (failure) =>
                  setError(isApiError(failure) ? failure.message : 'The payment was not finished.'),
              });
            }}
          >
            Complete authentication
          </Button>
        </Stack>
      ) : null}

      <OrderItemShipments item={item} onError={setError} />

      {/* Anything in hand can be reviewed (receiving PARTIAL or RECEIVED). */}
      {item.receivingStatus !== 'NONE' ? (
        <Group>
          <LinkButton
            href={reviewHrefOf(item.id)}
            variant="light"
            leftSection={<IconStar size={16} aria-hidden />}
          >
            Leave a review
          </LinkButton>
        </Group>
      ) : null}

      <CancelSection item={item} />

      <Stack gap="xs">
        <Title order={4} fz="h5">
          Status history
        </Title>
        {item.history && item.history.length > 0 ? (
          <StatusTimeline history={item.history} />
        ) : (
          <Text size="sm" c="dimmed">
            No status changes recorded.
          </Text>
        )}
      </Stack>
    </Stack>
  );
};

type OrderItemDrawerProps = {
  itemId: string | null;
  onClose: () => void;
  invoiceHrefOf: (invoiceId: string) => string;
  /** Spec §2 /leave-a-review/{orderId} of a received item. */
  reviewHrefOf: (itemId: string) => string;
};

/**
 * One order item of Orders & Shipments: its facts, its parcels with "Mark received" each, its
 * status timeline, "Leave a review" once anything is received, and a production run's cancel
 * request.
 */
export const OrderItemDrawer = ({
  itemId,
  onClose,
  invoiceHrefOf,
  reviewHrefOf,
}: OrderItemDrawerProps) => {
  const item = useOrderItem(itemId);
  return (
    <Drawer
      opened={itemId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={
        <Text fw={600} size="lg">
          Order item
        </Text>
      }
    >
      {item.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading the order item">
          <Skeleton h={60} />
          <Skeleton h={160} />
        </Stack>
      ) : item.isError ? (
        <LoadError
          message={
            isApiError(item.error) && item.error.status === 404
              ? 'There is no such order item.'
              : 'The order item could not be loaded.'
          }
          onRetry={() => void item.refetch()}
          isStacked
        />
      ) : (
        <ItemDetail item={item.data} invoiceHrefOf={invoiceHrefOf} reviewHrefOf={reviewHrefOf} />
      )}
    </Drawer>
  );
};
