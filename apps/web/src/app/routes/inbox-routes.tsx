import { Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createRoute, useParams, useRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ComingSoon } from '@/components/ui/coming-soon';
import { PageHeader } from '@/components/ui/page-header';
import { ScrollableTabsList } from '@/components/ui/scrollable-tabs-list';
import { hrefs, INBOX_TABS, type InboxTab, paths } from '@/config/paths';
import { mySuppliersQueryOptions } from '@/features/catalog/api/favorite-queries';
import { useItemSearch } from '@/features/catalog/api/item-queries';
import { MySuppliersList } from '@/features/catalog/components/my-suppliers-list';
import { prefetchChatWorkspace } from '@/features/chat/api/chat-prefetch';
import { storeChatClient } from '@/features/chat/chat-client';
import { ChatWorkspace } from '@/features/chat/components/chat-workspace';
import type { ChatShareSources } from '@/features/chat/share-sources';
import { useUnreadTotal } from '@/features/chat/use-unread-total';
import {
  customProjectsQueryOptions,
  useCustomProjects,
} from '@/features/sourcing/api/custom-project-queries';
import {
  CustomProjectList,
  NewCustomProjectButton,
} from '@/features/sourcing/components/custom-project-list';
import { appLayoutRoute } from './app-layout-route';

const storeShareSources: ChatShareSources = {
  useCustomProjects,
  useSupplierItems: (supplierId, searchKey) =>
    useItemSearch({ companyId: supplierId, searchKey: searchKey || undefined, size: 20 }),
};

type InboxTabInfo = {
  label: string;
  title: string;
  description: string;
  /** The built screen of the tab; tabs without one say what will be there. */
  content?: (options: { conversationId?: string }) => ReactNode;
  actions?: () => ReactNode;
  /** Starts loading the tab's first data before it renders. */
  prefetch?: (queryClient: QueryClient, options: { conversationId?: string }) => void;
};

const TABS: Record<InboxTab, InboxTabInfo> = {
  messages: {
    label: 'Messages',
    title: 'Supplier inbox',
    description: 'Your conversations with suppliers.',
    prefetch: (queryClient, { conversationId }) =>
      prefetchChatWorkspace(queryClient, storeChatClient, conversationId),
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
    prefetch: (queryClient) => void queryClient.prefetchQuery(mySuppliersQueryOptions()),
    content: () => <MySuppliersList />,
  },
  orders: {
    label: 'Orders & shipments',
    title: 'Orders & shipments',
    description:
      'Your sample and production orders with suppliers, and their shipments, will be listed here once the orders module lands.',
  },
  'needs-payment': {
    label: 'Invoices',
    title: 'Invoices',
    description:
      'Invoices from suppliers that wait for your payment will be listed here once the orders module lands.',
  },
  'custom-project-requests': {
    label: 'Custom project requests',
    title: 'Custom project requests',
    description: 'Your requests for custom products: drafts to continue and submitted requests.',
    prefetch: (queryClient) => void queryClient.prefetchQuery(customProjectsQueryOptions()),
    content: () => <CustomProjectList />,
    actions: () => <NewCustomProjectButton />,
  },
};

type InboxPageProps = { tab: InboxTab; conversationId?: string };

const InboxPage = ({ tab, conversationId }: InboxPageProps) => {
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
        <ComingSoon
          title={`${TABS[tab].title}: not built yet`}
          description={TABS[tab].description}
        />
      )}
    </>
  );
};

const inboxRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.inbox,
  loader: ({ context: { queryClient } }) => TABS.messages.prefetch?.(queryClient, {}),
  component: () => <InboxPage tab="messages" />,
});

const MessagesPage = () => {
  const { conversationId } = useParams({ strict: false });
  return <InboxPage tab="messages" conversationId={conversationId} />;
};

// One route for the tab and its conversations, so opening a conversation keeps the list as is.
const inboxTabRoute = (tab: InboxTab) =>
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: tab === 'messages' ? `${hrefs.conversation()}/{-$conversationId}` : hrefs.inbox(tab),
    // The path is built from the tab, so the router cannot type its optional parameter.
    loader: ({ context: { queryClient }, params }) =>
      TABS[tab].prefetch?.(queryClient, params as { conversationId?: string }),
    component: tab === 'messages' ? MessagesPage : () => <InboxPage tab={tab} />,
  });

/** Spec §2 /inbox and its tabs, each its own path; /inbox/messages/{id} opens a conversation. */
export const inboxRoutes = [inboxRoute, ...INBOX_TABS.map(inboxTabRoute)];
