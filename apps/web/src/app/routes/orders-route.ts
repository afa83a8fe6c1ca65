import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { validateOrdersSearch } from '@/features/sales/search-params';
import { appLayoutRoute } from './app-layout-route';

/**
 * Spec §2 /orders (?activeTabKey= a tab of spec §3, ?search=, ?customerId=, the filters ?origin=,
 * ?financialStatus=, ?placedFrom=, ?placedTo= and ?sort=).
 */
export const ordersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.orders,
  validateSearch: validateOrdersSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const { ordersInfiniteQueryOptions } = await import('@/features/sales/api/order-queries');
    const { activeTabKey, search, ...rest } = deps;
    void queryClient.prefetchInfiniteQuery(
      ordersInfiniteQueryOptions({ ...rest, tab: activeTabKey ?? 'ALL', search: search ?? '' }),
    );
  },
  component: lazyRouteComponent(() => import('./orders-page'), 'OrdersPage'),
});

/** Spec §2 /order-details/{id}: one order. */
export const orderDetailsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/order-details/$id',
  loader: async ({ context: { queryClient }, params }) => {
    const { orderQueryOptions } = await import('@/features/sales/api/order-queries');
    void queryClient.prefetchQuery(orderQueryOptions(params.id));
  },
  component: lazyRouteComponent(() => import('./order-details-page'), 'OrderDetailsPage'),
});
