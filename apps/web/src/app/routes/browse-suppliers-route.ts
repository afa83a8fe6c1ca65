import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { supplierSearchQueryOptions } from '@/features/catalog/api/supplier-queries';
import {
  categoryFacetsQueryOptions,
  itemSearchQueryOptions,
} from '@/features/catalog/api/item-queries';
import { fromSearchParams, validateBrowseSearch } from '@/features/catalog/search-address';
import { toItemQuery, toSupplierQuery } from '@/features/catalog/search-query';
import { customProjectsQueryOptions } from '@/features/sourcing/api/custom-project-queries';
import { appLayoutRoute } from './app-layout-route';

/** Spec §2 /browse-suppliers; the whole search (spec §3) lives in the address. */
export const browseSuppliersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.browseSuppliers,
  validateSearch: validateBrowseSearch,
  loaderDeps: ({ search }) => search,
  // The results start loading with the navigation; the page shows its skeletons meanwhile.
  loader: ({ context: { queryClient }, deps }) => {
    const state = fromSearchParams(deps);
    void queryClient.prefetchQuery(categoryFacetsQueryOptions());
    if (state.viewType === 'SUPPLIERS') {
      void queryClient.prefetchInfiniteQuery(supplierSearchQueryOptions(toSupplierQuery(state)));
    } else if (state.viewType === 'CATALOG_PRODUCTS') {
      void queryClient.prefetchInfiniteQuery(itemSearchQueryOptions(toItemQuery(state)));
    } else if (state.viewType === 'RFP') {
      void queryClient.prefetchQuery(customProjectsQueryOptions());
    }
  },
  component: lazyRouteComponent(() => import('./browse-suppliers-page'), 'BrowseSuppliersPage'),
});
