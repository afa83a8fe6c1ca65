import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout-route';

/**
 * The home page, with the plan modal open at the step of the path (the signed-in layout's
 * `ManagePlanDialogHost` reads `SUBSCRIPTION_PAGE_STEPS`).
 */
const planModalOverHomeRoute = (path: string) =>
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path,
    component: lazyRouteComponent(() => import('./homebase-page'), 'HomebasePage'),
  });

const subscriptionUpdatedRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/homebase/subscription-updated',
  loader: async ({ context: { queryClient } }) => {
    const { billingOverviewQueryOptions } = await import('@/features/billing/api/billing-queries');
    void queryClient.prefetchQuery(billingOverviewQueryOptions());
  },
  component: lazyRouteComponent(
    () => import('./subscription-updated-page'),
    'SubscriptionUpdatedPage',
  ),
});

/**
 * Spec §2 /homebase/subscription-cycle-change and /homebase/subscription-downgrade (the /home/…
 * paths redirect here) show the home page with the manage_plan modal open at the plan choice,
 * preset to the other billing cycle or the plan below; /homebase/subscription-updated confirms
 * the subscription as it is now.
 */
export const subscriptionRoutes = [
  planModalOverHomeRoute('/homebase/subscription-cycle-change'),
  planModalOverHomeRoute('/homebase/subscription-downgrade'),
  subscriptionUpdatedRoute,
];
