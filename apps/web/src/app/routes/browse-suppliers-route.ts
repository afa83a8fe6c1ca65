import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { type BrowseSearchParams, validateBrowseSearch } from '@/features/catalog/search-params';
import { appLayoutRoute } from './app-layout-route';

/**
 * Starts the search an address describes. Its modules (the address's meaning, the queries) load
 * with the navigation, in parallel with the page, not with the app's first page (issue 10).
 */
const prefetchSearch = async (queryClient: QueryClient, params: BrowseSearchParams) => {
  const [
    { fromSearchParams },
    { toItemQuery, toSupplierQuery },
    { supplierSearchQueryOptions },
    { categoryFacetsQueryOptions, itemSearchQueryOptions },
    { customProjectsQueryOptions },
  ] = await Promise.all([
    import('@/features/catalog/search-address'),
    import('@/features/catalog/search-query'),
    import('@/features/catalog/api/supplier-queries'),
    import('@/features/catalog/api/item-queries'),
    import('@/features/sourcing/api/custom-project-queries'),
  ]);
  const state = fromSearchParams(params);
  void queryClient.prefetchQuery(categoryFacetsQueryOptions());
  if (state.viewType === 'SUPPLIERS') {
    void queryClient.prefetchInfiniteQuery(supplierSearchQueryOptions(toSupplierQuery(state)));
  } else if (state.viewType === 'CATALOG_PRODUCTS') {
    void queryClient.prefetchInfiniteQuery(itemSearchQueryOptions(toItemQuery(state)));
  } else if (state.viewType === 'RFP') {
    void queryClient.prefetchQuery(customProjectsQueryOptions());
  }
};

/** Spec §2 /browse-suppliers; the whole search (spec §3) lives in the address. */
export const browseSuppliersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.browseSuppliers,
  validateSearch: validateBrowseSearch,
  loaderDeps: ({ search }) => search,
  // The results start loading with the navigation; the page shows its skeletons meanwhile.
  loader: ({ context: { queryClient }, deps }) => prefetchSearch(queryClient, deps),
  component: lazyRouteComponent(() => import('./browse-suppliers-page'), 'BrowseSuppliersPage'),
});
