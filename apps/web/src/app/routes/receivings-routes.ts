import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { validateReceivingsSearch } from '@/features/fulfillment/receivings/search-params';
import { appLayoutRoute } from './app-layout-route';

/** Spec §2 /receivings (issue 15): the store's receivings, by status (`?status=`). */
export const receivingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.receivings,
  validateSearch: validateReceivingsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const { receivingsInfiniteQueryOptions } =
      await import('@/features/fulfillment/api/receiving-queries');
    void queryClient.prefetchInfiniteQuery(receivingsInfiniteQueryOptions(deps.status ?? null));
  },
  component: lazyRouteComponent(() => import('./receivings-pages'), 'ReceivingsPage'),
});

/** Spec §2 /receivings/new: goods from sourcing orders going to the center, or bought elsewhere. */
export const newReceivingRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.newReceiving,
  component: lazyRouteComponent(() => import('./receivings-pages'), 'NewReceivingPage'),
});

/** Spec §2 /receivings/{sn}/details: one receiving, its count and fees. */
export const receivingDetailsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: `${paths.receivings}/$sn/details`,
  loader: async ({ context: { queryClient }, params }) => {
    const { receivingQueryOptions } = await import('@/features/fulfillment/api/receiving-queries');
    void queryClient.prefetchQuery(receivingQueryOptions(params.sn));
  },
  component: lazyRouteComponent(() => import('./receivings-pages'), 'ReceivingDetailsRoutePage'),
});
