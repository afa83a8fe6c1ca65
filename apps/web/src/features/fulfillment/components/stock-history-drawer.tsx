import { Button, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type {
  InventoryLevel,
  InventoryMovementKind,
} from '@atelier/contract/fulfillment/inventory';
import { useInventoryMovements } from '../api/inventory-queries';
import { LowStockThresholdForm } from '../reports/stock-summary';

const KIND_LABELS: Record<InventoryMovementKind, string> = {
  RECEIVING: 'Received',
  RESERVATION: 'Reserved for an order',
  RELEASE: 'Released',
  SHIPMENT: 'Shipped',
  RETURN_RESTOCK: 'Return restocked',
  ADJUSTMENT: 'Adjusted',
  KITTING: 'Kitting',
};

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/** The inventory ledger of one variant (issue 15), newest first. */
export const StockHistoryDrawer = ({
  level,
  onClose,
}: {
  level: InventoryLevel | null;
  onClose: () => void;
}) => {
  const movements = useInventoryMovements(level?.variantId ?? null);
  const rows = movements.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Drawer
      opened={level !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={level ? `Stock history of ${level.sku ?? level.productTitle}` : 'Stock history'}
    >
      {level ? (
        <Stack mb="md">
          <LowStockThresholdForm variantId={level.variantId} />
        </Stack>
      ) : null}
      {movements.isPending ? (
        <Loader size="sm" aria-label="Loading the history" />
      ) : rows.length === 0 ? (
        <Text c="dimmed">No stock has moved yet.</Text>
      ) : (
        <>
          <Table striped aria-label="Stock history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th ta="right">On hand</Table.Th>
                <Table.Th ta="right">Reserved</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{new Date(row.createdAt).toLocaleString('en-US')}</Table.Td>
                  <Table.Td>
                    {KIND_LABELS[row.kind]}
                    {row.reason ? ` · ${row.reason.replace('_', ' ').toLowerCase()}` : ''}
                    {row.note ? (
                      <Text size="xs" c="dimmed">
                        {row.note}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">
                    {row.onHandChange === 0 ? '' : `${signed(row.onHandChange)} → `}
                    {row.onHandAfter}
                  </Table.Td>
                  <Table.Td ta="right">
                    {row.reservedChange === 0 ? '' : `${signed(row.reservedChange)} → `}
                    {row.reservedAfter}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {movements.hasNextPage ? (
            <Group justify="center" mt="sm">
              <Button
                variant="default"
                loading={movements.isFetchingNextPage}
                onClick={() => void movements.fetchNextPage()}
              >
                Load more
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Drawer>
  );
};
