import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Receiving, ReceivingItem } from '@atelier/contract/fulfillment/receiving';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { useMapReceivingItem } from '../api/receiving-queries';
import { VariantPicker } from './variant-picker';

type MapItemModalProps = { receiving: Receiving; item: ReceivingItem; onClose: () => void };

/**
 * Maps one item of a receiving to one of the store's variants: its units are counted into it.
 * The receiving turns In transit once every item is mapped.
 */
export const MapItemModal = ({ receiving, item, onClose }: MapItemModalProps) => {
  const map = useMapReceivingItem(receiving.sn);
  const [variantId, setVariantId] = useState<string | null>(item.variantId);
  const error = map.error
    ? (listFieldErrors(map.error).variantId ??
      (isApiError(map.error) ? map.error.message : 'The item could not be mapped.'))
    : undefined;
  return (
    <Modal opened onClose={onClose} title={`Map “${item.title}”`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!variantId) return;
          map.mutate(
            { itemId: item.id, variantId },
            {
              onSuccess: (mapped) => {
                notifications.show({
                  color: 'green',
                  message:
                    mapped.status === 'IN_TRANSIT'
                      ? `Every item of ${mapped.sn} is mapped: it can be received.`
                      : `“${item.title}” mapped.`,
                });
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {item.sku ? `${item.title} (SKU ${item.sku})` : item.title}:{' '}
            {item.expectedQuantity.toLocaleString('en-US')} units expected. They are counted into
            the variant you choose.
          </Text>
          <VariantPicker label="Variant" value={variantId} onChange={setVariantId} error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={map.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!variantId} loading={map.isPending}>
              Map item
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
