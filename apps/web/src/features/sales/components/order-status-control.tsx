import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Menu, Modal, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { StoreOrder } from '@atelier/contract/sales/order';
import {
  type ChangeOrderOpStatusInput,
  ChangeOrderOpStatusInputSchema,
} from '@atelier/contract/sales/order-operations';
import {
  PRODUCTION_STATUS_LABELS,
  PRODUCTION_STATUSES,
  type ProductionStatus,
} from '@atelier/contract/sales/order-values';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { useChangeOrderOpStatus } from '../api/order-queries';

const NOTE_MAX = 500;

type StatusFormValues = z.input<typeof ChangeOrderOpStatusInputSchema>;

type ChangeStatusFormProps = {
  orderId: string;
  from: ProductionStatus;
  status: ProductionStatus;
  onCancel: () => void;
  onChanged: () => void;
};

/** The modal's form: an optional note for the history, then the change. */
const ChangeStatusForm = ({
  orderId,
  from,
  status,
  onCancel,
  onChanged,
}: ChangeStatusFormProps) => {
  const change = useChangeOrderOpStatus(orderId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<StatusFormValues, unknown, ChangeOrderOpStatusInput>({
    resolver: zodResolver(ChangeOrderOpStatusInputSchema),
    defaultValues: { status, note: '' },
  });
  const note = useWatch({ control: form.control, name: 'note' }) ?? '';

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await change.mutateAsync(values.note ? values : { status: values.status });
      onChanged();
    } catch (error) {
      setFormError(applyServerErrors(error, ['note'], form.setError));
    }
  });

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <Text size="sm">
          From {PRODUCTION_STATUS_LABELS[from]} to {PRODUCTION_STATUS_LABELS[status]}; the change is
          kept in the order’s status history.
        </Text>
        <Textarea
          label="Note"
          description={`Optional: why, for the status history (${note.length}/${NOTE_MAX})`}
          placeholder="Waiting for fabric"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={NOTE_MAX}
          data-autofocus
          {...form.register('note')}
          error={form.formState.errors.note?.message}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

type OrderStatusControlProps = {
  order: Pick<StoreOrder, 'id' | 'productionStatus' | 'cancelState'>;
};

/**
 * Spec §7 change-op-status: a menu of the other production statuses; the chosen one is confirmed
 * in a modal with an optional note. A canceled order keeps its status.
 */
export const OrderStatusControl = ({ order }: OrderStatusControlProps) => {
  const [isModalOpen, setIsModalOpen] = useState(false);
  // Stays set while the modal closes, so its words do not change under the transition (the
  // order's status changes as the modal closes).
  const [change, setChange] = useState<{ from: ProductionStatus; to: ProductionStatus }>({
    from: order.productionStatus,
    to: order.productionStatus,
  });
  const [announcement, setAnnouncement] = useState('');

  const handleChoose = (status: ProductionStatus) => {
    setAnnouncement('');
    setChange({ from: order.productionStatus, to: status });
    setIsModalOpen(true);
  };

  return (
    <>
      {order.cancelState === 'CANCELED' ? (
        <Text size="xs" c="dimmed">
          A canceled order keeps its status.
        </Text>
      ) : (
        <Menu position="bottom-end" shadow="md" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              rightSection={<IconChevronDown size={14} aria-hidden />}
            >
              Change status
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Change the status to</Menu.Label>
            {PRODUCTION_STATUSES.filter((status) => status !== order.productionStatus).map(
              (status) => (
                <Menu.Item key={status} onClick={() => handleChoose(status)}>
                  {PRODUCTION_STATUS_LABELS[status]}
                </Menu.Item>
              ),
            )}
          </Menu.Dropdown>
        </Menu>
      )}
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      <Modal
        opened={isModalOpen}
        onClose={() => setIsModalOpen(false)}
        title={`Change status to ${PRODUCTION_STATUS_LABELS[change.to]}`}
        centered
      >
        {/* The modal drops its content once closed: each opening starts a fresh form. It stays
            when the order turns out canceled meanwhile, to show the server's refusal. */}
        <ChangeStatusForm
          orderId={order.id}
          from={change.from}
          status={change.to}
          onCancel={() => setIsModalOpen(false)}
          onChanged={() => {
            setAnnouncement(`Status changed to ${PRODUCTION_STATUS_LABELS[change.to]}.`);
            setIsModalOpen(false);
          }}
        />
      </Modal>
    </>
  );
};
