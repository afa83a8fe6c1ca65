import { Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney } from '@atelier/contract/common/money';
import type { SendMessagePayload } from '@atelier/contract/chat/message';
import { LoadError } from '@/components/ui/load-error';
import type { ChatShareSources } from '../share-sources';
import { SharePickList, SharePickRow } from './share-pick-list';

type SendCatalogItemModalProps = {
  useSupplierItems: ChatShareSources['useSupplierItems'];
  supplierId: string;
  supplierName: string;
  onClose: () => void;
  onSend: (payload: SendMessagePayload) => void;
};

/** The store picks one of this supplier's catalog items to ask about. */
export const SendCatalogItemModal = ({
  useSupplierItems,
  supplierId,
  supplierName,
  onClose,
  onSend,
}: SendCatalogItemModalProps) => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const items = useSupplierItems(supplierId, debounced);
  const shownItems = items.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Send a product of ${supplierName || 'this supplier'}`}
      size="lg"
    >
      <Stack gap="sm">
        <TextInput
          aria-label="Search this supplier's products"
          placeholder="Search products"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        {items.isPending ? (
          <Stack gap="xs" role="status" aria-label="Loading products">
            <Skeleton h={48} />
            <Skeleton h={48} />
            <Skeleton h={48} />
          </Stack>
        ) : items.isError ? (
          <LoadError
            message="The products could not be loaded."
            onRetry={() => void items.refetch()}
          />
        ) : shownItems.length === 0 ? (
          <Text c="dimmed" size="sm">
            {debounced
              ? 'No product matches that search.'
              : 'This supplier has no products listed.'}
          </Text>
        ) : (
          <SharePickList maxHeight={380}>
            {shownItems.map((item) => (
              <SharePickRow
                key={item.id}
                name={item.title}
                onSend={() =>
                  onSend({
                    type: 'CATALOG_ITEM',
                    itemId: item.id,
                    title: item.title.slice(0, 300),
                    price: item.price,
                  })
                }
              >
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={500} truncate>
                    {item.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatMoney(item.price)} per unit
                    {item.moq ? ` · MOQ ${item.moq}` : ''}
                  </Text>
                </Stack>
              </SharePickRow>
            ))}
          </SharePickList>
        )}
      </Stack>
    </Modal>
  );
};
