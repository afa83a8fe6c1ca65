import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { appLayoutRoute } from './app-layout-route';

export const favoritesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.favorites,
  loader: async ({ context: { queryClient } }) => {
    const { favoritesQueryOptions } = await import('@/features/catalog/api/favorite-queries');
    void queryClient.prefetchQuery(favoritesQueryOptions());
  },
  component: lazyRouteComponent(() => import('./favorites-page'), 'FavoritesPage'),
});
