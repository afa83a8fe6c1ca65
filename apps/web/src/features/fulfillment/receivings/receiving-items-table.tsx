import { Button, Group, Paper, Table, Text } from '@mantine/core';
import type { Receiving, ReceivingItem } from '@atelier/contract/fulfillment/receiving';
import { formatDiscrepancy, formatUnits } from './receiving-format';

const isOpen = (receiving: Receiving) =>
  receiving.status === 'NEEDS_MAPPING' || receiving.status === 'IN_TRANSIT';

/** Short in red, over in orange, as counted. */
const Discrepancy = ({ item }: { item: ReceivingItem }) =>
  item.discrepancy === null ? (
    '—'
  ) : (
    <Text
      span
      size="sm"
      fw={item.discrepancy === 0 ? undefined : 600}
      c={item.discrepancy < 0 ? 'red' : item.discrepancy > 0 ? 'orange' : undefined}
    >
      {formatDiscrepancy(item.discrepancy)}
    </Text>
  );

const VariantCell = ({
  receiving,
  item,
  onMap,
}: {
  receiving: Receiving;
  item: ReceivingItem;
  onMap: (item: ReceivingItem) => void;
}) => {
  if (!item.variantLabel) {
    return isOpen(receiving) ? (
      <Button size="xs" variant="light" color="orange" onClick={() => onMap(item)}>
        Map to variant
      </Button>
    ) : (
      <Text size="sm" c="dimmed">
        Not mapped
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm">{item.variantLabel}</Text>
      {isOpen(receiving) ? (
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={`Change the variant of ${item.title}`}
          onClick={() => onMap(item)}
        >
          Change
        </Button>
      ) : null}
    </Group>
  );
};

type ReceivingItemsTableProps = { receiving: Receiving; onMap: (item: ReceivingItem) => void };

/** What the receiving holds: each item, the variant it is counted into, and how it was counted. */
export const ReceivingItemsTable = ({ receiving, onMap }: ReceivingItemsTableProps) => (
  <Paper withBorder radius="md">
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label="Items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th>Variant</Table.Th>
            <Table.Th ta="right">Expected</Table.Th>
            <Table.Th ta="right">Received</Table.Th>
            <Table.Th ta="right">Damaged</Table.Th>
            <Table.Th ta="right">Discrepancy</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {receiving.items.map((item) => (
            <Table.Tr key={item.id} data-testid={`receiving-item-${item.id}`}>
              <Table.Td>
                <Text size="sm">{item.title}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {item.sku ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <VariantCell receiving={receiving} item={item} onMap={onMap} />
              </Table.Td>
              <Table.Td ta="right">{formatUnits(item.expectedQuantity)}</Table.Td>
              <Table.Td ta="right">
                {item.receivedQuantity === null ? '—' : formatUnits(item.receivedQuantity)}
              </Table.Td>
              <Table.Td ta="right" c={item.damagedQuantity > 0 ? 'red' : undefined}>
                {item.receivedQuantity === null ? '—' : formatUnits(item.damagedQuantity)}
              </Table.Td>
              <Table.Td ta="right">
                <Discrepancy item={item} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  </Paper>
);
