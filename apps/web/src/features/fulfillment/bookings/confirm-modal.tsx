import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FormErrorAlert } from '@/components/ui/form-error-alert';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  isPending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** A destructive action asked once more, with the server's refusal shown in place. */
export const ConfirmModal = ({
  opened,
  title,
  message,
  confirmLabel,
  isPending,
  error,
  onConfirm,
  onClose,
}: ConfirmModalProps) => (
  <Modal opened={opened} onClose={onClose} title={title} centered>
    <Stack gap="md">
      <FormErrorAlert message={error} />
      <Text size="sm">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Keep it
        </Button>
        <Button color="red" loading={isPending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  </Modal>
);
