import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createRoute, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { useHrefNavigation } from '@/components/ui/use-href-navigation';
import { hrefs, paths } from '@/config/paths';
import { prefetchChatWorkspace } from '@/features/chat/api/chat-prefetch';
import { partnerChatClient } from '@/features/chat/chat-client';
import { ChatWorkspace } from '@/features/chat/components/chat-workspace';
import { useUnreadTotal } from '@/features/chat/use-unread-total';
import {
  useCurrentSupplier,
  usePartnerLogOut,
} from '@/features/identity/api/partner-account-queries';
import { PartnerShell } from '@/app/shell/partner-shell';
import { hasPartnerSession } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { PartnerProfilePage } from './partner-profile-page';
import { rootRoute } from './root-route';

const FullPageLoader = () => (
  <Center mih="100vh" role="status" aria-label="Loading your workspace">
    <Loader />
  </Center>
);

const PartnerLayout = () => {
  const currentSupplier = useCurrentSupplier();
  const { logOut, isPending: isLoggingOut } = usePartnerLogOut();
  const unreadTotal = useUnreadTotal(partnerChatClient);
  const { pathname } = useLocation();

  if (currentSupplier.isPending) return <FullPageLoader />;
  if (currentSupplier.isError) {
    // A 401 is already on its way to /partner/login; anything else can be retried from here.
    if (isApiError(currentSupplier.error) && currentSupplier.error.status === 401) {
      return <FullPageLoader />;
    }
    return (
      <Center mih="100vh">
        <Stack align="center" gap="sm">
          <Text>Your workspace could not be loaded.</Text>
          <Button onClick={() => void currentSupplier.refetch()}>Try again</Button>
        </Stack>
      </Center>
    );
  }

  return (
    <PartnerShell
      currentSupplier={currentSupplier.data}
      unreadTotal={unreadTotal}
      isInboxActive={pathname.startsWith(paths.partnerInbox)}
      isProfileActive={pathname.startsWith(paths.partnerProfile)}
      onLogOut={() => void logOut()}
      isBusy={isLoggingOut}
    >
      <Outlet />
    </PartnerShell>
  );
};

const PartnerNotFound = () => {
  useDocumentTitle('Page not found · Atelier for suppliers');
  const navigateTo = useHrefNavigation();
  return (
    <Center mih="60vh" p="lg">
      <Stack align="center" gap="sm" maw={480} ta="center" data-testid="not-found">
        <Title order={1} fz="h2">
          Page not found
        </Title>
        <Text c="dimmed">There is no page at this address in the supplier workspace.</Text>
        <Button
          component="a"
          href={paths.partnerInbox}
          onClick={navigateTo(paths.partnerInbox)}
          mt="sm"
        >
          Open the inbox
        </Button>
      </Stack>
    </Center>
  );
};

/** Issue 4 "Parties": the supplier workspace; without a partner session it sends to its login. */
const partnerLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/partner',
  beforeLoad: ({ location }) => {
    if (!hasPartnerSession()) {
      redirect({ href: hrefs.partnerLogin(location.href), throw: true });
    }
  },
  component: PartnerLayout,
  notFoundComponent: PartnerNotFound,
});

const partnerIndexRoute = createRoute({
  getParentRoute: () => partnerLayoutRoute,
  path: '/',
  beforeLoad: () => redirect({ href: paths.partnerInbox, replace: true, throw: true }),
});

const PartnerInboxPage = ({ conversationId }: { conversationId?: string }) => {
  useDocumentTitle('Inbox · Atelier for suppliers');
  // The shell's 60 px header and its 16 px padding above and below.
  return (
    <ChatWorkspace
      client={partnerChatClient}
      conversationId={conversationId}
      height="calc(100dvh - 92px)"
    />
  );
};

const partnerInboxRoute = createRoute({
  getParentRoute: () => partnerLayoutRoute,
  path: 'inbox',
  loader: ({ context: { queryClient } }) => prefetchChatWorkspace(queryClient, partnerChatClient),
  component: () => <PartnerInboxPage />,
});

const partnerConversationRoute = createRoute({
  getParentRoute: () => partnerLayoutRoute,
  path: 'inbox/$conversationId',
  loader: ({ context: { queryClient }, params }) =>
    prefetchChatWorkspace(queryClient, partnerChatClient, params.conversationId),
  component: function PartnerConversationPage() {
    const { conversationId } = partnerConversationRoute.useParams();
    return <PartnerInboxPage conversationId={conversationId} />;
  },
});

const partnerProfileRoute = createRoute({
  getParentRoute: () => partnerLayoutRoute,
  path: 'profile',
  component: PartnerProfilePage,
});

/** /partner (→ its inbox), /partner/inbox, /partner/inbox/:conversationId, /partner/profile. */
export const partnerWorkspaceRouteTree = partnerLayoutRoute.addChildren([
  partnerIndexRoute,
  partnerInboxRoute,
  partnerConversationRoute,
  partnerProfileRoute,
]);
