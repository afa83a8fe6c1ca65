import { Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi, useParams, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ComingSoon } from '@/components/ui/coming-soon';
import { NOT_BUILT_LABEL } from '@/components/ui/not-built-marker';
import { PageHeader } from '@/components/ui/page-header';
import { ScrollableTabsList } from '@/components/ui/scrollable-tabs-list';
import { hrefs, INBOX_TABS, type InboxTab } from '@/config/paths';
import { useItemSearch } from '@/features/catalog/api/item-queries';
import { MySuppliersList } from '@/features/catalog/components/my-suppliers-list';
import { storeChatClient } from '@/features/chat/chat-client';
import { ChatWorkspace } from '@/features/chat/components/chat-workspace';
import type { ChatShareSources } from '@/features/chat/share-sources';
import { useUnreadTotal } from '@/features/chat/use-unread-total';
import { InvoiceList } from '@/features/orders/components/invoice-list';
import { OrderItemsView } from '@/features/orders/components/order-items-view';
import { useCustomProjects } from '@/features/sourcing/api/custom-project-queries';
import {
  CustomProjectList,
  NewCustomProjectButton,
} from '@/features/sourcing/components/custom-project-list';
import { useStoreOrdersRealtime } from './use-store-orders-realtime';

const storeShareSources: ChatShareSources = {
  useCustomProjects,
  useSupplierItems: (supplierId, searchKey) =>
    useItemSearch({ companyId: supplierId, searchKey: searchKey || undefined, size: 20 }),
};

const ordersRoute = getRouteApi('/app/inbox/orders');

/**
 * Orders & Shipments, its tab and open item in the address (`?tab=`, `?item=`); a supplier's
 * shipment or answer to a cancel request shows as it happens.
 */
const OrdersAndShipmentsTab = () => {
  useStoreOrdersRealtime();
  const router = useRouter();
  const { tab = 'ALL', item } = ordersRoute.useSearch();
  const go = (query: { tab?: string; item?: string }) =>
    void router.navigate({ href: hrefs.ordersAndShipments(query) });
  return (
    <OrderItemsView
      tab={tab}
      onTabChange={(next) => go({ tab: next })}
      itemId={item ?? null}
      onOpenItem={(itemId) => go({ tab, item: itemId ?? undefined })}
      invoiceHrefOf={hrefs.payInvoice}
      reviewHrefOf={hrefs.leaveReview}
    />
  );
};

/** The store's invoices; one a supplier sends (or voids) shows as it happens. */
const InvoicesTab = () => {
  useStoreOrdersRealtime();
  return <InvoiceList hrefOf={hrefs.payInvoice} />;
};

type InboxTabInfo = {
  label: string;
  title: string;
  description: string;
  /** The built screen of the tab; tabs without one say what will be there. */
  content?: (options: { conversationId?: string }) => ReactNode;
  actions?: () => ReactNode;
};

const TABS: Record<InboxTab, InboxTabInfo> = {
  messages: {
    label: 'Messages',
    title: 'Supplier inbox',
    description: 'Your conversations with suppliers.',
    content: ({ conversationId }) => (
      <ChatWorkspace
        client={storeChatClient}
        conversationId={conversationId}
        shareSources={storeShareSources}
      />
    ),
  },
  'my-suppliers': {
    label: 'My suppliers',
    title: 'My suppliers',
    description: 'The suppliers you favorited, messaged or ordered from.',
    content: () => <MySuppliersList />,
  },
  orders: {
    label: 'Orders & shipments',
    title: 'Orders & shipments',
    description: 'Your sample and production orders with suppliers, and their shipments.',
    content: () => <OrdersAndShipmentsTab />,
  },
  'needs-payment': {
    label: 'Invoices',
    title: 'Invoices',
    description: 'Invoices from suppliers, to review and pay.',
    content: () => <InvoicesTab />,
  },
  'custom-project-requests': {
    label: 'Custom project requests',
    title: 'Custom project requests',
    description: 'Your requests for custom products: drafts to continue and submitted requests.',
    content: () => <CustomProjectList />,
    actions: () => <NewCustomProjectButton />,
  },
};

type InboxPageProps = { tab: InboxTab; conversationId?: string };

/** Spec §2 /inbox: one tab of the inbox; the messages tab opens `conversationId` when given. */
export const InboxPage = ({ tab, conversationId }: InboxPageProps) => {
  const unreadTotal = useUnreadTotal(storeChatClient);
  useDocumentTitle(`${unreadTotal ? `(${unreadTotal}) ` : ''}${TABS[tab].title} · Atelier`);
  const router = useRouter();
  const { content, actions } = TABS[tab];
  return (
    <>
      <PageHeader
        title="Inbox"
        description="Messages, orders and invoices with your suppliers."
        actions={actions?.()}
      />
      <Tabs
        value={tab}
        onChange={(next) => {
          if (next) void router.navigate({ href: hrefs.inbox(next as InboxTab) });
        }}
      >
        <ScrollableTabsList mb="lg">
          {INBOX_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {TABS[value].label}
            </Tabs.Tab>
          ))}
        </ScrollableTabsList>
      </Tabs>
      {content ? (
        content({ conversationId })
      ) : (
        <ComingSoon title={NOT_BUILT_LABEL} description={TABS[tab].description} />
      )}
    </>
  );
};

/** The messages tab at /inbox/messages/{conversationId?}. */
export const MessagesPage = () => {
  const { conversationId } = useParams({ strict: false });
  return <InboxPage tab="messages" conversationId={conversationId} />;
};
