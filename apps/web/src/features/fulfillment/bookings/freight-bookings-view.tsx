import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTruck } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ERROR_MESSAGES } from '@atelier/contract/common/error-catalogue';
import { formatMoney } from '@atelier/contract/common/money';
import {
  CANCELABLE_FREIGHT_STATUSES,
  FREIGHT_MODE_LABELS,
  FREIGHT_STATUS_LABELS,
  type FreightBooking,
} from '@atelier/contract/fulfillment/bookings';
import { AppAnchor } from '@/components/ui/app-anchor';
import { hrefs } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import type { GeographyHooks } from '../labels/address-fields';
import { useCancelFreightBooking, useFreightBooking, useFreightBookings } from './booking-queries';
import {
  formatDate,
  formatDay,
  formatHandlingUnits,
  formatSides,
  formatWeight,
  FREIGHT_STATUS_COLORS,
} from './booking-format';
import { ConfirmModal } from './confirm-modal';
import { FreightBookingForm } from './freight-booking-form';

const StatusBadge = ({ booking }: { booking: FreightBooking }) => (
  <Badge variant="light" color={FREIGHT_STATUS_COLORS[booking.status]}>
    {FREIGHT_STATUS_LABELS[booking.status]}
  </Badge>
);

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm">{children}</Text>
  </div>
);

/** One booking in full, with its cancellation (confirmed) while REQUESTED or QUOTED. */
const FreightBookingDetails = ({
  booking,
  onClose,
}: {
  booking: FreightBooking;
  onClose: () => void;
}) => {
  const cancel = useCancelFreightBooking();
  const [isConfirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canCancel = CANCELABLE_FREIGHT_STATUSES.includes(booking.status);
  const origin = booking.origin;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <StatusBadge booking={booking} />
        <Text size="sm" c="dimmed">
          Requested {formatDate(booking.createdAt)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label="Pickup from">
          {[origin.name, origin.company, origin.addressLine1, origin.addressLine2]
            .filter(Boolean)
            .join(', ')}
          <br />
          {[origin.city, origin.stateCode, origin.zipCode, origin.countryCode]
            .filter(Boolean)
            .join(' ')}
        </Fact>
        <Fact label="Ready on">{formatDay(booking.pickupReadyDate)}</Fact>
        <Fact label="Mode">{FREIGHT_MODE_LABELS[booking.mode]}</Fact>
        <Fact label="Handling units">{formatHandlingUnits(booking)}</Fact>
        <Fact label="Total weight">{formatWeight(booking)}</Fact>
        <Fact label="Each unit">{formatSides(booking)}</Fact>
        <Fact label="Goods">{booking.commodity}</Fact>
        <Fact label="Receiving">
          {booking.receivingSn ? (
            <AppAnchor href={hrefs.receivingDetails(booking.receivingSn)} size="sm">
              {booking.receivingSn}
            </AppAnchor>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Quote">{booking.quote ? formatMoney(booking.quote) : 'Not quoted yet'}</Fact>
        {booking.notes ? <Fact label="Notes">{booking.notes}</Fact> : null}
      </SimpleGrid>
      <Group justify="flex-end">
        {canCancel ? (
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            Cancel booking
          </Button>
        ) : null}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
      <ConfirmModal
        opened={isConfirming}
        title={`Cancel ${booking.sn}?`}
        message="The fulfillment center stops arranging this pickup. This cannot be undone; book again if the goods still need to travel."
        confirmLabel="Cancel booking"
        isPending={cancel.isPending}
        error={error}
        onClose={() => {
          setConfirming(false);
          setError(null);
        }}
        onConfirm={() => {
          setError(null);
          cancel.mutate(booking.sn, {
            onSuccess: (canceled) => {
              notifications.show({ color: 'green', message: `${canceled.sn} canceled.` });
              setConfirming(false);
              onClose();
            },
            onError: (failure) =>
              setError(isApiError(failure) ? failure.message : ERROR_MESSAGES.generic),
          });
        }}
      />
    </Stack>
  );
};

type FreightBookingsViewProps = {
  geography: GeographyHooks;
  /** The booking open in its details (`?sn=`), if one. */
  openSn: string | undefined;
  onOpenSnChange: (sn: string | undefined) => void;
};

/** The details of `sn`, read on their own so that a link to one opens it (`?sn=`). */
const FreightBookingModal = ({ sn, onClose }: { sn: string | undefined; onClose: () => void }) => {
  const booking = useFreightBooking(sn);
  return (
    <Modal
      opened={sn !== undefined}
      onClose={onClose}
      title={sn ? `Freight booking ${sn.toUpperCase()}` : ''}
      size="lg"
    >
      {booking.data ? (
        <FreightBookingDetails booking={booking.data} onClose={onClose} />
      ) : booking.isError ? (
        <Text size="sm" role="alert">
          {isApiError(booking.error) && booking.error.code === 'not_found'
            ? 'No freight booking of your store has this number.'
            : 'The booking could not be loaded. Check the connection and try again.'}
        </Text>
      ) : (
        <Skeleton height={160} radius="sm" aria-label="Loading the booking" />
      )}
    </Modal>
  );
};

/**
 * Spec §2 /fulfillment-services/book-freight-shipment (issue 15): the store's freight bookings,
 * newest first with "Load more", each opening its details; a form books a new one.
 */
export const FreightBookingsView = ({
  geography,
  openSn,
  onOpenSnChange: setOpenSn,
}: FreightBookingsViewProps) => {
  const bookings = useFreightBookings(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const rows = bookings.data?.pages.flatMap((page) => page.items) ?? [];

  if (isFormOpen) {
    return (
      <FreightBookingForm
        geography={geography}
        onCreated={(booking) => {
          setFormOpen(false);
          setOpenSn(booking.sn);
        }}
        onCancel={() => setFormOpen(false)}
      />
    );
  }
  const newButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setFormOpen(true)}>
      Book a freight shipment
    </Button>
  );
  return (
    <Stack gap="md">
      {bookings.isError ? (
        <Alert color="red" title="The freight bookings could not be loaded">
          <Group gap="sm">
            <Text size="sm">Check the connection and try again.</Text>
            <Button size="compact-sm" variant="light" onClick={() => void bookings.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : bookings.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the freight bookings">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={44} radius="sm" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="no-freight-bookings">
          <EmptyState
            icon={<IconTruck size={28} stroke={1.5} />}
            variant="light"
            title="No freight shipments booked yet"
            description="Pallets or containers of your goods can be picked up and brought to the fulfillment center: book the shipment and the center quotes it."
          >
            {newButton}
          </EmptyState>
        </Paper>
      ) : (
        <>
          <Group justify="flex-end">{newButton}</Group>
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={760}>
              <Table highlightOnHover verticalSpacing="xs" aria-label="Freight bookings">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Booking</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Mode</Table.Th>
                    <Table.Th>From</Table.Th>
                    <Table.Th>Ready on</Table.Th>
                    <Table.Th ta="right">Units</Table.Th>
                    <Table.Th ta="right">Weight</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id} data-testid={`freight-${row.sn}`}>
                      <Table.Td>
                        <UnstyledButton
                          onClick={() => setOpenSn(row.sn)}
                          fw={500}
                          c="blue"
                          style={{ whiteSpace: 'nowrap' }}
                        >
                          {row.sn}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge booking={row} />
                      </Table.Td>
                      <Table.Td>{row.mode === 'AIR' ? 'Air' : row.mode}</Table.Td>
                      <Table.Td>
                        {[row.origin.city, row.origin.stateCode].filter(Boolean).join(', ')}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDay(row.pickupReadyDate)}
                      </Table.Td>
                      <Table.Td ta="right">{formatHandlingUnits(row)}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatWeight(row)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          {bookings.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                loading={bookings.isFetchingNextPage}
                onClick={() => {
                  if (!bookings.isFetchingNextPage) void bookings.fetchNextPage();
                }}
              >
                Load more
              </Button>
            </Group>
          ) : null}
        </>
      )}
      <FreightBookingModal sn={openSn} onClose={() => setOpenSn(undefined)} />
    </Stack>
  );
};
