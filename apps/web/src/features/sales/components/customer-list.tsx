import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { countryNameOf } from '@atelier/contract/common/format';
import { formatMoney } from '@atelier/contract/common/money';
import type { StoreCustomerSummary } from '@atelier/contract/sales/customer';
import type { CustomerSort } from '@atelier/contract/sales/customer-values';
import { AppAnchor } from '@/components/ui/app-anchor';
import { hrefs } from '@/config/paths';
import { useCustomers } from '../api/order-queries';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const day = (iso: string | null) => (iso ? DAY.format(new Date(iso)) : '–');

/** The customer as a person reads them: name, else e-mail, else their id at the channel. */
export const customerName = (
  customer: Pick<StoreCustomerSummary, 'firstName' | 'lastName' | 'email' | 'externalId'>,
) =>
  [customer.firstName, customer.lastName].filter(Boolean).join(' ') ||
  customer.email ||
  (customer.externalId ? `Customer ${customer.externalId}` : 'Customer without a name');

type CustomerListProps = {
  search: string;
  sort: CustomerSort;
  onChange: (next: { search?: string | undefined; sort?: CustomerSort | undefined }) => void;
};

/**
 * Issue 11 customers: the store's customers by last order or total spent, searched by the start
 * of an e-mail or name or by a channel id, in keyset pages ("Load more"); each opens their orders
 * with their figures.
 */
export const CustomerList = ({ search, sort, onChange }: CustomerListProps) => {
  const customers = useCustomers({ search, sort });
  const [searchText, setSearchText] = useState(search);
  const applySearch = useDebouncedCallback(
    (value: string) => onChange({ search: value.trim() || undefined, sort }),
    300,
  );
  const rows = customers.data?.pages.flatMap((page) => page.items) ?? [];
  const total = customers.data?.pages[0]?.total ?? 0;

  return (
    <Stack gap="md">
      <Group gap="sm" justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          aria-label="Search customers"
          placeholder="E-mail, name or channel id"
          leftSection={<IconSearch size={16} />}
          maxLength={100}
          value={searchText}
          w={{ base: '100%', xs: 320 }}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
        />
        <SegmentedControl
          aria-label="Sort customers"
          size="xs"
          value={sort}
          onChange={(value) => onChange({ search: search || undefined, sort: value })}
          data={[
            { value: 'LAST_ORDER', label: 'Last order' },
            { value: 'TOTAL_SPENT', label: 'Total spent' },
          ]}
        />
      </Group>

      {customers.isError ? (
        <Alert color="red" title="The customers could not be loaded">
          <Group gap="sm">
            <Text size="sm">Check the connection and try again.</Text>
            <Button size="compact-sm" variant="light" onClick={() => void customers.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : customers.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading customers">
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={32} radius="sm" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <EmptyState
            icon={<IconUsers size={28} stroke={1.5} />}
            variant="light"
            title={search ? 'No customers match' : 'No customers yet'}
            description={
              search
                ? `No customer has an e-mail or name starting with “${search}”, or that channel id.`
                : 'Customers come with their orders: from your sales channels, imports and the orders you enter by hand.'
            }
          >
            {search ? (
              <Button
                variant="light"
                onClick={() => {
                  setSearchText('');
                  onChange({ search: undefined, sort });
                }}
              >
                Show every customer
              </Button>
            ) : null}
          </EmptyState>
        </Paper>
      ) : (
        <>
          <Table.ScrollContainer minWidth={820}>
            <Table
              striped
              highlightOnHover
              verticalSpacing={6}
              fz="sm"
              data-testid="customers-table"
              aria-label="Customers"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th ta="right">Orders</Table.Th>
                  <Table.Th
                    ta="right"
                    aria-sort={sort === 'TOTAL_SPENT' ? 'descending' : undefined}
                  >
                    Total spent
                  </Table.Th>
                  <Table.Th>First order</Table.Th>
                  <Table.Th aria-sort={sort === 'LAST_ORDER' ? 'descending' : undefined}>
                    Last order
                  </Table.Th>
                  <Table.Th>Marketing</Table.Th>
                  <Table.Th>Country</Table.Th>
                  <Table.Th>Tags</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((customer) => (
                  <Table.Tr key={customer.id}>
                    <Table.Td>
                      <AppAnchor href={hrefs.customerOrders(customer.id)} fw={500} size="sm">
                        {customerName(customer)}
                      </AppAnchor>
                      {customer.email && customerName(customer) !== customer.email ? (
                        <Text size="xs" c="dimmed">
                          {customer.email}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right">{customer.orderCount.toLocaleString('en-US')}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {customer.totalSpent ? formatMoney(customer.totalSpent) : '–'}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {day(customer.firstOrderAt)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {day(customer.lastOrderAt)}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        size="sm"
                        variant="light"
                        color={customer.acceptsMarketing ? 'teal' : 'gray'}
                      >
                        {customer.acceptsMarketing ? 'Subscribed' : 'Not subscribed'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {customer.countryCode ? countryNameOf(customer.countryCode) : '–'}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {customer.tags.slice(0, 3).map((tag) => (
                          <Badge key={tag} size="sm" variant="outline" color="gray">
                            {tag}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {rows.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')} shown
            </Text>
            {customers.hasNextPage ? (
              <Button
                variant="default"
                loading={customers.isFetchingNextPage}
                onClick={() => {
                  if (!customers.isFetchingNextPage) void customers.fetchNextPage();
                }}
              >
                Load more
              </Button>
            ) : null}
          </Group>
        </>
      )}
    </Stack>
  );
};
