import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';
import type { Product } from '@atelier/contract/sales/product';
import { showSuccessToast } from '@/lib/notify';
import { useSetProductArchived } from '../api/product-queries';

/** Archives an active product or brings an archived one back, after a confirmation. */
export const ArchiveProductButton = ({ product }: { product: Product }) => {
  const [isOpen, { open, close }] = useDisclosure(false);
  const setArchived = useSetProductArchived(product.id);
  const isArchived = product.status === 'ARCHIVED';
  const action = isArchived ? 'Unarchive' : 'Archive';

  const handleConfirm = () =>
    setArchived.mutate(!isArchived, {
      onSuccess: (saved) => {
        close();
        showSuccessToast(
          saved.status === 'ARCHIVED'
            ? `${saved.title} archived.`
            : `${saved.title} is active again.`,
        );
      },
    });

  return (
    <>
      <Button
        variant="default"
        color={isArchived ? undefined : 'red'}
        leftSection={
          isArchived ? (
            <IconArchiveOff size={16} aria-hidden />
          ) : (
            <IconArchive size={16} aria-hidden />
          )
        }
        onClick={open}
      >
        {action}
      </Button>
      <Modal opened={isOpen} onClose={close} title={`${action} ${product.title}?`} centered>
        <Text size="sm">
          {isArchived
            ? 'It goes back to your active products and can be sold again.'
            : 'It leaves your active products and is no longer offered for sale. Its variants and order history are kept, and you can unarchive it any time.'}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} data-autofocus>
            Cancel
          </Button>
          <Button
            color={isArchived ? undefined : 'red'}
            loading={setArchived.isPending}
            onClick={handleConfirm}
          >
            {action}
          </Button>
        </Group>
      </Modal>
    </>
  );
};
