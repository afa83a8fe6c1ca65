import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLifebuoy, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ERROR_MESSAGES } from '@atelier/contract/common/error-catalogue';
import {
  SUPPORT_TICKET_CATEGORY_LABELS,
  SUPPORT_TICKET_STATUS_LABELS,
  SUPPORT_TICKET_STATUSES,
  type SupportTicket,
  type SupportTicketStatus,
} from '@atelier/contract/fulfillment/bookings';
import { isApiError } from '@/lib/api-error';
import { useCloseSupportTicket, useSupportTickets } from './booking-queries';
import { formatDate, TICKET_STATUS_COLORS } from './booking-format';
import { ConfirmModal } from './confirm-modal';
import { SupportTicketForm } from './support-ticket-form';

const ALL = 'ALL';

const TicketCard = ({ ticket, onClose }: { ticket: SupportTicket; onClose: () => void }) => (
  <Paper withBorder radius="md" p="md" data-testid={`ticket-${ticket.sn}`}>
    <Group justify="space-between" align="flex-start">
      <div>
        <Group gap="xs">
          <Text fw={600}>{ticket.sn}</Text>
          <Badge variant="light" color={TICKET_STATUS_COLORS[ticket.status]}>
            {SUPPORT_TICKET_STATUS_LABELS[ticket.status]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {SUPPORT_TICKET_CATEGORY_LABELS[ticket.category]} · Order {ticket.orderName}
          {ticket.shipmentSn ? ` · ${ticket.shipmentSn}` : ''} · {formatDate(ticket.createdAt)}
        </Text>
      </div>
      {ticket.status === 'CLOSED' ? null : (
        <Button size="compact-sm" variant="default" onClick={onClose}>
          Close ticket
        </Button>
      )}
    </Group>
    <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {ticket.message}
    </Text>
    {ticket.answer ? (
      <Paper bg="gray.0" p="sm" mt="sm" radius="sm">
        <Text size="xs" c="dimmed">
          The fulfillment center answered
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {ticket.answer}
        </Text>
      </Paper>
    ) : null}
  </Paper>
);

/**
 * Issue 15 warehouse support tickets (spec §3 categories): the store's tickets newest first, by
 * status, with "Load more"; a form opens one about an order; a ticket is closed after a
 * confirmation.
 */
export const SupportTicketsView = () => {
  const [status, setStatus] = useState<SupportTicketStatus | null>(null);
  const tickets = useSupportTickets(status);
  const close = useCloseSupportTicket();
  const [isFormOpen, setFormOpen] = useState(false);
  const [closing, setClosing] = useState<SupportTicket | null>(null);
  const [closeError, setCloseError] = useState<string | null>(null);
  const rows = tickets.data?.pages.flatMap((page) => page.items) ?? [];

  if (isFormOpen) {
    return (
      <SupportTicketForm
        onOpened={() => {
          setFormOpen(false);
          setStatus(null);
        }}
        onCancel={() => setFormOpen(false)}
      />
    );
  }
  const newButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setFormOpen(true)}>
      Open a ticket
    </Button>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Tabs
          value={status ?? ALL}
          onChange={(next) =>
            setStatus(SUPPORT_TICKET_STATUSES.find((one) => one === next) ?? null)
          }
        >
          <Tabs.List>
            <Tabs.Tab value={ALL}>All</Tabs.Tab>
            {SUPPORT_TICKET_STATUSES.map((one) => (
              <Tabs.Tab key={one} value={one}>
                {SUPPORT_TICKET_STATUS_LABELS[one]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {rows.length > 0 ? newButton : null}
      </Group>
      {tickets.isError ? (
        <Alert color="red" title="The tickets could not be loaded">
          <Group gap="sm">
            <Text size="sm">Check the connection and try again.</Text>
            <Button size="compact-sm" variant="light" onClick={() => void tickets.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : tickets.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the tickets">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={72} radius="sm" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="no-tickets">
          <EmptyState
            icon={<IconLifebuoy size={28} stroke={1.5} />}
            variant="light"
            title={
              status
                ? `No tickets are “${SUPPORT_TICKET_STATUS_LABELS[status]}”`
                : 'No support tickets yet'
            }
            description="Something wrong with an order the center shipped (a missing item, a broken one, a carrier delay)? Open a ticket and the warehouse team answers here."
          >
            {newButton}
          </EmptyState>
        </Paper>
      ) : (
        <>
          {rows.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} onClose={() => setClosing(ticket)} />
          ))}
          {tickets.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                loading={tickets.isFetchingNextPage}
                onClick={() => {
                  if (!tickets.isFetchingNextPage) void tickets.fetchNextPage();
                }}
              >
                Load more
              </Button>
            </Group>
          ) : null}
        </>
      )}
      <ConfirmModal
        opened={closing !== null}
        title={closing ? `Close ${closing.sn}?` : ''}
        message="The warehouse team stops working on it. Open a new ticket if the problem comes back."
        confirmLabel="Close ticket"
        isPending={close.isPending}
        error={closeError}
        onClose={() => {
          setClosing(null);
          setCloseError(null);
        }}
        onConfirm={() => {
          if (!closing) return;
          setCloseError(null);
          close.mutate(closing.sn, {
            onSuccess: (closed) => {
              notifications.show({ color: 'green', message: `${closed.sn} closed.` });
              setClosing(null);
            },
            onError: (failure) =>
              setCloseError(isApiError(failure) ? failure.message : ERROR_MESSAGES.generic),
          });
        }}
      />
    </Stack>
  );
};
