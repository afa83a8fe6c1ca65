import { Button, Group, Modal, Text } from '@mantine/core';
import { clearPreviewModeFlag, usePreviewModeFlag } from '@/lib/preview-mode';

/** Spec §8: the dedicated dialog behind the preview-mode flag. */
export const PreviewModeDialog = () => {
  const { isOpen, message } = usePreviewModeFlag();
  return (
    <Modal opened={isOpen} onClose={clearPreviewModeFlag} title="Preview mode" centered>
      <Text>{message}</Text>
      <Text c="dimmed" size="sm" mt="xs">
        This is a preview account: you can look around, but nothing you change is saved.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={clearPreviewModeFlag} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
};
