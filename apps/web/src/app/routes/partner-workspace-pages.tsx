import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi, Outlet, useLocation } from '@tanstack/react-router';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import { useHrefNavigation } from '@/components/ui/use-href-navigation';
import { paths } from '@/config/paths';
import { partnerChatClient } from '@/features/chat/chat-client';
import { ChatWorkspace } from '@/features/chat/components/chat-workspace';
import { useUnreadTotal } from '@/features/chat/use-unread-total';
import { SendInvoiceButton } from '@/features/partner-orders/components/send-invoice-button';
import {
  useCurrentSupplier,
  usePartnerLogOut,
} from '@/features/identity/api/partner-account-queries';
import { PartnerShell } from '@/app/shell/partner-shell';
import { isApiError } from '@/lib/api-error';

const partnerConversationRoute = getRouteApi('/partner/inbox/$conversationId');

const FullPageLoader = () => (
  <Center mih="100vh" role="status" aria-label="Loading your workspace">
    <Loader />
  </Center>
);

/** Issue 4: the supplier workspace shell around its pages; it loads the signed-in supplier. */
export const PartnerLayout = () => {
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
      isInvoicesActive={pathname.startsWith(paths.partnerInvoices)}
      isOrdersActive={pathname.startsWith(paths.partnerOrders)}
      isProfileActive={pathname.startsWith(paths.partnerProfile)}
      onLogOut={() => void logOut()}
      isBusy={isLoggingOut}
    >
      <Outlet />
    </PartnerShell>
  );
};

/** A /partner/… address that is no page of the workspace. */
export const PartnerNotFound = () => {
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

/** Issue 12: the supplier invoices the store of the open conversation from its header. */
const renderConversationActions = (summary: ConversationSummary) => (
  <SendInvoiceButton conversationId={summary.sid} storeTitle={summary.storeTitle} />
);

/** Issue 4: the supplier inbox, with `conversationId` open when given. */
export const PartnerInboxPage = ({ conversationId }: { conversationId?: string }) => {
  useDocumentTitle('Inbox · Atelier for suppliers');
  // The shell's 60 px header and its 16 px padding above and below.
  return (
    <ChatWorkspace
      client={partnerChatClient}
      conversationId={conversationId}
      renderConversationActions={renderConversationActions}
      height="calc(100dvh - 92px)"
    />
  );
};

/** /partner/inbox/{conversationId}: the inbox with that conversation open. */
export const PartnerConversationPage = () => {
  const { conversationId } = partnerConversationRoute.useParams();
  return <PartnerInboxPage conversationId={conversationId} />;
};
