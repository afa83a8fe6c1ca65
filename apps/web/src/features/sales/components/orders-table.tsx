import { Badge, Checkbox, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  columnVisibilityFeature,
  createColumnHelper,
  functionalUpdate,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnVisibilityState,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import type { MouseEvent } from 'react';
import { formatMoney } from '@atelier/contract/common/money';
import type { StoreOrderSummary } from '@atelier/contract/sales/order';
import { ORDER_ORIGIN_LABELS, type OrderSort } from '@atelier/contract/sales/order-values';
import { AppAnchor } from '@/components/ui/app-anchor';
import { hrefs } from '@/config/paths';
import {
  customerLabel,
  financialStatusLabel,
  formatPlacedAt,
  OrderStatusBadge,
} from './order-labels';

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature, rowSelectionFeature });
const column = createColumnHelper<typeof features, StoreOrderSummary>();

/** The columns a sort of the API orders by (their ids are its fields). */
type SortField = 'number' | 'placedAt' | 'customer' | 'total';

const noWrap = { whiteSpace: 'nowrap' } as const;
/** Right-aligned columns. */
const NUMERIC_COLUMNS = new Set(['itemCount', 'total']);

const columns = column.columns([
  column.display({
    id: 'select',
    enableHiding: false,
    header: ({ table }) => (
      <Checkbox
        size="xs"
        aria-label="Select every order shown"
        checked={table.getIsAllRowsSelected()}
        indeterminate={table.getIsSomeRowsSelected()}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        size="xs"
        aria-label={`Select order ${row.original.name}`}
        checked={row.getIsSelected()}
        // The click (not the change) carries Shift, which selects the range from the last one.
        onClick={row.getToggleSelectedHandler() as (event: MouseEvent) => void}
        onChange={() => undefined}
      />
    ),
  }),
  column.accessor('number', {
    id: 'number',
    header: 'Order',
    enableHiding: false,
    sortDescFirst: true,
    cell: ({ row }) => (
      <AppAnchor href={hrefs.orderDetails(row.original.id)} fw={500} style={noWrap}>
        {row.original.name}
      </AppAnchor>
    ),
  }),
  column.accessor('placedAt', {
    id: 'placedAt',
    header: 'Placed',
    sortDescFirst: true,
    cell: ({ row }) => (
      <Text size="sm" style={noWrap}>
        {formatPlacedAt(row.original.placedAt, row.original.timeZone)}
      </Text>
    ),
  }),
  column.accessor((order) => customerLabel(order.customer), {
    id: 'customer',
    header: 'Customer',
    sortDescFirst: false,
    cell: ({ getValue }) => (
      // Wide enough for "Customer 17850" however narrow the other columns leave it.
      <Text size="sm" truncate="end" miw={130} maw={240}>
        {getValue()}
      </Text>
    ),
  }),
  column.accessor('origin', {
    id: 'origin',
    header: 'Origin',
    enableSorting: false,
    cell: ({ getValue }) => (
      <Text size="sm" style={noWrap}>
        {ORDER_ORIGIN_LABELS[getValue()]}
      </Text>
    ),
  }),
  column.accessor('itemCount', {
    id: 'itemCount',
    header: 'Items',
    enableSorting: false,
    cell: ({ getValue }) => getValue().toLocaleString('en-US'),
  }),
  column.accessor((order) => order.total.amount, {
    id: 'total',
    header: 'Total',
    sortDescFirst: true,
    cell: ({ row }) => <span style={noWrap}>{formatMoney(row.original.total)}</span>,
  }),
  column.accessor('financialStatus', {
    id: 'financialStatus',
    header: 'Payment',
    enableSorting: false,
    cell: ({ row }) => (
      <Text size="sm" style={noWrap}>
        {financialStatusLabel(row.original)}
      </Text>
    ),
  }),
  column.accessor('productionStatus', {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    cell: ({ row }) => <OrderStatusBadge order={row.original} />,
  }),
  column.accessor((order) => order.tags.join(', '), {
    id: 'tags',
    header: 'Tags',
    enableSorting: false,
    cell: ({ row }) => (
      <Group gap={4} wrap="nowrap">
        {row.original.tags.slice(0, 3).map((tag) => (
          <Badge key={tag} size="sm" variant="outline" color="gray">
            {tag}
          </Badge>
        ))}
      </Group>
    ),
  }),
  column.accessor('externalId', {
    id: 'externalId',
    header: 'Channel id',
    enableSorting: false,
    cell: ({ getValue }) => <Text size="sm">{getValue() ?? '–'}</Text>,
  }),
]);

/** The columns people may show or hide, with their headers, in the table's order. */
export const ORDER_TABLE_COLUMNS = [
  { id: 'placedAt', label: 'Placed' },
  { id: 'customer', label: 'Customer' },
  { id: 'origin', label: 'Origin' },
  { id: 'itemCount', label: 'Items' },
  { id: 'total', label: 'Total' },
  { id: 'financialStatus', label: 'Payment' },
  { id: 'status', label: 'Status' },
  { id: 'tags', label: 'Tags' },
  { id: 'externalId', label: 'Channel id' },
] as const;

/** Hidden until chosen: the order's tags and its id at the channel. */
export const DEFAULT_ORDER_COLUMNS: ColumnVisibilityState = { tags: false, externalId: false };

const sortingOf = (sort: OrderSort): SortingState => [
  { id: sort.replace('-', ''), desc: sort.startsWith('-') },
];

const sortOf = (sorting: SortingState, current: OrderSort): OrderSort => {
  const [first] = sorting;
  if (!first) return current;
  return `${first.desc ? '-' : ''}${first.id as SortField}` as OrderSort;
};

const SortIcon = ({ direction }: { direction: false | 'asc' | 'desc' }) =>
  direction === 'asc' ? (
    <IconArrowUp size={14} aria-hidden />
  ) : direction === 'desc' ? (
    <IconArrowDown size={14} aria-hidden />
  ) : (
    <IconArrowsSort size={14} aria-hidden style={{ opacity: 0.45 }} />
  );

type OrdersTableProps = {
  orders: StoreOrderSummary[];
  sort: OrderSort;
  onSortChange: (sort: OrderSort) => void;
  columnVisibility: ColumnVisibilityState;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
};

/**
 * /orders as a dense table (ARCHITECTURE.md §5, TanStack Table): sorted by the server (placed
 * date, order number, total or customer; a header is a button, so the keyboard sorts too), the
 * columns chosen, and rows selected by their checkbox (Shift+click selects a range).
 */
export const OrdersTable = ({
  orders,
  sort,
  onSortChange,
  columnVisibility,
  selection,
  onSelectionChange,
}: OrdersTableProps) => {
  const sorting = sortingOf(sort);
  const table = useTable({
    features,
    columns,
    data: orders,
    getRowId: (order) => order.id,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting, columnVisibility, rowSelection: selection },
    onSortingChange: (updater: Updater<SortingState>) =>
      onSortChange(sortOf(functionalUpdate(updater, sorting), sort)),
    onRowSelectionChange: (updater: Updater<RowSelectionState>) =>
      onSelectionChange(functionalUpdate(updater, selection)),
  });

  return (
    <Table.ScrollContainer minWidth={860}>
      <Table
        striped
        highlightOnHover
        verticalSpacing={6}
        horizontalSpacing="xs"
        fz="sm"
        data-testid="orders-table"
        aria-label="Orders"
      >
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => {
                const isNumeric = NUMERIC_COLUMNS.has(header.column.id);
                const direction = header.column.getIsSorted();
                const label = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                return (
                  <Table.Th
                    key={header.id}
                    ta={isNumeric ? 'right' : undefined}
                    w={header.column.id === 'select' ? 36 : undefined}
                    aria-sort={
                      header.column.getCanSort()
                        ? direction === 'asc'
                          ? 'ascending'
                          : direction === 'desc'
                            ? 'descending'
                            : 'none'
                        : undefined
                    }
                  >
                    {header.column.getCanSort() ? (
                      <UnstyledButton
                        onClick={header.column.getToggleSortingHandler()}
                        fz="sm"
                        fw={700}
                        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                        aria-label={`Sort by ${String(header.column.columnDef.header)}`}
                      >
                        {label}
                        <SortIcon direction={direction} />
                      </UnstyledButton>
                    ) : (
                      label
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {table.getRowModel().rows.map((row) => (
            <Table.Tr
              key={row.id}
              bg={row.getIsSelected() ? 'var(--mantine-primary-color-light)' : undefined}
              aria-selected={row.getIsSelected()}
            >
              {row.getVisibleCells().map((cell) => (
                <Table.Td
                  key={cell.id}
                  ta={NUMERIC_COLUMNS.has(cell.column.id) ? 'right' : undefined}
                  style={cell.column.id === 'status' ? { width: '1%', ...noWrap } : undefined}
                >
                  <table.FlexRender cell={cell} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
