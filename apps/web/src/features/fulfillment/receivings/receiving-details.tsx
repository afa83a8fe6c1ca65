import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import {
  RECEIVING_SLA_BUSINESS_DAYS,
  type Receiving,
  type ReceivingItem,
} from '@atelier/contract/fulfillment/receiving';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError } from '@/components/ui/load-error';
import { MissingRecord } from '@/components/ui/missing-record';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { useReceiving } from '../api/receiving-queries';
import { CancelReceivingModal } from './cancel-receiving-modal';
import { MapItemModal } from './map-item-modal';
import { ReceiveModal } from './receive-modal';
import { formatDate, formatDay, formatUnits, RECEIVING_SOURCE_LABELS } from './receiving-format';
import { ReceivingFees } from './receiving-fees';
import { ReceivingItemsTable } from './receiving-items-table';
import { ReceivingStatusBadge } from './receiving-status-badge';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text size="sm">{children}</Text>
  </div>
);

const Facts = ({ receiving }: { receiving: Receiving }) => (
  <Paper withBorder radius="md" p="md">
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Fact label="Carrier">{receiving.carrier}</Fact>
      <Fact label="Tracking number">{receiving.trackingNumber}</Fact>
      <Fact label="Source">{RECEIVING_SOURCE_LABELS[receiving.source]}</Fact>
      <Fact label="Expected arrival">
        {receiving.expectedArrivalDate ? formatDay(receiving.expectedArrivalDate) : 'Not given'}
      </Fact>
    </SimpleGrid>
    {receiving.slaDueDate ? (
      <Text size="sm" mt="md" data-testid="receiving-sla">
        Counted into stock within {RECEIVING_SLA_BUSINESS_DAYS} business days of arrival — due{' '}
        {formatDay(receiving.slaDueDate)}
      </Text>
    ) : null}
    {receiving.cartonCount !== null ? (
      <Text size="sm" mt="md">
        Counted in {formatUnits(receiving.cartonCount)}{' '}
        {receiving.cartonCount === 1 ? 'carton' : 'cartons'}
        {receiving.receivedAt ? ` on ${formatDate(receiving.receivedAt)}` : ''}:{' '}
        {formatUnits(receiving.receivedUnits ?? 0)} of {formatUnits(receiving.expectedUnits)} units.
      </Text>
    ) : null}
    {receiving.notes ? (
      <Text size="sm" mt="md" style={{ whiteSpace: 'pre-wrap' }}>
        <Text span fw={600}>
          Notes:{' '}
        </Text>
        {receiving.notes}
      </Text>
    ) : null}
  </Paper>
);

type Dialog = { kind: 'receive' } | { kind: 'cancel' } | { kind: 'map'; item: ReceivingItem };

const ReceivingView = ({ receiving }: { receiving: Receiving }) => {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const isOpen = receiving.status === 'NEEDS_MAPPING' || receiving.status === 'IN_TRANSIT';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <Title order={1} fz="h2">
            {receiving.sn}
          </Title>
          <ReceivingStatusBadge status={receiving.status} data-testid="receiving-status" />
        </Group>
        <Group gap="xs">
          {receiving.status === 'IN_TRANSIT' ? (
            <Button onClick={() => setDialog({ kind: 'receive' })}>Receive</Button>
          ) : null}
          {isOpen ? (
            <Button variant="default" color="red" onClick={() => setDialog({ kind: 'cancel' })}>
              Cancel receiving
            </Button>
          ) : null}
        </Group>
      </Group>
      {receiving.status === 'NEEDS_MAPPING' ? (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="Map every item to a variant before receiving"
        >
          The fulfillment center counts each item into one of your variants. Map the items marked
          below; the receiving can be counted once every item is mapped.
        </Alert>
      ) : null}
      {receiving.status === 'CANCELED' ? (
        <Alert color="gray" title="This receiving was canceled">
          {receiving.canceledReason ?? 'No reason was given.'}
        </Alert>
      ) : null}
      {receiving.hasDiscrepancies ? (
        <Alert color="red" variant="light" title="Not everything arrived as announced">
          The items below show how many units were short or over.
        </Alert>
      ) : null}
      <Facts receiving={receiving} />
      <ReceivingItemsTable
        receiving={receiving}
        onMap={(item) => setDialog({ kind: 'map', item })}
      />
      <ReceivingFees receiving={receiving} />
      {dialog?.kind === 'receive' ? <ReceiveModal receiving={receiving} onClose={close} /> : null}
      {dialog?.kind === 'cancel' ? (
        <CancelReceivingModal receiving={receiving} onClose={close} />
      ) : null}
      {dialog?.kind === 'map' ? (
        <MapItemModal receiving={receiving} item={dialog.item} onClose={close} />
      ) : null}
    </Stack>
  );
};

/** Spec §2 /receivings/{sn}/details (issue 15): one receiving, its items, count and fees. */
export const ReceivingDetails = ({ sn }: { sn: string }) => {
  const receiving = useReceiving(sn);
  if (receiving.isPending) {
    return <Skeleton height={320} radius="md" aria-label="Loading the receiving" />;
  }
  if (receiving.isError) {
    return isApiError(receiving.error) && receiving.error.status === 404 ? (
      <MissingRecord
        title="No such receiving"
        description={`No receiving of your store has the number ${sn}.`}
      >
        <LinkButton href={paths.receivings} variant="light">
          All receivings
        </LinkButton>
      </MissingRecord>
    ) : (
      <LoadError
        message="The receiving could not be loaded."
        onRetry={() => void receiving.refetch()}
        isStacked
      />
    );
  }
  return <ReceivingView receiving={receiving.data} />;
};
