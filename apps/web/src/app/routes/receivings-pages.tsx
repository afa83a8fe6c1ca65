import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { getRouteApi, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { formatMoney } from '@atelier/contract/common/money';
import {
  RECEIVING_INCIDENT_FEE,
  RECEIVING_INCIDENT_LABELS,
  RECEIVING_SLA_BUSINESS_DAYS,
  RECEIVING_STATUS_LABELS,
  RECEIVING_STATUSES,
  STANDARD_PALLET_LIMITS,
  type Receiving,
  type ReceivingIncidentKind,
  type ReceivingStatus,
} from '@atelier/contract/fulfillment/receiving';
import { AppAnchor } from '@/components/ui/app-anchor';
import { PageHeader } from '@/components/ui/page-header';
import {
  useCancelReceiving,
  useCreateReceiving,
  useMapReceivingItem,
  useReceivableOrderItems,
  useReceive,
  useReceiving,
  useReceivings,
} from '@/features/fulfillment/api/receiving-queries';
import { VariantPicker } from '@/features/fulfillment/receiving/variant-picker';
import { isApiError, listFieldErrors } from '@/lib/api-error';

const STATUS_COLORS: Record<ReceivingStatus, string> = {
  NEEDS_MAPPING: 'orange',
  IN_TRANSIT: 'blue',
  RECEIVED: 'green',
  CANCELED: 'gray',
};

const StatusBadge = ({ status }: { status: ReceivingStatus }) => (
  <Badge color={STATUS_COLORS[status]} variant="light">
    {RECEIVING_STATUS_LABELS[status]}
  </Badge>
);

const detailsHref = (sn: string) => `/receivings/${sn}/details`;
const errorText = (error: unknown, fallback: string) =>
  isApiError(error) ? error.message : fallback;

/** Spec §2 /receivings: the store's receivings, newest first, by status (in the address). */
export const ReceivingsPage = () => {
  useDocumentTitle('Receivings · Atelier');
  const navigate = useNavigate();
  const search: { status?: string } = useSearch({ strict: false });
  const status = (RECEIVING_STATUSES as readonly string[]).includes(search.status ?? '')
    ? (search.status as ReceivingStatus)
    : null;
  const receivings = useReceivings(status);
  const rows = receivings.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <PageHeader
        title="Receivings"
        description={`Goods on their way to the fulfillment center. Each is counted into stock within ${RECEIVING_SLA_BUSINESS_DAYS} business days of arrival.`}
        actions={
          <Button component="a" href="/receivings/new">
            New receiving
          </Button>
        }
      />
      <SegmentedControl
        mb="md"
        aria-label="Status"
        value={status ?? 'ALL'}
        onChange={(value) =>
          void navigate({
            to: '/receivings',
            search: value === 'ALL' ? {} : { status: value },
          })
        }
        data={[
          { value: 'ALL', label: 'All' },
          ...RECEIVING_STATUSES.map((one) => ({ value: one, label: RECEIVING_STATUS_LABELS[one] })),
        ]}
      />
      {receivings.isPending ? (
        <Skeleton height={200} aria-label="Loading the receivings" />
      ) : receivings.isError ? (
        <Alert color="red" title="The receivings could not be loaded" />
      ) : rows.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="xs">
            <Text fw={600}>{status ? 'No receiving with this status' : 'No receivings yet'}</Text>
            <Text c="dimmed" size="sm">
              Announce goods you send to the fulfillment center: from a sourcing order stored there,
              or bought elsewhere.
            </Text>
            <AppAnchor href="/receivings/new">New receiving</AppAnchor>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Receiving</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Carrier and tracking</Table.Th>
                  <Table.Th>Expected</Table.Th>
                  <Table.Th ta="right">Units</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <AppAnchor href={detailsHref(row.sn)} fw={500}>
                        {row.sn}
                      </AppAnchor>
                      <Text size="xs" c="dimmed">
                        {row.source === 'SOURCING_ORDER'
                          ? 'Sourcing order'
                          : 'Goods bought elsewhere'}{' '}
                        · {new Date(row.createdAt).toLocaleDateString()}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={row.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.carrier}</Text>
                      <Text size="xs" c="dimmed">
                        {row.trackingNumber}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.expectedArrivalDate ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">
                        {row.receivedUnits === null
                          ? `${row.expectedUnits} expected`
                          : `${row.receivedUnits} of ${row.expectedUnits}`}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {row.itemCount} {row.itemCount === 1 ? 'item' : 'items'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {receivings.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                loading={receivings.isFetchingNextPage}
                onClick={() => void receivings.fetchNextPage()}
              >
                Load more
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </>
  );
};

type IntakeLine = {
  key: number;
  title: string;
  sku: string;
  quantity: number | string;
  variantId: string | null;
};

/**
 * Spec §2 /receivings/new: carrier and tracking number (required), the expected arrival and
 * notes; the goods are sourcing order items going to the center (checked, their units to come
 * filled in) and lines for goods bought elsewhere (title, SKU, units, optionally their variant).
 */
export const NewReceivingPage = () => {
  useDocumentTitle('New receiving · Atelier');
  const navigate = useNavigate();
  const receivable = useReceivableOrderItems();
  const create = useCreateReceiving();
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [expectedArrivalDate, setExpectedArrivalDate] = useState('');
  const [notes, setNotes] = useState('');
  const [chosen, setChosen] = useState<Record<string, number | string>>({});
  const [lines, setLines] = useState<IntakeLine[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const errors = listFieldErrors(create.error);
  const sourcing = receivable.data?.items ?? [];
  const chosenIds = Object.keys(chosen);
  const items = [
    ...sourcing
      .filter((item) => item.id in chosen)
      .map((item) => ({ creatorOrderItemId: item.id, quantity: Number(chosen[item.id]) })),
    ...lines.map((line) => ({
      title: line.title.trim(),
      ...(line.sku.trim() ? { sku: line.sku.trim() } : {}),
      ...(line.variantId ? { variantId: line.variantId } : {}),
      quantity: Number(line.quantity),
    })),
  ];
  const isComplete =
    carrier.trim() !== '' &&
    trackingNumber.trim() !== '' &&
    items.length > 0 &&
    items.every((item) => Number.isInteger(item.quantity) && item.quantity > 0) &&
    lines.every((line) => line.title.trim() !== '');
  const itemError = Object.entries(errors).find(([field]) => field.startsWith('items'))?.[1];
  return (
    <>
      <AppAnchor href="/receivings" size="sm">
        ← Receivings
      </AppAnchor>
      <PageHeader
        title="New receiving"
        description="Tell the fulfillment center what is coming: it is counted into your stock when it arrives."
      />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!isComplete) return;
          create.mutate(
            {
              carrier: carrier.trim(),
              trackingNumber: trackingNumber.trim(),
              ...(expectedArrivalDate ? { expectedArrivalDate } : {}),
              ...(notes.trim() ? { notes: notes.trim() } : {}),
              items,
            },
            {
              onSuccess: (receiving) => {
                notifications.show({ color: 'green', message: `${receiving.sn} created.` });
                void navigate({ to: detailsHref(receiving.sn) });
              },
            },
          );
        }}
      >
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md">
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Carrier"
                  required
                  placeholder="UPS, DHL, FedEx…"
                  value={carrier}
                  onChange={(event) => setCarrier(event.currentTarget.value)}
                  error={errors.carrier}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Tracking number"
                  required
                  value={trackingNumber}
                  onChange={(event) => setTrackingNumber(event.currentTarget.value)}
                  error={errors.trackingNumber}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Expected arrival"
                  type="date"
                  value={expectedArrivalDate}
                  onChange={(event) => setExpectedArrivalDate(event.currentTarget.value)}
                  error={errors.expectedArrivalDate}
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <Textarea
                  label="Notes"
                  maxLength={2000}
                  value={notes}
                  onChange={(event) => setNotes(event.currentTarget.value)}
                />
              </Grid.Col>
            </Grid>
          </Paper>

          <Paper
            withBorder
            p="md"
            radius="md"
            component="section"
            aria-label="From sourcing orders"
          >
            <Title order={2} fz="h5" mb="xs">
              From your sourcing orders
            </Title>
            {receivable.isPending ? (
              <Skeleton height={60} />
            ) : sourcing.length === 0 ? (
              <Text size="sm" c="dimmed">
                No sourcing order item is on its way to the fulfillment center. Choose “Store at the
                fulfillment center” on a paid order item, or add goods bought elsewhere below.
              </Text>
            ) : (
              <Stack gap="xs">
                {sourcing.map((item) => (
                  <Group key={item.id} justify="space-between" wrap="nowrap">
                    <Checkbox
                      label={`${item.title}${item.supplierName ? ` · ${item.supplierName}` : ''}`}
                      description={`${item.remainingQuantity} of ${item.quantity} still to arrive${item.trackingNumber ? ` · ${item.carrier ?? ''} ${item.trackingNumber}` : ''}`}
                      checked={item.id in chosen}
                      onChange={(event) => {
                        const isChecked = event.currentTarget.checked;
                        setChosen((now) => {
                          const next = { ...now };
                          if (isChecked) next[item.id] = item.remainingQuantity;
                          else delete next[item.id];
                          return next;
                        });
                        if (isChecked && !trackingNumber && item.trackingNumber) {
                          setTrackingNumber(item.trackingNumber);
                          if (!carrier && item.carrier) setCarrier(item.carrier);
                        }
                      }}
                    />
                    {item.id in chosen ? (
                      <NumberInput
                        aria-label={`Units of ${item.title}`}
                        w={110}
                        min={1}
                        max={item.remainingQuantity}
                        allowDecimal={false}
                        value={chosen[item.id]}
                        onChange={(value) => setChosen((now) => ({ ...now, [item.id]: value }))}
                      />
                    ) : null}
                  </Group>
                ))}
              </Stack>
            )}
          </Paper>

          <Paper
            withBorder
            p="md"
            radius="md"
            component="section"
            aria-label="Goods bought elsewhere"
          >
            <Group justify="space-between" mb="xs">
              <Title order={2} fz="h5">
                Goods bought elsewhere
              </Title>
              <Button
                size="xs"
                variant="light"
                onClick={() => {
                  setLines((now) => [
                    ...now,
                    { key: nextKey, title: '', sku: '', quantity: '', variantId: null },
                  ]);
                  setNextKey(nextKey + 1);
                }}
              >
                Add goods
              </Button>
            </Group>
            {lines.length === 0 ? (
              <Text size="sm" c="dimmed">
                None. Add goods that are not from a sourcing order.
              </Text>
            ) : (
              <Stack gap="md">
                {lines.map((line, index) => {
                  const update = (patch: Partial<IntakeLine>) =>
                    setLines((now) =>
                      now.map((one) => (one.key === line.key ? { ...one, ...patch } : one)),
                    );
                  const at = chosenIds.length + index;
                  return (
                    <Grid key={line.key} align="flex-end">
                      <Grid.Col span={{ base: 12, sm: 4 }}>
                        <TextInput
                          label="What is it"
                          required
                          value={line.title}
                          onChange={(event) => update({ title: event.currentTarget.value })}
                          error={errors[`items.${at}.title`]}
                        />
                      </Grid.Col>
                      <Grid.Col span={{ base: 6, sm: 2 }}>
                        <TextInput
                          label="SKU"
                          value={line.sku}
                          onChange={(event) => update({ sku: event.currentTarget.value })}
                        />
                      </Grid.Col>
                      <Grid.Col span={{ base: 6, sm: 2 }}>
                        <NumberInput
                          label="Units"
                          required
                          min={1}
                          allowDecimal={false}
                          value={line.quantity}
                          onChange={(quantity) => update({ quantity })}
                          error={errors[`items.${at}.quantity`]}
                        />
                      </Grid.Col>
                      <Grid.Col span={{ base: 10, sm: 3 }}>
                        <VariantPicker
                          label="Counted into"
                          value={line.variantId}
                          onChange={(variantId) => update({ variantId })}
                          error={errors[`items.${at}.variantId`]}
                        />
                      </Grid.Col>
                      <Grid.Col span={{ base: 2, sm: 1 }}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${line.title || 'these goods'}`}
                          onClick={() =>
                            setLines((now) => now.filter((one) => one.key !== line.key))
                          }
                        >
                          ×
                        </ActionIcon>
                      </Grid.Col>
                    </Grid>
                  );
                })}
              </Stack>
            )}
          </Paper>
          {create.error && !errors.carrier && !errors.trackingNumber ? (
            <Text c="red" size="sm" role="alert">
              {itemError ?? errorText(create.error, 'The receiving could not be created.')}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending} disabled={!isComplete}>
              Create receiving
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
};

type CartonDraft = {
  key: number;
  counts: Record<string, { quantity: number | string; damaged: number | string }>;
};
type PalletDraft = {
  key: number;
  lengthIn: number | string;
  widthIn: number | string;
  heightIn: number | string;
  weightLb: number | string;
};

/** The count of a receiving: cartons with units and damaged per item, incidents, pallets. */
const ReceiveModal = ({
  receiving,
  isOpen,
  onClose,
}: {
  receiving: Receiving;
  isOpen: boolean;
  onClose: () => void;
}) => {
  const receive = useReceive(receiving.sn);
  const fresh = (key: number): CartonDraft => ({
    key,
    counts: Object.fromEntries(
      receiving.items.map((item) => [item.id, { quantity: '', damaged: '' }]),
    ),
  });
  const [cartons, setCartons] = useState<CartonDraft[]>([fresh(0)]);
  const [incidents, setIncidents] = useState<
    { key: number; kind: ReceivingIncidentKind; note: string }[]
  >([]);
  const [pallets, setPallets] = useState<PalletDraft[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const take = () => {
    setNextKey(nextKey + 1);
    return nextKey;
  };
  const number = (value: number | string) => (typeof value === 'number' ? value : 0);
  const totals = receiving.items.map((item) =>
    cartons.reduce((sum, carton) => sum + number(carton.counts[item.id]!.quantity), 0),
  );
  const errors = listFieldErrors(receive.error);
  const close = () => {
    receive.reset();
    onClose();
  };
  return (
    <Modal opened={isOpen} onClose={close} title={`Receive ${receiving.sn}`} size="xl">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          receive.mutate(
            {
              cartons: cartons
                .map((carton) => ({
                  counts: receiving.items.flatMap((item) => {
                    const count = carton.counts[item.id]!;
                    return count.quantity === ''
                      ? []
                      : [
                          {
                            itemId: item.id,
                            quantity: number(count.quantity),
                            damaged: number(count.damaged),
                          },
                        ];
                  }),
                }))
                .filter((carton) => carton.counts.length > 0),
              incidents: incidents.map((incident) => ({
                kind: incident.kind as Exclude<ReceivingIncidentKind, 'OVERSIZE_PALLET'>,
                ...(incident.note.trim() ? { note: incident.note.trim() } : {}),
              })),
              pallets: pallets.map((pallet) => ({
                lengthIn: number(pallet.lengthIn),
                widthIn: number(pallet.widthIn),
                heightIn: number(pallet.heightIn),
                weightLb: number(pallet.weightLb),
              })),
            },
            {
              onSuccess: (done) => {
                notifications.show({
                  color: 'green',
                  message: `${done.sn} received: ${done.receivedUnits ?? 0} units counted.`,
                });
                close();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          {cartons.map((carton, cartonIndex) => (
            <Paper
              key={carton.key}
              withBorder
              p="sm"
              radius="md"
              component="fieldset"
              aria-label={`Carton ${cartonIndex + 1}`}
            >
              <Group justify="space-between" mb={4}>
                <Text fw={600} size="sm">
                  Carton {cartonIndex + 1}
                </Text>
                {cartons.length > 1 ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setCartons((now) => now.filter((one) => one.key !== carton.key))}
                  >
                    Remove carton
                  </Button>
                ) : null}
              </Group>
              {receiving.items.map((item) => {
                const count = carton.counts[item.id]!;
                const set = (patch: Partial<typeof count>) =>
                  setCartons((now) =>
                    now.map((one) =>
                      one.key === carton.key
                        ? { ...one, counts: { ...one.counts, [item.id]: { ...count, ...patch } } }
                        : one,
                    ),
                  );
                return (
                  <Group key={item.id} gap="xs" wrap="nowrap" align="flex-end">
                    <Text size="sm" style={{ flex: 1 }}>
                      {item.title}
                    </Text>
                    <NumberInput
                      label="Units"
                      aria-label={`Carton ${cartonIndex + 1}: units of ${item.title}`}
                      w={100}
                      min={0}
                      allowDecimal={false}
                      value={count.quantity}
                      onChange={(quantity) => set({ quantity })}
                    />
                    <NumberInput
                      label="Damaged"
                      aria-label={`Carton ${cartonIndex + 1}: damaged ${item.title}`}
                      w={100}
                      min={0}
                      allowDecimal={false}
                      value={count.damaged}
                      onChange={(damaged) => set({ damaged })}
                    />
                  </Group>
                );
              })}
            </Paper>
          ))}
          <Group>
            <Button
              size="xs"
              variant="light"
              onClick={() => setCartons((now) => [...now, fresh(take())])}
            >
              Add carton
            </Button>
            <Text size="sm" c="dimmed">
              Counted so far:{' '}
              {receiving.items
                .map((item, index) => `${item.title} ${totals[index]} of ${item.expectedQuantity}`)
                .join(' · ')}
            </Text>
          </Group>
          <Paper withBorder p="sm" radius="md">
            <Group justify="space-between" mb={4}>
              <Text fw={600} size="sm">
                Incidents ({formatMoney(RECEIVING_INCIDENT_FEE)} each)
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                onClick={() =>
                  setIncidents((now) => [
                    ...now,
                    { key: take(), kind: 'MISSING_CARTON_LABELS', note: '' },
                  ])
                }
              >
                Add incident
              </Button>
            </Group>
            {incidents.map((incident) => (
              <Group key={incident.key} gap="xs" align="flex-end" wrap="nowrap">
                <Select
                  label="Incident"
                  data={(Object.keys(RECEIVING_INCIDENT_LABELS) as ReceivingIncidentKind[])
                    .filter((kind) => kind !== 'OVERSIZE_PALLET')
                    .map((kind) => ({ value: kind, label: RECEIVING_INCIDENT_LABELS[kind] }))}
                  value={incident.kind}
                  allowDeselect={false}
                  onChange={(kind) =>
                    kind &&
                    setIncidents((now) =>
                      now.map((one) => (one.key === incident.key ? { ...one, kind: kind } : one)),
                    )
                  }
                />
                <TextInput
                  label="Note"
                  style={{ flex: 1 }}
                  value={incident.note}
                  onChange={(event) => {
                    const note = event.currentTarget.value;
                    setIncidents((now) =>
                      now.map((one) => (one.key === incident.key ? { ...one, note } : one)),
                    );
                  }}
                />
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() =>
                    setIncidents((now) => now.filter((one) => one.key !== incident.key))
                  }
                >
                  Remove
                </Button>
              </Group>
            ))}
          </Paper>
          <Paper withBorder p="sm" radius="md">
            <Group justify="space-between" mb={4}>
              <Text fw={600} size="sm">
                Pallets
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                onClick={() =>
                  setPallets((now) => [
                    ...now,
                    { key: take(), lengthIn: 48, widthIn: 40, heightIn: '', weightLb: '' },
                  ])
                }
              >
                Add pallet
              </Button>
            </Group>
            <Text size="xs" c="dimmed" mb={4}>
              A pallet over {STANDARD_PALLET_LIMITS.lengthIn}×{STANDARD_PALLET_LIMITS.widthIn}×
              {STANDARD_PALLET_LIMITS.heightIn} in or {STANDARD_PALLET_LIMITS.weightLb} lb is
              charged {formatMoney(RECEIVING_INCIDENT_FEE)}.
            </Text>
            {pallets.map((pallet, index) => (
              <Group key={pallet.key} gap="xs" align="flex-end" wrap="nowrap">
                {(['lengthIn', 'widthIn', 'heightIn', 'weightLb'] as const).map((field) => (
                  <NumberInput
                    key={field}
                    label={
                      {
                        lengthIn: 'Length in',
                        widthIn: 'Width in',
                        heightIn: 'Height in',
                        weightLb: 'Weight lb',
                      }[field]
                    }
                    w={110}
                    min={0}
                    value={pallet[field]}
                    error={errors[`pallets.${index}.${field}`]}
                    onChange={(value) =>
                      setPallets((now) =>
                        now.map((one) =>
                          one.key === pallet.key ? { ...one, [field]: value } : one,
                        ),
                      )
                    }
                  />
                ))}
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setPallets((now) => now.filter((one) => one.key !== pallet.key))}
                >
                  Remove
                </Button>
              </Group>
            ))}
          </Paper>
          {receive.error ? (
            <Text size="sm" c="red" role="alert">
              {Object.values(errors)[0] ??
                errorText(receive.error, 'The count could not be saved.')}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={receive.isPending}>
              Receive into stock
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/** Maps one item to a variant of the store. */
const MapItemModal = ({
  receiving,
  itemId,
  onClose,
}: {
  receiving: Receiving;
  itemId: string | null;
  onClose: () => void;
}) => {
  const map = useMapReceivingItem(receiving.sn);
  const [variantId, setVariantId] = useState<string | null>(null);
  const item = receiving.items.find((one) => one.id === itemId);
  const close = () => {
    map.reset();
    setVariantId(null);
    onClose();
  };
  return (
    <Modal opened={item !== undefined} onClose={close} title={item ? `Map “${item.title}”` : 'Map'}>
      <Stack gap="sm">
        <Text size="sm">The units of this item are counted into the variant you choose.</Text>
        <VariantPicker
          label="Variant"
          value={variantId}
          onChange={setVariantId}
          error={map.error ? errorText(map.error, 'The item could not be mapped.') : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={!variantId}
            loading={map.isPending}
            onClick={() =>
              item && variantId && map.mutate({ itemId: item.id, variantId }, { onSuccess: close })
            }
          >
            Map item
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/** Cancels the receiving, after a confirmation with the reason. */
const CancelModal = ({
  receiving,
  isOpen,
  onClose,
}: {
  receiving: Receiving;
  isOpen: boolean;
  onClose: () => void;
}) => {
  const cancel = useCancelReceiving(receiving.sn);
  const [reason, setReason] = useState('');
  return (
    <Modal opened={isOpen} onClose={onClose} title={`Cancel ${receiving.sn}?`}>
      <Stack gap="sm">
        <Text size="sm">The goods will not be counted into stock. Say why.</Text>
        <Textarea
          label="Reason"
          required
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={
            cancel.error
              ? errorText(cancel.error, 'The receiving could not be canceled.')
              : undefined
          }
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button
            color="red"
            disabled={!reason.trim()}
            loading={cancel.isPending}
            onClick={() => cancel.mutate(reason.trim(), { onSuccess: onClose })}
          >
            Cancel receiving
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/** Spec §2 /receivings/{sn}/details: one receiving, its items, count, discrepancies and fees. */
export const ReceivingDetailsPage = ({ sn }: { sn: string }) => {
  const receiving = useReceiving(sn);
  useDocumentTitle(`${sn} · Receivings · Atelier`);
  const [isReceiving, setReceiving] = useState(false);
  const [isCanceling, setCanceling] = useState(false);
  const [mapping, setMapping] = useState<string | null>(null);
  const data = receiving.data;
  return (
    <>
      <AppAnchor href="/receivings" size="sm">
        ← Receivings
      </AppAnchor>
      {receiving.isPending ? (
        <Skeleton height={300} mt="md" aria-label="Loading the receiving" />
      ) : !data ? (
        <Alert color="gray" mt="md" title="There is no such receiving in this store" />
      ) : (
        <Stack gap="lg" mt="xs">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Group gap="sm">
                <Title order={1} fz="h2">
                  {data.sn}
                </Title>
                <StatusBadge status={data.status} />
              </Group>
              <Text c="dimmed">
                {data.carrier} {data.trackingNumber} ·{' '}
                {data.source === 'SOURCING_ORDER' ? 'Sourcing order' : 'Goods bought elsewhere'}
                {data.expectedArrivalDate ? ` · expected ${data.expectedArrivalDate}` : ''}
              </Text>
              {data.slaDueDate ? (
                <Text size="sm">
                  Counted into stock within {RECEIVING_SLA_BUSINESS_DAYS} business days of arrival:
                  by {data.slaDueDate}.
                </Text>
              ) : null}
            </Stack>
            <Group gap="xs">
              {data.status === 'IN_TRANSIT' ? (
                <Button onClick={() => setReceiving(true)}>Receive</Button>
              ) : null}
              {data.status === 'IN_TRANSIT' || data.status === 'NEEDS_MAPPING' ? (
                <Button variant="default" color="red" onClick={() => setCanceling(true)}>
                  Cancel receiving
                </Button>
              ) : null}
            </Group>
          </Group>
          {data.status === 'NEEDS_MAPPING' ? (
            <Alert color="orange" title="Map every item to a variant before receiving">
              The center counts each item into one of your variants. Map the items marked below.
            </Alert>
          ) : null}
          {data.canceledReason ? (
            <Alert color="gray" title="Canceled">
              {data.canceledReason}
            </Alert>
          ) : null}
          {data.notes ? <Text size="sm">{data.notes}</Text> : null}
          <Paper withBorder radius="md" p="md">
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th>Counted into</Table.Th>
                    <Table.Th ta="right">Expected</Table.Th>
                    <Table.Th ta="right">Received</Table.Th>
                    <Table.Th ta="right">Damaged</Table.Th>
                    <Table.Th ta="right">Discrepancy</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>
                        <Text size="sm">{item.title}</Text>
                        {item.sku ? (
                          <Text size="xs" c="dimmed">
                            SKU {item.sku}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        {item.variantLabel ? (
                          <Group gap={4} wrap="nowrap">
                            <Text size="sm">{item.variantLabel}</Text>
                            {data.status === 'IN_TRANSIT' || data.status === 'NEEDS_MAPPING' ? (
                              <Button
                                size="compact-xs"
                                variant="subtle"
                                onClick={() => setMapping(item.id)}
                              >
                                Change
                              </Button>
                            ) : null}
                          </Group>
                        ) : data.status === 'NEEDS_MAPPING' ? (
                          <Button
                            size="xs"
                            variant="light"
                            color="orange"
                            onClick={() => setMapping(item.id)}
                          >
                            Map to variant
                          </Button>
                        ) : (
                          <Text size="sm" c="dimmed">
                            —
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{item.expectedQuantity}</Table.Td>
                      <Table.Td ta="right">{item.receivedQuantity ?? '—'}</Table.Td>
                      <Table.Td ta="right">
                        {item.receivedQuantity === null ? '—' : item.damagedQuantity}
                      </Table.Td>
                      <Table.Td ta="right">
                        {item.discrepancy === null ? (
                          '—'
                        ) : (
                          <Text
                            size="sm"
                            c={
                              item.discrepancy < 0
                                ? 'red'
                                : item.discrepancy > 0
                                  ? 'orange'
                                  : undefined
                            }
                          >
                            {item.discrepancy > 0
                              ? `+${item.discrepancy}`
                              : item.discrepancy < 0
                                ? `−${-item.discrepancy}`
                                : '0'}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {data.cartonCount !== null ? (
              <Text size="sm" c="dimmed" mt="xs">
                Counted in {data.cartonCount} {data.cartonCount === 1 ? 'carton' : 'cartons'}
                {data.receivedAt ? ` on ${new Date(data.receivedAt).toLocaleString()}` : ''}.
              </Text>
            ) : null}
          </Paper>
          {data.fees.length > 0 ? (
            <Paper withBorder radius="md" p="md" component="section" aria-label="Fees">
              <Title order={2} fz="h5" mb="xs">
                Non-compliance fees
              </Title>
              <Stack gap={4}>
                {data.fees.map((fee) => (
                  <Group key={fee.id} justify="space-between">
                    <Text size="sm">
                      {RECEIVING_INCIDENT_LABELS[fee.kind]}
                      {fee.note ? ` · ${fee.note}` : ''}
                    </Text>
                    <Text size="sm">{formatMoney(fee.amount)}</Text>
                  </Group>
                ))}
                <Group justify="space-between">
                  <Text size="sm" fw={600}>
                    Total
                  </Text>
                  <Text size="sm" fw={600}>
                    {formatMoney(data.feesTotal)}
                  </Text>
                </Group>
              </Stack>
            </Paper>
          ) : null}
          <ReceiveModal
            key={`${data.sn}-${data.status}`}
            receiving={data}
            isOpen={isReceiving}
            onClose={() => setReceiving(false)}
          />
          <MapItemModal receiving={data} itemId={mapping} onClose={() => setMapping(null)} />
          <CancelModal receiving={data} isOpen={isCanceling} onClose={() => setCanceling(false)} />
        </Stack>
      )}
    </>
  );
};

const receivingDetailsRoute = getRouteApi('/app/receivings/$sn/details');

/** /receivings/{sn}/details with the sn of the address. */
export const ReceivingDetailsRoutePage = () => {
  const { sn } = receivingDetailsRoute.useParams();
  return <ReceivingDetailsPage key={sn} sn={sn} />;
};
