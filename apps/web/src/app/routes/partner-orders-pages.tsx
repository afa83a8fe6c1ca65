import { Button, Center, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFileInvoice, IconPackage } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { ScrollableTabsList } from '@/components/ui/scrollable-tabs-list';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { usePartnerOrderItems } from '@/features/partner-orders/api/partner-order-item-queries';
import { usePartnerInvoices } from '@/features/partner-orders/api/partner-invoice-queries';
import { PartnerInvoicesTable } from '@/features/partner-orders/components/partner-invoices-table';
import { PartnerOrderItemsTable } from '@/features/partner-orders/components/partner-order-items-table';
import { usePartnerOrdersRealtime } from './use-partner-orders-realtime';
import { PARTNER_ORDER_TABS, type PartnerOrderTab } from '@/features/partner-orders/search-params';
import { ORDER_ITEM_TAB_LABELS } from '@atelier/contract/orders/order-item';

const partnerOrdersRoute = getRouteApi('/partner/orders');

type ListStateProps<T> = {
  query: { isPending: boolean; isError: boolean; data?: T; refetch: () => unknown };
  what: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
};

/** A list's loading, failure and empty states around its table. */
const ListState = <T,>({ query, what, isEmpty, empty, children }: ListStateProps<T>) => {
  if (query.isPending) {
    return (
      <Center mih={200} role="status" aria-label={`Loading ${what}`}>
        <Loader />
      </Center>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <Stack align="flex-start" gap="sm" p="md">
        <Text>Your {what} could not be loaded.</Text>
        <Button variant="light" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  return isEmpty(query.data) ? empty : children(query.data);
};

const EmptyState = ({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) => (
  <Center mih={220} p="lg">
    <Stack align="center" gap={6} maw={420} ta="center">
      <Text c="dimmed">{icon}</Text>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Stack>
  </Center>
);

/** Issue 12: /partner/invoices, the invoices the company sent to stores. */
export const PartnerInvoicesPage = () => {
  useDocumentTitle('Invoices · Atelier for suppliers');
  const invoices = usePartnerInvoices();
  usePartnerOrdersRealtime();
  return (
    <Stack gap={0} maw={1120} mx="auto" py="md">
      <PageHeader
        title="Invoices"
        description="Invoices you sent to stores, newest first. Send one from a conversation in your inbox."
        actions={
          <LinkButton href={paths.partnerInbox} variant="light">
            Open the inbox
          </LinkButton>
        }
      />
      <Paper withBorder radius="md">
        <ListState
          query={invoices}
          what="invoices"
          isEmpty={(data) => data.items.length === 0}
          empty={
            <EmptyState icon={<IconFileInvoice size={32} stroke={1.5} />} title="No invoices yet">
              Open a conversation with a store and choose “Send invoice”. The store pays it from the
              card in the conversation.
            </EmptyState>
          }
        >
          {(data) => <PartnerInvoicesTable invoices={data.items} />}
        </ListState>
      </Paper>
    </Stack>
  );
};

const EMPTY_TAB_TEXT: Record<PartnerOrderTab, string> = {
  IN_PRODUCTION: 'Nothing to make right now. Paid items appear here until you ship them.',
  SHIPPED: 'No shipped items yet.',
  CANCELED: 'No canceled items.',
  ALL: 'When a store pays one of your invoices, its items appear here.',
};

const OrderItemsOfTab = ({ tab }: { tab: PartnerOrderTab }) => {
  const items = usePartnerOrderItems(tab);
  return (
    <ListState
      query={items}
      what="orders"
      isEmpty={(data) => data.items.length === 0}
      empty={
        <EmptyState icon={<IconPackage size={32} stroke={1.5} />} title="No orders here">
          {EMPTY_TAB_TEXT[tab]}
        </EmptyState>
      }
    >
      {(data) => <PartnerOrderItemsTable items={data.items} />}
    </ListState>
  );
};

/** Issue 12: /partner/orders, the company's paid order items by tab; ship one from here. */
export const PartnerOrdersPage = () => {
  useDocumentTitle('Orders · Atelier for suppliers');
  const { tab = 'IN_PRODUCTION' } = partnerOrdersRoute.useSearch();
  const navigate = useNavigate();
  usePartnerOrdersRealtime();
  const showTab = (next: string | null) => {
    const chosen = PARTNER_ORDER_TABS.find((candidate) => candidate === next);
    if (!chosen) return;
    void navigate({
      to: paths.partnerOrders,
      search: chosen === 'IN_PRODUCTION' ? {} : { tab: chosen },
      replace: true,
    });
  };
  return (
    <Stack gap={0} maw={1120} mx="auto" py="md">
      <PageHeader
        title="Orders"
        description="Items stores paid for. Mark each shipped with its tracking number (the store sees it in your conversation), and answer a store that asks to cancel one."
      />
      <Paper withBorder radius="md">
        <Tabs value={tab} onChange={showTab} keepMounted={false}>
          <ScrollableTabsList px="sm">
            {PARTNER_ORDER_TABS.map((candidate) => (
              <Tabs.Tab key={candidate} value={candidate}>
                {ORDER_ITEM_TAB_LABELS[candidate]}
              </Tabs.Tab>
            ))}
          </ScrollableTabsList>
          {PARTNER_ORDER_TABS.map((candidate) => (
            <Tabs.Panel key={candidate} value={candidate}>
              <OrderItemsOfTab tab={candidate} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
    </Stack>
  );
};
