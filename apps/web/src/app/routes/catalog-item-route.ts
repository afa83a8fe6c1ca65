import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { appLayoutRoute } from './app-layout-route';

/** Spec §2 product detail. */
export const catalogItemRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: `${paths.browseSuppliers}/catalog-item/$itemId`,
  loader: async ({ context: { queryClient }, params }) => {
    const { catalogItemQueryOptions } = await import('@/features/catalog/api/item-queries');
    void queryClient.prefetchQuery(catalogItemQueryOptions(params.itemId));
  },
  component: lazyRouteComponent(() => import('./catalog-item-page'), 'CatalogItemPage'),
});
