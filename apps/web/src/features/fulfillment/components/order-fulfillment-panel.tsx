import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { formatMoney } from '@atelier/contract/common/money';
import type {
  LineReservationStatus,
  OrderReservation,
} from '@atelier/contract/fulfillment/inventory';
import { AppAnchor } from '@/components/ui/app-anchor';
import { hrefs } from '@/config/paths';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { useReturns } from '../api/return-queries';
import { CreateReturnModal } from '../returns/create-return-modal';
import { ReturnStatusBadge } from '../returns/return-status-badge';
import {
  useOrderReservation,
  useReserveOrder,
  useShipments,
  useShipOrder,
} from '../api/shipment-queries';
import { EMPTY_PARCEL, ParcelFields, parcelOf, type ParcelDraft } from './parcel-fields';
import { OrderOptionsSection } from './order-options-section';
import { ShipmentTable } from './shipment-list';

const LINE_STATUS: Record<LineReservationStatus, { color: string; label: string }> = {
  RESERVED: { color: 'blue', label: 'Reserved' },
  SHIPPED: { color: 'green', label: 'Shipped' },
  MISSING_STOCK: { color: 'red', label: 'Missing stock' },
  NOT_STOCKED: { color: 'gray', label: 'Not stocked' },
  CANCELED: { color: 'gray', label: 'Canceled' },
};

type ShipModalProps = {
  orderId: string;
  reservation: OrderReservation;
  isOpen: boolean;
  onClose: () => void;
};

/**
 * Ship with a label: the reserved lines (all checked; unchecking some ships part of the order),
 * the parcel in lb and in by default, and a note. The cheapest service is bought.
 */
const ShipModal = ({ orderId, reservation, isOpen, onClose }: ShipModalProps) => {
  const ship = useShipOrder(orderId);
  const reserved = reservation.lines.filter((line) => line.status === 'RESERVED');
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [parcel, setParcel] = useState<ParcelDraft>(EMPTY_PARCEL);
  const [notes, setNotes] = useState('');
  const lineIds = chosen ?? reserved.map((line) => line.lineId);
  const sent = parcelOf(parcel);
  const errors = listFieldErrors(ship.error);
  const close = () => {
    ship.reset();
    setChosen(null);
    setParcel(EMPTY_PARCEL);
    setNotes('');
    onClose();
  };
  const otherError =
    ship.error && !Object.keys(errors).some((field) => field.startsWith('parcel.'))
      ? isApiError(ship.error)
        ? ship.error.message
        : 'The shipment could not be made.'
      : null;
  return (
    <Modal opened={isOpen} onClose={close} title="Ship with a label" size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!sent || lineIds.length === 0) return;
          ship.mutate(
            {
              parcel: sent,
              ...(lineIds.length < reserved.length ? { lineIds } : {}),
              ...(notes.trim() ? { notes: notes.trim() } : {}),
            },
            {
              onSuccess: (shipment) => {
                notifications.show({
                  color: 'green',
                  message: `${shipment.sn}: the units left stock; the label is being made.`,
                });
                close();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            Lines to ship
          </Text>
          {reserved.map((line) => (
            <Checkbox
              key={line.lineId}
              label={`${line.sku ?? 'No SKU'} × ${line.quantity}`}
              checked={lineIds.includes(line.lineId)}
              onChange={(event) =>
                setChosen(
                  event.currentTarget.checked
                    ? [...lineIds, line.lineId]
                    : lineIds.filter((id) => id !== line.lineId),
                )
              }
            />
          ))}
          <ParcelFields value={parcel} onChange={setParcel} errors={errors} />
          <Textarea
            label="Note"
            maxLength={1000}
            value={notes}
            onChange={(event) => setNotes(event.currentTarget.value)}
          />
          {otherError ? (
            <Text size="sm" c="red" role="alert">
              {otherError}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={ship.isPending} disabled={!sent || lineIds.length === 0}>
              Ship {lineIds.length < reserved.length ? 'these lines' : 'the order'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/**
 * Issue 15, on /order-details/{id}: how each line stands at the fulfillment center (reserved,
 * missing stock, shipped…), Ship with a label for the reserved lines, Try again for an order
 * waiting for stock, and the order's shipments with their labels.
 */
export const OrderFulfillmentPanel = ({ orderId }: { orderId: string }) => {
  const reservation = useOrderReservation(orderId);
  const shipments = useShipments(orderId);
  const reserve = useReserveOrder(orderId);
  const returns = useReturns(null, orderId);
  const router = useRouter();
  const [isShipping, setShipping] = useState(false);
  const [isReturning, setReturning] = useState(false);
  const lines = reservation.data?.lines ?? [];
  const shippedLines = lines.filter((line) => line.status === 'SHIPPED');
  const returnRows = returns.data?.pages.flatMap((page) => page.items) ?? [];
  const canShip = lines.some((line) => line.status === 'RESERVED');
  const shipmentRows = shipments.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Fulfillment center">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h5">
            Fulfillment center
          </Title>
          <Group gap="xs">
            {reservation.data?.isMissingStock ? (
              <Button
                size="xs"
                variant="default"
                loading={reserve.isPending}
                onClick={() => reserve.mutate()}
              >
                Try to reserve again
              </Button>
            ) : null}
            <Button size="xs" disabled={!canShip} onClick={() => setShipping(true)}>
              Ship with a label
            </Button>
            {shippedLines.length > 0 ? (
              <Button size="xs" variant="default" onClick={() => setReturning(true)}>
                Create return
              </Button>
            ) : null}
          </Group>
        </Group>
        <OrderOptionsSection orderId={orderId} />
        {reservation.isPending ? (
          <Text size="sm" c="dimmed">
            Loading the stock held for this order…
          </Text>
        ) : (
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.lineId}>
                  <Table.Td>
                    <Text size="sm">{line.sku ?? 'No SKU'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">× {line.quantity}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={LINE_STATUS[line.status].color}>
                      {LINE_STATUS[line.status].label}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {shipmentRows.length > 0 ? <ShipmentTable shipments={shipmentRows} /> : null}
        {returnRows.length > 0 ? (
          <Table verticalSpacing={4} aria-label="Returns of this order">
            <Table.Tbody>
              {returnRows.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <AppAnchor href={hrefs.returnDetails(entry.handle)} size="sm">
                      {entry.handle}
                    </AppAnchor>
                  </Table.Td>
                  <Table.Td>
                    <ReturnStatusBadge status={entry.status} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.refund ? formatMoney(entry.refund) : '—'}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {isReturning ? (
          <CreateReturnModal
            orderId={orderId}
            lines={shippedLines}
            onClose={() => setReturning(false)}
            onCreated={(created) => {
              setReturning(false);
              void router.navigate({ href: hrefs.returnDetails(created.handle) });
            }}
          />
        ) : null}
        {reservation.data ? (
          <ShipModal
            orderId={orderId}
            reservation={reservation.data}
            isOpen={isShipping}
            onClose={() => setShipping(false)}
          />
        ) : null}
      </Stack>
    </Paper>
  );
};
