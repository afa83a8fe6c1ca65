import { Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { formatMoney } from '@atelier/contract/common/money';
import type { Shipment } from '@atelier/contract/fulfillment/shipment';
import { fetchLabelObjectUrl, useRecreateShipment } from '../api/shipment-queries';

const LABEL_BADGES: Record<Shipment['labelStatus'], { color: string; label: string }> = {
  PENDING: { color: 'yellow', label: 'Making label' },
  READY: { color: 'green', label: 'Label ready' },
  FAILED: { color: 'red', label: 'Label failed' },
};

/** The label's state, or Voided. */
export const ShipmentBadge = ({ shipment }: { shipment: Shipment }) =>
  shipment.status === 'VOIDED' ? (
    <Badge color="gray" variant="light">
      Voided
    </Badge>
  ) : (
    <Badge color={LABEL_BADGES[shipment.labelStatus].color} variant="light">
      {LABEL_BADGES[shipment.labelStatus].label}
    </Badge>
  );

/** The 4×6 in label PDF in a window, fetched with the session. */
export const LabelPreview = ({
  shipment,
  onClose,
}: {
  shipment: Shipment | null;
  onClose: () => void;
}) => {
  const labelUrl = shipment?.labelUrl ?? null;
  // What was fetched, for which label: a stale answer for another label is not shown.
  const [loaded, setLoaded] = useState<{ labelUrl: string; url?: string; error?: string } | null>(
    null,
  );
  useEffect(() => {
    if (!labelUrl) return undefined;
    let objectUrl: string | null = null;
    let isCurrent = true;
    fetchLabelObjectUrl(labelUrl)
      .then((made) => {
        objectUrl = made;
        if (isCurrent) setLoaded({ labelUrl, url: made });
        else URL.revokeObjectURL(made);
      })
      .catch((failure: unknown) => {
        if (isCurrent) {
          setLoaded({
            labelUrl,
            error: failure instanceof Error ? failure.message : String(failure),
          });
        }
      });
    return () => {
      isCurrent = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [labelUrl]);
  const current = loaded?.labelUrl === labelUrl ? loaded : null;
  const url = current?.url ?? null;
  const error = current?.error ?? null;
  return (
    <Modal
      opened={shipment !== null}
      onClose={onClose}
      title={shipment ? `Label ${shipment.sn} · ${shipment.trackingNumber ?? ''}` : 'Label'}
      size="lg"
    >
      {error ? (
        <Text c="red" role="alert">
          {error}
        </Text>
      ) : url ? (
        <Stack gap="xs">
          <iframe
            src={url}
            title={`Shipping label ${shipment?.sn ?? ''}`}
            style={{ width: '100%', height: 560, border: 0 }}
          />
          <Group justify="flex-end">
            <Button component="a" href={url} download={`label-${shipment?.sn ?? ''}.pdf`}>
              Download PDF
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading the label" />
        </Group>
      )}
    </Modal>
  );
};

type ShipmentTableProps = {
  shipments: Shipment[];
  /** Shows each shipment's destination (the label history); an order's panel leaves it out. */
  showsDestination?: boolean;
};

/**
 * Shipments and labels: number, service and price, carrier and tracking number, the label's state
 * with Open (a PDF preview) and Recreate (after a confirmation: the old label is voided).
 */
export const ShipmentTable = ({ shipments, showsDestination = false }: ShipmentTableProps) => {
  const recreate = useRecreateShipment();
  const [previewed, setPreviewed] = useState<Shipment | null>(null);
  const [confirming, setConfirming] = useState<Shipment | null>(null);
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Shipment</Table.Th>
              {showsDestination ? <Table.Th>To</Table.Th> : null}
              <Table.Th>Service</Table.Th>
              <Table.Th>Tracking</Table.Th>
              <Table.Th>Label</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shipments.map((shipment) => (
              <Table.Tr key={shipment.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {shipment.sn}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {new Date(shipment.createdAt).toLocaleString()}
                  </Text>
                </Table.Td>
                {showsDestination ? (
                  <Table.Td>
                    <Text size="sm">{shipment.toAddress.name}</Text>
                    <Text size="xs" c="dimmed">
                      {[
                        shipment.toAddress.city,
                        shipment.toAddress.stateCode,
                        shipment.toAddress.countryCode,
                      ]
                        .filter(Boolean)
                        .join(', ')}
                    </Text>
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <Text size="sm">{shipment.serviceLevel}</Text>
                  <Text size="xs" c="dimmed">
                    {formatMoney(shipment.rate)}
                    {shipment.zone ? ` · zone ${shipment.zone}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{shipment.trackingNumber ?? '—'}</Text>
                  <Text size="xs" c="dimmed">
                    {shipment.carrier ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td miw={120}>
                  <ShipmentBadge shipment={shipment} />
                  {shipment.labelError ? (
                    <Text size="xs" c="red">
                      {shipment.labelError}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      disabled={shipment.labelStatus !== 'READY'}
                      onClick={() => setPreviewed(shipment)}
                    >
                      Open label
                    </Button>
                    {shipment.status === 'ACTIVE' && shipment.labelStatus !== 'PENDING' ? (
                      <Button size="xs" variant="subtle" onClick={() => setConfirming(shipment)}>
                        Recreate
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LabelPreview shipment={previewed} onClose={() => setPreviewed(null)} />
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Recreate this label?"
      >
        <Stack gap="sm">
          <Text size="sm">
            The label of {confirming?.sn} ({confirming?.trackingNumber ?? 'no tracking number yet'})
            is voided and a new one is made for the same parcel. No stock moves again.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Keep it
            </Button>
            <Button
              loading={recreate.isPending}
              onClick={() =>
                confirming &&
                recreate.mutate(confirming.sn, {
                  onSuccess: (made) => {
                    notifications.show({
                      color: 'green',
                      message: `${confirming.sn} voided; ${made.sn} is being made.`,
                    });
                    setConfirming(null);
                  },
                })
              }
            >
              Recreate label
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
};
