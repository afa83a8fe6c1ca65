import { Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { HeldOrdersList } from '@/features/fulfillment/rules/held-orders-list';
import { RuleList } from '@/features/fulfillment/rules/rule-list';

const fulfillmentRulesRoute = getRouteApi('/app/fulfillment-rules');

/**
 * Spec §2 /fulfillment-rules (issue 15): order rules (conditions → inserts, packaging, holds,
 * shipping method) and, on the second tab, the orders on hold with Release.
 */
export const FulfillmentRulesPage = () => {
  useDocumentTitle('Fulfillment rules · Atelier');
  const { tab } = fulfillmentRulesRoute.useSearch();
  const navigate = fulfillmentRulesRoute.useNavigate();
  return (
    <>
      <PageHeader
        title="Fulfillment rules"
        description="Decide how new orders are packed and shipped, and which wait for you: a held order does not ship until you release it."
      />
      <Tabs
        value={tab ?? 'rules'}
        onChange={(value) =>
          void navigate({ search: value === 'held' ? { tab: 'held' } : {}, replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="rules">Rules</Tabs.Tab>
          <Tabs.Tab value="held">Held orders</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rules">
          <RuleList />
        </Tabs.Panel>
        <Tabs.Panel value="held">
          <HeldOrdersList />
        </Tabs.Panel>
      </Tabs>
    </>
  );
};
