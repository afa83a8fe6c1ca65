import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatMoney } from '@atelier/contract/common/money';
import {
  REFUND_METHOD_LABELS,
  RETURN_REASON_LABELS,
  UNIT_CONDITION_LABELS,
  type Return,
} from '@atelier/contract/fulfillment/returns';
import { AppAnchor } from '@/components/ui/app-anchor';
import { hrefs } from '@/config/paths';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { useReturn, useShipReturn } from '../api/return-queries';
import { CancelReturnModal } from './cancel-return-modal';
import { ReceiveReturnModal } from './receive-return-modal';
import { formatDate } from './return-format';
import { ReturnStatusBadge } from './return-status-badge';

/** The customer's parcel: its carrier and tracking number, or a return label made here. */
const ShipReturnForm = ({ entry }: { entry: Return }) => {
  const ship = useShipReturn(entry.handle);
  const [carrier, setCarrier] = useState(entry.carrier ?? '');
  const [trackingNumber, setTrackingNumber] = useState(entry.trackingNumber ?? '');
  const errors = listFieldErrors(ship.error);
  const otherError =
    ship.error && Object.keys(errors).length === 0
      ? isApiError(ship.error)
        ? ship.error.message
        : 'The return could not be updated.'
      : null;
  return (
    <Paper withBorder radius="md" p="sm">
      <form
        aria-label="Customer shipping"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          ship.mutate(
            { carrier: carrier.trim(), trackingNumber: trackingNumber.trim() },
            { onSuccess: () => notifications.show({ message: 'Tracking saved.' }) },
          );
        }}
      >
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            The customer’s parcel
          </Text>
          <Group grow align="flex-start">
            <TextInput
              label="Carrier"
              placeholder="e.g. USPS"
              maxLength={100}
              value={carrier}
              onChange={(event) => setCarrier(event.currentTarget.value)}
              error={errors['carrier']}
            />
            <TextInput
              label="Tracking number"
              maxLength={100}
              value={trackingNumber}
              onChange={(event) => setTrackingNumber(event.currentTarget.value)}
              error={errors['trackingNumber']}
            />
          </Group>
          {otherError ? (
            <Text size="sm" c="red" role="alert">
              {otherError}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button
              variant="default"
              size="xs"
              loading={ship.isPending && ship.variables && 'createLabel' in ship.variables}
              onClick={() =>
                ship.mutate(
                  { createLabel: true },
                  { onSuccess: () => notifications.show({ message: 'Return label ordered.' }) },
                )
              }
            >
              Make a return label
            </Button>
            <Button
              type="submit"
              size="xs"
              disabled={!carrier.trim() || !trackingNumber.trim()}
              loading={ship.isPending && ship.variables && 'carrier' in ship.variables}
            >
              Save tracking
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

const Fact = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Group justify="space-between" wrap="nowrap" gap="md">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text size="sm" ta="right">
      {children}
    </Text>
  </Group>
);

/**
 * Spec §7 return-orders detail (issue 15): the return's order, status, refund and receipt, each
 * line with its reason and, once received, the condition of every unit; while open, the
 * customer's parcel (tracking or a return label), Receive (inspection) and Cancel.
 */
export const ReturnDetails = ({ handle }: { handle: string }) => {
  const query = useReturn(handle);
  const [dialog, setDialog] = useState<'receive' | 'cancel' | null>(null);
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading the return">
        <Skeleton height={28} width="40%" />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title="This return could not be loaded">
        {isApiError(query.error) && query.error.status === 404
          ? 'No return of this store has this number.'
          : 'Check the connection and try again.'}
      </Alert>
    );
  }
  const entry = query.data;
  const isOpen = entry.status === 'CREATED' || entry.status === 'SHIPPING';
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="h4">
          {entry.handle}
        </Title>
        <ReturnStatusBadge status={entry.status} data-testid="return-status" />
      </Group>
      <Stack gap={4}>
        <Fact label="Order">
          <AppAnchor href={hrefs.orderDetails(entry.orderId)}>{entry.order.orderNumber}</AppAnchor>
        </Fact>
        <Fact label="Customer">{entry.order.customerName ?? '—'}</Fact>
        <Fact label="Refund method">{REFUND_METHOD_LABELS[entry.refundMethod]}</Fact>
        <Fact label="Refund to">
          {entry.refundDestination === 'STORE_CREDIT' ? 'Store credit' : 'Original payment'}
        </Fact>
        <Fact label="Return fee">
          {entry.feeType === 'FREE' ? 'Free' : `${formatMoney(entry.fee)} off the refund`}
        </Fact>
        {entry.refund ? <Fact label="Refund">{formatMoney(entry.refund)}</Fact> : null}
        {entry.trackingNumber ? (
          <Fact label="Tracking">
            {entry.carrier} {entry.trackingNumber}
          </Fact>
        ) : null}
        {entry.shipment ? (
          <Fact label="Return label">
            {entry.shipment.labelStatus === 'READY' && entry.shipment.labelUrl ? (
              `${entry.shipment.sn} · ready`
            ) : entry.shipment.labelStatus === 'FAILED' ? (
              <Text span c="red" size="sm">
                {entry.shipment.labelError ?? 'Failed'}
              </Text>
            ) : (
              'Being made…'
            )}
          </Fact>
        ) : null}
        <Fact label="Created">{formatDate(entry.createdAt)}</Fact>
        {entry.exchangeOrderId ? (
          <Fact label="Exchange order">
            <AppAnchor href={hrefs.orderDetails(entry.exchangeOrderId)}>Open</AppAnchor>
          </Fact>
        ) : null}
      </Stack>
      {entry.receipt ? (
        <Alert color="green" title="Receipt sent to the customer" data-testid="return-receipt">
          {entry.receipt}
        </Alert>
      ) : null}
      {entry.cancelReason ? (
        <Alert color="gray" title="Canceled">
          {entry.cancelReason}
        </Alert>
      ) : null}
      <Divider />
      <Table verticalSpacing={4} aria-label="Returned items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Units</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entry.lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Text size="sm">{line.sku ?? line.title}</Text>
                <Text size="xs" c="dimmed">
                  {formatMoney({ amount: line.unitPrice, currencyCode: entry.fee.currencyCode })}{' '}
                  each
                  {line.resolution === 'EXCHANGE'
                    ? ` · exchange for ${line.exchangeSku ?? 'another variant'}`
                    : ''}
                </Text>
                {line.units.length > 0 ? (
                  <Group gap={4} mt={4}>
                    {line.units.map((unit, index) => (
                      <Badge
                        key={index}
                        size="sm"
                        variant="light"
                        color={unit.condition === 'GOOD' ? 'green' : 'orange'}
                        title={unit.note ?? undefined}
                      >
                        {UNIT_CONDITION_LABELS[unit.condition]}
                      </Badge>
                    ))}
                  </Group>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td>
                <Text size="sm">{RETURN_REASON_LABELS[line.reason]}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {isOpen ? (
        <>
          <ShipReturnForm entry={entry} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" color="red" onClick={() => setDialog('cancel')}>
              Cancel return
            </Button>
            <Button onClick={() => setDialog('receive')}>Receive and inspect</Button>
          </Group>
        </>
      ) : null}
      {dialog === 'receive' ? (
        <ReceiveReturnModal entry={entry} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'cancel' ? (
        <CancelReturnModal entry={entry} onClose={() => setDialog(null)} />
      ) : null}
    </Stack>
  );
};
