import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';

/**
 * Asks before leaving a page with unsaved changes: in-app navigation opens a dialog (stay or
 * leave), closing or reloading the tab gets the browser's own prompt.
 */
export const UnsavedChangesGuard = ({ isDirty }: { isDirty: boolean }) => {
  const blocker = useBlocker({
    shouldBlockFn: () => isDirty,
    enableBeforeUnload: () => isDirty,
    withResolver: true,
  });
  const isBlocked = blocker.status === 'blocked';
  return (
    <Modal
      opened={isBlocked}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      centered
    >
      <Text size="sm">You have unsaved changes. If you leave this page now, they are lost.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          Stay on this page
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </Group>
    </Modal>
  );
};
