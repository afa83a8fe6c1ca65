import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { catalogItemQueryOptions } from '@/features/catalog/api/item-queries';
import { appLayoutRoute } from './app-layout-route';

/** Spec §2 product detail. */
export const catalogItemRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: `${paths.browseSuppliers}/catalog-item/$itemId`,
  loader: ({ context: { queryClient }, params }) =>
    void queryClient.prefetchQuery(catalogItemQueryOptions(params.itemId)),
  component: lazyRouteComponent(() => import('./catalog-item-page'), 'CatalogItemPage'),
});
