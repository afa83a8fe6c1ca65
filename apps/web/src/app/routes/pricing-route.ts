import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { publicLayoutRoute } from './public-layout-route';

/** Issue 13: the public pricing page (no login; a failed session never forces one). */
export const pricingRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: paths.pricing,
  loader: async ({ context: { queryClient } }) => {
    const { billingPlansQueryOptions } = await import('@/features/billing/api/billing-queries');
    void queryClient.prefetchQuery(billingPlansQueryOptions());
  },
  component: lazyRouteComponent(() => import('./pricing-page'), 'PricingPage'),
});
