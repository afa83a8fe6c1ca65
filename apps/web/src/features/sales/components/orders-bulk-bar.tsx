import {
  Alert,
  Button,
  Group,
  List,
  Menu,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { ChangeOrdersOpStatusResult } from '@atelier/contract/sales/order-operations';
import {
  MAX_BULK_ORDERS,
  PRODUCTION_STATUS_LABELS,
  PRODUCTION_STATUSES,
  type ProductionStatus,
} from '@atelier/contract/sales/order-values';
import { showErrorToast } from '@/lib/notify';
import { useChangeOrdersOpStatus } from '../api/order-queries';

const NOTE_MAX = 500;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

type ChangeStatusModalProps = {
  orderIds: string[];
  isOpen: boolean;
  status: ProductionStatus;
  onClose: () => void;
  onDone: (result: ChangeOrdersOpStatusResult) => void;
};

/** The confirmation, then the summary of what changed and what was refused, and why. */
const ChangeStatusModal = ({
  orderIds,
  isOpen,
  status,
  onClose,
  onDone,
}: ChangeStatusModalProps) => {
  const change = useChangeOrdersOpStatus();
  const [note, setNote] = useState('');
  const [result, setResult] = useState<ChangeOrdersOpStatusResult | null>(null);
  const label = PRODUCTION_STATUS_LABELS[status];

  const handleClose = () => {
    if (result) onDone(result);
    setResult(null);
    setNote('');
    change.reset();
    onClose();
  };

  const handleConfirm = async () => {
    try {
      const answer = await change.mutateAsync({
        orderIds,
        status,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      setResult(answer);
    } catch {
      // The modal says so below.
    }
  };

  return (
    <Modal
      opened={isOpen}
      onClose={handleClose}
      title={result ? 'Status changed' : `Change ${plural(orderIds.length, 'order')} to ${label}?`}
      centered
    >
      {result ? (
        <Stack gap="sm" aria-live="polite">
          <Text size="sm" fw={600}>
            {result.changed.length > 0
              ? `${plural(result.changed.length, 'order')} changed to ${label}.`
              : 'No order changed.'}
          </Text>
          {result.refused.length > 0 ? (
            <Alert
              color="yellow"
              title={`${plural(result.refused.length, 'order')} left as they were`}
            >
              <List size="sm" spacing={2}>
                {result.refused.map((refusal) => (
                  <List.Item key={refusal.id}>
                    {refusal.name ?? 'An order no longer in this store'}:{' '}
                    {refusal.reason === 'op_status_unchanged'
                      ? `already ${label}`
                      : refusal.reason === 'order_canceled'
                        ? 'canceled orders keep their status'
                        : 'not found'}
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={handleClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">
            Each order’s status history keeps the change. Canceled orders and orders already {label}{' '}
            stay as they are; you will see which.
          </Text>
          <Textarea
            label="Note"
            description={`Optional: why, for each order’s status history (${note.length}/${NOTE_MAX})`}
            placeholder="Batch sent to the workshop"
            autosize
            minRows={2}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            data-autofocus
          />
          {change.isError ? (
            <Alert color="red" title="The statuses could not be changed">
              Nothing was changed. Check the connection and try again.
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            <Button loading={change.isPending} onClick={() => void handleConfirm()}>
              Change {plural(orderIds.length, 'order')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};

type OrdersBulkBarProps = {
  selectedIds: string[];
  onExport: (ids: string[]) => Promise<void>;
  onClear: () => void;
};

/**
 * What the /orders selection can do: export those orders as CSV, or change their operation
 * status (confirmed, then a summary of what changed and what was refused). At most
 * MAX_BULK_ORDERS at once.
 */
export const OrdersBulkBar = ({ selectedIds, onExport, onClear }: OrdersBulkBarProps) => {
  // The chosen status stays set while the modal closes, so its words do not change meanwhile.
  const [status, setStatus] = useState<ProductionStatus>('PROCESSING');
  const [isModalOpen, setIsModalOpen] = useState(false);
  const [isExporting, setIsExporting] = useState(false);
  const isTooMany = selectedIds.length > MAX_BULK_ORDERS;
  // Kept while the modal is open: the selection is cleared once it is done.
  const [modalIds, setModalIds] = useState<string[]>([]);

  const handleExport = async () => {
    setIsExporting(true);
    try {
      await onExport(selectedIds);
    } catch {
      showErrorToast('The orders could not be exported. Try again.');
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Paper withBorder radius="md" px="sm" py={6} role="region" aria-label="Selected orders">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} aria-live="polite">
          {plural(selectedIds.length, 'order')} selected
          {isTooMany ? ` (at most ${MAX_BULK_ORDERS} at once)` : ''}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={isExporting}
            disabled={isTooMany}
            onClick={() => void handleExport()}
          >
            Export selected
          </Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button
                size="xs"
                disabled={isTooMany}
                rightSection={<IconChevronDown size={14} aria-hidden />}
              >
                Change status
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {PRODUCTION_STATUSES.map((option) => (
                <Menu.Item
                  key={option}
                  onClick={() => {
                    setModalIds(selectedIds);
                    setStatus(option);
                    setIsModalOpen(true);
                  }}
                >
                  {PRODUCTION_STATUS_LABELS[option]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button size="xs" variant="subtle" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
      <ChangeStatusModal
        orderIds={modalIds}
        isOpen={isModalOpen}
        status={status}
        onClose={() => setIsModalOpen(false)}
        onDone={onClear}
      />
    </Paper>
  );
};
