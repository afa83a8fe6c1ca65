import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { appLayoutRoute } from './app-layout-route';

/**
 * Spec §2 /leave-a-review/{orderId} (issue 12): the store reviews the supplier of a received
 * order item (`orderId` is the order item's id), shown as a verified purchase.
 */
export const leaveReviewRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: `${paths.leaveReview}/$orderId`,
  loader: async ({ context: { queryClient }, params }) => {
    const { orderItemQueryOptions } = await import('@/features/orders/api/order-item-queries');
    void queryClient.prefetchQuery(orderItemQueryOptions(params.orderId));
  },
  component: lazyRouteComponent(() => import('./leave-review-page'), 'LeaveReviewPage'),
});
