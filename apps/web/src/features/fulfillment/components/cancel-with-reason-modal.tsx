import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { isApiError, listFieldErrors } from '@/lib/api-error';

type CancelWithReasonModalProps = {
  /** "Cancel RET-000012?" */
  title: string;
  /** The form's accessible name ("Cancel return"). */
  formLabel: string;
  /** What canceling does, in a sentence. */
  consequence: string;
  /** Where the reason shows ("Shown on the return."). */
  reasonDescription: string;
  placeholder: string;
  /** The red button ("Cancel return"). */
  submitLabel: string;
  /** Shown when the error is not the API's own message. */
  fallbackError: string;
  isPending: boolean;
  error: unknown;
  onCancel: (reason: string) => void;
  onClose: () => void;
};

/**
 * Asks why before canceling something at the fulfillment center (a return, a kitting request):
 * a required reason (≤ 500 characters, shown on the record), "Keep it" to back out, and the
 * server's refusal under the field or below it. The caller runs the mutation.
 */
export const CancelWithReasonModal = ({
  title,
  formLabel,
  consequence,
  reasonDescription,
  placeholder,
  submitLabel,
  fallbackError,
  isPending,
  error,
  onCancel,
  onClose,
}: CancelWithReasonModalProps) => {
  const [reason, setReason] = useState('');
  const fieldError = listFieldErrors(error)['reason'];
  const otherError =
    error && !fieldError ? (isApiError(error) ? error.message : fallbackError) : null;
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        aria-label={formLabel}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onCancel(reason.trim());
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{consequence}</Text>
          <Textarea
            label="Reason"
            description={reasonDescription}
            placeholder={placeholder}
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
            <Button variant="default" onClick={onClose} disabled={isPending}>
              Keep it
            </Button>
            <Button type="submit" color="red" disabled={!reason.trim()} loading={isPending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
