import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { storeProfileQueryOptions } from '@/features/identity/api/store-queries';
import { appLayoutRoute } from './app-layout-route';

export const accountInfoRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.accountInfo,
  loader: ({ context: { queryClient } }) =>
    void queryClient.prefetchQuery(storeProfileQueryOptions()),
  component: lazyRouteComponent(() => import('./account-info-page'), 'AccountInfoPage'),
});
