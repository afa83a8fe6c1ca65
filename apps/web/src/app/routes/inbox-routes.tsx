import { Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createRoute, useRouter } from '@tanstack/react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { PageHeader } from '@/components/ui/page-header';
import { hrefs, INBOX_TABS, type InboxTab, paths } from '@/config/paths';
import { appLayoutRoute } from './app-layout-route';

const TABS: Record<InboxTab, { label: string; title: string; description: string }> = {
  messages: {
    label: 'Messages',
    title: 'Supplier inbox',
    description: 'Conversations with suppliers will appear here once the chat module lands.',
  },
  'my-suppliers': {
    label: 'My suppliers',
    title: 'My suppliers',
    description:
      'The suppliers you have talked to or ordered from will be listed here once the chat module lands.',
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
    description:
      'Your requests for custom products and the suppliers who answered will be listed here once the sourcing module lands.',
  },
};

const InboxPage = ({ tab }: { tab: InboxTab }) => {
  useDocumentTitle(`${TABS[tab].title} · Atelier`);
  const router = useRouter();
  return (
    <>
      <PageHeader title="Inbox" description="Messages, orders and invoices with your suppliers." />
      <Tabs
        value={tab}
        onChange={(next) => {
          if (next) void router.navigate({ href: hrefs.inbox(next as InboxTab) });
        }}
      >
        <Tabs.List mb="lg">
          {INBOX_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {TABS[value].label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ComingSoon title={`${TABS[tab].title}: not built yet`} description={TABS[tab].description} />
    </>
  );
};

const inboxRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.inbox,
  component: () => <InboxPage tab="messages" />,
});

const inboxTabRoute = (tab: InboxTab) =>
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: hrefs.inbox(tab),
    component: () => <InboxPage tab={tab} />,
  });

/** Spec §2 /inbox and its tabs, each its own path. */
export const inboxRoutes = [inboxRoute, ...INBOX_TABS.map(inboxTabRoute)];
