import {
  Alert,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback, useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconFileImport, IconReceipt, IconSearch } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { formatMoney } from '@atelier/contract/common/money';
import {
  ORDER_ORIGIN_LABELS,
  ORDER_TAB_LABELS,
  ORDER_TABS,
  type OrderTab,
} from '@atelier/contract/sales/order-values';
import { AppAnchor } from '@/components/ui/app-anchor';
import { PageHeader } from '@/components/ui/page-header';
import { hrefs } from '@/config/paths';
import { FollowedJob } from '@/features/jobs/components/followed-job';
import { useJobUpdates } from '@/features/jobs/realtime/job-updates';
import { useOrders } from '@/features/sales/api/order-queries';
import { CustomerSummary } from '@/features/sales/components/customer-summary';
import { ExportOrdersButton } from '@/features/sales/components/export-orders-button';
import { OrderImportDialog } from '@/features/sales/components/order-import-dialog';
import {
  customerLabel,
  financialStatusLabel,
  formatPlacedAt,
  OrderStatusBadge,
} from '@/features/sales/components/order-labels';

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
          ? 'No order of this tab has that number, customer e-mail or SKU.'
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

/** Spec §2 /orders: the store's orders by tab of spec §3, with counts, a search and pages. */
export const OrdersPage = () => {
  useDocumentTitle('Orders · Atelier');
  const navigate = ordersRoute.useNavigate();
  const { activeTabKey: tab = 'ALL', search = '', customerId } = ordersRoute.useSearch();
  const [searchText, setSearchText] = useState(search);
  const applySearch = useDebouncedCallback(
    (value: string) =>
      void navigate({ search: (previous) => ({ ...previous, search: value.trim() || undefined }) }),
    300,
  );
  const orders = useOrders({ tab, search, customerId });
  const [isImportOpen, importDialog] = useDisclosure(false);
  // Live job updates from the dialog's opening, so even a short import shows its progress.
  useJobUpdates(isImportOpen);
  const firstPage = orders.data?.pages[0];
  const rows = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const showTab = (next: string | null) =>
    void navigate({
      search: (previous) => ({
        ...previous,
        activeTabKey: next && next !== 'ALL' ? (next as OrderTab) : undefined,
      }),
    });

  return (
    <>
      <PageHeader
        title="Orders"
        description="Every order of your store: from your sales channels, imports and the ones you enter by hand."
        actions={
          <Group gap="sm">
            <ExportOrdersButton tab={tab} search={search} customerId={customerId} />
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
            onClear={() =>
              void navigate({ search: (previous) => ({ ...previous, customerId: undefined }) })
            }
          />
        ) : null}
        <TextInput
          aria-label="Search orders"
          placeholder="Order number, customer e-mail or SKU"
          leftSection={<IconSearch size={16} />}
          // The API searches at most 100 characters (ListStoreOrdersQuerySchema).
          maxLength={100}
          value={searchText}
          maw={420}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
        />
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
              <Skeleton key={row} height={36} radius="sm" />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <NoOrders
            isFiltered={search !== '' || tab !== 'ALL' || customerId !== undefined}
            onClear={() => {
              setSearchText('');
              void navigate({ search: {} });
            }}
          />
        ) : (
          <>
            <Table.ScrollContainer minWidth={820}>
              <Table striped highlightOnHover verticalSpacing="xs" data-testid="orders-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Order</Table.Th>
                    <Table.Th>Placed</Table.Th>
                    <Table.Th>Customer</Table.Th>
                    <Table.Th>Origin</Table.Th>
                    <Table.Th ta="right">Items</Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                    <Table.Th>Payment</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((order) => (
                    <Table.Tr key={order.id}>
                      <Table.Td>
                        <AppAnchor href={hrefs.orderDetails(order.id)} fw={500}>
                          {order.name}
                        </AppAnchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {formatPlacedAt(order.placedAt, order.timeZone)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" lineClamp={1}>
                          {customerLabel(order.customer)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{ORDER_ORIGIN_LABELS[order.origin]}</Text>
                      </Table.Td>
                      <Table.Td ta="right">{order.itemCount.toLocaleString('en-US')}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(order.total)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{financialStatusLabel(order)}</Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap', width: '1%' }}>
                        <OrderStatusBadge order={order} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
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
