import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { hrefs, paths } from '@/config/paths';
import { validatePartnerOrdersSearch } from '@/features/partner-orders/search-params';
import { hasPartnerSession } from '@/lib/api-client';
import { withPageProps } from './lazy-page';
import { rootRoute } from './root-route';

const importPages = () => import('./partner-workspace-pages');

/** The supplier's chat data for the inbox (and one conversation), its modules loaded on demand. */
const prefetchPartnerChat = async (queryClient: QueryClient, conversationId?: string) => {
  const [{ prefetchChatWorkspace }, { partnerChatClient }] = await Promise.all([
    import('@/features/chat/api/chat-prefetch'),
    import('@/features/chat/chat-client'),
  ]);
  return prefetchChatWorkspace(queryClient, partnerChatClient, conversationId);
};
const PartnerInboxPage = lazyRouteComponent(importPages, 'PartnerInboxPage');

/** Issue 4 "Parties": the supplier workspace; without a partner session it sends to its login. */
const partnerLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/partner',
  beforeLoad: ({ location }) => {
    if (!hasPartnerSession()) {
      redirect({ href: hrefs.partnerLogin(location.href), throw: true });
    }
  },
  component: lazyRouteComponent(importPages, 'PartnerLayout'),
  notFoundComponent: lazyRouteComponent(importPages, 'PartnerNotFound'),
});

const partnerIndexRoute = createRoute({
  getParentRoute: () => partnerLayoutRoute,
  path: '/',
  beforeLoad: () => redirect({ href: paths.partnerInbox, replace: true, throw: true }),
});

const partnerInboxRoute = createRoute({
  getParentRoute: () => partnerLayoutRoute,
  path: 'inbox',
  loader: ({ context: { queryClient } }) => prefetchPartnerChat(queryClient),
  component: withPageProps(PartnerInboxPage, {}),
});

const partnerConversationRoute = createRoute({
  getParentRoute: () => partnerLayoutRoute,
  path: 'inbox/$conversationId',
  loader: ({ context: { queryClient }, params }) =>
    prefetchPartnerChat(queryClient, params.conversationId),
  component: lazyRouteComponent(importPages, 'PartnerConversationPage'),
});

const partnerProfileRoute = createRoute({
  getParentRoute: () => partnerLayoutRoute,
  path: 'profile',
  component: lazyRouteComponent(() => import('./partner-profile-page'), 'PartnerProfilePage'),
});

const importOrdersPages = () => import('./partner-orders-pages');

/** Issue 12: the company's invoices. */
const partnerInvoicesRoute = createRoute({
  getParentRoute: () => partnerLayoutRoute,
  path: 'invoices',
  loader: async ({ context: { queryClient } }) => {
    const { partnerInvoicesQueryOptions } =
      await import('@/features/partner-orders/api/partner-invoice-queries');
    void queryClient.prefetchQuery(partnerInvoicesQueryOptions());
  },
  component: lazyRouteComponent(importOrdersPages, 'PartnerInvoicesPage'),
});

/** Issue 12: the company's paid order items by tab (`?tab=`), to ship. */
const partnerOrdersRoute = createRoute({
  getParentRoute: () => partnerLayoutRoute,
  path: 'orders',
  validateSearch: validatePartnerOrdersSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const { partnerOrderItemsQueryOptions } =
      await import('@/features/partner-orders/api/partner-order-item-queries');
    void queryClient.prefetchQuery(partnerOrderItemsQueryOptions(deps.tab ?? 'IN_PRODUCTION'));
  },
  component: lazyRouteComponent(importOrdersPages, 'PartnerOrdersPage'),
});

/**
 * /partner (→ its inbox), /partner/inbox, /partner/inbox/:conversationId, /partner/invoices,
 * /partner/orders, /partner/profile.
 */
export const partnerWorkspaceRouteTree = partnerLayoutRoute.addChildren([
  partnerIndexRoute,
  partnerInboxRoute,
  partnerConversationRoute,
  partnerInvoicesRoute,
  partnerOrdersRoute,
  partnerProfileRoute,
]);
