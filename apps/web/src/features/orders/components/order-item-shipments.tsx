import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconPackageImport } from '@tabler/icons-react';
import type { OrderItem, OrderItemShipment } from '@atelier/contract/orders/order-item-api';
import { isApiError } from '@/lib/api-error';
import { showSuccessToast } from '@/lib/notify';
import { useMarkReceived } from '../api/order-item-queries';
import { formatDate, formatShippedUnits, formatUnits } from '../orders-format';

type ShipmentsProps = {
  item: OrderItem;
  /** Shows why marking failed (null clears it). */
  onError: (message: string | null) => void;
};

const parcelName = (shipment: OrderItemShipment) =>
  `${formatUnits(shipment.quantity)}, ${shipment.carrier} ${shipment.trackingNumber}`.trim();

/**
 * Issue 12 partial shipments, as the store sees them: each parcel (units, carrier, a link to the
 * carrier's tracking page, when it shipped) with "Mark received" until it is, and "Mark all
 * received" when several are on their way.
 */
export const OrderItemShipments = ({ item, onError }: ShipmentsProps) => {
  const markReceived = useMarkReceived();
  const pending = item.shipments.filter((shipment) => shipment.receivedAt === null);
  if (item.shipments.length === 0) return null;

  const mark = (shipmentId?: string) => {
    onError(null);
    markReceived.mutate(
      { itemId: item.id, ...(shipmentId ? { shipmentId } : {}) },
      {
        onSuccess: (updated) =>
          showSuccessToast(
            updated.receivingStatus === 'RECEIVED'
              ? 'Marked as received: every unit is in.'
              : `Marked as received: ${updated.receivedQuantity.toLocaleString('en-US')} of ${formatUnits(updated.quantity)} in.`,
          ),
        onError: (failure) =>
          onError(isApiError(failure) ? failure.message : 'It was not marked received.'),
      },
    );
  };
  const markingId = markReceived.isPending ? (markReceived.variables.shipmentId ?? 'all') : null;

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="baseline">
        <Title order={4} fz="h5">
          Shipments
        </Title>
        <Text size="sm" c="dimmed">
          {formatShippedUnits(item)} shipped
        </Text>
      </Group>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Parcels">
        {item.shipments.map((shipment) => (
          <Paper
            component="li"
            key={shipment.id}
            withBorder
            radius="sm"
            p="xs"
            data-testid="shipment"
          >
            <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
              <Stack gap={2} miw={0}>
                <Text size="sm" fw={500}>
                  {formatUnits(shipment.quantity)} · {shipment.carrier}
                </Text>
                <Anchor
                  href={shipment.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {shipment.trackingNumber}{' '}
                  <IconExternalLink size={12} aria-label="(opens the carrier's tracking page)" />
                </Anchor>
                <Text size="xs" c="dimmed">
                  Shipped {formatDate(shipment.shippedAt)}
                  {shipment.receivedAt ? ` · received ${formatDate(shipment.receivedAt)}` : ''}
                </Text>
              </Stack>
              {shipment.receivedAt ? (
                <Badge variant="light" color="teal" tt="none" miw="max-content">
                  Received
                </Badge>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPackageImport size={14} aria-hidden />}
                  loading={markingId === shipment.id || markingId === 'all'}
                  disabled={markReceived.isPending}
                  onClick={() => mark(shipment.id)}
                  aria-label={`Mark received: ${parcelName(shipment)}`}
                >
                  Mark received
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      {pending.length > 1 ? (
        <Group>
          <Button
            variant="default"
            size="xs"
            loading={markingId === 'all'}
            disabled={markReceived.isPending}
            onClick={() => mark()}
          >
            Mark all {pending.length} parcels received
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
};
