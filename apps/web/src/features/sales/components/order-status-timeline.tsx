import { Skeleton, Stack, Text, Timeline } from '@mantine/core';
import type { OrderStatusChange } from '@atelier/contract/sales/order-operations';
import { PRODUCTION_STATUS_LABELS } from '@atelier/contract/sales/order-values';
import { LoadError } from '@/components/ui/load-error';
import { useOrderStatusHistory } from '../api/order-queries';
import { formatPlacedAt } from './order-labels';
import { OrderSection } from './order-section';

const changeTitle = (change: OrderStatusChange): string => {
  if (change.kind === 'LINE_ITEM_CANCELED') {
    const item = change.canceledItem;
    const what = item ? `${item.quantity} × ${item.title}` : 'an item';
    return `Canceled ${what}${change.cancelState === 'CANCELED' ? ' · order canceled' : ''}`;
  }
  return change.fromStatus === null
    ? `Recorded as ${PRODUCTION_STATUS_LABELS[change.toStatus]}`
    : `${PRODUCTION_STATUS_LABELS[change.fromStatus]} → ${PRODUCTION_STATUS_LABELS[change.toStatus]}`;
};

type OrderStatusTimelineProps = { orderId: string; timeZone: string };

/**
 * Spec §7 op-status-history: each production status of the order and each canceled item, who
 * did it, when and why.
 */
export const OrderStatusTimeline = ({ orderId, timeZone }: OrderStatusTimelineProps) => {
  const history = useOrderStatusHistory(orderId);

  return (
    <OrderSection title="Status history">
      {history.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the status history">
          <Skeleton height={18} width="70%" />
          <Skeleton height={18} width="55%" />
        </Stack>
      ) : history.isError ? (
        <LoadError
          message="The status history could not be loaded."
          onRetry={() => void history.refetch()}
        />
      ) : (
        <Timeline
          active={history.data.items.length - 1}
          bulletSize={14}
          lineWidth={2}
          styles={{ itemTitle: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 600 } }}
          role="list"
          aria-label="Status changes, oldest first"
        >
          {history.data.items.map((change) => (
            <Timeline.Item
              key={change.id}
              title={changeTitle(change)}
              role="listitem"
              color={change.kind === 'LINE_ITEM_CANCELED' ? 'red' : undefined}
            >
              <Text size="xs" c="dimmed">
                {formatPlacedAt(change.changedAt, timeZone)}
                {change.changedBy ? ` · by ${change.changedBy}` : ''}
              </Text>
              {change.note ? (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {change.note}
                </Text>
              ) : null}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </OrderSection>
  );
};
