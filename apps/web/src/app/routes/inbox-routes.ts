import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { OrderItemTab } from '@atelier/contract/orders/order-item';
import { hrefs, INBOX_TABS, type InboxTab, paths } from '@/config/paths';
import { knownParams, readChoice, readText } from '@/lib/search-params';
import { appLayoutRoute } from './app-layout-route';
import { withPageProps } from './lazy-page';

type TabPrefetch = (
  queryClient: QueryClient,
  options: { conversationId?: string },
) => Promise<void>;

/**
 * Starts loading a tab's first data before it renders (tabs without data have none). The query
 * modules load with the navigation, not with the first page of the app (issue 10).
 */
const PREFETCH: Partial<Record<InboxTab, TabPrefetch>> = {
  messages: async (queryClient, { conversationId }) => {
    const [{ prefetchChatWorkspace }, { storeChatClient }] = await Promise.all([
      import('@/features/chat/api/chat-prefetch'),
      import('@/features/chat/chat-client'),
    ]);
    return prefetchChatWorkspace(queryClient, storeChatClient, conversationId);
  },
  'my-suppliers': async (queryClient) => {
    const { mySuppliersQueryOptions } = await import('@/features/catalog/api/favorite-queries');
    void queryClient.prefetchQuery(mySuppliersQueryOptions());
  },
  'needs-payment': async (queryClient) => {
    const { invoicesQueryOptions } = await import('@/features/orders/api/invoice-queries');
    void queryClient.prefetchQuery(invoicesQueryOptions());
  },
  'custom-project-requests': async (queryClient) => {
    const { customProjectsQueryOptions } =
      await import('@/features/sourcing/api/custom-project-queries');
    void queryClient.prefetchQuery(customProjectsQueryOptions());
  },
};

const importPage = () => import('./inbox-page');
const InboxPage = lazyRouteComponent(importPage, 'InboxPage');
const MessagesPage = lazyRouteComponent(importPage, 'MessagesPage');

const inboxRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.inbox,
  loader: ({ context: { queryClient } }) => PREFETCH.messages?.(queryClient, {}),
  component: withPageProps(InboxPage, { tab: 'messages' }),
});

// One route for the tab and its conversations, so opening a conversation keeps the list as is.
const inboxTabRoute = (tab: InboxTab) =>
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: tab === 'messages' ? `${hrefs.conversation()}/{-$conversationId}` : hrefs.inbox(tab),
    // The path is built from the tab, so the router cannot type its optional parameter.
    loader: ({ context: { queryClient }, params }) =>
      PREFETCH[tab]?.(queryClient, params as { conversationId?: string }),
    component: tab === 'messages' ? MessagesPage : withPageProps(InboxPage, { tab }),
  });

// The contract's Orders & Shipments tabs (order-item.ts), named here: route files load no Zod.
const ORDER_ITEM_TABS = [
  'ALL',
  'PAYMENT_PENDING',
  'IN_PRODUCTION',
  'SHIPPED',
  'CANCELED',
] as const satisfies readonly OrderItemTab[];

const validateOrdersTabSearch = (raw: Record<string, unknown>) =>
  knownParams<{ tab?: OrderItemTab; item?: string }>({
    tab: readChoice(raw.tab, ORDER_ITEM_TABS),
    item: readText(raw.item, { maxLength: 64, pattern: /^[A-Za-z0-9_-]+$/ }),
  });

/** Orders & Shipments: `?tab=` one of its tabs (All unless given), `?item=` an open item. */
const inboxOrdersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/inbox/orders',
  validateSearch: validateOrdersTabSearch,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: async ({ context: { queryClient }, deps }) => {
    const [{ tabCountsQueryOptions }, { orderItemsQueryOptions }] = await Promise.all([
      import('@/features/orders/api/tab-counts-queries'),
      import('@/features/orders/api/order-item-queries'),
    ]);
    void queryClient.prefetchQuery(tabCountsQueryOptions());
    void queryClient.prefetchQuery(orderItemsQueryOptions(deps.tab ?? 'ALL'));
  },
  component: withPageProps(InboxPage, { tab: 'orders' }),
});

/** Spec §2 /inbox and its tabs, each its own path; /inbox/messages/{id} opens a conversation. */
export const inboxRoutes = [
  inboxRoute,
  inboxOrdersRoute,
  ...INBOX_TABS.filter((tab) => tab !== 'orders').map(inboxTabRoute),
];
