import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { favoritesQueryOptions } from '@/features/catalog/api/favorite-queries';
import { appLayoutRoute } from './app-layout-route';

export const favoritesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.favorites,
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(favoritesQueryOptions()),
  component: lazyRouteComponent(() => import('./favorites-page'), 'FavoritesPage'),
});
