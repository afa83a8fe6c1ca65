import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import {
  managePlanHref,
  type ManagePlanEntryStep,
} from '@/features/billing/components/manage-plan-modal-search';
import { appLayoutRoute } from './app-layout-route';

/** Opens the plan modal at `step` over /homebase (the address becomes /homebase?dialog=…). */
const openPlanModalRoute = (path: string, step: ManagePlanEntryStep) =>
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path,
    beforeLoad: () =>
      redirect({ href: managePlanHref(paths.homebase, { step }), replace: true, throw: true }),
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
 * paths redirect here) open the manage_plan modal over /homebase at the plan choice, preset to
 * the other billing cycle or the plan below; /homebase/subscription-updated confirms the
 * subscription as it is now.
 */
export const subscriptionRoutes = [
  openPlanModalRoute('/homebase/subscription-cycle-change', 'cycle-change'),
  openPlanModalRoute('/homebase/subscription-downgrade', 'downgrade'),
  subscriptionUpdatedRoute,
];
