import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Modal,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBox, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  KITTING_STATUS_LABELS,
  MAX_KITS_PER_REQUEST,
  type Bundle,
  type KittingRequest,
} from '@atelier/contract/fulfillment/kitting';
import { isApiError } from '@/lib/api-error';
import { useInventoryLevels } from '../api/inventory-queries';
import {
  useBundles,
  useCancelKittingRequest,
  useCompleteKittingRequest,
  useCreateKittingRequest,
  useKittingRequests,
} from '../api/kitting-queries';
import { CancelWithReasonModal } from '../components/cancel-with-reason-modal';
import { BundleModal } from './bundle-modal';

const STATUS_COLORS: Record<KittingRequest['status'], string> = {
  REQUESTED: 'blue',
  COMPLETED: 'green',
  CANCELED: 'gray',
};
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const RequestKitsModal = ({ bundle, onClose }: { bundle: Bundle; onClose: () => void }) => {
  const create = useCreateKittingRequest();
  const [quantity, setQuantity] = useState<number | string>(
    Math.max(1, Math.min(bundle.buildable, 10)),
  );
  const [note, setNote] = useState('');
  return (
    <Modal opened onClose={onClose} title={`Assemble ${bundle.sku ?? bundle.title}`}>
      <form
        aria-label="Request kits"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            {
              bundleVariantId: bundle.variantId,
              quantity: Number(quantity),
              note: note.trim() || undefined,
            },
            {
              onSuccess: (request) => {
                notifications.show({ color: 'green', message: `${request.sn} requested.` });
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Your components’ stock makes {bundle.buildable} now. Components leave your stock when
            the kits are assembled.
          </Text>
          <NumberInput
            label="Kits"
            min={1}
            max={MAX_KITS_PER_REQUEST}
            allowDecimal={false}
            value={quantity}
            onChange={setQuantity}
            data-autofocus
          />
          <Textarea
            label="Instructions"
            autosize
            minRows={2}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          {create.error ? (
            <Text size="sm" c="red" role="alert">
              {isApiError(create.error) ? create.error.message : 'The request could not be sent.'}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!(Number(quantity) > 0)}>
              Request kits
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/** Asks why before canceling a kitting request: no kits are assembled, no stock moves. */
const CancelKittingModal = ({
  request,
  onClose,
}: {
  request: KittingRequest;
  onClose: () => void;
}) => {
  const cancel = useCancelKittingRequest();
  return (
    <CancelWithReasonModal
      title={`Cancel ${request.sn}?`}
      formLabel="Cancel kitting request"
      consequence="The center assembles no kits and the components stay in stock as they are."
      reasonDescription="Shown on the request."
      placeholder="e.g. The bundle is discontinued."
      submitLabel="Cancel request"
      fallbackError="The request could not be canceled."
      isPending={cancel.isPending}
      error={cancel.error}
      onCancel={(reason) =>
        cancel.mutate(
          { sn: request.sn, reason },
          {
            onSuccess: (canceled) => {
              notifications.show({ message: `${canceled.sn} canceled: no kits are assembled.` });
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    />
  );
};

const RequestRow = ({ request }: { request: KittingRequest }) => {
  const complete = useCompleteKittingRequest();
  const [isCanceling, setCanceling] = useState(false);
  return (
    <Table.Tr data-testid={`kitting-${request.sn}`}>
      <Table.Td fw={500}>{request.sn}</Table.Td>
      <Table.Td>
        <Text size="sm">{request.sku ?? request.title}</Text>
        {request.note ? (
          <Text size="xs" c="dimmed">
            {request.note}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td ta="right">{request.quantity.toLocaleString('en-US')}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATUS_COLORS[request.status]}>
          {KITTING_STATUS_LABELS[request.status]}
        </Badge>
        {request.cancelReason ? (
          <Text size="xs" c="dimmed">
            {request.cancelReason}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{dateFormat.format(new Date(request.createdAt))}</Table.Td>
      <Table.Td>
        {request.status === 'REQUESTED' ? (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button size="compact-xs" variant="default" onClick={() => setCanceling(true)}>
              Cancel
            </Button>
            <Button
              size="compact-xs"
              loading={complete.isPending}
              title="The center assembled the kits: components leave stock and the kits arrive."
              onClick={() =>
                complete.mutate(request.sn, {
                  onSuccess: (done) =>
                    notifications.show({ color: 'green', message: `${done.sn}: kits on hand.` }),
                })
              }
            >
              Mark assembled
            </Button>
            {isCanceling ? (
              <CancelKittingModal request={request} onClose={() => setCanceling(false)} />
            ) : null}
          </Group>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
};

/**
 * Issue 15 kitting and bundles (fulfillment home tile "order kitting services"): the store's
 * bundles with what their components' stock can make, kitting requests, and their status.
 */
export const KittingPageContent = () => {
  const bundles = useBundles();
  const requests = useKittingRequests();
  const variants = useInventoryLevels('');
  const levels = variants.data?.pages.flatMap((page) => page.items) ?? [];
  const [editing, setEditing] = useState<Bundle | 'new' | null>(null);
  const [requesting, setRequesting] = useState<Bundle | null>(null);
  const bundleRows = bundles.data?.items ?? [];
  const requestRows = requests.data?.items ?? [];
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            Bundles
          </Title>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing('new')}
          >
            New bundle
          </Button>
        </Group>
        {bundles.isError ? (
          <Alert color="red" title="The bundles could not be loaded" />
        ) : bundles.isPending ? (
          <Skeleton height={80} radius="md" />
        ) : bundleRows.length === 0 ? (
          <Paper withBorder radius="md" p="xl" data-testid="no-bundles">
            <EmptyState
              icon={<IconBox size={28} stroke={1.5} />}
              variant="light"
              title="No bundles yet"
              description="Make a variant a bundle of others (a gift set of two candles and a card), then ask the center to assemble kits from your stock."
            />
          </Paper>
        ) : (
          <Paper withBorder radius="md">
            <Table verticalSpacing="xs" aria-label="Bundles">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Bundle</Table.Th>
                  <Table.Th>Components</Table.Th>
                  <Table.Th ta="right">Can make</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bundleRows.map((bundle) => (
                  <Table.Tr
                    key={bundle.variantId}
                    data-testid={`bundle-${bundle.sku ?? bundle.variantId}`}
                  >
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {bundle.sku ?? 'No SKU'}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {bundle.title}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {bundle.components.map((component) => (
                        <Text key={component.variantId} size="sm">
                          {component.quantity} × {component.sku ?? component.title}
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td ta="right">{bundle.buildable.toLocaleString('en-US')}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() => setEditing(bundle)}
                        >
                          Edit
                        </Button>
                        <Button size="compact-xs" onClick={() => setRequesting(bundle)}>
                          Assemble kits
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Kitting requests
        </Title>
        {requests.isPending ? (
          <Skeleton height={80} radius="md" />
        ) : requestRows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No kitting requests yet.
          </Text>
        ) : (
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" aria-label="Kitting requests">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Request</Table.Th>
                    <Table.Th>Bundle</Table.Th>
                    <Table.Th ta="right">Kits</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Requested</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {requestRows.map((request) => (
                    <RequestRow key={request.id} request={request} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </Stack>
      {editing ? (
        <BundleModal
          bundle={editing === 'new' ? null : editing}
          variants={levels}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {requesting ? (
        <RequestKitsModal bundle={requesting} onClose={() => setRequesting(null)} />
      ) : null}
    </Stack>
  );
};
