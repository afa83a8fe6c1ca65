import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { CancelReceivingBodySchema, type Receiving } from '@atelier/contract/fulfillment/receiving';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { useCancelReceiving } from '../api/receiving-queries';

type CancelValues = z.input<typeof CancelReceivingBodySchema>;

type CancelReceivingModalProps = { receiving: Receiving; onClose: () => void };

/** Asks why before canceling a receiving that has not been counted: its goods will not arrive. */
export const CancelReceivingModal = ({ receiving, onClose }: CancelReceivingModalProps) => {
  const cancel = useCancelReceiving(receiving.sn);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CancelValues, unknown, z.output<typeof CancelReceivingBodySchema>>({
    resolver: zodResolver(CancelReceivingBodySchema),
    defaultValues: { reason: '' },
  });
  const reason = useWatch({ control: form.control, name: 'reason' });

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const canceled = await cancel.mutateAsync(values.reason);
      notifications.show({ color: 'green', message: `${canceled.sn} canceled.` });
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, ['reason'], form.setError));
    }
  });

  return (
    <Modal opened onClose={onClose} title={`Cancel ${receiving.sn}?`}>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Cancel receiving">
        <Stack gap="sm">
          <Text size="sm">
            The fulfillment center stops waiting for these goods and nothing is counted into stock.
            This cannot be undone.
          </Text>
          <FormErrorAlert message={formError} />
          <Textarea
            label="Reason"
            description="Kept on the receiving."
            placeholder="e.g. The supplier sent the goods to our studio instead."
            required
            autosize
            minRows={2}
            maxLength={500}
            data-autofocus
            {...form.register('reason')}
            error={form.formState.errors.reason?.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
              Keep it
            </Button>
            <Button type="submit" color="red" disabled={!reason.trim()} loading={cancel.isPending}>
              Cancel receiving
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
