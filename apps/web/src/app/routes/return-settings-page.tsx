import { Drawer, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ReturnDetails } from '@/features/fulfillment/returns/return-details';
import { ReturnList } from '@/features/fulfillment/returns/return-list';
import { ReturnSettingsForm } from '@/features/fulfillment/returns/return-settings-form';

const route = getRouteApi('/app/return-settings');

/**
 * Spec §2 Manage Returns (/return-settings, issue 15): the returns of every sales channel's
 * orders, newest first, one open in a drawer; and the store's return settings.
 */
export const ReturnSettingsPage = () => {
  useDocumentTitle('Manage returns · Atelier');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const tab = search.tab ?? 'returns';
  return (
    <>
      <PageHeader
        title="Manage returns"
        description="Items your customers send back to the fulfillment center. Every unit is inspected; good ones go back to your stock, and the customer is refunded or given store credit."
      />
      <Tabs
        value={tab}
        onChange={(next) =>
          void navigate({ search: { tab: next === 'settings' ? 'settings' : undefined } })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="returns">Returns</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="returns">
          <ReturnList
            status={search.status}
            onStatusChange={(status) =>
              void navigate({ search: (current) => ({ ...current, status, handle: undefined }) })
            }
            onOpen={(handle) => void navigate({ search: (current) => ({ ...current, handle }) })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <ReturnSettingsForm />
        </Tabs.Panel>
      </Tabs>
      <Drawer
        opened={search.handle !== undefined}
        onClose={() => void navigate({ search: (current) => ({ ...current, handle: undefined }) })}
        position="right"
        size="lg"
        title="Return"
      >
        {search.handle ? <ReturnDetails handle={search.handle} /> : null}
      </Drawer>
    </>
  );
};
