import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlugConnectedX } from '@tabler/icons-react';
import type { ChannelConnection } from '@atelier/contract/sales/channel';
import { showSuccessToast } from '@/lib/notify';
import { useDisconnectSalesChannel } from '../api/channel-queries';

/** Disconnects a shop after a confirmation: its token is deleted, its orders stay. */
export const DisconnectChannelButton = ({ connection }: { connection: ChannelConnection }) => {
  const [isOpen, { open, close }] = useDisclosure(false);
  const disconnect = useDisconnectSalesChannel();

  const handleConfirm = () =>
    disconnect.mutate(connection.id, {
      onSuccess: () => {
        close();
        showSuccessToast(`${connection.shop} disconnected.`);
      },
    });

  return (
    <>
      <Button
        variant="default"
        color="red"
        leftSection={<IconPlugConnectedX size={16} aria-hidden />}
        onClick={open}
      >
        Disconnect
      </Button>
      <Modal opened={isOpen} onClose={close} title={`Disconnect ${connection.shop}?`} centered>
        <Text size="sm">
          The access token is deleted; orders already imported stay. New orders from the shop stop
          arriving until you connect it again.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={disconnect.isPending} onClick={handleConfirm}>
            Disconnect
          </Button>
        </Group>
      </Modal>
    </>
  );
};
