import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { validateCustomersSearch } from '@/features/sales/search-params';
import { appLayoutRoute } from './app-layout-route';

/** Issue 11 /customers: the store's customers (?search=, ?sort=LAST_ORDER|TOTAL_SPENT). */
export const customersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.customers,
  validateSearch: validateCustomersSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const { customersInfiniteQueryOptions } = await import('@/features/sales/api/order-queries');
    void queryClient.prefetchInfiniteQuery(
      customersInfiniteQueryOptions({ search: deps.search ?? '', sort: deps.sort ?? 'LAST_ORDER' }),
    );
  },
  component: lazyRouteComponent(() => import('./customers-page'), 'CustomersPage'),
});
