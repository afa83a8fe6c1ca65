import {
  Alert,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback, useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconFileImport, IconReceipt, IconSearch } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import {
  ORDER_TAB_LABELS,
  ORDER_TABS,
  type OrderSort,
  type OrderTab,
} from '@atelier/contract/sales/order-values';
import { PageHeader } from '@/components/ui/page-header';
import { FollowedJob } from '@/features/jobs/components/followed-job';
import { useJobUpdates } from '@/features/jobs/realtime/job-updates';
import {
  downloadOrdersCsv,
  useOrders,
  type OrderListParams,
} from '@/features/sales/api/order-queries';
import { CustomerSummary } from '@/features/sales/components/customer-summary';
import { ExportOrdersButton } from '@/features/sales/components/export-orders-button';
import {
  OrderColumnsChooser,
  useOrderColumns,
} from '@/features/sales/components/order-columns-chooser';
import { OrderFilters, type OrderFilterValues } from '@/features/sales/components/order-filters';
import { OrderImportDialog } from '@/features/sales/components/order-import-dialog';
import { OrdersBulkBar } from '@/features/sales/components/orders-bulk-bar';
import { OrdersTable } from '@/features/sales/components/orders-table';

const ordersRoute = getRouteApi('/app/orders');

/** What an empty tab says: the whole store has no orders yet, or this search found none. */
const NoOrders = ({ isFiltered, onClear }: { isFiltered: boolean; onClear: () => void }) => (
  <Paper withBorder radius="md" p="xl">
    <EmptyState
      icon={<IconReceipt size={28} stroke={1.5} />}
      variant="light"
      title={isFiltered ? 'No orders match' : 'No orders yet'}
      description={
        isFiltered
          ? 'No order of this tab matches the search and filters.'
          : 'Orders from your sales channels and imports are listed here, newest first. Orders entered by hand (retail R-numbers, wholesale W-numbers) show here too.'
      }
    >
      {isFiltered ? (
        <Button variant="light" onClick={onClear}>
          Show every order
        </Button>
      ) : null}
    </EmptyState>
  </Paper>
);

/**
 * Spec §2 /orders: the store's orders by tab of spec §3, with counts, a search, filters (origin,
 * payment, days), a sort and the columns chosen, as a dense table with pages ("Load more"); the
 * selected orders are exported or change status together. Tab, search, filters and sort live in
 * the address.
 */
export const OrdersPage = () => {
  useDocumentTitle('Orders · Atelier');
  const navigate = ordersRoute.useNavigate();
  const {
    activeTabKey: tab = 'ALL',
    search = '',
    customerId,
    origin,
    financialStatus,
    placedFrom,
    placedTo,
    sort,
  } = ordersRoute.useSearch();
  const params: OrderListParams = {
    tab,
    search,
    customerId,
    origin,
    financialStatus,
    placedFrom,
    placedTo,
    sort,
  };
  const [searchText, setSearchText] = useState(search);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [columnVisibility, setColumnVisibility] = useOrderColumns();
  /** Moves to other orders: what was selected is no longer on screen, so it is let go. */
  const show = (next: Partial<typeof params> & { activeTabKey?: OrderTab | undefined }) => {
    setSelection({});
    void navigate({ search: (previous) => ({ ...previous, ...next }) });
  };
  const applySearch = useDebouncedCallback(
    (value: string) => show({ search: value.trim() || undefined }),
    300,
  );
  const orders = useOrders(params);
  const [isImportOpen, importDialog] = useDisclosure(false);
  // Live job updates from the dialog's opening, so even a short import shows its progress.
  useJobUpdates(isImportOpen);
  const firstPage = orders.data?.pages[0];
  const rows = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const selectedIds = Object.keys(selection).filter((id) => selection[id]);
  const filters: OrderFilterValues = { origin, financialStatus, placedFrom, placedTo };
  const isFiltered =
    search !== '' ||
    tab !== 'ALL' ||
    customerId !== undefined ||
    Object.values(filters).some((value) => value !== undefined);
  const showTab = (next: string | null) =>
    show({ activeTabKey: next && next !== 'ALL' ? (next as OrderTab) : undefined });

  return (
    <>
      <PageHeader
        title="Orders"
        description="Every order of your store: from your sales channels, imports and the ones you enter by hand."
        actions={
          <Group gap="sm">
            <ExportOrdersButton {...params} />
            <Button
              leftSection={<IconFileImport size={18} aria-hidden />}
              onClick={importDialog.open}
            >
              Import orders
            </Button>
          </Group>
        }
      />
      <OrderImportDialog
        opened={isImportOpen}
        onClose={importDialog.close}
        renderJob={(props) => <FollowedJob {...props} />}
      />
      <Stack gap="md">
        {customerId ? (
          <CustomerSummary
            customerId={customerId}
            onClear={() => show({ customerId: undefined })}
          />
        ) : null}
        <Stack gap="xs">
          <Group gap="sm" justify="space-between" wrap="nowrap">
            <TextInput
              aria-label="Search orders"
              placeholder="Order number, customer e-mail or SKU"
              leftSection={<IconSearch size={16} />}
              // The API searches at most 100 characters (ListStoreOrdersQuerySchema).
              maxLength={100}
              value={searchText}
              w={380}
              style={{ flexShrink: 1, minWidth: 0 }}
              onChange={(event) => {
                setSearchText(event.currentTarget.value);
                applySearch(event.currentTarget.value);
              }}
            />
            <OrderColumnsChooser visibility={columnVisibility} onChange={setColumnVisibility} />
          </Group>
          <OrderFilters values={filters} onChange={(next) => show(next)} />
        </Stack>
        <Tabs value={tab} onChange={showTab} keepMounted={false}>
          {/* One row of tabs, scrolled sideways on a phone rather than wrapped (issue 10). */}
          <div style={{ overflowX: 'auto', scrollbarWidth: 'thin' }}>
            <Tabs.List style={{ flexWrap: 'nowrap' }}>
              {ORDER_TABS.map((key) => (
                <Tabs.Tab
                  key={key}
                  value={key}
                  rightSection={
                    firstPage ? (
                      <Text span size="xs" c="dimmed" fw={600}>
                        {firstPage.counts[key].toLocaleString('en-US')}
                      </Text>
                    ) : null
                  }
                >
                  {ORDER_TAB_LABELS[key]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </div>
        </Tabs>

        {selectedIds.length > 0 ? (
          <OrdersBulkBar
            selectedIds={selectedIds}
            onExport={(ids) => downloadOrdersCsv(params, ids)}
            onClear={() => setSelection({})}
          />
        ) : null}

        {orders.isError ? (
          <Alert color="red" title="The orders could not be loaded">
            <Group gap="sm">
              <Text size="sm">Check the connection and try again.</Text>
              <Button size="compact-sm" variant="light" onClick={() => void orders.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : orders.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading orders">
            {[0, 1, 2, 3, 4].map((row) => (
              <Skeleton key={row} height={32} radius="sm" />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <NoOrders
            isFiltered={isFiltered}
            onClear={() => {
              setSearchText('');
              setSelection({});
              void navigate({ search: {} });
            }}
          />
        ) : (
          <>
            <OrdersTable
              orders={rows}
              sort={sort ?? '-placedAt'}
              onSortChange={(next: OrderSort) =>
                show({ sort: next === '-placedAt' ? undefined : next })
              }
              columnVisibility={columnVisibility}
              selection={selection}
              onSelectionChange={setSelection}
            />
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {rows.length.toLocaleString('en-US')} of{' '}
                {(firstPage?.counts[tab] ?? rows.length).toLocaleString('en-US')} shown
              </Text>
              {orders.hasNextPage ? (
                <Button
                  variant="default"
                  loading={orders.isFetchingNextPage}
                  onClick={() => {
                    if (!orders.isFetchingNextPage) void orders.fetchNextPage();
                  }}
                >
                  Load more
                </Button>
              ) : null}
            </Group>
          </>
        )}
      </Stack>
    </>
  );
};
