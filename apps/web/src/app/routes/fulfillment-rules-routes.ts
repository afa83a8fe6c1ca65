import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { validateFulfillmentRulesSearch } from '@/features/fulfillment/rules/search-params';
import { appLayoutRoute } from './app-layout-route';

/**
 * Spec §2 /fulfillment-rules (issue 15): the store's order rules in the order they run and, under
 * `?tab=held`, its held orders.
 */
export const fulfillmentRulesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.fulfillmentRules,
  validateSearch: validateFulfillmentRulesSearch,
  loader: async ({ context: { queryClient } }) => {
    const { rulesQueryOptions } = await import('@/features/fulfillment/rules/rule-queries');
    void queryClient.prefetchQuery(rulesQueryOptions());
  },
  component: lazyRouteComponent(() => import('./fulfillment-rules-page'), 'FulfillmentRulesPage'),
});
