import {
  Button,
  Group,
  Loader,
  Paper,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { InventoryLevel } from '@atelier/contract/fulfillment/inventory';
import { useInventoryLevels } from '../api/inventory-queries';
import { AdjustStockModal } from './adjust-stock-modal';
import { StockHistoryDrawer } from './stock-history-drawer';

/**
 * The stock of the store's tracked variants in the fulfillment center (issue 15): the bin, on
 * hand, reserved for orders and available, by SKU, with an adjustment by hand and the history of
 * each.
 */
export const StockList = () => {
  const [search, setSearch] = useState('');
  const [draft, setDraft] = useState('');
  const applySearch = useDebouncedCallback((value: string) => setSearch(value.trim()), 300);
  const levels = useInventoryLevels(search);
  const rows = levels.data?.pages.flatMap((page) => page.items) ?? [];
  const [adjusting, setAdjusting] = useState<InventoryLevel | null>(null);
  const [viewing, setViewing] = useState<InventoryLevel | null>(null);

  return (
    <Paper withBorder radius="md" p="md">
      <TextInput
        label="Search stock"
        placeholder="SKU or product"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={draft}
        maxLength={200}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        mb="md"
        maw={360}
      />
      {levels.isPending ? (
        <Loader size="sm" aria-label="Loading the stock" />
      ) : rows.length === 0 ? (
        <Text c="dimmed">
          {search
            ? 'No variant matches this search.'
            : 'No product with a tracked variant yet: add products, then count their stock in.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label="Stock">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th>Bin</Table.Th>
                <Table.Th ta="right">On hand</Table.Th>
                <Table.Th ta="right">Reserved</Table.Th>
                <Table.Th ta="right">Available</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((level) => (
                <Table.Tr
                  key={level.variantId}
                  data-testid={`stock-${level.sku ?? level.variantId}`}
                >
                  <Table.Td>{level.sku ?? '—'}</Table.Td>
                  <Table.Td>
                    {level.productTitle}
                    {level.variantTitle ? (
                      <Text span c="dimmed" size="sm">
                        {' '}
                        · {level.variantTitle}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{level.binCode ?? '—'}</Table.Td>
                  <Table.Td ta="right">{level.onHand}</Table.Td>
                  <Table.Td ta="right">{level.reserved}</Table.Td>
                  <Table.Td ta="right" fw={600} c={level.available === 0 ? 'red' : undefined}>
                    {level.available}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setAdjusting(level)}
                        aria-label={`Adjust the stock of ${level.sku ?? level.productTitle}`}
                      >
                        Adjust
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setViewing(level)}
                        aria-label={`History of ${level.sku ?? level.productTitle}`}
                      >
                        History
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {levels.hasNextPage ? (
        <Group justify="center" mt="sm">
          <Button
            variant="default"
            loading={levels.isFetchingNextPage}
            onClick={() => void levels.fetchNextPage()}
          >
            Load more
          </Button>
        </Group>
      ) : null}
      <AdjustStockModal level={adjusting} onClose={() => setAdjusting(null)} />
      <StockHistoryDrawer level={viewing} onClose={() => setViewing(null)} />
    </Paper>
  );
};
