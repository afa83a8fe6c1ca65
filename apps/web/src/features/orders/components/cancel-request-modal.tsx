import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type OrderItem, requestOrderItemCancel } from '@atelier/contract/orders/order-item-api';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { useRequestCancel } from '../api/order-item-queries';

const CancelRequestSchema = requestOrderItemCancel.body;
type CancelRequestValues = z.input<typeof CancelRequestSchema>;

type CancelRequestModalProps = {
  item: OrderItem;
  onClose: () => void;
  onRequested: (item: OrderItem) => void;
};

/**
 * "Request cancel" of a paid production item: the reason goes to the supplier, who confirms (the
 * item is refunded) or declines. A refusal the server explains (409) shows its message here.
 */
export const CancelRequestModal = ({ item, onClose, onRequested }: CancelRequestModalProps) => {
  const requestCancel = useRequestCancel();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CancelRequestValues, unknown, z.output<typeof CancelRequestSchema>>({
    resolver: zodResolver(CancelRequestSchema),
    defaultValues: { reason: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async ({ reason }) => {
    setFormError(null);
    try {
      onRequested(await requestCancel.mutateAsync({ itemId: item.id, reason }));
    } catch (error) {
      setFormError(applyServerErrors(error, ['reason'], form.setError));
    }
  });

  return (
    <Modal opened onClose={onClose} title="Request a cancel">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Request a cancel">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {item.title}, from {item.supplierName}. The supplier confirms the cancel (your payment
            for this item is refunded) or declines it; production goes on meanwhile.
          </Text>
          <FormErrorAlert message={formError} />
          <Textarea
            label="Reason"
            description="Between 3 and 500 characters; the supplier reads it."
            placeholder="e.g. We ordered the wrong colour."
            required
            autosize
            minRows={3}
            maxRows={8}
            maxLength={500}
            data-autofocus
            {...form.register('reason')}
            error={errors.reason?.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={requestCancel.isPending}>
              Keep the order
            </Button>
            <Button type="submit" color="red" loading={requestCancel.isPending}>
              Request cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
