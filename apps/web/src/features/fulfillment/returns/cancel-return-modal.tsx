import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Return } from '@atelier/contract/fulfillment/returns';
import { listFieldErrors, isApiError } from '@/lib/api-error';
import { useCancelReturn } from '../api/return-queries';

type CancelReturnModalProps = { entry: Return; onClose: () => void };

/** Asks why before canceling a return that has not arrived: no refund is made (spec §4). */
export const CancelReturnModal = ({ entry, onClose }: CancelReturnModalProps) => {
  const cancel = useCancelReturn(entry.handle);
  const [reason, setReason] = useState('');
  const fieldError = listFieldErrors(cancel.error)['reason'];
  const otherError =
    cancel.error && !fieldError
      ? isApiError(cancel.error)
        ? cancel.error.message
        : 'The return could not be canceled.'
      : null;
  return (
    <Modal opened onClose={onClose} title={`Cancel ${entry.handle}?`}>
      <form
        aria-label="Cancel return"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          cancel.mutate(reason.trim(), {
            onSuccess: (canceled) => {
              notifications.show({ message: `${canceled.handle} canceled: no refund is made.` });
              onClose();
            },
          });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">The customer is not refunded and nothing comes back to stock.</Text>
          <Textarea
            label="Reason"
            description="Shown on the return."
            placeholder="e.g. The customer decided to keep it."
            required
            autosize
            minRows={2}
            maxLength={500}
            data-autofocus
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={fieldError}
          />
          {otherError ? (
            <Text size="sm" c="red" role="alert">
              {otherError}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
              Keep it
            </Button>
            <Button type="submit" color="red" disabled={!reason.trim()} loading={cancel.isPending}>
              Cancel return
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
