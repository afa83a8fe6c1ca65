import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { appLayoutRoute } from './app-layout-route';

export const accountInfoRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.accountInfo,
  loader: async ({ context: { queryClient } }) => {
    const { storeProfileQueryOptions } = await import('@/features/identity/api/store-queries');
    void queryClient.prefetchQuery(storeProfileQueryOptions());
  },
  component: lazyRouteComponent(() => import('./account-info-page'), 'AccountInfoPage'),
});
